/**
 * Asks a user whose e-mail is not verified to verify it, with buttons to send the link again
 * and to check again. The state comes from `useEmailVerification` (the server's answer); a page
 * that needs a verified address says why in `reason`.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import type { EmailVerification } from './useEmailVerification';
import styles from './styles.module.css';

export { default as useEmailVerification } from './useEmailVerification';
export type { EmailVerification, VerificationStatus } from './useEmailVerification';

export default function EmailVerificationBanner({
  verification,
  reason,
}: {
  verification: EmailVerification;
  /** Why this page needs the address verified, shown before the request to verify it. */
  reason?: ReactNode;
}): ReactNode {
  const { status, failure, notice, busy, email, recheck, resend } = verification;
  if (status === 'verified' || status === 'checking') return null;

  return (
    <Alert
      severity={status === 'failed' ? 'error' : 'warning'}
      role="region"
      aria-label="E-mail verification"
      action={
        <div className={styles.actions}>
          <Button
            color="inherit"
            size="small"
            disabled={busy !== null}
            onClick={() => void resend()}
          >
            {busy === 'resend' ? 'Sending…' : 'Resend verification e-mail'}
          </Button>
          <Button
            color="inherit"
            size="small"
            disabled={busy !== null}
            onClick={() => void recheck()}
          >
            {busy === 'check' ? 'Checking…' : 'Check again'}
          </Button>
        </div>
      }
    >
      {reason && <div className={styles.reason}>{reason}</div>}
      {status === 'failed'
        ? failure
        : `Please verify your e-mail address${email ? ` (${email})` : ''}. Open the link we sent you.`}
      {notice && <div role="status">{notice}</div>}
    </Alert>
  );
}
