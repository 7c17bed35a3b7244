/** One key: name and markers, masked secret with reveal and copy, date, actions. */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState, type ReactNode } from 'react';
import type { ApiKey } from '@site/src/api/contract';
import { copyToClipboard } from '../shared/copy';
import { longLocalDate } from '../shared/format';
import shared from '../shared/styles.module.css';
import { maskApiKey } from './mask';
import styles from './styles.module.css';

interface Props {
  apiKey: ApiKey;
  busy: boolean;
  onSetDefault: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
}

export default function KeyRow({ apiKey, busy, onSetDefault, onDelete }: Props): ReactNode {
  const [revealed, setRevealed] = useState(false);
  return (
    <tr aria-label={apiKey.name}>
      <td>
        <div className={styles.nameCell}>
          <span className={styles.keyName}>{apiKey.name}</span>
          {apiKey.is_default && <Chip label="Default" size="small" color="primary" />}
          {apiKey.used_for_ui && (
            <Chip
              label="Used for UI"
              size="small"
              variant="outlined"
              title="Used for the image calls you make on this site"
            />
          )}
        </div>
      </td>
      <td>
        <div className={styles.secretCell}>
          <code className={shared.mono} aria-label={revealed ? 'API key' : 'Masked API key'}>
            {revealed ? apiKey.key : maskApiKey(apiKey.key)}
          </code>
          <Button size="small" onClick={() => setRevealed((value) => !value)}>
            {revealed ? 'Hide' : 'Reveal'}
          </Button>
          <Button size="small" onClick={() => void copyToClipboard(apiKey.key, 'API key')}>
            Copy
          </Button>
        </div>
      </td>
      <td className={styles.date}>{longLocalDate(apiKey.created_at)}</td>
      <td>
        <div className={styles.actions}>
          {!apiKey.is_default && (
            <Button
              size="small"
              variant="outlined"
              disabled={busy}
              onClick={() => onSetDefault(apiKey)}
            >
              Set default
            </Button>
          )}
          <Button size="small" color="error" disabled={busy} onClick={() => onDelete(apiKey)}>
            Delete
          </Button>
        </div>
      </td>
    </tr>
  );
}
