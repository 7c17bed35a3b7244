/**
 * Route prefetching in idle time. Docusaurus prefetches the chunks of every
 * internal link that enters the viewport (navbar dropdowns and the docs
 * sidebar included: dozens of routes), all in the first frames after
 * hydration, as one long main-thread task that delays interactivity. This
 * module keeps the behaviour but spreads it: prefetches wait for the page's
 * `load` event and then run a few at a time (MAX_PREFETCHES_PER_IDLE, and no
 * more than TASK_BUDGET_MS of work) in idle callbacks. Readers who ask to save data (Save-Data) get no speculative
 * prefetch at all; hovering a link still preloads its route, as before.
 *
 * Nor does a page that the service worker controls: its precache holds every chunk of the site,
 * so a prefetch would only copy chunks from one local cache to another, at 2–6 ms of main-thread
 * work per docs route (route matching, a `<link>` for each of about 14 chunks) on every page view.
 *
 * And the prefetch itself is leaner than core's (`@docusaurus/core/lib/client/docusaurus.js`,
 * whose data and runtime function it reads, so `check:patches` checks them): core walks every
 * route's chunk names for each matched route of each link (1–3 ms a route on this site) and adds
 * a `<link rel="prefetch">` for every chunk of the route, even one the page has loaded as a
 * script or another route already prefetched (the object-detection page's linked routes share
 * their layout's chunks: 19 prefetches, 6 of them scripts it had run; now 13). Here the chunk
 * names are indexed once, and a chunk is prefetched once, and never when a script of the page
 * has it.
 */
import { matchPath } from '@docusaurus/router';
import siteConfig from '@generated/docusaurus.config';
import routes from '@generated/routes';
import routesChunkNames from '@generated/routesChunkNames';
import {
  createChunkPrefetch,
  indexChunkNames,
  matchedRoutes,
  type RouteEntry,
} from '@site/src/browser/chunkPrefetch';
import { runWhenIdle } from '@site/src/browser/idle';

interface DocusaurusGlobal {
  prefetch: (routePath: string) => unknown;
  preload: (routePath: string) => unknown;
}

type IdleCallback = (deadline: { timeRemaining: () => number }) => void;

/** Webpack's runtime; core's ChunkAssetPlugin adds `gca` (a chunk name's file URL). */
declare const __webpack_require__: { gca: (chunkName: string) => string | undefined };

/** Leaves this much of an idle period unused (ms). */
const IDLE_MARGIN_MS = 4;
/**
 * At most this many routes per idle period. One prefetch costs 1–3 ms (route matching, one
 * `<link rel="prefetch">` per chunk); a full 50 ms idle period spent on them overran into a
 * long task that counted against interactivity.
 */
export const MAX_PREFETCHES_PER_IDLE = 4;
/**
 * And at most this much work per idle period (ms). A route costs more than it seems: measured in
 * Chromium, 10–15 ms each on a docs page (route matching, then appending one `<link>` per chunk),
 * so four in one idle period made a 50–60 ms task. A new route starts only while the period has
 * spent less than this.
 */
export const TASK_BUDGET_MS = 12;

export function createIdlePrefetch(
  real: DocusaurusGlobal,
  options: {
    whenIdle: (callback: IdleCallback) => void;
    saveData: () => boolean;
    /** A service worker controls the page (its precache holds every chunk). */
    precached: () => boolean;
    afterLoad: (callback: () => void) => void;
    now?: () => number;
  },
): DocusaurusGlobal {
  const queue: string[] = [];
  const queued = new Set<string>();
  let scheduled = false;
  let loaded = false;

  const now = options.now ?? (() => performance.now());
  const drain: IdleCallback = (deadline) => {
    scheduled = false;
    const start = now();
    let done = 0;
    while (
      queue.length > 0 &&
      done < MAX_PREFETCHES_PER_IDLE &&
      deadline.timeRemaining() > IDLE_MARGIN_MS &&
      now() - start < TASK_BUDGET_MS
    ) {
      real.prefetch(queue.shift()!);
      done += 1;
    }
    if (queue.length > 0) schedule();
  };
  function schedule(): void {
    if (scheduled || !loaded) return;
    scheduled = true;
    options.whenIdle(drain);
  }
  options.afterLoad(() => {
    loaded = true;
    schedule();
  });

  return Object.freeze({
    preload: real.preload,
    prefetch(routePath: string) {
      if (options.saveData() || options.precached() || queued.has(routePath)) return false;
      queued.add(routePath);
      queue.push(routePath);
      schedule();
      return true;
    },
  });
}

// The server render imports client modules too: only the browser has a window to wrap.
if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  const whenIdle = (callback: IdleCallback) => void runWhenIdle(callback);
  const saveData = () =>
    Boolean(
      (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData,
    );
  const precached = () => Boolean(navigator.serviceWorker?.controller);
  const afterLoad = (callback: () => void) => {
    if (document.readyState === 'complete') setTimeout(callback, 0);
    else window.addEventListener('load', () => setTimeout(callback, 0), { once: true });
  };
  let index: Map<string, string[]> | undefined;
  const chunkPrefetch = createChunkPrefetch({
    chunkNamesOf: (routePath) => {
      index ??= indexChunkNames(routesChunkNames as Record<string, unknown>);
      return matchedRoutes(routes as RouteEntry[], routePath, (pathname, route) =>
        matchPath(pathname, route),
      ).flatMap((route) => index!.get(route.path ?? '') ?? []);
    },
    assetUrl: (chunkName) => __webpack_require__.gca(chunkName),
    // The page's own scripts, and chunks webpack loaded since (it removes their script tags).
    loaded: (url) =>
      document.querySelector(`script[src="${CSS.escape(url)}"]`) !== null ||
      performance
        .getEntriesByName(new URL(url, location.href).href)
        .some((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script'),
    append: (url) => {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = url;
      document.head.appendChild(link);
    },
  });
  // Docusaurus assigns window.docusaurus just before hydrating: wrap what it assigns.
  let current: DocusaurusGlobal | undefined;
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    get: () => current,
    set: (value: DocusaurusGlobal) => {
      // bench:patches builds a site with core's prefetch (src/plugins/patchSwitches.ts).
      if (siteConfig.customFields?.corePrefetch === true) {
        current = createIdlePrefetch(value, { whenIdle, saveData, precached, afterLoad });
        return;
      }
      const lean: DocusaurusGlobal = {
        preload: value.preload,
        prefetch: (routePath) => {
          // Core's own guard: nothing on a slow or data-saving connection.
          const connection = (navigator as Navigator & { connection?: { effectiveType?: string } })
            .connection;
          if (connection?.effectiveType?.includes('2g')) return false;
          return chunkPrefetch(routePath) > 0;
        },
      };
      current = createIdlePrefetch(lean, { whenIdle, saveData, precached, afterLoad });
    },
  });
}
