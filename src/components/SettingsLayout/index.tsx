/**
 * The frame of the settings pages (API keys, usage, buy credits, cookie preferences, team, audit log): the
 * site's layout with a settings navigation beside the page on desktop and above it on mobile.
 * Plain links rendered on the server (no MUI, no auth): the navigation is there, and does not
 * move, before the account UI loads.
 */
import { useLocation } from '@docusaurus/router';
import Layout from '@theme/Layout';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { knownRole, onRoleChange } from '@site/src/api/memberRole';
import { useHydratedSyncExternalStore } from '@site/src/browser/hydratedStore';
import { ACCOUNT_LINKS, linksForRole, TEAM_LINKS } from '@site/src/components/NavbarItems/links';
import PlainLink, { isActivePath } from '@site/src/components/PlainLink';
import styles from './styles.module.css';

/** The settings pages, in the navigation's order (the account menu lists the same). */
export const SETTINGS_LINKS = [...ACCOUNT_LINKS, ...TEAM_LINKS];

const noRole = () => null;

export function SettingsNav(): ReactNode {
  const { pathname } = useLocation();
  // Only the pages the member's role can use (every page until the role is known).
  const role = useHydratedSyncExternalStore(onRoleChange, knownRole, noRole);
  return (
    <nav className={styles.nav} aria-label="Settings">
      <p className={styles.navTitle} aria-hidden="true">
        Settings
      </p>
      <ul className={styles.navList}>
        {linksForRole(SETTINGS_LINKS, role).map(({ label, to }) => {
          const current = isActivePath(pathname, to);
          return (
            <li key={to}>
              <PlainLink
                to={to}
                className={clsx(styles.navLink, current && styles.navLinkCurrent)}
                aria-current={current ? 'page' : undefined}
              >
                {label}
              </PlainLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

interface Props {
  title: string;
  description: string;
  /** The page's `<main>` content (heading first). */
  children: ReactNode;
  mainClassName?: string;
}

export default function SettingsLayout({
  title,
  description,
  children,
  mainClassName,
}: Props): ReactNode {
  return (
    <Layout title={title} description={description}>
      <div className={clsx('container', 'margin-vert--lg', styles.frame)}>
        <SettingsNav />
        <main className={clsx(styles.main, mainClassName)}>{children}</main>
      </div>
    </Layout>
  );
}
