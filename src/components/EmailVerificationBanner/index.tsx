/**
 * Asks a user whose e-mail is not verified to verify it. The status comes from
 * the server (`POST organization/verify`); resending uses the identity SDK.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { account } from '@site/src/api';
import type { Organization } from '@site/src/api/contract';
import { loadIdentity, useAuth } from '@site/src/auth';
import { notify } from '@site/src/components/Notifications';

type Status = 'checking' | 'verified' | 'unverified' | 'failed';

export default function EmailVerificationBanner({
  organization,
}: {
  organization: Organization;
}): ReactNode {
  const { user } = useAuth();
  const [status, setStatus] = useState<Status>(
    organization.email_verified ? 'verified' : 'checking',
  );
  const [busy, setBusy] = useState<'check' | 'resend' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState('');

  const check = useCallback(async (reloadUser: boolean): Promise<Status> => {
    if (reloadUser) {
      // Pick up a verification done in another tab before asking the server.
      await loadIdentity()
        .then((identity) => identity.refreshEmailVerified())
        .catch(() => false);
    }
    const result = await account.checkEmailVerified();
    if (result.error_message !== undefined) {
      notify({ severity: 'error', message: result.error_message });
      setFailure(result.error_message);
      return 'failed';
    }
    return result.data.email_verified ? 'verified' : 'unverified';
  }, []);

  useEffect(() => {
    if (organization.email_verified) return;
    let active = true;
    void check(false).then((next) => active && setStatus(next));
    return () => {
      active = false;
    };
  }, [organization.email_verified, check]);

  if (status === 'verified' || status === 'checking') return null;

  const recheck = async () => {
    setBusy('check');
    const next = await check(true);
    setBusy(null);
    setStatus(next);
    if (next === 'unverified')
      setNotice('Not verified yet. Open the link in the e-mail, then check again.');
    if (next === 'verified') notify({ severity: 'success', message: 'Your e-mail is verified.' });
  };

  const resend = async () => {
    setBusy('resend');
    try {
      const identity = await loadIdentity();
      await identity.resendVerificationEmail();
      setNotice(`We sent a new verification e-mail${user?.email ? ` to ${user.email}` : ''}.`);
    } catch {
      notify({
        severity: 'error',
        message: 'We could not send the e-mail. Try again in a minute.',
      });
    }
    setBusy(null);
  };

  return (
    <Alert
      severity={status === 'failed' ? 'error' : 'warning'}
      role="region"
      aria-label="E-mail verification"
      action={
        <>
          <Button
            color="inherit"
            size="small"
            disabled={busy !== null}
            onClick={() => void resend()}
          >
            {busy === 'resend' ? 'Sending…' : 'Resend e-mail'}
          </Button>
          <Button
            color="inherit"
            size="small"
            disabled={busy !== null}
            onClick={() => void recheck()}
          >
            {busy === 'check' ? 'Checking…' : 'Check again'}
          </Button>
        </>
      }
    >
      {status === 'failed'
        ? failure
        : `Please verify your e-mail address${user?.email ? ` (${user.email})` : ''}. Open the link we sent you.`}
      {notice && <div role="status">{notice}</div>}
    </Alert>
  );
}
