/**
 * Webpack/Rspack loader that replaces a module by an empty one. Used for the theme's
 * prism-include-languages client module: src/prism registers the languages where code is
 * highlighted instead of in the main chunk of every page (see README.md).
 */
'use strict';

module.exports = function emptyModule() {
  return 'export {};\n';
};
