/** The key just created, shown in full with a copy button. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import type { ApiKey } from '@site/src/api/contract';
import { copyToClipboard } from '../shared/copy';
import styles from './styles.module.css';

export default function NewKeyNotice({
  apiKey,
  onClose,
}: {
  apiKey: ApiKey;
  onClose: () => void;
}): ReactNode {
  return (
    <Alert severity="success" role="region" aria-label="New API key" onClose={onClose}>
      <strong>Your new key “{apiKey.name}” is ready.</strong> Copy it now and keep it secret: anyone
      with the key can spend your credits.
      <div className={styles.newKey}>
        <code className={styles.secret} data-testid="new-api-key">
          {apiKey.key}
        </code>
        <Button
          variant="contained"
          size="small"
          disableElevation
          onClick={() => void copyToClipboard(apiKey.key, 'API key')}
        >
          Copy key
        </Button>
      </div>
    </Alert>
  );
}
