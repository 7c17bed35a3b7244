/**
 * Webpack/Rspack loader for the local search's browser files: the search bar and search page of
 * @easyops-cn/docusaurus-search-local and the autocomplete.js they drive. Accessibility fixes
 * that cannot be made around the components (see README.md):
 *
 * - SearchBar.jsx: the clear button is a `type="button"` named "Clear search" (its "✕" hidden
 *   from screen readers), with a global class the site styles as a 24 × 24 px target; focus
 *   stays where the reader moved it when the index finishes loading after they left the box.
 * - SearchPage.jsx: the results page's content is a <main> landmark (it was a <div>).
 * - autocomplete.js: the combobox points at its popup with aria-controls (ARIA 1.2) instead of
 *   aria-owns, and the listbox role sits on the list of suggestions itself, so the listbox holds
 *   options only; the "See all results" link and the "No results" text stay beside it in the popup.
 *
 * Each change must match exactly once: if a new version of either package changes this code, the
 * build fails here, loudly, instead of shipping the search unpatched.
 */
'use strict';

/**
 * [file pattern, [[what to find, what to put instead, 'site'?], …]]. Changes marked 'site' serve
 * this site only (src/theme/SearchBar's stand-in box); the others are the accessibility fixes
 * proposed upstream (UPSTREAM.md, upstream/*.patch).
 */
const PATCHES = [
  [
    /docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchBar[\\/]SearchBar\.jsx$/,
    [
      [
        /<button className=\{styles\.searchClearButton\} onClick=\{onClearSearch\}>\s*✕\s*<\/button>/,
        '<button type="button" className={clsx(styles.searchClearButton, "search-clear-button")} ' +
          'onClick={onClearSearch} aria-label="Clear search"><span aria-hidden="true">✕</span></button>',
      ],
      // Focusing the box starts loading the index, which focuses the box again once loaded (the
      // autocomplete moves the input in the DOM, which drops its focus). A keyboard reader who
      // tabbed on meanwhile had focus pulled back to the search box (WCAG 2.4.3): only take it
      // back when focus is nowhere else.
      [
        'if (focusAfterIndexLoaded.current) {',
        'if (focusAfterIndexLoaded.current && [null, document.body, searchBarRef.current]' +
          '.includes(document.activeElement)) {',
      ],
      // src/theme/SearchBar renders a stand-in box until a reader points at, focuses or types
      // the shortcut for the search: the real bar then mounts and, told so, loads the index as
      // those gestures would have.
      [
        /export default function SearchBar\(\{ handleSearchBarToggle, \}\)/,
        'export default function SearchBar({ handleSearchBarToggle, loadIndexOnMount, })',
        'site',
      ],
      [
        /(if \(domValue\) \{\s*setInputValue\(domValue\);\s*\})/,
        '$1\n        if (loadIndexOnMount) {\n            loadIndex();\n        }',
        'site',
      ],
    ],
  ],
  [
    /docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchPage[\\/]SearchPage\.jsx$/,
    [
      [
        '<div className="container margin-vert--lg">',
        '<main className="container margin-vert--lg">',
      ],
      [/<\/div>(\s*<\/React\.Fragment>\);\s*\}\s*function SearchResultItem)/, '</main>$1'],
    ],
  ],
  [
    /@easyops-cn[\\/]autocomplete\.js[\\/]src[\\/]autocomplete[\\/]typeahead\.js$/,
    [
      [
        /\.attr\(\{\s*role: 'listbox',\s*id: options\.listboxId\s*\}\)/,
        '.attr({ id: options.listboxId })',
      ],
      ["'aria-owns': options.listboxId", "'aria-controls': options.listboxId"],
    ],
  ],
  [
    /@easyops-cn[\\/]autocomplete\.js[\\/]src[\\/]autocomplete[\\/]dataset\.js$/,
    [
      [
        /(\$suggestions = DOM\s*\.element\(suggestionsHtml\))/,
        "$1\n        .attr({ role: 'listbox', 'aria-label': 'Search suggestions' })",
      ],
    ],
  ],
];

function count(source, find) {
  if (typeof find === 'string') return source.split(find).length - 1;
  return (source.match(new RegExp(find.source, `${find.flags.replace('g', '')}g`)) ?? []).length;
}

/** The file with its patches applied (`upstreamOnly`: the accessibility fixes alone). */
function patchFile(source, file, { upstreamOnly = false } = {}) {
  const entry = PATCHES.find(([pattern]) => pattern.test(file));
  if (!entry) return source;
  let out = source;
  for (const [find, replacement, scope] of entry[1]) {
    if (upstreamOnly && scope === 'site') continue;
    const found = count(out, find);
    if (found !== 1) {
      throw new Error(
        `search-a11y-loader: ${file} has ${found} matches for ${String(find)} instead of one; ` +
          'the search package changed: update src/plugins/search-a11y/loader.cjs.',
      );
    }
    out = out.replace(find, replacement);
  }
  return out;
}

module.exports = function searchA11yLoader(source) {
  return patchFile(source, this.resourcePath);
};

module.exports.PATCHES = PATCHES;
module.exports.patchFile = patchFile;
