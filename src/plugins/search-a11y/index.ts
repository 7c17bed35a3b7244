/**
 * Accessibility fixes inside the local search's browser files (the search bar, the results page
 * and autocomplete.js): a loader changes a few lines of each (see README.md and loader.cjs).
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export default function searchA11y(): Plugin {
  return {
    name: 'search-a11y',
    configureWebpack: () => ({
      module: {
        rules: [
          {
            test: /(docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/](SearchBar[\\/]SearchBar|SearchPage[\\/]SearchPage)\.jsx|@easyops-cn[\\/]autocomplete\.js[\\/]src[\\/]autocomplete[\\/](typeahead|dataset)\.js)$/,
            use: [{ loader: path.resolve(__dirname, 'loader.cjs') }],
          },
        ],
      },
    }),
  };
}
