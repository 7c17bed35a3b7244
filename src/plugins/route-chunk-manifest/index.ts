/**
 * Each page's HTML lists its route chunks beside main.js (Docusaurus lists only main.js with
 * Rspack): production client builds only (see README.md and plugin.cjs).
 */
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { RouteChunkManifestPlugin } = require('./plugin.cjs');

export default function routeChunkManifest(context: LoadContext): Plugin {
  return {
    name: 'route-chunk-manifest',
    configureWebpack: (_config, isServer) =>
      isServer || process.env.NODE_ENV !== 'production'
        ? {}
        : {
            plugins: [
              new RouteChunkManifestPlugin({
                manifestPath: path.join(context.generatedFilesDir, 'client-manifest.json'),
                registryPath: path.join(context.generatedFilesDir, 'registry.js'),
              }),
            ],
          },
  };
}
