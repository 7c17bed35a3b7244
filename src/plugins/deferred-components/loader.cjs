/**
 * Webpack/Rspack loader for src/deferred/components.ts in the client build: its source becomes a
 * re-export of components.client.ts (no component), so the static imports that the server build
 * needs never reach a browser bundle. Used by ./index.ts for client builds only.
 */
'use strict';

module.exports = function clientComponents() {
  return "export { serverComponents } from './components.client';\n";
};
