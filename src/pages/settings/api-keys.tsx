import type { ReactNode } from 'react';
import AccountPage from '@site/src/components/AccountPage';
import ApiKeysPanel from './_components/api-keys/ApiKeysPanel';

/** /settings/api-keys/ (spec §2): signed-in users only. */
export default function SettingsApiKeysPage(): ReactNode {
  return (
    <AccountPage
      title="API keys"
      description="Create and manage the API keys your code uses to call VisionAPI."
      heading="API keys"
      intro="Keys identify your organization when your code calls the VisionAPI services. Keep them secret."
    >
      {(context) => <ApiKeysPanel {...context} />}
    </AccountPage>
  );
}
