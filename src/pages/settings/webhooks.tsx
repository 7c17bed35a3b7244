import type { ReactNode } from 'react';
import AccountPage from '@site/src/components/AccountPage';
import WebhooksPanel from './_components/webhooks/WebhooksPanel';

/** /settings/webhooks/: endpoints that receive signed events, and the log of every delivery. */
export default function SettingsWebhooksPage(): ReactNode {
  return (
    <AccountPage
      title="Webhooks"
      description="Endpoints that receive your VisionAPI organization's events, signed, with a log of every delivery."
      heading="Webhooks"
      intro="Your endpoints receive jobs, low-balance alerts, paused keys and payments as signed JSON (Standard Webhooks). Failed deliveries are retried for 3 days."
    >
      {(account) => <WebhooksPanel {...account} />}
    </AccountPage>
  );
}
