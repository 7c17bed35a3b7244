/**
 * The stylesheets of src/pages/ (the home, pricing, sign-in, account and other standalone pages)
 * leave the one global stylesheet: each stays with its page's chunk, loaded with that page (see
 * README.md). Client build only; the server build emits no CSS.
 */
import type { Plugin } from '@docusaurus/types';

/** What stays in Docusaurus's global `styles` chunk: every stylesheet but those of src/pages/. */
export const GLOBAL_STYLES = /^(?![\s\S]*[\\/]src[\\/]pages[\\/])/;

export default function routeStyles(): Plugin {
  return {
    name: 'route-styles',
    configureWebpack: (_config, isServer) =>
      isServer
        ? {}
        : { optimization: { splitChunks: { cacheGroups: { styles: { test: GLOBAL_STYLES } } } } },
  };
}
