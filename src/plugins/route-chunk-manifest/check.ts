/**
 * check:patches for route-chunk-manifest (src/plugins/patchCheck.ts): the page render still looks
 * up the modules it rendered in the client manifest's `origins`, and the plugin keys every route
 * module of a registry written by the installed core's code generator.
 */
import { createRequire } from 'node:module';
import type { PatchCheck } from '../patchCheck';
import { expectThat } from '../patchCheck';
import { CODEGEN_ROUTES, REGISTRY_LINE, generateFiles } from '../client-generated-trim/check';

const require = createRequire(__filename);
const { addModuleOrigins } = require('./plugin.cjs') as {
  addModuleOrigins: (manifest: { origins: Record<string, string[]> }, registry: string) => number;
};

const SSG_TEMPLATE = '@docusaurus/core/lib/ssg/ssgTemplate.js';
const SERVER_ENTRY = '@docusaurus/core/lib/client/serverEntry.js';
const GET_BUNDLES = 'react-loadable-ssr-addon-v5-slorber/lib/getBundles.js';
const MANIFEST_PLUGIN = 'react-loadable-ssr-addon-v5-slorber/lib/ReactLoadableSSRAddon.js';

const check: PatchCheck = {
  plugin: 'route-chunk-manifest',
  anchors: [
    { file: CODEGEN_ROUTES, find: REGISTRY_LINE },
    // The server render reports each module by the name the registry gives it …
    {
      file: SERVER_ENTRY,
      find: '<Loadable.Capture report={(moduleName) => modules.add(moduleName)}>',
    },
    // … and the page's scripts are those the manifest's origins list for them.
    {
      file: SSG_TEMPLATE,
      find: 'const modulesToBeLoaded = [...manifest.entrypoints, ...Array.from(modules)];',
    },
    { file: GET_BUNDLES, find: 'if (manifest.origins[chunk]) {' },
    { file: MANIFEST_PLUGIN, find: 'var origins = {};' },
  ],
  async run(ctx) {
    const { registry } = await generateFiles(ctx.require);
    const chunkNames = [...registry.matchAll(/webpackChunkName: "([^"]+)"/g)].map(([, n]) => n!);
    expectThat(chunkNames.length >= 3, 'the generated registry has fewer entries than routes');
    const manifest = {
      origins: Object.fromEntries(chunkNames.map((name, i) => [name, [String(i)]])),
    };
    const added = addModuleOrigins(manifest, registry);
    expectThat(
      added === chunkNames.length,
      `${added} of the ${chunkNames.length} route modules of the generated registry were keyed`,
    );
    expectThat(
      manifest.origins['@site/docs/intro.mdx'] !== undefined,
      "a page's module is not keyed by its path",
    );
  },
};

export default check;
