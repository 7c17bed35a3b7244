/**
 * The browser build's copies of .docusaurus/docusaurus.config.mjs, site-metadata.json and
 * registry.js lose what only the Node side reads (loader.cjs, trim.cjs; see README.md). The
 * server build keeps them whole.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export default function clientGeneratedTrim(): Plugin {
  return {
    name: 'client-generated-trim',
    configureWebpack: (_config, isServer) =>
      isServer
        ? {}
        : {
            module: {
              rules: [
                {
                  test: /[\\/]\.docusaurus[\\/](docusaurus\.config\.mjs|site-metadata\.json|registry\.js)$/,
                  use: [{ loader: path.resolve(__dirname, 'loader.cjs') }],
                },
              ],
            },
          },
  };
}
