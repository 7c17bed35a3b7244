/**
 * Webpack/Rspack loader for two Docusaurus files (see README.md): the two state updates every page
 * makes right after hydration become React transitions.
 *
 * - @docusaurus/core's browserContext.js sets "is browser" to true in an effect;
 * - @docusaurus/theme-common's useWindowSize.js sets the window size ('ssr' → 'mobile' or
 *   'desktop') in an effect, for each of its users (navbar, docs sidebar, table of contents).
 *
 * Made in an effect, each is a default-priority update that React renders in one uninterrupted
 * task; on a phone, the window size swaps the docs sidebar and table of contents for their mobile
 * versions, and the whole navbar renders again: one 200–300 ms task (CPU ×4) right after the page
 * becomes visible. As transitions, React renders the same updates in slices of a few
 * milliseconds and lets input through between them. What renders, and the result, are unchanged.
 *
 * If a new Docusaurus changes either line, the build fails here: check whether the update still
 * happens after hydration and update this loader.
 */
'use strict';

const path = require('node:path');

const PATCHES = {
  'browserContext.js': {
    importFrom: "import React, { useEffect, useState } from 'react';",
    importTo: "import React, { startTransition, useEffect, useState } from 'react';",
    from: '        setIsBrowser(true);\n',
    to: '        startTransition(() => setIsBrowser(true));\n',
  },
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
