/**
 * The fixes proposed upstream (src/plugins/*\/upstream/*.patch, UPSTREAM.md): each committed patch
 * is what scripts/upstream-patches.ts makes from the installed package, so it applies to the
 * version the site runs, and it carries the fixes alone, not the site's own changes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UPSTREAM_PATCHES, makePatch, patchPath } from '../../scripts/upstream-patches';

describe('upstream patches', () => {
  for (const patch of UPSTREAM_PATCHES) {
    it(`${patch.plugin}/upstream/${patch.name} is current for the installed ${patch.pkg}`, () => {
      expect(readFileSync(patchPath(patch), 'utf8')).toBe(makePatch(patch));
    });
  }

  it('the search patches hold the accessibility fixes and none of the site’s own changes', () => {
    const search = UPSTREAM_PATCHES.filter((patch) => patch.plugin === 'search-a11y')
      .map((patch) => readFileSync(patchPath(patch), 'utf8'))
      .join('\n');
    for (const fix of [
      '+++ b/dist/client/client/theme/SearchBar/SearchBar.jsx',
      'aria-label="Clear search"',
      'min-width: 24px;',
      '+      <main className="container margin-vert--lg">',
      "'aria-controls': options.listboxId",
      "role: 'listbox', 'aria-label': 'Search suggestions'",
    ])
      expect(search).toContain(fix);
    expect(search).not.toContain('loadIndexOnMount');
    expect(search).not.toContain('search-clear-button');
  });

  it('the progress bar patch loads nprogress on the first page change, without role="bar"', () => {
    const [progress] = UPSTREAM_PATCHES.filter((patch) => patch.plugin === 'lazy-progress-bar');
    const text = readFileSync(patchPath(progress!), 'utf8');
    expect(text).toContain("-import nprogress from 'nprogress';");
    expect(text).toContain("+    loading ??= import('nprogress')");
    expect(text).toContain(
      '+            template: \'<div class="bar"><div class="peg"></div></div>\',',
    );
  });
});
