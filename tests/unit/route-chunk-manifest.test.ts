import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { addModuleOrigins } = require('../../src/plugins/route-chunk-manifest/plugin.cjs') as {
  addModuleOrigins: (
    manifest: { origins: Record<string, string[]> },
    registrySource: string,
  ) => number;
};

// Two entries as Docusaurus writes .docusaurus/registry.js.
const REGISTRY = `export default {
  "06edabc4": [() => import(/* webpackChunkName: "06edabc4" */ "@site/docs/a.mdx"), "@site/docs/a.mdx", require.resolveWeak("@site/docs/a.mdx")],
  "17896441": [() => import(/* webpackChunkName: "17896441" */ "@theme/DocItem"), "@theme/DocItem", require.resolveWeak("@theme/DocItem")],
};`;

describe('route chunk manifest plugin', () => {
  it('keys each registry module path by its chunk, as the server render reports modules', () => {
    const manifest: { origins: Record<string, string[]> } = {
      origins: { '06edabc4': ['4014', '1111'], '17896441': ['4014', '106'], main: ['9783'] },
    };
    expect(addModuleOrigins(manifest, REGISTRY)).toBe(2);
    expect(manifest.origins['@site/docs/a.mdx']).toEqual(['4014', '1111']);
    expect(manifest.origins['@theme/DocItem']).toEqual(['4014', '106']);
    expect(manifest.origins.main).toEqual(['9783']);
  });

  it('maps nothing when the registry format is not the expected one (the build then fails)', () => {
    const manifest = { origins: { '06edabc4': ['1111'] } };
    expect(addModuleOrigins(manifest, 'export default { "06edabc4": ["@site/docs/a.mdx"] };')).toBe(
      0,
    );
  });
});
