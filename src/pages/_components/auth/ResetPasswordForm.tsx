import Link from '@docusaurus/Link';
import Notice from './Notice';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { authErrorMessage, loadIdentity } from '@site/src/auth';
import { AUTH_ERROR_MESSAGES } from '@site/src/auth/errors';
import PasswordField from './PasswordField';
import SubmitButton from './SubmitButton';
import { FORGOT_PASSWORD_PATH, MIN_PASSWORD_LENGTH, SIGN_IN_PATH } from './paths';
import useAuthAction from './useAuthAction';
import styles from './styles.module.css';

type CodeState =
  { kind: 'checking' } | { kind: 'valid'; email: string } | { kind: 'invalid'; message: string };

export default function ResetPasswordForm({ code }: { code: string }): ReactNode {
  const [codeState, setCodeState] = useState<CodeState>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const { pending, error, setError, run } = useAuthAction<'reset'>();

  useEffect(() => {
    let active = true;
    loadIdentity()
      .then((identity) => identity.checkResetCode(code))
      .then(
        (email) => active && setCodeState({ kind: 'valid', email }),
        (caught: unknown) =>
          active && setCodeState({ kind: 'invalid', message: authErrorMessage(caught) }),
      );
    return () => {
      active = false;
    };
  }, [code]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH)
      return setError(AUTH_ERROR_MESSAGES['weak-password']!);
    const ok = await run('reset', async () => {
      const identity = await loadIdentity();
      await identity.resetPassword(code, password);
    });
    if (ok) setDone(true);
  };

  if (codeState.kind === 'checking')
    return <p className={styles.text}>Checking your reset link…</p>;
  if (codeState.kind === 'invalid') {
    return (
      <div className={styles.form}>
        <Notice severity="error" role="alert">
          {codeState.message}
        </Notice>
        <Link className="button button--primary button--block" to={FORGOT_PASSWORD_PATH}>
          Request a new link
        </Link>
      </div>
    );
  }
  if (done) {
    return (
      <div className={styles.form}>
        <Notice severity="success" role="status">
          Your password has been changed. Sign in with your new password.
        </Notice>
        <Link className="button button--primary button--block" to={SIGN_IN_PATH}>
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.text}>
        Choose a new password for <strong>{codeState.email}</strong>.
      </p>
      {error && (
        <Notice severity="error" role="alert">
          {error}
        </Notice>
      )}
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        helperText={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        required
        autoFocus
      />
      <SubmitButton type="submit" busy={pending === 'reset'} busyLabel="Saving…">
        Save new password
      </SubmitButton>
    </form>
  );
}
