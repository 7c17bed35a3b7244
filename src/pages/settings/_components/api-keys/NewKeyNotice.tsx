/**
 * The one time a secret is shown: right after creating or rolling a key. It lives only in this
 * notice's props; closing the notice drops it, and the backend keeps only a hash.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ApiKeyWithSecret } from '@contract';
import { copyToClipboard } from '../shared/copy';
import { longLocalDate } from '../shared/format';
import styles from './styles.module.css';

export interface RevealedSecret {
  apiKey: ApiKeyWithSecret;
  /** A new key, or a new secret for an existing one. */
  reason: 'created' | 'rolled';
}

export default function NewKeyNotice({
  revealed: { apiKey, reason },
  onClose,
}: {
  revealed: RevealedSecret;
  onClose: () => void;
}): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  // Bring the secret into view and to the keyboard: it was just made somewhere else on the page.
  useEffect(() => {
    ref.current?.focus();
  }, [apiKey.id, apiKey.key]);

  const previous = apiKey.previous_secret_expires_at;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity="success"
      role="region"
      aria-label="New API key"
      onClose={onClose}
      closeText="Close"
      className={styles.notice}
    >
      <strong>
        {reason === 'created'
          ? `Your new key “${apiKey.name}” is ready.`
          : `“${apiKey.name}” has a new secret.`}
      </strong>{' '}
      Copy it now and store it somewhere safe: <strong>you will not see it again</strong>. Anyone
      with the key can spend your credits.
      {reason === 'rolled' && (
        <p className={styles.noticeDetail}>
          {previous
            ? `The previous secret keeps working until ${longLocalDate(previous)}.`
            : 'The previous secret no longer works.'}
        </p>
      )}
      <div className={styles.newKey}>
        <code className={styles.secret} data-testid="new-api-key" aria-label="Secret">
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
      <p className={styles.noticeDetail}>
        The quick start below carries it until you close this notice, which hides the secret for
        good. Lost it later? Roll the key to get a new secret.
      </p>
    </Alert>
  );
}
