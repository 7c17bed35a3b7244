/**
 * The client build gets src/deferred/components.client.ts where the site imports
 * src/deferred/components.ts: the server renders the deferred components statically, the browser
 * loads them lazily (see src/deferred/index.tsx and README.md). The server build's page render
 * writes every Suspense boundary in place (render-loader.cjs).
 */
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

export interface Options {
  /** The server render writes every Suspense boundary in place (default; render-loader.cjs). */
  renderInPlace?: boolean;
}

export default function deferredComponents(
  _context?: LoadContext,
  { renderInPlace = true }: Options = {},
): Plugin {
  return {
    name: 'deferred-components',
    configureWebpack: (_config, isServer) =>
      isServer
        ? renderInPlace
          ? {
              module: {
                rules: [
                  {
                    // The page render: boundaries written in place (render-loader.cjs).
                    test: /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]renderToHtml\.js$/,
                    use: [{ loader: path.resolve(__dirname, 'render-loader.cjs') }],
                  },
                ],
              },
            }
          : {}
        : {
            module: {
              rules: [
                {
                  test: /[\\/]src[\\/]deferred[\\/]components\.ts$/,
                  use: [{ loader: path.resolve(__dirname, 'loader.cjs') }],
                },
              ],
            },
          },
  };
}
