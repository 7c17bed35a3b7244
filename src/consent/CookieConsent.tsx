/**
 * Everything consent does on every page, mounted once in Root: the analytics tag and Firebase
 * Analytics while analytics is allowed, the scheduling badge while scheduling is allowed (both
 * after the page's content), and the banner while consent is unset (ConsentBanner, mounted before
 * the page's content so that it comes first in the tab order). Changes apply at once, including
 * those made in another tab. Renders nothing on the server. The analytics loader is its own chunk: fetched when analytics is
 * allowed, or when a page holds analytics traces to remove; a visitor who never allowed it never
 * downloads it.
 */
import { lazy, Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import CookieBanner from '@site/src/components/CookieBanner';
import { runWhenIdle } from '@site/src/browser/idle';
import { useSiteConfig } from '@site/src/config';
import { hasAnalyticsTraces } from './constants';
import { listenForFirebaseAnalytics } from './firebaseAnalytics';
import { hasConsent, useConsent } from './store';

// Shown only to visitors who allowed scheduling: its own chunk.
const SchedulingBadge = lazy(
  () => import(/* webpackChunkName: "scheduling-badge" */ '@site/src/components/SchedulingBadge'),
);

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
    const apply = () =>
      void import(/* webpackChunkName: "analytics" */ './analytics')
        .then((tag) => {
          // Applied in order: a later choice's import resolves after an earlier one's.
          if (analytics) tag.loadAnalytics(measurementId, { marketing });
          else tag.unloadAnalytics(measurementId);
        })
        .catch((error: unknown) => console.warn('Could not apply the analytics choice:', error));
    // With analytics on, the tag and the Firebase SDK start once the page is idle: their
    // download and start-up (≈100 ms of main thread on a phone) stay out of the tasks that make
    // the page interactive.
    if (analytics) return runWhenIdle(apply);
    // Without analytics there is only leftovers to clean up, if any. Looking for them reads
    // document.cookie (a synchronous round trip to the browser's cookie store), so it waits for
    // an idle moment instead of lengthening the page's first interactive task.
    return runWhenIdle(() => {
      if (hasAnalyticsTraces()) apply();
    });
  }, [consent.status, analytics, marketing, measurementId]);

  return preferences?.calendly ? (
    <Suspense fallback={null}>
      <SchedulingBadge url={calendlyUrl} />
    </Suspense>
  ) : null;
}

/** The cookie banner, while no choice is stored. */
export function ConsentBanner(): ReactNode {
  const { status } = useConsent();
  if (status === 'set') return null;
  // On the server and while hydrating the consent is not known yet: the banner is in the HTML,
  // shown before any script of the app runs by the inline head script of
  // src/consent/earlyBanner.ts when nothing valid is stored, so a first visit paints it at once.
  return <CookieBanner pending={status === 'pending'} />;
}
