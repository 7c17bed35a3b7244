/**
 * "Continue with Google" (popup). The Google module is fetched at the reader's first sign of
 * intent (a pointer or key, see useLoadOnIntent), so the popup opens within the click's user
 * activation and is not blocked; a click before it arrives waits for it (browsers keep a click's
 * activation for a few seconds).
 */
import { useCallback, useRef, type ReactNode } from 'react';
import { loadGoogleSignIn } from '@site/src/auth/session';
import useLoadOnIntent from './useLoadOnIntent';
import styles from './styles.module.css';

type GoogleModule = Awaited<ReturnType<typeof loadGoogleSignIn>>;

interface Props {
  busy: boolean;
  disabled: boolean;
  /** Receives the sign-in call; run it inside the page's action runner. */
  onSignIn: (signIn: () => Promise<{ isNewUser: boolean }>) => void;
}

function GoogleLogo(): ReactNode {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C36.9 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

export default function GoogleButton({ busy, disabled, onSignIn }: Props): ReactNode {
  const google = useRef<GoogleModule | null>(null);
  const load = useCallback(
    () =>
      loadGoogleSignIn().then((mod) => {
        google.current = mod;
        return mod;
      }),
    [],
  );
  useLoadOnIntent(load);

  const signIn = async () => {
    const mod = google.current ?? (await load());
    return mod.signInWithGoogle();
  };

  return (
    <button
      type="button"
      className={styles.googleButton}
      onClick={() => onSignIn(signIn)}
      disabled={busy || disabled}
      aria-busy={busy}
    >
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : <GoogleLogo />}
      {busy ? 'Waiting for Google…' : 'Continue with Google'}
    </button>
  );
}
