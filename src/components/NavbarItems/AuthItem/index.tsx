/**
 * Navbar auth item (spec §2): a spinner while the sign-in state is unknown,
 * `Sign Up` when signed out, `Dashboard` plus the account menu when signed in.
 * The server renders the spinner in a fixed-size box, so the signed-out
 * button replaces it without moving the navbar. The account menu (and the
 * sign-out code behind it) is a chunk of its own, fetched once a user is known.
 */
import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import clsx from 'clsx';
import { lazy, Suspense, type ReactNode } from 'react';
import { useAuth } from '@site/src/auth/AuthProvider';
import Spinner from '../Spinner';
import { DASHBOARD_PATH, isDashboardPath, SIGN_UP_PATH, type NavbarItemProps } from '../links';
import styles from './styles.module.css';

// The mobile sidebar's entries render only on narrow viewports (never on the server): own chunk.
const MobileAuthItems = lazy(
  () => import(/* webpackChunkName: "navbar-mobile-auth" */ './MobileAuthItems'),
);
const AccountMenu = lazy(() => import(/* webpackChunkName: "navbar-account" */ './AccountMenu'));

export const CHECKING_SIGN_IN = 'Checking sign-in';

export default function AuthItem({ mobile, onClick, className }: NavbarItemProps): ReactNode {
  const { status, user } = useAuth();
  const { pathname } = useLocation();
  const onDashboard = isDashboardPath(pathname);

  if (mobile)
    return (
      <Suspense fallback={null}>
        <MobileAuthItems
          status={status}
          user={user}
          onDashboard={onDashboard}
          onNavigate={onClick}
        />
      </Suspense>
    );

  return (
    <div className={clsx('navbar__item', styles.authItem, className)} data-auth-status={status}>
      {status === 'unknown' && <Spinner label={CHECKING_SIGN_IN} />}
      {status === 'signedOut' && (
        <Link className={clsx('button button--primary button--sm', styles.cta)} to={SIGN_UP_PATH}>
          Sign Up
        </Link>
      )}
      {status === 'signedIn' && user && (
        <>
          {!onDashboard && (
            <Link
              className={clsx('button button--primary button--sm', styles.cta)}
              to={DASHBOARD_PATH}
            >
              Dashboard
            </Link>
          )}
          <Suspense fallback={<span className={styles.avatarPlaceholder} aria-hidden="true" />}>
            <AccountMenu email={user.email ?? user.displayName ?? 'Your account'} />
          </Suspense>
        </>
      )}
    </div>
  );
}
