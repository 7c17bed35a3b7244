/**
 * Rspack/webpack plugin for the client build: lets each page's HTML name its route chunks.
 *
 * Docusaurus writes `<script defer>` tags for the bundles its server render used, looking up the
 * rendered modules (`@site/docs/….mdx`, `@theme/DocItem`, …, as .docusaurus/registry.js names
 * them) in the client manifest. With webpack 5 and Rspack that manifest keys chunks by chunk name
 * only, so no lookup matches and every page ships only runtime~main and main: the browser learns
 * of the page's own chunks after main.js has downloaded and run, then fetches them (a second
 * round trip before hydration) and appends a `<script>` per chunk inside main.js's first task.
 *
 * After the manifest is written, this plugin adds each registry module path as a key with its
 * chunk's files, so the page HTML lists its route chunks next to main.js: they download in
 * parallel with it, and webpack's loader finds the tags already there. If the registry's format
 * changes and nothing can be mapped, the build fails here, loudly.
 */
'use strict';

const fs = require('node:fs');

const PLUGIN_NAME = 'RouteChunkManifestPlugin';
// "06edabc4": [() => import(/* webpackChunkName: "06edabc4" */ "@site/docs/x.mdx"), "@site/docs/x.mdx", …
const REGISTRY_ENTRY =
  /^[ \t]*"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "[^"]+" \*\/ "[^"]+"\), "([^"]+)"/gm;

/** Adds module-path keys to a react-loadable-ssr-addon manifest; returns how many it added. */
function addModuleOrigins(manifest, registrySource) {
  let added = 0;
  for (const [, chunkName, modulePath] of registrySource.matchAll(REGISTRY_ENTRY)) {
    const chunks = manifest.origins[chunkName];
    if (!chunks || manifest.origins[modulePath]) continue;
    manifest.origins[modulePath] = chunks;
    added += 1;
  }
  return added;
}

class RouteChunkManifestPlugin {
  /** @param {{ manifestPath: string, registryPath: string }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap(PLUGIN_NAME, () => {
      const { manifestPath, registryPath } = this.options;
      const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
      const added = addModuleOrigins(manifest, fs.readFileSync(registryPath, 'utf8'));
      if (added === 0) {
        throw new Error(
          `${PLUGIN_NAME}: no route module of ${registryPath} matched a chunk of ${manifestPath}; ` +
            'the registry or manifest format changed: update src/plugins/route-chunk-manifest/plugin.cjs.',
        );
      }
      fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
    });
  }
}

module.exports = { RouteChunkManifestPlugin, addModuleOrigins };
