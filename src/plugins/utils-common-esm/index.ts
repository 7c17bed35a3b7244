/**
 * The browser build resolves `@docusaurus/utils-common` to ./browser.ts (see README.md): the
 * package's CommonJS index requires tslib whole (3.2 KB gzip in every page's main chunk) for one
 * `__importDefault`.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export default function utilsCommonEsm(): Plugin {
  return {
    name: 'utils-common-esm',
    configureWebpack: (_config, isServer) =>
      isServer
        ? {}
        : {
            resolve: {
              alias: { '@docusaurus/utils-common$': path.resolve(__dirname, 'browser.ts') },
            },
          },
  };
}
