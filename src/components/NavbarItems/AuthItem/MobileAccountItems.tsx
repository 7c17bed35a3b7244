/** The signed-in entries of the mobile sidebar: Dashboard, the account links and Sign out. */
import Link from '@docusaurus/Link';
import type { User } from 'firebase/auth';
import { useSyncExternalStore, type ReactNode } from 'react';
import { knownRole, onRoleChange } from '@site/src/api/memberRole';
import { ACCOUNT_LINKS, DASHBOARD_PATH, linksForRole, TEAM_LINKS } from '../links';
import useSignOut from '../useSignOut';
import styles from './styles.module.css';

interface Props {
  user: User;
  onDashboard: boolean;
  onNavigate?: () => void;
}

export default function MobileAccountItems({ user, onDashboard, onNavigate }: Props): ReactNode {
  const { signOut, pending } = useSignOut();
  const role = useSyncExternalStore(onRoleChange, knownRole, () => null);
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
      {linksForRole([...ACCOUNT_LINKS, ...TEAM_LINKS], role).map((link) => (
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
