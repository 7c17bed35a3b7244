/** The auth item inside the mobile sidebar (under 996 px): plain menu entries. */
import Link from '@docusaurus/Link';
import type { User } from 'firebase/auth';
import type { ReactNode } from 'react';
import type { AuthStatus } from '@site/src/auth';
import Spinner from '../Spinner';
import { ACCOUNT_LINKS, DASHBOARD_PATH, SIGN_UP_PATH } from '../links';
import useSignOut from '../useSignOut';
import styles from './styles.module.css';

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
  const { signOut, pending } = useSignOut();

  if (status === 'unknown') {
    return (
      <li className={`menu__list-item ${styles.mobileRow}`}>
        <Spinner label="Checking sign-in" />
      </li>
    );
  }
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
    <>
      {!onDashboard && (
        <li className={`menu__list-item ${styles.mobileRow}`}>
          <Link
            className="button button--primary button--block"
            to={DASHBOARD_PATH}
            onClick={onNavigate}
          >
            Dashboard
          </Link>
        </li>
      )}
      <li className={`menu__list-item ${styles.mobileAccount}`}>
        <span className={styles.signedInAs}>
          Signed in as <strong className={styles.email}>{user.email ?? user.displayName}</strong>
        </span>
      </li>
      {ACCOUNT_LINKS.map((link) => (
        <li key={link.to} className="menu__list-item">
          <Link className="menu__link" to={link.to} onClick={onNavigate}>
            {link.label}
          </Link>
        </li>
      ))}
      <li className="menu__list-item">
        <button
          type="button"
          className={`menu__link ${styles.mobileSignOut}`}
          disabled={pending}
          onClick={() => void signOut().then(onNavigate)}
        >
          {pending ? 'Signing out…' : 'Sign out'}
        </button>
      </li>
    </>
  );
}
