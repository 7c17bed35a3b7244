import type { ReactNode } from 'react';
import AccountPage from '@site/src/components/AccountPage';
import BuyCreditsPanel from './_components/buy-credits/BuyCreditsPanel';

/** /settings/buy-credits/ (spec §2): signed-in users only. */
export default function SettingsBuyCreditsPage(): ReactNode {
  return (
    <AccountPage
      title="Buy credits"
      description="Top up your VisionAPI wallet: pay-as-you-go credits in USD."
      heading="Buy credits"
      intro="Pay as you go: buy credits in USD and every API call is charged from your wallet."
      // Buying needs a verified address: the panel shows the banner where the purchase is.
      verificationBanner="page"
    >
      {(context) => <BuyCreditsPanel {...context} />}
    </AccountPage>
  );
}
