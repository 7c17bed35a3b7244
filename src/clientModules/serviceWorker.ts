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
 *
 * When: installing the worker downloads its whole precache (every page, script and the search
 * index: about 6 MB, 230 files), and on a phone that download competed with the first page for
 * the CPU: a docs page did 30 % more main-thread work with the worker than without it (issue 36).
 * So a reader's first page view registers it only once that page has settled: after `load`, its
 * first idle period, FIRST_VIEW_DELAY_MS (15 s) more and another idle period, or at the reader's
 * next page change if that comes first. With 4 s the download still overlapped the first view's
 * late work (its idle prefetches, a phone's slower load): Lighthouse mobile measured the docs
 * page's main-thread work at 1.09–1.16× the bare site's, and 0.97–0.98× with 15 s (README). Every later page view (a worker already controls the page, or
 * this browser has seen the site before) registers it at the first idle period after `load`. The
 * offline copy is complete once the download after the first or second page view has finished.
 */
import type { ClientModule } from '@docusaurus/types';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { runWhenIdle } from '@site/src/browser/idle';

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

/** A first page view registers the worker this long after its first idle period (ms). */
export const FIRST_VIEW_DELAY_MS = 15_000;
/** Set once this browser has shown a page of the site: its later page views register at once. */
export const SEEN_KEY = 'visionapi:seen';

export interface SettleEnv {
  /** Resolves once the page's `load` event has fired. */
  loaded: () => Promise<void>;
  /** Resolves in the next idle period. */
  idle: () => Promise<void>;
  wait: (ms: number) => Promise<void>;
  /** The reader's first page view of the site (no worker controls it, none seen before). */
  firstView: boolean;
  /** Resolves at the reader's next page change. */
  pageChange: Promise<void>;
}

/** Resolves when the worker may be registered (see the module comment). */
export async function whenPageSettled(env: SettleEnv): Promise<void> {
  await env.loaded();
  await env.idle();
  if (!env.firstView) return;
  await Promise.race([env.wait(FIRST_VIEW_DELAY_MS).then(env.idle), env.pageChange]);
}

const runPluginRegistration = () =>
  import(/* webpackChunkName: "pwa-update" */ '@docusaurus/plugin-pwa/lib/registerSw.js');

let onPageChange: () => void = () => undefined;
const pageChange = new Promise<void>((resolve) => (onPageChange = resolve));

function seenBefore(): boolean {
  try {
    const seen = window.localStorage.getItem(SEEN_KEY) === '1';
    if (!seen) window.localStorage.setItem(SEEN_KEY, '1');
    return seen;
  } catch {
    return false;
  }
}

async function register(): Promise<void> {
  await whenPageSettled({
    loaded: () =>
      document.readyState === 'complete'
        ? Promise.resolve()
        : new Promise((resolve) =>
            window.addEventListener('load', () => resolve(), { once: true }),
          ),
    idle: () => new Promise((resolve) => runWhenIdle(() => resolve())),
    wait: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
    firstView: !navigator.serviceWorker.controller && !seenBefore(),
    pageChange,
  });
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

const serviceWorker: ClientModule = {
  onRouteDidUpdate({ location, previousLocation }) {
    if (previousLocation && location.pathname !== previousLocation.pathname) onPageChange();
  },
};

export default serviceWorker;
