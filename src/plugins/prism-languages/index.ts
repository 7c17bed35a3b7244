/**
 * Browser bundles carry only the Prism languages listed in `prism.additionalLanguages`: the loader
 * cuts prism-react-renderer's ~50 bundled languages and its themes out of the client bundle (see
 * README.md and loader.cjs). Those languages and Prism itself load only with the code that
 * highlights (src/prism): the theme's client module that registered them in the main chunk is
 * emptied (empty-module.cjs).
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export default function prismLanguages(): Plugin {
  return {
    name: 'prism-languages',
    configureWebpack: () => ({
      module: {
        rules: [
          {
            test: /prism-react-renderer[\\/]dist[\\/]index\.mjs$/,
            use: [{ loader: path.resolve(__dirname, 'loader.cjs') }],
          },
          {
            // The client module, not the swizzlable lib/theme/prism-include-languages.js that
            // src/prism calls.
            test: /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/,
            use: [{ loader: path.resolve(__dirname, 'empty-module.cjs') }],
          },
        ],
      },
    }),
  };
}
