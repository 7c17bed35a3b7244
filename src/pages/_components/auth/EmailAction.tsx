/**
 * The site's own handler of the identity provider's e-mail links (`/auth-action/?mode=…&oobCode=…`):
 * the local stack's mails link here, and a production Firebase project names this page as its
 * custom action URL. Verifying an address and recovering one apply the code at once and say what
 * happened in words; resetting a password asks for the new one.
 */
import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { loadIdentity, useAuth } from '@site/src/auth';
import { authErrorMessage } from '@site/src/auth/errors';
import Notice from './Notice';
import ResetPasswordForm from './ResetPasswordForm';
import { FORGOT_PASSWORD_PATH, REGISTER_ORGANIZATION_PATH, SIGN_IN_PATH } from './paths';
import styles from './styles.module.css';

type Outcome =
  | { kind: 'working' }
  | { kind: 'verified' }
  | { kind: 'recovered'; email: string | null }
  | { kind: 'failed'; message: string };

function ApplyCode({ mode, code }: { mode: 'verify' | 'recover'; code: string }): ReactNode {
  const { status } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  // A code works once: apply it once, whatever re-renders.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void loadIdentity()
      .then(async (identity) => {
        if (mode === 'recover') {
          setOutcome({ kind: 'recovered', email: await identity.recoverEmail(code) });
          return;
        }
        await identity.applyEmailActionCode(code);
        // A signed-in tab picks the verified address up (the token's claim) at once.
        await identity.refreshEmailVerified().catch(() => false);
        setOutcome({ kind: 'verified' });
      })
      .catch((error: unknown) => setOutcome({ kind: 'failed', message: authErrorMessage(error) }));
  }, [code, mode]);

  switch (outcome.kind) {
    case 'working':
      return (
        <Notice severity="info" role="status">
          {mode === 'verify' ? 'Verifying your e-mail address…' : 'Restoring your e-mail address…'}
        </Notice>
      );
    case 'verified':
      return (
        <div className={styles.form}>
          <Notice severity="success" role="status">
            Your e-mail address is verified. You can buy credits and receive receipts.
          </Notice>
          <Link
            className="button button--primary button--block"
            to={status === 'signedIn' ? REGISTER_ORGANIZATION_PATH : SIGN_IN_PATH}
          >
            {status === 'signedIn' ? 'Continue to your account' : 'Sign in'}
          </Link>
        </div>
      );
    case 'recovered':
      return (
        <div className={styles.form}>
          <Notice severity="success" role="status">
            Your sign-in address is {outcome.email ?? 'your previous address'} again. If you did not
            ask for the change, reset your password now.
          </Notice>
          <Link className="button button--primary button--block" to={FORGOT_PASSWORD_PATH}>
            Reset your password
          </Link>
        </div>
      );
    case 'failed':
      return (
        <div className={styles.form}>
          <Notice severity="error" role="alert">
            {outcome.message}{' '}
            {mode === 'verify'
              ? 'Sign in and use "Resend verification e-mail" on your account pages for a new link.'
              : ''}
          </Notice>
          <Link className="button button--primary button--block" to={SIGN_IN_PATH}>
            Go to sign in
          </Link>
        </div>
      );
  }
}

export default function EmailAction(): ReactNode {
  const params = new URLSearchParams(useLocation().search);
  const mode = params.get('mode');
  const code = params.get('oobCode');
  if (!code || !mode) {
    return (
      <Notice severity="error" role="alert">
        This link is incomplete. Open the whole link from the e-mail, or ask for a new one.
      </Notice>
    );
  }
  switch (mode) {
    case 'resetPassword':
      return <ResetPasswordForm code={code} />;
    case 'verifyEmail':
    case 'verifyAndChangeEmail':
      return <ApplyCode mode="verify" code={code} />;
    case 'recoverEmail':
      return <ApplyCode mode="recover" code={code} />;
    default:
      return (
        <Notice severity="error" role="alert">
          This kind of link is not handled here. Open the latest e-mail we sent you.
        </Notice>
      );
  }
}
