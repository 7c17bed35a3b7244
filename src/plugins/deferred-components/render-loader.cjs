/**
 * Webpack/Rspack loader for @docusaurus/core's renderToHtml.js (the server build's page render).
 *
 * React 19 "outlines" a completed Suspense boundary once the page has passed its
 * progressiveChunkSize (12,800 bytes by default): the static HTML then holds the boundary's
 * fallback, and its content in a hidden <div> that an inline script moves into place. A static
 * page is written once and in full, so this render asks for no outlining at all
 * (progressiveChunkSize: Infinity): every boundary (the deferred components of src/deferred)
 * is written in place, as if it had none.
 *
 * Fails the build when the call it patches is no longer there.
 */
'use strict';

const CALL = 'renderToPipeableStream(app, {';

module.exports = function renderWithoutOutlining(source) {
  if (source.split(CALL).length !== 2) {
    throw new Error(
      `deferred-components render-loader: ${this.resourcePath} no longer calls \`${CALL}\` once; ` +
        'see src/plugins/deferred-components/README.md.',
    );
  }
  return source.replace(CALL, `${CALL}\n            progressiveChunkSize: Infinity,`);
};
module.exports.CALL = CALL;
