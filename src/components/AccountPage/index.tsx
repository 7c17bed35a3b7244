/**
 * Frame of the account pages (/settings/api-keys/, usage, buy-credits), inside the settings
 * layout (its navigation between the settings pages): the heading is server-rendered; the account UI (MUI, identity SDK, /v1 calls through the account
 * cache) renders only in the browser, behind a skeleton of fixed size, and only for
 * a signed-in user with an organization (see AccountGuard).
 */
import BrowserOnly from '@docusaurus/BrowserOnly';
import type { ReactNode } from 'react';
import AccountData from '@site/src/components/AccountData';
import MuiScope from '@site/src/components/MuiScope';
import SettingsLayout from '@site/src/components/SettingsLayout';
import AccountGuard, { type AccountContext, type GuardOptions } from './AccountGuard';
import styles from './styles.module.css';

export type { AccountContext } from './AccountGuard';

interface Props extends GuardOptions {
  title: string;
  description: string;
  heading: string;
  intro: ReactNode;
  /** What the signed-in user with an organization sees. */
  children: (account: AccountContext) => ReactNode;
}

export function AccountSkeleton(): ReactNode {
  return <div className={styles.skeleton} aria-hidden="true" />;
}

export default function AccountPage({
  title,
  description,
  heading,
  intro,
  verificationBanner,
  children,
}: Props): ReactNode {
  return (
    <SettingsLayout title={title} description={description}>
      <h1 className={styles.heading}>{heading}</h1>
      <p className={styles.intro}>{intro}</p>
      <BrowserOnly fallback={<AccountSkeleton />}>
        {() => (
          <MuiScope>
            <AccountData>
              <AccountGuard verificationBanner={verificationBanner}>{children}</AccountGuard>
            </AccountData>
          </MuiScope>
        )}
      </BrowserOnly>
    </SettingsLayout>
  );
}
