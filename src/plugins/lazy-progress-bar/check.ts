/**
 * check:patches for lazy-progress-bar (src/plugins/patchCheck.ts): the theme still registers
 * lib/nprogress.js as a client module and it is still the 200 ms nprogress bar that
 * src/clientModules/progressBar.ts reproduces; the rule empties exactly that file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PatchCheck } from '../patchCheck';
import { applyLoader, expectThat, loaderFor } from '../patchCheck';
import lazyProgressBar from './index';

export const THEME_NPROGRESS = '@docusaurus/theme-classic/lib/nprogress.js';
const THEME_INDEX = '@docusaurus/theme-classic/lib/index.js';
const OURS = path.resolve(__dirname, '../../clientModules/progressBar.ts');

const check: PatchCheck = {
  plugin: 'lazy-progress-bar',
  anchors: [
    { file: THEME_INDEX, find: "'./nprogress'," },
    { file: THEME_NPROGRESS, find: "import nprogress from 'nprogress';" },
    // progressBar.ts imports the same stylesheet and repeats the settings and the delay.
    { file: THEME_NPROGRESS, find: "import './nprogress.css';" },
    { file: THEME_NPROGRESS, find: 'nprogress.configure({ showSpinner: false });' },
    { file: THEME_NPROGRESS, find: 'const delay = 200;' },
    { file: '@docusaurus/theme-classic/lib/nprogress.css', find: '#nprogress', count: 'some' },
    // progressBar.ts draws the bar without role="bar", so it sets the selector nprogress uses.
    { file: 'nprogress/nprogress.js', find: `barSelector: '[role="bar"]',` },
  ],
  run(ctx) {
    const out = applyLoader(
      loaderFor(lazyProgressBar(), false, THEME_NPROGRESS, ctx),
      THEME_NPROGRESS,
      ctx,
    );
    expectThat(out.trim() === 'export {};', 'the theme module is not emptied');
    expectThat(
      readFileSync(OURS, 'utf8').includes('PROGRESS_BAR_DELAY_MS = 200;'),
      "src/clientModules/progressBar.ts no longer uses the theme's 200 ms delay",
    );
  },
};

export default check;
