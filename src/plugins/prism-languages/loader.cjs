/**
 * Webpack/Rspack loader for prism-react-renderer's bundle (dist/index.mjs).
 *
 * That bundle registers about fifty Prism languages and twenty colour themes when it is first
 * evaluated: ~20 KB gzip and 60–150 ms of main-thread work on every page of the site, since the
 * theme's prism-include-languages client module imports it into the main chunk. The site
 * highlights only a few languages (the `prism.additionalLanguages` of docusaurus.config.ts,
 * registered from `prismjs/components` by the theme) and reads its code theme at build time, so
 * this loader cuts the bundled languages and themes out of the browser bundle. Everything else
 * (the Prism core, Highlight, normalizeTokens, useTokenize) is untouched.
 *
 * If a new prism-react-renderer changes the bundle's layout, the markers are missing and the build
 * fails here, loudly, rather than shipping a half-cut file.
 */
'use strict';

const LANGUAGES_START = '// src/prism-langs.ts\nvar Prism = __toESM(require_prism());\n';
const THEMES_START = '// src/themes/index.ts\n';
const INDEX_START = '// src/index.ts\n';

module.exports = function prismLanguagesLoader(source) {
  const languages = source.indexOf(LANGUAGES_START);
  const themes = source.indexOf(THEMES_START);
  const index = source.indexOf(INDEX_START, themes);
  if (languages < 0 || themes < languages || index < themes) {
    throw new Error(
      'prism-languages-loader: prism-react-renderer/dist/index.mjs no longer has the expected ' +
        'sections (prism-langs, themes, index); update src/plugins/prism-languages/loader.cjs.',
    );
  }
  return (
    source.slice(0, languages + LANGUAGES_START.length) +
    '// (bundled languages removed: the site registers its own from prismjs/components)\n\n' +
    '// (bundled themes removed: the site reads its code theme at build time)\n' +
    'var themes_exports = {};\n\n' +
    source.slice(index)
  );
};
module.exports.SECTIONS = { LANGUAGES_START, THEMES_START, INDEX_START };
