import BrowserOnly from '@docusaurus/BrowserOnly';
import Layout from '@theme/Layout';
import type { ReactNode } from 'react';
import MuiScope from '@site/src/components/MuiScope';
import InvitationPanel from './_components/invitation/InvitationPanel';

/** /invitation/?token=…: the link of an invitation e-mail. */
export default function InvitationPage(): ReactNode {
  return (
    <Layout title="Invitation" description="Join an organization on VisionAPI.">
      <main className="container margin-vert--lg">
        <h1>Join an organization</h1>
        <BrowserOnly fallback={<p>Reading the invitation…</p>}>
          {() => (
            <MuiScope>
              <InvitationPanel />
            </MuiScope>
          )}
        </BrowserOnly>
      </main>
    </Layout>
  );
}
