/**
 * Firebase Analytics, started lazily and once per page when the window receives
 * `enableFirebaseAnalytics` and a measurement id is configured (spec §4). The Firebase SDK is
 * imported only at that moment, so it is never part of a page's first load.
 */
import type { SiteConfig } from '@site/src/config/types';
import { FIREBASE_ANALYTICS_EVENT } from './constants';

type FirebaseConfig = SiteConfig['firebase'];

export interface FirebaseAnalyticsListenerOptions {
  firebase: FirebaseConfig;
  /** Checked when the event arrives; analytics never starts without consent. */
  isAllowed?: () => boolean;
  target?: EventTarget;
}

let started: Promise<void> | null = null;

async function initialise(firebase: FirebaseConfig): Promise<void> {
  const [{ getApps, initializeApp }, { getAnalytics, isSupported }] = await Promise.all([
    import(/* webpackChunkName: "firebase-app" */ 'firebase/app'),
    import(/* webpackChunkName: "firebase-analytics" */ 'firebase/analytics'),
  ]);
  if (!(await isSupported())) {
    throw new Error('Firebase Analytics is not supported in this browser (cookies or IndexedDB)');
  }
  // Reuse the default app when another module (sign-in) already created it.
  const app =
    getApps().find((existing) => existing.name === '[DEFAULT]') ??
    initializeApp({
      apiKey: firebase.apiKey,
      authDomain: firebase.authDomain,
      projectId: firebase.projectId,
      appId: firebase.appId,
      measurementId: firebase.measurementId,
    });
  getAnalytics(app);
  console.log('Firebase Analytics initialized');
}

/**
 * Starts Firebase Analytics unless it already started (or is starting). A failed attempt is
 * logged and may be retried by a later event.
 */
export function startFirebaseAnalytics(firebase: FirebaseConfig): Promise<void> {
  if (!firebase.measurementId) return Promise.resolve();
  started ??= initialise(firebase).catch((error: unknown) => {
    console.error('Error initializing Firebase Analytics:', error);
    started = null;
  });
  return started;
}

/** Listens for `enableFirebaseAnalytics`; returns the function that stops listening. */
export function listenForFirebaseAnalytics({
  firebase,
  isAllowed = () => true,
  target = window,
}: FirebaseAnalyticsListenerOptions): () => void {
  const onEvent = () => {
    if (isAllowed()) void startFirebaseAnalytics(firebase);
  };
  target.addEventListener(FIREBASE_ANALYTICS_EVENT, onEvent);
  return () => target.removeEventListener(FIREBASE_ANALYTICS_EVENT, onEvent);
}
