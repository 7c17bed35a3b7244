/**
 * The service worker's registration: plugin-pwa's `swRegister` client module (docusaurus.config.ts).
 *
 * plugin-pwa's own module (`@docusaurus/plugin-pwa/lib/registerSw.js`) imports workbox-window
 * (2.2 KB gzip) on every first load, yet uses it for one thing: when an updated worker waits
 * behind the one controlling the page, it shows the "New version available" popup and hands
 * control over when the reader asks for it. On a first visit, and on every visit without a new
 * deployment, nothing waits.
 *
 * So this module registers the same worker (same script URL, after the page's `load` event, as
 * workbox-window does by default) with the platform's API, and imports plugin-pwa's module,
 * unchanged, only once a worker is waiting: it then registers again, finds the waiting worker
 * and shows its popup, exactly as it would have on its own.
 *
 * Offline mode is on for every visitor ('always', the site's only activation strategy). With any
 * other strategy list, plugin-pwa's module runs at once, as before.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

/** Defined by plugin-pwa's EnvironmentPlugin (the same values its own module reads). */
const WORKER_URL = process.env.PWA_SERVICE_WORKER_URL as string;
const STRATEGIES = process.env
  .PWA_OFFLINE_MODE_ACTIVATION_STRATEGIES as unknown as readonly string[];
const DEBUG = process.env.PWA_DEBUG as unknown as boolean;

/** The URL plugin-pwa registers: a different one would install the worker again. */
export function serviceWorkerUrl(offlineMode: boolean, debug: boolean, workerUrl: string): string {
  return `${workerUrl}?params=${encodeURIComponent(JSON.stringify({ offlineMode, debug }))}`;
}

/**
 * Calls `onWaiting` once, as soon as a worker of `registration` waits behind an active one: now,
 * when the worker installing now has installed, or when a later update has. (A first install
 * passes through `waiting` too, for a moment, with no active worker: that is no update.)
 */
export function whenWorkerWaits(
  registration: ServiceWorkerRegistration,
  onWaiting: () => void,
): void {
  let called = false;
  const check = () => {
    if (called || !registration.waiting || !registration.active) return;
    called = true;
    onWaiting();
  };
  const watch = (worker: ServiceWorker | null) => worker?.addEventListener('statechange', check);
  check();
  if (called) return;
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
}

const runPluginRegistration = () =>
  import(/* webpackChunkName: "pwa-update" */ '@docusaurus/plugin-pwa/lib/registerSw.js');

async function register(): Promise<void> {
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  }
  const registration = await navigator.serviceWorker.register(
    serviceWorkerUrl(true, DEBUG, WORKER_URL),
  );
  whenWorkerWaits(registration, () => void runPluginRegistration());
}

if (ExecutionEnvironment.canUseDOM && 'serviceWorker' in navigator) {
  if (STRATEGIES.length === 1 && STRATEGIES[0] === 'always') {
    register().catch((error: unknown) => console.error('registerSW failed', error));
  } else {
    void runPluginRegistration();
  }
}
