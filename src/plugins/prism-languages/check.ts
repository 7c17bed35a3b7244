/**
 * check:patches for prism-languages (src/plugins/patchCheck.ts): the loader cuts the installed
 * prism-react-renderer bundle at its section markers, and the theme still imports that bundle from
 * the client module this plugin empties.
 */
import { createRequire } from 'node:module';
import type { PatchCheck } from '../patchCheck';
import { applyLoader, expectThat, loaderFor } from '../patchCheck';
import prismLanguages from './index';

const require = createRequire(__filename);
const { SECTIONS } = require('./loader.cjs') as {
  SECTIONS: { LANGUAGES_START: string; THEMES_START: string; INDEX_START: string };
};

export const BUNDLE = 'prism-react-renderer/dist/index.mjs';
export const THEME_CLIENT_MODULE = '@docusaurus/theme-classic/lib/prism-include-languages.js';
const THEME_INDEX = '@docusaurus/theme-classic/lib/index.js';

const check: PatchCheck = {
  plugin: 'prism-languages',
  anchors: [
    { file: BUNDLE, find: SECTIONS.LANGUAGES_START },
    { file: BUNDLE, find: SECTIONS.THEMES_START },
    { file: BUNDLE, find: SECTIONS.INDEX_START, count: 'some' },
    // The theme registers its client module, which imports the whole bundle on every page.
    { file: THEME_INDEX, find: "'./prism-include-languages'," },
    { file: THEME_CLIENT_MODULE, find: "import { Prism } from 'prism-react-renderer';" },
  ],
  run(ctx) {
    const plugin = prismLanguages();
    const cut = applyLoader(loaderFor(plugin, false, BUNDLE, ctx), BUNDLE, ctx);
    expectThat(!cut.includes('Prism.languages.markup ='), 'the bundled languages are still there');
    expectThat(!cut.includes('// src/themes/dracula.ts'), 'the bundled themes are still there');
    expectThat(
      /export \{[^}]*Highlight2? as Highlight[^}]*\bPrism\b[^}]*\buseTokenize\b/.test(cut),
      'the cut bundle no longer exports Highlight, Prism and useTokenize',
    );
    expectThat(
      cut.length < ctx.read(BUNDLE).length / 2,
      'the cut bundle is not even half the size of the original',
    );
    const emptied = applyLoader(
      loaderFor(plugin, false, THEME_CLIENT_MODULE, ctx),
      THEME_CLIENT_MODULE,
      ctx,
    );
    expectThat(emptied.trim() === 'export {};', 'the theme client module is not emptied');
  },
};

export default check;
