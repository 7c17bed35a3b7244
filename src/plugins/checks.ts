/**
 * Every check `npm run check:patches` runs (one per plugin that depends on framework or vendor
 * internals; see patchCheck.ts and each plugin's check.ts).
 */
import clientGeneratedTrim from './client-generated-trim/check';
import deferredComponents from './deferred-components/check';
import docsChunk from './docs-chunk/check';
import docsForMachines from './docs-for-machines/check';
import idlePrefetch from './idle-prefetch/check';
import lazyProgressBar from './lazy-progress-bar/check';
import leanSidebarLinks from './lean-sidebar-links/check';
import type { PatchCheck } from './patchCheck';
import { PatchCheckError, createContext, runCheck } from './patchCheck';
import prismLanguages from './prism-languages/check';
import routeChunkManifest from './route-chunk-manifest/check';
import routeStyles from './route-styles/check';
import searchA11y from './search-a11y/check';
import securityHeaders from './security-headers/check';
import shallowMemoCompare from './shallow-memo-compare/check';
import utilsCommonEsm from './utils-common-esm/check';

export const PATCH_CHECKS: readonly PatchCheck[] = [
  prismLanguages,
  shallowMemoCompare,
  searchA11y,
  deferredComponents,
  lazyProgressBar,
  leanSidebarLinks,
  clientGeneratedTrim,
  utilsCommonEsm,
  routeChunkManifest,
  docsChunk,
  routeStyles,
  securityHeaders,
  docsForMachines,
  idlePrefetch,
];

export interface CheckResult {
  plugin: string;
  /** The installed files the check read. */
  files: string[];
  error?: string;
}

/**
 * Runs the checks against the packages installed in `modulesDir` (files under `overlayDir` taking
 * the place of the installed ones: see createContext); never throws.
 */
export async function runPatchChecks(
  modulesDir: string,
  options: { overlayDir?: string; checks?: readonly PatchCheck[] } = {},
): Promise<CheckResult[]> {
  const ctx = createContext(modulesDir, options.overlayDir);
  const checks = options.checks ?? PATCH_CHECKS;
  const results: CheckResult[] = [];
  for (const check of checks) {
    const files = [...new Set(check.anchors.map((anchor) => anchor.file))];
    try {
      await runCheck(check, ctx);
      results.push({ plugin: check.plugin, files });
    } catch (error) {
      const message =
        error instanceof PatchCheckError ? error.message : `${check.plugin}: ${String(error)}`;
      results.push({ plugin: check.plugin, files, error: message });
    }
  }
  return results;
}
