/**
 * Who may see an account page: signed-out visitors get a sign-in prompt that
 * brings them back here; signed-in users without an organization register it
 * first; everyone else sees the page, under the e-mail verification banner (or with it where
 * the page places it).
 */
import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import { lazy, Suspense, type ReactNode } from 'react';
import type { Organization } from '@contract';
import { signInPath, useAuth } from '@site/src/auth';
import EmailVerificationBanner, {
  useEmailVerification,
  type EmailVerification,
} from '@site/src/components/EmailVerificationBanner';
import { useQuery } from '@tanstack/react-query';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { v1Key } from '@site/src/api/queries';
import { dateTime } from '@site/src/format/dates';
import useOrganization, { NO_LONGER_A_MEMBER } from './useOrganization';
import styles from './styles.module.css';
import RetryAlert from '@site/src/components/RetryAlert';

export interface AccountContext {
  organization: Organization;
  /** Replace the organization after an edit. */
  setOrganization: (organization: Organization) => void;
  /** Fetch it again (for example after a purchase changes the wallet). */
  reloadOrganization: () => void;
  /** Whether the user's e-mail is verified (some actions need it), and what to do about it. */
  emailVerification: EmailVerification;
}

export interface GuardOptions {
  /**
   * Where the e-mail verification banner goes: at the top of the page (default), or nowhere
   * because the page places it itself, next to what needs the address verified.
   */
  verificationBanner?: 'top' | 'page';
}

// Shown once per account (registration), so it is its own chunk.
const OrganizationForm = lazy(() => import('@site/src/components/OrganizationForm'));

function Skeleton(): ReactNode {
  return (
    <div
      className={styles.skeleton}
      role="status"
      aria-busy="true"
      aria-label="Loading your account"
    />
  );
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

/**
 * A person whose organization removed them is told so, by name, before being asked to register
 * one of their own (or to ask for a new invitation).
 */
function RemovalNotice(): ReactNode {
  const { data } = useQuery({
    queryKey: v1Key('GET /organizations'),
    queryFn: () => account.v1('GET /organizations').then(unwrap),
    meta: { quiet: true },
  });
  const removals = data?.removed_from ?? [];
  if (removals.length === 0) return null;
  return (
    <div role="status" className={styles.removed}>
      {removals.map((removal) => (
        <p key={`${removal.organization_name}-${removal.removed_at}`}>
          <strong>{removal.organization_name}</strong> removed you from its team on{' '}
          {dateTime(removal.removed_at)}
          {removal.removed_by ? ` (${removal.removed_by})` : ''}. Its keys and data are no longer
          yours to use; ask one of its owners or admins for a new invitation if this was a mistake.
        </p>
      ))}
    </div>
  );
}

function ReadyAccount({
  organization,
  setOrganization,
  reload,
  verificationBanner = 'top',
  children,
}: GuardOptions & {
  organization: Organization;
  setOrganization: (organization: Organization) => void;
  reload: () => void;
  children: (account: AccountContext) => ReactNode;
}): ReactNode {
  const emailVerification = useEmailVerification(organization);
  return (
    <div className={styles.stack}>
      {verificationBanner === 'top' && <EmailVerificationBanner verification={emailVerification} />}
      {children({
        organization,
        setOrganization,
        reloadOrganization: reload,
        emailVerification,
      })}
    </div>
  );
}

function SignedInGate({
  children,
  ...options
}: GuardOptions & {
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
        <>
          {/* Removed from the organization this browser had selected: by whom, first. */}
          {state.message === NO_LONGER_A_MEMBER && <RemovalNotice />}
          <RetryAlert message={state.message} onRetry={reload} />
        </>
      );
    case 'none':
      return (
        <section className={styles.prompt} aria-labelledby="register-heading">
          <RemovalNotice />
          <h2 id="register-heading">Register your organization</h2>
          <p>
            One more step: tell us who you are. Your organization holds your API keys, credits and
            usage.
          </p>
          <Suspense fallback={<Skeleton />}>
            <OrganizationForm mode="register" onSaved={setOrganization} />
          </Suspense>
        </section>
      );
    case 'ready':
      return (
        <ReadyAccount
          {...options}
          organization={state.organization}
          setOrganization={setOrganization}
          reload={reload}
        >
          {children}
        </ReadyAccount>
      );
  }
}

export default function AccountGuard({
  children,
  ...options
}: GuardOptions & {
  children: (account: AccountContext) => ReactNode;
}): ReactNode {
  const { status } = useAuth();
  if (status === 'unknown') return <Skeleton />;
  if (status === 'signedOut') return <SignInPrompt />;
  return <SignedInGate {...options}>{children}</SignedInGate>;
}
