/**
 * The first window-size reading, set right after hydration, becomes a React transition in the
 * browser build (loader.cjs; see README.md).
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export default function postHydrationTransitions(): Plugin {
  return {
    name: 'post-hydration-transitions',
    configureWebpack: (_config, isServer) =>
      isServer
        ? {}
        : {
            module: {
              rules: [
                {
                  test: /@docusaurus[\\/]theme-common[\\/]lib[\\/]hooks[\\/]useWindowSize\.js$/,
                  use: [{ loader: path.resolve(__dirname, 'loader.cjs') }],
                },
              ],
            },
          },
  };
}
