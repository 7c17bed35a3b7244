/**
 * Browser bundles carry only the Prism languages listed in `prism.additionalLanguages`: the loader
 * cuts prism-react-renderer's ~50 bundled languages and its themes out of the client bundle (see
 * README.md and loader.cjs).
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
        ],
      },
    }),
  };
}
