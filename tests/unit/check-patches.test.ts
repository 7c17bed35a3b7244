/**
 * npm run check:patches (scripts/check-patches.ts, src/plugins/checks.ts): it passes on the
 * installed packages, and fails, naming the plugin and the anchor, as soon as one anchor of one
 * patched file is altered. Each case puts an edited copy of one installed file in an overlay
 * folder that the check reads in its place.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PATCH_CHECKS, runPatchChecks } from '../../src/plugins/checks';
import type { Anchor } from '../../src/plugins/patchCheck';
import { countMatches, describeAnchor } from '../../src/plugins/patchCheck';

const INSTALLED = path.resolve('node_modules');
const overlays: string[] = [];

afterAll(() => {
  for (const dir of overlays) rmSync(dir, { recursive: true, force: true });
});

/** An overlay folder holding a copy of the installed `file`, rewritten by `edit`. */
function overlayWith(file: string, edit: (source: string) => string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-patches-test-'));
  overlays.push(dir);
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), edit(readFileSync(path.join(INSTALLED, file), 'utf8')));
  return dir;
}

/** The file with every occurrence of the anchor replaced by something else. */
function withoutAnchor(source: string, anchor: Anchor): string {
  expect(countMatches(source, anchor.find)).toBeGreaterThan(0);
  const find =
    typeof anchor.find === 'string'
      ? anchor.find
      : new RegExp(anchor.find.source, `${anchor.find.flags.replace('g', '')}g`);
  return source.replaceAll(find, '/* the anchor moved */');
}

describe('check:patches', () => {
  it('passes on the installed packages, each check reading the files it names', async () => {
    const results = await runPatchChecks(INSTALLED);
    expect(results.filter((result) => result.error)).toEqual([]);
    expect(results.map((result) => result.plugin)).toEqual(
      expect.arrayContaining([
        'prism-languages',
        'shallow-memo-compare',
        'search-a11y',
        'deferred-components',
        'lazy-progress-bar',
        'lean-sidebar-links',
        'client-generated-trim',
        'utils-common-esm',
        'route-chunk-manifest',
        'docs-chunk',
      ]),
    );
  });

  it('passes on a copy whose patched file is unaltered (the copies below are sound)', async () => {
    const overlayDir = overlayWith('@docusaurus/core/lib/client/renderToHtml.js', (s) => s);
    const results = await runPatchChecks(INSTALLED, { overlayDir });
    expect(results.filter((result) => result.error)).toEqual([]);
  });

  for (const check of PATCH_CHECKS) {
    it(`fails naming ${check.plugin} and the anchor when any of its anchors is altered`, async () => {
      for (const anchor of check.anchors) {
        const overlayDir = overlayWith(anchor.file, (source) => withoutAnchor(source, anchor));
        const [result] = await runPatchChecks(INSTALLED, { overlayDir, checks: [check] });
        expect(result?.error, `${anchor.file}: ${describeAnchor(anchor.find)}`).toContain(
          `${check.plugin}: the anchor ${describeAnchor(anchor.find)} moved`,
        );
      }
    });
  }

  it('the command exits with an error that names the plugin and the moved line', () => {
    const line = 'deps.sort((a, b) => a[0].localeCompare(b[0]));';
    const overlayDir = overlayWith('@docusaurus/theme-common/lib/utils/reactUtils.js', (source) =>
      source.replace(line, 'deps.sort((a, b) => a[0].localeCompare(b[0], "en"));'),
    );
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/check-patches.ts', '--overlay', overlayDir],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      `✗ shallow-memo-compare: the anchor ${JSON.stringify(line)} moved`,
    );
    expect(run.stdout).toContain('✓ prism-languages');
    expect(run.stderr).toContain(`1 of ${PATCH_CHECKS.length} patches no longer fit`);
  }, 60_000);
});
