/**
 * check:patches for idle-prefetch (src/clientModules/idlePrefetch.ts, a client module, not a build
 * plugin): its lean prefetch does what core's `prefetch` does with core's own data, so it depends
 * on the shape of `routesChunkNames` (keys are a route path and a hash, values a tree of chunk
 * names), on `__webpack_require__.gca` (core's ChunkAssetPlugin) and on matching routes as
 * react-router-config does. The anchors are those lines of core; the check indexes the
 * `routesChunkNames.json` the installed core's code generator writes.
 */
import type { PatchCheck } from '../patchCheck';
import { expectThat } from '../patchCheck';
import { generateFiles } from '../client-generated-trim/check';
import { indexChunkNames } from '../../browser/chunkPrefetch';

const CORE_PREFETCH = '@docusaurus/core/lib/client/docusaurus.js';
const CHUNK_ASSET_PLUGIN = '@docusaurus/core/lib/webpack/plugins/ChunkAssetPlugin.js';

const check: PatchCheck = {
  plugin: 'idle-prefetch',
  anchors: [
    { file: CORE_PREFETCH, find: "import routesChunkNames from '@generated/routesChunkNames';" },
    { file: CORE_PREFETCH, find: "routeNameWithHash.replace(/-[^-]+$/, '') === path)" },
    {
      file: CORE_PREFETCH,
      find: '.flatMap(([, routeChunks]) => Object.values(flat(routeChunks)));',
    },
    { file: CORE_PREFETCH, find: 'const matches = matchRoutes(routes, routePath);' },
    { file: CORE_PREFETCH, find: 'const chunkAsset = __webpack_require__.gca(chunkName);' },
    {
      file: CHUNK_ASSET_PLUGIN,
      find: "const DocusaurusGetChunkAssetFn = '__webpack_require__.gca';",
    },
  ],
  async run(ctx) {
    const { routesChunkNames } = await generateFiles(ctx.require);
    const index = indexChunkNames(JSON.parse(routesChunkNames) as Record<string, unknown>);
    const page = index.get('/docs/intro/') ?? [];
    expectThat(page.length >= 2, `the page route's chunk names: ${JSON.stringify(page)}`);
    expectThat(
      (index.get('/docs/') ?? []).length >= 1,
      "the docs root's chunk names are not keyed by its path",
    );
  },
};

export default check;
