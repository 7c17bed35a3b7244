/**
 * `npm run bench:bundle` builds with BUNDLE_SOURCEMAPS=1: hidden source maps for the client
 * bundle, so the benchmark can say which source files each page's JavaScript is made of. Without
 * the variable this plugin changes nothing.
 */
import type { Plugin } from '@docusaurus/types';

export default function bundleSourceMaps(): Plugin {
  return {
    name: 'bundle-source-maps',
    configureWebpack: (_config, isServer) =>
      isServer || process.env.BUNDLE_SOURCEMAPS !== '1' ? {} : { devtool: 'hidden-source-map' },
  };
}
