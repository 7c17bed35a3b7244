/**
 * Everything consent does on every page, mounted once in Root: the banner while consent is unset,
 * the analytics tag and Firebase Analytics while analytics is allowed, and the scheduling badge
 * while scheduling is allowed. Changes apply at once, including those made in another tab.
 * Renders nothing on the server.
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import CookieBanner from '@site/src/components/CookieBanner';
import SchedulingBadge from '@site/src/components/SchedulingBadge';
import { useSiteConfig } from '@site/src/config';
import { loadAnalytics, unloadAnalytics } from './analytics';
import { listenForFirebaseAnalytics } from './firebaseAnalytics';
import { hasConsent, useConsent } from './store';

export default function CookieConsent(): ReactNode {
  const consent = useConsent();
  const { firebase, calendlyUrl } = useSiteConfig();
  const preferences = consent.status === 'set' ? consent.preferences : null;
  const analytics = preferences?.analytics ?? false;
  const marketing = preferences?.marketing ?? false;
  const { measurementId } = firebase;

  // Registered before the effect below dispatches the event.
  useEffect(
    () => listenForFirebaseAnalytics({ firebase, isAllowed: () => hasConsent('analytics') }),
    [firebase],
  );

  useEffect(() => {
    if (consent.status === 'pending') return;
    if (analytics) loadAnalytics(measurementId, { marketing });
    else unloadAnalytics(measurementId);
  }, [consent.status, analytics, marketing, measurementId]);

  return (
    <>
      {consent.status === 'unset' && <CookieBanner />}
      {preferences?.calendly && <SchedulingBadge url={calendlyUrl} />}
    </>
  );
}
