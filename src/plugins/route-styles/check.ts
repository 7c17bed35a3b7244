/**
 * check:patches for route-styles (src/plugins/patchCheck.ts): core still gathers the client
 * build's CSS into one `styles` split chunk, whose `test` this plugin sets, and the test keeps
 * every stylesheet but those of src/pages/.
 */
import type { PatchCheck } from '../patchCheck';
import { configureWebpack, expectThat } from '../patchCheck';
import routeStyles from './index';

const BASE_CONFIG = '@docusaurus/core/lib/webpack/base.js';

const check: PatchCheck = {
  plugin: 'route-styles',
  anchors: [
    { file: BASE_CONFIG, find: /styles: \{\s*name: 'styles',\s*type: 'css\/mini-extract',/ },
  ],
  run() {
    const config = configureWebpack(routeStyles(), false) as {
      optimization: { splitChunks: { cacheGroups: { styles: { test: RegExp } } } };
    };
    const { test } = config.optimization.splitChunks.cacheGroups.styles;
    for (const kept of [
      '/site/src/css/custom.css',
      '/site/src/components/Playground/styles.module.css',
      '/site/node_modules/infima/dist/css/default/default.css',
    ])
      expectThat(test.test(kept), `${kept} leaves the global stylesheet`);
    expectThat(
      !test.test('/site/src/pages/settings/_components/usage/styles.module.css'),
      "a page's stylesheet stays in the global one",
    );
    expectThat(
      Object.keys(configureWebpack(routeStyles(), true)).length === 0,
      'the server build is changed too',
    );
  },
};

export default check;
