/**
 * App-wide providers (Docusaurus' Root wraps every page and stays mounted
 * across navigations). Providers must render children on the server
 * unchanged and read browser state only after mount.
 */
import type { ReactNode } from 'react';
import CookieConsent, { ConsentBanner } from '@site/src/consent/CookieConsent';
import AuthProvider from '@site/src/auth/AuthProvider';
import Notifications from '@site/src/components/Notifications';

export default function Root({ children }: { children: ReactNode }): ReactNode {
  return (
    <AuthProvider>
      {/* Before the page: the banner is the first thing reached with Tab while it shows. */}
      <ConsentBanner />
      {children}
      <CookieConsent />
      <Notifications />
    </AuthProvider>
  );
}
