/**
 * check:patches for shallow-memo-compare (src/plugins/patchCheck.ts): the installed theme-common
 * still sorts `useShallowMemoObject`'s keys with the one `localeCompare` line the loader swaps.
 */
import { createRequire } from 'node:module';
import type { PatchCheck } from '../patchCheck';
import { applyLoader, expectThat, loaderFor } from '../patchCheck';
import shallowMemoCompare from './index';

const require = createRequire(__filename);
const { ORIGINAL } = require('./loader.cjs') as { ORIGINAL: string };

export const REACT_UTILS = '@docusaurus/theme-common/lib/utils/reactUtils.js';

const check: PatchCheck = {
  plugin: 'shallow-memo-compare',
  anchors: [
    { file: REACT_UTILS, find: ORIGINAL },
    { file: REACT_UTILS, find: 'export function useShallowMemoObject(' },
  ],
  run(ctx) {
    const out = applyLoader(
      loaderFor(shallowMemoCompare(), false, REACT_UTILS, ctx),
      REACT_UTILS,
      ctx,
    );
    expectThat(!out.includes('localeCompare'), 'a localeCompare is left in reactUtils.js');
  },
};

export default check;
