/**
 * Webpack/Rspack loader for @docusaurus/theme-common's useWindowSize.js (see README.md): the first
 * reading of the window size ('ssr' → 'mobile' or 'desktop'), made in an effect right after
 * hydration for each of its users (navbar, docs sidebar, table of contents), becomes a React
 * transition.
 *
 * Made in an effect, it is a default-priority update that React renders in one uninterrupted
 * task; on a phone it swaps the docs sidebar and table of contents for their mobile versions and
 * the whole navbar renders again: one 150–250 ms task (CPU ×4) right after the page becomes
 * visible. As a transition, React renders the same update in slices of a few milliseconds and
 * lets input through between them. What renders, and the result, are unchanged.
 *
 * Docusaurus's "is browser" flag is left as it is: the local search's results page reads `?q=`
 * only once that flag is set, and loses the query if the router's own update comes first (it did
 * when the flag was a transition too).
 *
 * If a new Docusaurus changes the line, the build fails here: check whether the update still
 * happens after hydration and update this loader.
 */
'use strict';

const path = require('node:path');

const PATCHES = {
  'useWindowSize.js': {
    importFrom: "import { useEffect, useState } from 'react';",
    importTo: "import { startTransition, useEffect, useState } from 'react';",
    // The first reading only: a resize stays an urgent update.
    from: '        updateWindowSize();\n',
    to: '        startTransition(updateWindowSize);\n',
  },
};

function once(source, text, file) {
  const first = source.indexOf(text);
  if (first < 0 || source.indexOf(text, first + 1) >= 0) {
    throw new Error(
      `post-hydration-transitions-loader: ${file} no longer contains ${JSON.stringify(text)} ` +
        'exactly once; update src/plugins/post-hydration-transitions/loader.cjs.',
    );
  }
}

function patch(source, file) {
  const p = PATCHES[file];
  if (!p) throw new Error(`post-hydration-transitions-loader: unexpected file ${file}`);
  once(source, p.importFrom, file);
  once(source, p.from, file);
  return source.replace(p.importFrom, p.importTo).replace(p.from, p.to);
}

module.exports = function postHydrationTransitionsLoader(source) {
  return patch(source, path.basename(this.resourcePath));
};
module.exports.patch = patch;
module.exports.PATCHES = PATCHES;
