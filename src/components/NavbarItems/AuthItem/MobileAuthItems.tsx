/**
 * The auth item inside the mobile sidebar (under 996 px): plain menu entries.
 * The signed-in entries (and the sign-out code) are a chunk of their own.
 */
import Link from '@docusaurus/Link';
import type { User } from 'firebase/auth';
import { lazy, Suspense, type ReactNode } from 'react';
import type { AuthStatus } from '@site/src/auth/session';
import Spinner from '../Spinner';
import { SIGN_UP_PATH } from '../links';
import styles from './styles.module.css';

const MobileAccountItems = lazy(
  () => import(/* webpackChunkName: "navbar-account" */ './MobileAccountItems'),
);

interface Props {
  status: AuthStatus;
  user: User | null;
  onDashboard: boolean;
  onNavigate?: () => void;
}

export default function MobileAuthItems({
  status,
  user,
  onDashboard,
  onNavigate,
}: Props): ReactNode {
  const checking = (
    <li className={`menu__list-item ${styles.mobileRow}`}>
      <Spinner label="Checking sign-in" />
    </li>
  );
  if (status === 'unknown') return checking;
  if (status === 'signedOut' || !user) {
    return (
      <li className={`menu__list-item ${styles.mobileRow}`}>
        <Link
          className="button button--primary button--block"
          to={SIGN_UP_PATH}
          onClick={onNavigate}
        >
          Sign Up
        </Link>
      </li>
    );
  }
  return (
    <Suspense fallback={checking}>
      <MobileAccountItems user={user} onDashboard={onDashboard} onNavigate={onNavigate} />
    </Suspense>
  );
}
