/**
 * check:patches for client-generated-trim (src/plugins/patchCheck.ts): the installed core
 * generates the site configuration, site metadata and route registry of a small site (its own
 * code generator, into a temporary folder), and the trims accept what it writes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PatchCheck } from '../patchCheck';
import { expectThat, webpackRules } from '../patchCheck';
import clientGeneratedTrim from './index';

const require = createRequire(__filename);
const { SERVER_ONLY_CONFIG_KEYS, trimRegistry, trimSiteConfig, trimSiteMetadata } =
  require('./trim.cjs') as {
    SERVER_ONLY_CONFIG_KEYS: string[];
    trimRegistry: (source: string) => string;
    trimSiteConfig: (source: string) => string;
    trimSiteMetadata: (source: string) => string;
  };

export const CODEGEN = '@docusaurus/core/lib/server/codegen/codegen.js';
export const CODEGEN_ROUTES = '@docusaurus/core/lib/server/codegen/codegenRoutes.js';
const SITE_METADATA = '@docusaurus/core/lib/server/siteMetadata.js';

/** The registry line as core writes it (one entry per route module), which both plugins parse. */
export const REGISTRY_LINE =
  '`  "${chunkName}": [() => import(/* webpackChunkName: "${chunkName}" */ "${modulePath}"), "${modulePath}", require.resolveWeak("${modulePath}")],`';

/** A small docs site, in the shape core's code generator takes. */
const SITE = {
  clientModules: [],
  siteConfig: {
    title: 'Site',
    baseUrl: '/',
    themeConfig: { navbar: { items: [] } },
    plugins: [['@docusaurus/plugin-pwa', { pwaHead: [] }]],
    presets: [],
    headTags: [{ tagName: 'script', attributes: {}, innerHTML: 'x' }],
  },
  routes: [
    {
      path: '/docs/',
      component: '@theme/DocsRoot',
      exact: false,
      routes: [
        {
          path: '/docs/intro/',
          component: '@theme/DocItem',
          exact: true,
          modules: { content: '@site/docs/intro.mdx' },
        },
      ],
    },
  ],
  globalData: {},
  siteMetadata: {
    siteVersion: '1.0.0',
    plugins: [{ name: 'docusaurus-plugin-content-docs', version: { type: 'local' } }],
  },
  siteStorage: { type: 'localStorage', namespace: '' },
  i18n: { defaultLocale: 'en', locales: ['en'], currentLocale: 'en', localeConfigs: {} },
  codeTranslations: {},
};

/**
 * Runs core's code generator in a plain Node process (core and its dependencies load as Node
 * loads them for `docusaurus build`, whatever loader hooks run this check).
 */
const GENERATE = `
const [codegen, siteMetadata, dir, site] = process.argv.slice(1);
const { generateSiteFiles } = require(codegen);
const { createSiteMetadata } = require(siteMetadata);
const params = JSON.parse(site);
params.generatedFilesDir = dir;
params.siteMetadata = createSiteMetadata(params.siteMetadata);
generateSiteFiles(params).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
`;

type GeneratedFiles = Record<'config' | 'metadata' | 'registry' | 'routesChunkNames', string>;
/**
 * One run of the code generator per installed core (route-chunk-manifest's and idle-prefetch's
 * checks read it too).
 */
const generated = new Map<string, Promise<GeneratedFiles>>();

/**
 * The three files core generates for a small docs site, written by the installed code generator.
 * In a child process: Docusaurus 4's core (canary) requires ESM-only packages (execa's
 * unicorn-magic) that tsx's require hook cannot resolve ("No "exports" main defined"), where Node
 * itself, as `docusaurus build` runs it, can.
 */
export function generateFiles(requireInstalled: NodeJS.Require): Promise<GeneratedFiles> {
  const codegen = requireInstalled.resolve(CODEGEN);
  let files = generated.get(codegen);
  if (!files) {
    files = runGenerator(requireInstalled);
    generated.set(codegen, files);
    files.catch(() => generated.delete(codegen));
  }
  return files;
}

async function runGenerator(requireInstalled: NodeJS.Require): Promise<GeneratedFiles> {
  const dir = await mkdtemp(path.join(tmpdir(), 'check-patches-'));
  try {
    const { NODE_OPTIONS: _hooks, ...env } = process.env;
    const run = spawnSync(
      process.execPath,
      [
        '-e',
        GENERATE,
        requireInstalled.resolve(CODEGEN),
        requireInstalled.resolve(SITE_METADATA),
        dir,
        JSON.stringify(SITE),
      ],
      { encoding: 'utf8', env },
    );
    if (run.status !== 0) throw new Error(`core's code generator failed: ${run.stderr.trim()}`);
    const read = (file: string) => readFile(path.join(dir, file), 'utf8');
    return {
      config: await read('docusaurus.config.mjs'),
      metadata: await read('site-metadata.json'),
      registry: await read('registry.js'),
      routesChunkNames: await read('routesChunkNames.json'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const check: PatchCheck = {
  plugin: 'client-generated-trim',
  anchors: [
    { file: CODEGEN, find: 'export default ${JSON.stringify(siteConfig, null, 2)};' },
    { file: CODEGEN, find: "'site-metadata.json', JSON.stringify(siteMetadata, null, 2)" },
    { file: CODEGEN_ROUTES, find: REGISTRY_LINE },
    { file: SITE_METADATA, find: 'pluginVersions: Object.fromEntries(' },
  ],
  async run(ctx) {
    const [rule] = webpackRules(clientGeneratedTrim(), false);
    for (const file of ['docusaurus.config.mjs', 'site-metadata.json', 'registry.js'])
      expectThat(
        rule?.test.test(path.join('/site/.docusaurus', file)),
        `the client build rule does not match .docusaurus/${file}`,
      );
    const files = await generateFiles(ctx.require);
    const config = trimSiteConfig(files.config);
    for (const key of SERVER_ONLY_CONFIG_KEYS)
      expectThat(!config.includes(`"${key}":`), `the trimmed configuration still has ${key}`);
    expectThat(config.includes('"themeConfig":'), 'the trimmed configuration lost themeConfig');
    expectThat(
      JSON.parse(trimSiteMetadata(files.metadata)).pluginVersions !== undefined,
      'the trimmed metadata lost pluginVersions',
    );
    const registry = trimRegistry(files.registry);
    expectThat(
      registry.includes(
        '"@site/docs/intro.mdx"), "", require.resolveWeak("@site/docs/intro.mdx")]',
      ),
      'the registry entry of a page was not trimmed',
    );
  },
};

export default check;
