/**
 * theme-classic's route-change progress bar client module is emptied: src/clientModules/progressBar.ts
 * does the same and loads nprogress only when a page change starts (see README.md).
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export default function lazyProgressBar(): Plugin {
  return {
    name: 'lazy-progress-bar',
    configureWebpack: () => ({
      module: {
        rules: [
          {
            test: /@docusaurus[\\/]theme-classic[\\/]lib[\\/]nprogress\.js$/,
            use: [{ loader: path.resolve(__dirname, '../prism-languages/empty-module.cjs') }],
          },
        ],
      },
    }),
  };
}
