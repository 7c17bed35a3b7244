/**
 * The framework patches `npm run bench:patches` turns off one at a time, to measure what each
 * still saves: SITE_PATCHES_OFF=<name>[,<name>…] builds the site without them. A benchmark
 * setting only; a production build leaves it unset.
 */
export const SWITCHABLE_PATCHES = [
  'prism-languages',
  'shallow-memo-compare',
  'search-a11y',
  // deferred-components' server-render patch of core's renderToHtml.js (render-loader.cjs).
  'core-render',
  'lazy-progress-bar',
  'lean-sidebar-links',
  'client-generated-trim',
  'utils-common-esm',
  'route-chunk-manifest',
  'docs-chunk',
  'route-styles',
  // src/clientModules/idlePrefetch.ts's lean prefetch (off: core's prefetch, still at idle).
  'idle-prefetch',
] as const;

export type SwitchablePatch = (typeof SWITCHABLE_PATCHES)[number];

/** The patches SITE_PATCHES_OFF names; an unknown name stops the build. */
export function patchesOff(value: string | undefined): ReadonlySet<SwitchablePatch> {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names)
    if (!(SWITCHABLE_PATCHES as readonly string[]).includes(name))
      throw new Error(
        `SITE_PATCHES_OFF: unknown patch "${name}" (one of ${SWITCHABLE_PATCHES.join(', ')})`,
      );
  return new Set(names as SwitchablePatch[]);
}
