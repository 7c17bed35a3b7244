import { describe, expect, it, vi } from 'vitest';
import { matchPath } from 'react-router';
import {
  createChunkPrefetch,
  indexChunkNames,
  matchedRoutes,
} from '@site/src/browser/chunkPrefetch';
import {
  createIdlePrefetch,
  MAX_PREFETCHES_PER_IDLE,
  TASK_BUDGET_MS,
} from '@site/src/clientModules/idlePrefetch';

function setup(options: { saveData?: boolean; precached?: boolean; costMs?: number } = {}) {
  let clock = 0;
  // Each prefetch takes costMs of (fake) main-thread time.
  const real = {
    prefetch: vi.fn((_path: string) => {
      clock += options.costMs ?? 1;
    }),
    preload: vi.fn(),
  };
  const idle: Array<(d: { timeRemaining: () => number }) => void> = [];
  let onLoad: () => void = () => undefined;
  const wrapped = createIdlePrefetch(real, {
    whenIdle: (cb) => idle.push(cb),
    saveData: () => Boolean(options.saveData),
    precached: () => Boolean(options.precached),
    afterLoad: (cb) => (onLoad = cb),
    now: () => clock,
  });
  /** Runs one idle period allowing `calls` prefetches. */
  const runIdle = (calls: number) => {
    let left = calls;
    const cb = idle.shift();
    cb?.({ timeRemaining: () => (left-- > 0 ? 10 : 0) });
  };
  return { real, wrapped, idle, runIdle, load: () => onLoad() };
}

describe('idle prefetch', () => {
  it('waits for the load event, then prefetches a few routes per idle period', () => {
    const { real, wrapped, idle, runIdle, load } = setup();
    ['/a/', '/b/', '/c/'].forEach((path) => wrapped.prefetch(path));
    expect(idle).toHaveLength(0);
    load();
    expect(idle).toHaveLength(1);
    runIdle(2);
    expect(real.prefetch.mock.calls.map(([p]) => p)).toEqual(['/a/', '/b/']);
    expect(idle).toHaveLength(1);
    runIdle(5);
    expect(real.prefetch.mock.calls.map(([p]) => p)).toEqual(['/a/', '/b/', '/c/']);
    expect(idle).toHaveLength(0);
  });

  it('keeps each idle period short: a few routes at most, however much time is left', () => {
    const { real, wrapped, idle, runIdle, load } = setup();
    const paths = Array.from({ length: MAX_PREFETCHES_PER_IDLE * 2 + 1 }, (_, i) => `/r${i}/`);
    paths.forEach((path) => wrapped.prefetch(path));
    load();
    runIdle(100);
    expect(real.prefetch).toHaveBeenCalledTimes(MAX_PREFETCHES_PER_IDLE);
    expect(idle).toHaveLength(1);
    runIdle(100);
    runIdle(100);
    expect(real.prefetch.mock.calls.map(([p]) => p)).toEqual(paths);
    expect(idle).toHaveLength(0);
  });

  it('stops starting routes once an idle period has spent its time budget', () => {
    const { real, wrapped, idle, runIdle, load } = setup({ costMs: TASK_BUDGET_MS / 2 + 1 });
    ['/a/', '/b/', '/c/'].forEach((path) => wrapped.prefetch(path));
    load();
    runIdle(100);
    expect(real.prefetch.mock.calls.map(([p]) => p)).toEqual(['/a/', '/b/']);
    expect(idle).toHaveLength(1);
    runIdle(100);
    expect(real.prefetch).toHaveBeenCalledTimes(3);
  });

  it('asks for each route once', () => {
    const { real, wrapped, runIdle, load } = setup();
    load();
    wrapped.prefetch('/a/');
    wrapped.prefetch('/a/');
    runIdle(5);
    expect(real.prefetch).toHaveBeenCalledTimes(1);
  });

  it('prefetches nothing when the reader asks to save data; hover preload is untouched', () => {
    const { real, wrapped, runIdle, load } = setup({ saveData: true });
    load();
    expect(wrapped.prefetch('/a/')).toBe(false);
    runIdle(5);
    expect(real.prefetch).not.toHaveBeenCalled();
    wrapped.preload('/a/');
    expect(real.preload).toHaveBeenCalledWith('/a/');
  });

  it('prefetches nothing when the service worker controls the page; hover preload is untouched', () => {
    const { real, wrapped, runIdle, load } = setup({ precached: true });
    load();
    expect(wrapped.prefetch('/a/')).toBe(false);
    runIdle(5);
    expect(real.prefetch).not.toHaveBeenCalled();
    wrapped.preload('/a/');
    expect(real.preload).toHaveBeenCalledWith('/a/');
  });
});

describe('the lean chunk prefetch (core prefetch, indexed and deduplicated)', () => {
  // As Docusaurus generates them: a docs root, a version, the docs list, leaf pages; a page.
  const routes = [
    { path: '/pricing/', exact: true },
    {
      path: '/dashboard',
      routes: [
        {
          path: '/dashboard',
          routes: [
            {
              path: '/dashboard',
              routes: [
                { path: '/dashboard/a/', exact: true },
                { path: '/dashboard/b/', exact: true },
              ],
            },
          ],
        },
      ],
    },
    { path: '*' },
  ];
  const chunkNames = {
    '/pricing/-9a1': { component: 'pricing' },
    '/dashboard-5e0': { component: 'docs-root' },
    '/dashboard-f1c': { component: 'docs-version', props: 'version-meta' },
    '/dashboard-2b2': { component: 'docs-list', sidebar: { nested: 'sidebar-data' } },
    '/dashboard/a/-c10': { component: 'doc-item', content: 'doc-a' },
    '/dashboard/b/-77e': { component: 'doc-item', content: 'doc-b' },
  };

  it('indexes the chunk names by route path once, the hash dropped, nested trees flattened', () => {
    const index = indexChunkNames(chunkNames);
    expect(index.get('/dashboard')).toEqual([
      'docs-root',
      'docs-version',
      'version-meta',
      'docs-list',
      'sidebar-data',
    ]);
    expect(index.get('/dashboard/a/')).toEqual(['doc-item', 'doc-a']);
  });

  it('matches the routes a path renders, outermost first, as react-router-config does', () => {
    const match = (pathname: string, route: { path?: string; exact?: boolean }) =>
      matchPath(pathname, route);
    expect(matchedRoutes(routes, '/dashboard/b/', match).map((r) => r.path)).toEqual([
      '/dashboard',
      '/dashboard',
      '/dashboard',
      '/dashboard/b/',
    ]);
    expect(matchedRoutes(routes, '/pricing/', match).map((r) => r.path)).toEqual(['/pricing/']);
    expect(matchedRoutes(routes, '/nowhere/', match).map((r) => r.path)).toEqual(['*']);
  });

  it('prefetches each file once, never one a script of the page has, nor a merged chunk', () => {
    const index = indexChunkNames(chunkNames);
    const match = (pathname: string, route: { path?: string; exact?: boolean }) =>
      matchPath(pathname, route);
    const appended: string[] = [];
    const prefetch = createChunkPrefetch({
      chunkNamesOf: (path) =>
        matchedRoutes(routes, path, match).flatMap((r) => index.get(r.path ?? '') ?? []),
      // One chunk was merged into another by webpack: no file of its own.
      assetUrl: (name) =>
        name === 'version-meta' ? '/assets/js/undefined.js' : `/assets/js/${name}.js`,
      // The page is /dashboard/a/: its layout's and its own scripts are loaded.
      loaded: (url) =>
        ['docs-root', 'docs-list', 'doc-item', 'doc-a'].some((n) => url === `/assets/js/${n}.js`),
      append: (url) => appended.push(url),
    });
    expect(prefetch('/dashboard/b/')).toBe(3);
    expect(appended).toEqual([
      '/assets/js/docs-version.js',
      '/assets/js/sidebar-data.js',
      '/assets/js/doc-b.js',
    ]);
    // Another route sharing every layout chunk adds nothing it has already prefetched.
    expect(prefetch('/dashboard/b/')).toBe(0);
    expect(prefetch('/pricing/')).toBe(1);
    expect(appended.at(-1)).toBe('/assets/js/pricing.js');
    expect(appended).toHaveLength(4);
  });
});
