/**
 * Frame of the account pages (/settings/api-keys/, usage, buy-credits): the
 * heading is server-rendered; the account UI (MUI, identity SDK, /v1 calls through the account
 * cache) renders only in the browser, behind a skeleton of fixed size, and only for
 * a signed-in user with an organization (see AccountGuard).
 */
import BrowserOnly from '@docusaurus/BrowserOnly';
import Layout from '@theme/Layout';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import AccountData from '@site/src/components/AccountData';
import MuiScope from '@site/src/components/MuiScope';
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
    <Layout title={title} description={description}>
      <main className={clsx('container', 'margin-vert--lg', styles.page)}>
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
      </main>
    </Layout>
  );
}
