import type { ReactNode } from 'react';
import AccountPage from '@site/src/components/AccountPage';
import UsagePanel from './_components/usage/UsagePanel';

/** /settings/usage/ (spec §2): signed-in users only. */
export default function SettingsUsagePage(): ReactNode {
  return (
    <AccountPage
      title="Usage"
      description="Your VisionAPI calls, spend per day and per deployment, and transactions."
      heading="Usage"
      intro="What your API calls cost, by day and by deployment. Times are in your local time zone."
    >
      {() => <UsagePanel />}
    </AccountPage>
  );
}
