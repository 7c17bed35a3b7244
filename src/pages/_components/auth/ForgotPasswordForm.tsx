/**
 * Password recovery. Without a code: asks for the e-mail and sends the reset
 * link. With `?mode=resetPassword&oobCode=…` (the link in that e-mail, when the
 * project's action URL points here): lets the user choose a new password.
 */
import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import Notice from './Notice';
import TextField from './TextField';
import { useState, type FormEvent, type ReactNode } from 'react';
import { loadIdentity } from '@site/src/auth';
import { AUTH_ERROR_MESSAGES, authErrorCode } from '@site/src/auth/errors';
import ResetPasswordForm from './ResetPasswordForm';
import SubmitButton from './SubmitButton';
import { SIGN_IN_PATH } from './paths';
import useAuthAction from './useAuthAction';
import useSendOnWhenSignedIn from './useSendOnWhenSignedIn';
import styles from './styles.module.css';

export default function ForgotPasswordForm(): ReactNode {
  const params = new URLSearchParams(useLocation().search);
  const code = params.get('mode') === 'resetPassword' ? params.get('oobCode') : null;
  useSendOnWhenSignedIn(!code);
  if (code) return <ResetPasswordForm code={code} />;
  return <RequestResetForm />;
}

function RequestResetForm(): ReactNode {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { pending, error, setError, run } = useAuthAction<'send'>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) return setError(AUTH_ERROR_MESSAGES['missing-email']!);
    const ok = await run('send', async () => {
      const identity = await loadIdentity();
      try {
        await identity.sendPasswordReset(address);
      } catch (caught) {
        // Same answer whether or not the address has an account.
        if (authErrorCode(caught) !== 'user-not-found') throw caught;
      }
    });
    if (ok) setSentTo(address);
  };

  if (sentTo) {
    return (
      <div className={styles.form}>
        <Notice severity="success" role="status">
          If an account exists for {sentTo}, we have sent it a link to reset the password. Check
          your inbox and spam folder.
        </Notice>
        <Link className="button button--primary button--block" to={SIGN_IN_PATH}>
          Back to sign in
        </Link>
      </div>
    );
  }

  return (
    <>
      <form className={styles.form} onSubmit={submit} noValidate>
        {error && (
          <Notice severity="error" role="alert">
            {error}
          </Notice>
        )}
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
          autoFocus
        />
        <SubmitButton type="submit" busy={pending === 'send'} busyLabel="Sending…">
          Send reset link
        </SubmitButton>
      </form>
      <p className={styles.footer}>
        Remembered it? <Link to={SIGN_IN_PATH}>Sign in</Link>
      </p>
    </>
  );
}
