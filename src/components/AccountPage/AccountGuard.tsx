/**
 * Who may see an account page: signed-out visitors get a sign-in prompt that
 * brings them back here; signed-in users without an organization register it
 * first; everyone else sees the page, under the e-mail verification banner.
 */
import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import type { Organization } from '@site/src/api/contract';
import { signInPath, useAuth } from '@site/src/auth';
import EmailVerificationBanner from '@site/src/components/EmailVerificationBanner';
import OrganizationForm from '@site/src/components/OrganizationForm';
import useOrganization from './useOrganization';
import styles from './styles.module.css';

export interface AccountContext {
  organization: Organization;
  /** Replace the organization after an edit. */
  setOrganization: (organization: Organization) => void;
  /** Fetch it again (for example after a purchase changes the wallet). */
  reloadOrganization: () => void;
}

function Skeleton(): ReactNode {
  return <div className={styles.skeleton} aria-busy="true" aria-label="Loading your account" />;
}

function SignInPrompt({ expired = false }: { expired?: boolean }): ReactNode {
  const { pathname, search } = useLocation();
  return (
    <section className={styles.prompt} aria-labelledby="sign-in-prompt">
      <h2 id="sign-in-prompt">{expired ? 'Please sign in again' : 'Sign in to continue'}</h2>
      <p>
        {expired
          ? 'Your session has ended. Sign in again and you will come straight back to this page.'
          : 'This page belongs to your VisionAPI account. Sign in and you will come straight back here.'}
      </p>
      <div className={styles.actions}>
        <Link className="button button--primary" to={signInPath(`${pathname}${search}`)}>
          Sign in
        </Link>
        <Link className="button button--secondary" to="/sign-up/">
          Create an account
        </Link>
      </div>
    </section>
  );
}

function SignedInGate({
  children,
}: {
  children: (account: AccountContext) => ReactNode;
}): ReactNode {
  const { state, reload, setOrganization } = useOrganization(true);
  switch (state.kind) {
    case 'loading':
      return <Skeleton />;
    case 'unauthorized':
      return <SignInPrompt expired />;
    case 'failed':
      return (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              Try again
            </Button>
          }
        >
          {state.message}
        </Alert>
      );
    case 'none':
      return (
        <section className={styles.prompt} aria-labelledby="register-heading">
          <h2 id="register-heading">Register your organization</h2>
          <p>
            One more step: tell us who you are. Your organization holds your API keys, credits and
            usage.
          </p>
          <OrganizationForm mode="register" onSaved={setOrganization} />
        </section>
      );
    case 'ready':
      return (
        <div className={styles.stack}>
          <EmailVerificationBanner organization={state.organization} />
          {children({
            organization: state.organization,
            setOrganization,
            reloadOrganization: reload,
          })}
        </div>
      );
  }
}

export default function AccountGuard({
  children,
}: {
  children: (account: AccountContext) => ReactNode;
}): ReactNode {
  const { status } = useAuth();
  if (status === 'unknown') return <Skeleton />;
  if (status === 'signedOut') return <SignInPrompt />;
  return <SignedInGate>{children}</SignedInGate>;
}
