/**
 * check:patches for search-a11y (src/plugins/patchCheck.ts): every text the loader rewrites in the
 * local search's bar, results page and autocomplete.js is in the installed files exactly once, and
 * the patched files carry the accessible markup.
 */
import { createRequire } from 'node:module';
import type { Anchor, PatchCheck } from '../patchCheck';
import { applyLoader, expectThat, loaderFor } from '../patchCheck';
import searchA11y from './index';

const require = createRequire(__filename);
const { PATCHES } = require('./loader.cjs') as {
  PATCHES: [RegExp, [string | RegExp, string][]][];
};

const THEME = '@easyops-cn/docusaurus-search-local/dist/client/client/theme';
const AUTOCOMPLETE = '@easyops-cn/autocomplete.js/src';
/** The four installed files the loader patches, and what each must carry afterwards. */
export const SEARCH_FILES: Record<string, string[]> = {
  [`${THEME}/SearchBar/SearchBar.jsx`]: ['aria-label="Clear search"', 'loadIndexOnMount'],
  [`${THEME}/SearchPage/SearchPage.jsx`]: [
    '<main className="container margin-vert--lg">',
    '</main>',
  ],
  [`${AUTOCOMPLETE}/autocomplete/typeahead.js`]: ["'aria-controls': options.listboxId"],
  [`${AUTOCOMPLETE}/autocomplete/dataset.js`]: ["'aria-label': 'Search suggestions'"],
};

function patchesOf(file: string): [string | RegExp, string][] {
  const entry = PATCHES.find(([pattern]) => pattern.test(`/node_modules/${file}`));
  if (!entry) throw new Error(`search-a11y: loader.cjs has no patches for ${file}`);
  return entry[1];
}

const check: PatchCheck = {
  plugin: 'search-a11y',
  anchors: [
    ...Object.keys(SEARCH_FILES).flatMap((file) =>
      patchesOf(file).map(([find]): Anchor => ({ file, find })),
    ),
    // The bar loads autocomplete.js by its package name, whose entry builds on typeahead.js.
    { file: `${THEME}/SearchBar/SearchBar.jsx`, find: 'import("@easyops-cn/autocomplete.js")' },
    {
      file: `${AUTOCOMPLETE}/standalone/index.js`,
      find: "require('../autocomplete/typeahead.js')",
    },
  ],
  run(ctx) {
    const plugin = searchA11y();
    for (const [file, expected] of Object.entries(SEARCH_FILES)) {
      const out = applyLoader(loaderFor(plugin, false, file, ctx), file, ctx);
      for (const text of expected)
        expectThat(out.includes(text), `${file} lacks ${text} once patched`);
    }
    expectThat(
      ctx.require.resolve('@easyops-cn/autocomplete.js') ===
        ctx.path('@easyops-cn/autocomplete.js/index.js'),
      '@easyops-cn/autocomplete.js no longer resolves to its index.js',
    );
  },
};

export default check;
