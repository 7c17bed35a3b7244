import type { ReactNode } from 'react';
import AccountPage from '@site/src/components/AccountPage';
import TeamPanel from './_components/team/TeamPanel';

/** /settings/team/: the organization's members, roles, invitations and admin keys. */
export default function SettingsTeamPage(): ReactNode {
  return (
    <AccountPage
      title="Team"
      description="The members of your VisionAPI organization, their roles, invitations and admin keys."
      heading="Team"
      intro="Who works in this organization and what each member may do."
    >
      {(account) => <TeamPanel {...account} />}
    </AccountPage>
  );
}
