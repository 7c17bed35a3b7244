import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import Notice from './Notice';
import TextField from './TextField';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { loadIdentity } from '@site/src/auth';
import { AUTH_ERROR_MESSAGES } from '@site/src/auth/errors';
import GoogleButton from './GoogleButton';
import PasswordField from './PasswordField';
import SubmitButton from './SubmitButton';
import { FORGOT_PASSWORD_PATH, SIGN_UP_PATH } from './paths';
import useAuthAction from './useAuthAction';
import useSendOnWhenSignedIn from './useSendOnWhenSignedIn';
import styles from './styles.module.css';

export default function SignInForm(): ReactNode {
  const { search } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { pending, error, setError, run } = useAuthAction<'password' | 'google'>();
  const [signedIn, setSignedIn] = useState(false);
  // The field a submit found missing: marked invalid and focused.
  const [missing, setMissing] = useState<'email' | 'password' | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // Signed in (now or already): go where the visitor was heading.
  useSendOnWhenSignedIn();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const field = !email.trim() ? 'email' : !password ? 'password' : null;
    setMissing(field);
    if (field) {
      (field === 'email' ? emailRef : passwordRef).current?.focus();
      return setError(AUTH_ERROR_MESSAGES[`missing-${field}`]!);
    }
    const ok = await run('password', async () => {
      const identity = await loadIdentity();
      await identity.signInWithPassword(email.trim(), password);
    });
    if (ok) setSignedIn(true);
  };

  const busy = pending !== null || signedIn;
  return (
    <>
      <form
        className={styles.form}
        onSubmit={submit}
        noValidate
        aria-describedby={error ? 'sign-in-error' : undefined}
      >
        {error && (
          <Notice id="sign-in-error" severity="error" role="alert">
            {error}
          </Notice>
        )}
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          inputRef={emailRef}
          error={missing === 'email'}
          required
          autoFocus
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          inputRef={passwordRef}
          error={missing === 'password'}
          required
        />
        <div className={styles.row}>
          <span />
          <Link to={FORGOT_PASSWORD_PATH}>Forgot password?</Link>
        </div>
        <SubmitButton
          type="submit"
          busy={pending === 'password' || signedIn}
          busyLabel="Signing in…"
          disabled={busy}
        >
          Sign in
        </SubmitButton>
        <div className={styles.divider}>or</div>
        <GoogleButton
          busy={pending === 'google'}
          disabled={busy}
          onSignIn={(signInWithGoogle) =>
            void run('google', async () => {
              await signInWithGoogle();
            }).then((ok) => ok && setSignedIn(true))
          }
        />
      </form>
      <p className={styles.footer}>
        New to VisionAPI? <Link to={`${SIGN_UP_PATH}${search}`}>Create an account</Link>
      </p>
    </>
  );
}
