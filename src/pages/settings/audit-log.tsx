import type { ReactNode } from 'react';
import AccountPage from '@site/src/components/AccountPage';
import AuditLogPanel from './_components/audit-log/AuditLogPanel';

/** /settings/audit-log/: the organization's append-only record of changes (owners and admins). */
export default function SettingsAuditLogPage(): ReactNode {
  return (
    <AccountPage
      title="Audit log"
      description="Who changed what in your VisionAPI organization, when and from where."
      heading="Audit log"
      intro="Every change of keys, members, billing and the organization, newest first. Entries can never be edited or deleted."
    >
      {(account) => <AuditLogPanel {...account} />}
    </AccountPage>
  );
}
