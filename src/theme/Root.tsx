/**
 * App-wide providers (Docusaurus' Root wraps every page and stays mounted
 * across navigations). Providers must render children on the server
 * unchanged and read browser state only after mount.
 */
import type { ReactNode } from 'react';
import CookieConsent from '@site/src/consent/CookieConsent';

export default function Root({ children }: { children: ReactNode }): ReactNode {
  return (
    <>
      {children}
      <CookieConsent />
    </>
  );
}
