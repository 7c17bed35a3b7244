/**
 * `useShallowMemoObject` (theme-common) without its first-render ICU collator start-up: the loader
 * swaps one `localeCompare` for a code-unit comparison (see README.md and loader.cjs).
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export default function shallowMemoCompare(): Plugin {
  return {
    name: 'shallow-memo-compare',
    configureWebpack: () => ({
      module: {
        rules: [
          {
            test: /@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]reactUtils\.js$/,
            use: [{ loader: path.resolve(__dirname, 'loader.cjs') }],
          },
        ],
      },
    }),
  };
}
