/**
 * What the browser build keeps of three files Docusaurus generates in .docusaurus/ (see
 * README.md). Pure functions of the file's text, used by loader.cjs and unit-tested
 * (tests/unit/client-generated-trim.test.ts). Each throws when the file no longer has the shape
 * it expects, so a new Docusaurus fails the build here instead of shipping something half-trimmed.
 */
'use strict';

/**
 * Site configuration keys that only the Node side reads (plugins and their options, build hooks,
 * head tags written into the HTML, Markdown parsing): every client read of `siteConfig` in
 * @docusaurus/* and the search theme was checked (README.md).
 */
const SERVER_ONLY_CONFIG_KEYS = [
  'plugins',
  'themes',
  'presets',
  'headTags',
  'clientModules',
  'staticDirectories',
  'scripts',
  'stylesheets',
  'markdown',
  'onBrokenLinks',
  'onBrokenAnchors',
  'onDuplicateRoutes',
];

const CONFIG_PREFIX = 'export default ';

function fail(file, what) {
  throw new Error(
    `client-generated-trim: .docusaurus/${file} ${what}; update src/plugins/client-generated-trim.`,
  );
}

/** `.docusaurus/docusaurus.config.mjs`: `export default { …JSON… };` without server-only keys. */
function trimSiteConfig(source) {
  const start = source.indexOf(CONFIG_PREFIX);
  const end = source.lastIndexOf(';');
  if (start < 0 || end < start) fail('docusaurus.config.mjs', 'is not `export default {…};`');
  let config;
  try {
    config = JSON.parse(source.slice(start + CONFIG_PREFIX.length, end));
  } catch {
    fail('docusaurus.config.mjs', 'is no longer JSON after `export default`');
  }
  if (!config || typeof config !== 'object' || !('themeConfig' in config) || !('plugins' in config))
    fail('docusaurus.config.mjs', 'has no `themeConfig` or `plugins`');
  for (const key of SERVER_ONLY_CONFIG_KEYS) delete config[key];
  return `${CONFIG_PREFIX}${JSON.stringify(config)};\n`;
}

/** `.docusaurus/site-metadata.json`: the plugin versions are read by the debug plugin only. */
function trimSiteMetadata(source) {
  const metadata = JSON.parse(source);
  if (!metadata || typeof metadata.docusaurusVersion !== 'string' || !metadata.pluginVersions)
    fail('site-metadata.json', 'has no `docusaurusVersion` or `pluginVersions`');
  return JSON.stringify({ ...metadata, pluginVersions: {} });
}

/**
 * `.docusaurus/registry.js`: each route module's entry is
 * `[() => import(…"x"), "x", require.resolveWeak("x")]`. The middle string is the module's name
 * for react-loadable's `modules`, which only the server render reports (Loadable.Capture); in the
 * browser it is never read. Emptied, one entry per line, matched with bounded character classes.
 */
const REGISTRY_ENTRY =
  /^([ \t]*"[^"\n]+": \[\(\) => import\(\/\* webpackChunkName: "[^"\n]+" \*\/ "[^"\n]+"\), )"[^"\n]+"(, require\.resolveWeak\("[^"\n]+"\)\])/gm;

function trimRegistry(source) {
  let entries = 0;
  const trimmed = source.replace(REGISTRY_ENTRY, (_all, head, tail) => {
    entries += 1;
    return `${head}""${tail}`;
  });
  const lines = source.split('\n').filter((line) => line.includes('require.resolveWeak(')).length;
  if (entries === 0 || entries !== lines)
    fail('registry.js', `has ${lines} entries, ${entries} of the expected shape`);
  return trimmed;
}

module.exports = { SERVER_ONLY_CONFIG_KEYS, trimSiteConfig, trimSiteMetadata, trimRegistry };
