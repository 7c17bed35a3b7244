/**
 * check:patches for post-hydration-transitions (src/plugins/patchCheck.ts): the installed
 * useWindowSize still makes its first reading in an effect, with the lines the loader rewrites.
 */
import { createRequire } from 'node:module';
import type { PatchCheck } from '../patchCheck';
import { applyLoader, configureWebpack, expectThat, loaderFor } from '../patchCheck';
import postHydrationTransitions from './index';

const require = createRequire(__filename);
const { PATCHES } = require('./loader.cjs') as {
  PATCHES: Record<string, { importFrom: string; from: string; to: string }>;
};

export const USE_WINDOW_SIZE = '@docusaurus/theme-common/lib/hooks/useWindowSize.js';
const patch = PATCHES['useWindowSize.js']!;

const check: PatchCheck = {
  plugin: 'post-hydration-transitions',
  anchors: [
    { file: USE_WINDOW_SIZE, find: patch.importFrom },
    { file: USE_WINDOW_SIZE, find: patch.from },
    // The resize listener stays urgent: it must still be there, unchanged.
    { file: USE_WINDOW_SIZE, find: "window.addEventListener('resize', updateWindowSize);" },
  ],
  run(ctx) {
    const plugin = postHydrationTransitions();
    const out = applyLoader(loaderFor(plugin, false, USE_WINDOW_SIZE, ctx), USE_WINDOW_SIZE, ctx);
    expectThat(out.includes(patch.to), 'the first reading is not a transition');
    expectThat(!configureWebpack(plugin, true).module, 'the server build is patched too');
  },
};

export default check;
