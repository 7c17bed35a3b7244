/**
 * The lean route prefetch of src/clientModules/idlePrefetch.ts, without the browser: core's
 * `prefetch` (`@docusaurus/core/lib/client/docusaurus.js`) with its chunk names indexed once and
 * each chunk file prefetched once, never one the page already has. Pure, so check:patches
 * (src/plugins/idle-prefetch/check.ts) and the unit tests run it in Node.
 */
export interface RouteEntry {
  path?: string;
  exact?: boolean;
  routes?: RouteEntry[];
}

/** Every chunk name of a route's entry in `routesChunkNames` (a tree of names), in order. */
function chunkNamesOfTree(tree: unknown, out: string[]): string[] {
  if (typeof tree === 'string') out.push(tree);
  else if (tree && typeof tree === 'object') {
    for (const value of Object.values(tree)) chunkNamesOfTree(value, out);
  }
  return out;
}

/**
 * `routesChunkNames` indexed by route path: its keys are a path and a hash (`/docs/intro-abc`),
 * and core matched every key against each route's path for each prefetch.
 */
export function indexChunkNames(chunkNames: Record<string, unknown>): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const [key, tree] of Object.entries(chunkNames)) {
    const path = key.replace(/-[^-]+$/, '');
    byPath.set(path, chunkNamesOfTree(tree, byPath.get(path) ?? []));
  }
  return byPath;
}

/** The routes a path renders, outermost first: react-router-config's `matchRoutes`, as core's. */
export function matchedRoutes(
  routeList: RouteEntry[],
  pathname: string,
  match: (pathname: string, route: RouteEntry) => unknown,
  branch: RouteEntry[] = [],
): RouteEntry[] {
  for (const route of routeList) {
    const matched = route.path ? match(pathname, route) : true;
    if (!matched) continue;
    branch.push(route);
    if (route.routes) matchedRoutes(route.routes, pathname, match, branch);
    break;
  }
  return branch;
}

/**
 * A route's prefetch: each chunk it needs that the page does not have yet, once. Returns how
 * many `<link>`s it added.
 */
export function createChunkPrefetch(deps: {
  chunkNamesOf: (routePath: string) => string[];
  /** The chunk's file (webpack's `__webpack_require__.gca`), undefined when merged away. */
  assetUrl: (chunkName: string) => string | undefined;
  /** A script of the page has this file. */
  loaded: (url: string) => boolean;
  append: (url: string) => void;
}): (routePath: string) => number {
  const prefetched = new Set<string>();
  return (routePath) => {
    let added = 0;
    for (const name of deps.chunkNamesOf(routePath)) {
      const url = deps.assetUrl(name);
      // A chunk webpack merged into another has no file of its own ("…undefined…").
      if (!url || url.includes('undefined') || prefetched.has(url)) continue;
      prefetched.add(url);
      if (deps.loaded(url)) continue;
      deps.append(url);
      added += 1;
    }
    return added;
  };
}
