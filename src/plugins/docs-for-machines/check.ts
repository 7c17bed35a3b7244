/**
 * check:patches for docs-for-machines (src/plugins/patchCheck.ts): plugin-pwa still hands its
 * `injectManifestConfig` (and so `precacheMachineDocs`, which adds the pages' Markdown and the
 * llms.txt files) to workbox's injectManifest in its postBuild.
 */
import type { PatchCheck } from '../patchCheck';
import { expectThat } from '../patchCheck';
import { pwaPrecacheConfig } from './index';

const PWA = '@docusaurus/plugin-pwa/lib/index.js';
const TRANSFORM = 'workbox-build/build/lib/transform-manifest.js';

const check: PatchCheck = {
  plugin: 'docs-for-machines',
  anchors: [
    { file: PWA, find: 'await (0, workbox_build_1.injectManifest)({' },
    { file: PWA, find: '...injectManifestConfig,' },
    // workbox applies the transforms it is given.
    { file: TRANSFORM, find: 'transformsToApply.push(...manifestTransforms);' },
  ],
  run() {
    expectThat(
      (pwaPrecacheConfig.manifestTransforms ?? []).length > 0,
      'the precache configuration has no manifest transform',
    );
  },
};

export default check;
