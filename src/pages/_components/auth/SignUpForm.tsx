import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import Notice from './Notice';
import TextField from './TextField';
import { useState, type FormEvent, type ReactNode } from 'react';
import { loadIdentity } from '@site/src/auth';
import { AUTH_ERROR_MESSAGES } from '@site/src/auth/errors';
import GoogleButton from './GoogleButton';
import NextSteps from './NextSteps';
import PasswordField from './PasswordField';
import SubmitButton from './SubmitButton';
import { MIN_PASSWORD_LENGTH, SIGN_IN_PATH } from './paths';
import useAuthAction from './useAuthAction';
import useSendOnWhenSignedIn from './useSendOnWhenSignedIn';
import styles from './styles.module.css';

type Created = { email: string; verified: boolean };

/** The address an invitation's "Sign up" link carries (`?email=`), when it looks like one. */
export function invitedAddress(search: string): string | null {
  const email = new URLSearchParams(search).get('email')?.trim() ?? '';
  return email.length > 2 && email.length <= 320 && email.includes('@') ? email : null;
}

export default function SignUpForm(): ReactNode {
  const { search } = useLocation();
  // Opened from an invitation: the account must be for the invited address, so it is fixed.
  const invited = invitedAddress(search);
  const [email, setEmail] = useState(invited ?? '');
  const [password, setPassword] = useState('');
  const [passwordHint, setPasswordHint] = useState<string | null>(null);
  const { pending, error, setError, run } = useAuthAction<'password' | 'google'>();
  // While creating an account the page stays to show the next steps instead of moving on.
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const sendOn = useSendOnWhenSignedIn(!creating && !created);

  if (created) return <NextSteps email={created.email} verified={created.verified} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPasswordHint(null);
    const address = email.trim();
    if (!address) return setError(AUTH_ERROR_MESSAGES['missing-email']!);
    if (password.length < MIN_PASSWORD_LENGTH)
      return setError(AUTH_ERROR_MESSAGES['weak-password']!);
    setCreating(true);
    const ok = await run('password', async () => {
      const identity = await loadIdentity();
      // The server's password policy, when the project has one (Identity Platform).
      const policy = await identity.checkPasswordPolicy(password);
      if (policy && !policy.valid) {
        setPasswordHint(`Your password needs ${policy.unmet.join(', ')}.`);
        throw Object.assign(new Error('policy'), {
          code: 'auth/password-does-not-meet-requirements',
        });
      }
      await identity.signUpWithPassword(address, password);
    });
    if (ok) setCreated({ email: address, verified: false });
    else setCreating(false);
  };

  const onGoogle = async (signInWithGoogle: () => Promise<{ isNewUser: boolean }>) => {
    setCreating(true);
    let isNewUser = false;
    const ok = await run('google', async () => {
      ({ isNewUser } = await signInWithGoogle());
    });
    if (!ok) return setCreating(false);
    if (!isNewUser) return sendOn();
    const identity = await loadIdentity();
    setCreated({ email: identity.auth.currentUser?.email ?? '', verified: true });
  };

  const busy = pending !== null;
  return (
    <>
      <form className={styles.form} onSubmit={submit} noValidate>
        {error && (
          <Notice severity="error" role="alert">
            {error}
            {passwordHint && <div>{passwordHint}</div>}
          </Notice>
        )}
        <TextField
          label="Work e-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
          readOnly={invited !== null}
          helperText={
            invited !== null
              ? 'Your invitation is for this address: the account is created with it.'
              : undefined
          }
          autoFocus={invited === null}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          helperText={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          required
        />
        <SubmitButton
          type="submit"
          busy={pending === 'password'}
          busyLabel="Creating account…"
          disabled={busy}
        >
          Create account
        </SubmitButton>
        <div className={styles.divider}>or</div>
        <GoogleButton
          busy={pending === 'google'}
          disabled={busy}
          onSignIn={(signIn) => void onGoogle(signIn)}
        />
        <p className={styles.legal}>
          By creating an account you agree to the <Link to="/terms/">Terms of service</Link> and the{' '}
          <Link to="/privacy/">Privacy policy</Link>.
        </p>
      </form>
      <p className={styles.footer}>
        Already have an account? <Link to={`${SIGN_IN_PATH}${search}`}>Sign in</Link>
      </p>
    </>
  );
}
