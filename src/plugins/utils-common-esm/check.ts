/**
 * check:patches for utils-common-esm (src/plugins/patchCheck.ts): the installed package's index
 * still requires tslib (the reason for the plugin), and browser.ts still offers exactly its exports,
 * each the same function, from the files it re-exports them from.
 */
import path from 'node:path';
import type { PatchCheck } from '../patchCheck';
import { configureWebpack, expectThat } from '../patchCheck';
import * as browser from './browser';
import utilsCommonEsm from './index';

const INDEX = '@docusaurus/utils-common/lib/index.js';

const check: PatchCheck = {
  plugin: 'utils-common-esm',
  anchors: [
    // What the plugin avoids: without it, nothing would be gained.
    { file: INDEX, find: 'const tslib_1 = require("tslib");' },
    { file: INDEX, find: 'tslib_1.__importDefault(applyTrailingSlash_1).default' },
  ],
  run(ctx) {
    const alias = (
      configureWebpack(utilsCommonEsm(), false) as { resolve: { alias: Record<string, string> } }
    ).resolve.alias['@docusaurus/utils-common$'];
    expectThat(alias === path.resolve(__dirname, 'browser.ts'), 'the alias is not browser.ts');
    const pkg = ctx.require('@docusaurus/utils-common') as Record<string, unknown>;
    const ours = browser as Record<string, unknown>;
    const names = (o: object) => Object.keys(o).sort().join(', ');
    expectThat(
      names(pkg) === names(ours),
      `the package exports ${names(pkg)}; browser.ts exports ${names(ours)}`,
    );
    for (const [name, value] of Object.entries(pkg)) {
      const same =
        typeof value === 'function'
          ? String(value) === String(ours[name])
          : JSON.stringify(value) === JSON.stringify(ours[name]);
      expectThat(same, `browser.ts's ${name} is not the package's`);
    }
  },
};

export default check;
