/**
 * A refusal because the signed-in person's address is not verified (403 `email_not_verified`:
 * inviting, accepting an invitation), with what fixes it: have the link sent again, then check
 * again. Needs no organization (an invitee may have none yet): it asks the identity SDK only.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { loadIdentity, useAuth } from '@site/src/auth';
import styles from './styles.module.css';

export default function VerifyEmailNotice({
  message,
  onVerified,
}: {
  /** The server's message (why this needs a verified address). */
  message: string;
  /** The address is verified now: retry what was refused. */
  onVerified: () => void;
}): ReactNode {
  const { user } = useAuth();
  const [busy, setBusy] = useState<'resend' | 'check' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const resend = async () => {
    setBusy('resend');
    try {
      await (await loadIdentity()).resendVerificationEmail();
      setNotice(`We sent a new verification e-mail${user?.email ? ` to ${user.email}` : ''}.`);
    } catch {
      setNotice('We could not send the e-mail. Try again in a minute.');
    }
    setBusy(null);
  };
  const check = async () => {
    setBusy('check');
    const verified = await loadIdentity()
      .then((identity) => identity.refreshEmailVerified())
      .catch(() => false);
    setBusy(null);
    if (verified) onVerified();
    else setNotice('Not verified yet. Open the link in the e-mail, then check again.');
  };

  return (
    <Alert
      severity="warning"
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
            onClick={() => void check()}
          >
            {busy === 'check' ? 'Checking…' : 'Check again'}
          </Button>
        </div>
      }
    >
      {message}
      {notice && <div role="status">{notice}</div>}
    </Alert>
  );
}
