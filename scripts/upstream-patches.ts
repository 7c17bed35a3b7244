/**
 * npm run upstream:patches — the fixes that belong upstream, as patch files ready to propose:
 * src/plugins/<plugin>/upstream/*.patch, each a unified diff (`git apply -p1` in the package's
 * folder) against the installed version of the package, made by applying the same changes the
 * site makes at build time. UPSTREAM.md beside them says what each fixes and where it goes in the
 * upstream repository. tests/unit/upstream-patches.test.ts fails when a committed patch is no
 * longer what this script writes.
 *
 *   tsx scripts/upstream-patches.ts [--write]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(__filename);
const ROOT = path.resolve(__dirname, '..');
const { patchFile } = require('../src/plugins/search-a11y/loader.cjs') as {
  patchFile: (source: string, file: string, options: { upstreamOnly: boolean }) => string;
};

/** Replaces each `[from, to]` that occurs exactly once; throws otherwise. */
function replaceOnce(source: string, file: string, edits: [string, string][]): string {
  return edits.reduce((out, [from, to]) => {
    if (out.split(from).length !== 2)
      throw new Error(`upstream-patches: ${file} no longer contains ${JSON.stringify(from)} once`);
    return out.replace(from, to);
  }, source);
}

/**
 * theme-classic's progress bar (lib/nprogress.js, from src/nprogress.ts): nprogress is imported
 * when the first page change starts instead of with every first load, and its bar is drawn
 * without nprogress's invalid `role="bar"`. The site does the same in
 * src/clientModules/progressBar.ts.
 */
function lazyNprogress(source: string, file: string): string {
  return replaceOnce(source, file, [
    [
      "import nprogress from 'nprogress';\nimport './nprogress.css';\nnprogress.configure({ showSpinner: false });\nconst delay = 200;\n",
      "import './nprogress.css';\n" +
        'const delay = 200;\n' +
        '// nprogress loads with the first page change, not with every first page load.\n' +
        'let loading = null;\n' +
        '// Counts page changes: a bar whose change has ended before nprogress loaded never starts.\n' +
        'let changes = 0;\n' +
        'function loadProgressBar() {\n' +
        "    loading ??= import('nprogress').then(({ default: nprogress }) => {\n" +
        '        nprogress.configure({\n' +
        '            showSpinner: false,\n' +
        '            // nprogress\'s own template has role="bar", which is no ARIA role.\n' +
        '            template: \'<div class="bar"><div class="peg"></div></div>\',\n' +
        "            barSelector: '.bar',\n" +
        '        });\n' +
        '        return nprogress;\n' +
        '    });\n' +
        '    return loading;\n' +
        '}\n',
    ],
    [
      '            const progressBarTimeout = window.setTimeout(() => {\n                nprogress.start();\n            }, delay);',
      '            const change = ++changes;\n' +
        '            const bar = loadProgressBar();\n' +
        '            const progressBarTimeout = window.setTimeout(() => {\n' +
        '                bar.then((nprogress) => {\n' +
        '                    if (change === changes) {\n' +
        '                        nprogress.start();\n' +
        '                    }\n' +
        '                });\n' +
        '            }, delay);',
    ],
    [
      '    onRouteDidUpdate() {\n        nprogress.done();\n    },',
      '    onRouteDidUpdate() {\n' +
        '        changes += 1;\n' +
        '        loading?.then((nprogress) => nprogress.done());\n' +
        '    },',
    ],
  ]);
}

/**
 * The search bar's accessibility fixes as upstream would make them: the clear button sized to a
 * 24 × 24 px target by its own CSS module (the site sizes it through a global class instead, in
 * src/css/custom.css), and none of the changes the site makes for itself.
 */
function searchLocal(source: string, file: string): string {
  if (file.endsWith('SearchBar.module.css'))
    return replaceOnce(source, file, [
      [
        '  border: none;\n  line-height: 1rem;\n}',
        '  border: none;\n  line-height: 1rem;\n' +
          '  /* A 24 × 24 px target (WCAG 2.5.8). */\n' +
          '  display: inline-flex;\n  align-items: center;\n  justify-content: center;\n' +
          '  min-width: 24px;\n  min-height: 24px;\n  border-radius: 50%;\n  cursor: pointer;\n}',
      ],
    ]);
  const patched = patchFile(source, file, { upstreamOnly: true });
  return file.endsWith('SearchBar.jsx')
    ? replaceOnce(patched, file, [
        [
          'className={clsx(styles.searchClearButton, "search-clear-button")}',
          'className={styles.searchClearButton}',
        ],
      ])
    : patched;
}

export interface UpstreamPatch {
  /** The plugin whose folder holds it (src/plugins/<plugin>/upstream/<name>). */
  plugin: string;
  name: string;
  /** The package's folder in node_modules; the patch's paths are relative to it. */
  pkg: string;
  files: string[];
  patch: (source: string, file: string) => string;
}

export const UPSTREAM_PATCHES: UpstreamPatch[] = [
  {
    plugin: 'search-a11y',
    name: 'docusaurus-search-local.patch',
    pkg: '@easyops-cn/docusaurus-search-local',
    files: [
      'dist/client/client/theme/SearchBar/SearchBar.jsx',
      'dist/client/client/theme/SearchBar/SearchBar.module.css',
      'dist/client/client/theme/SearchPage/SearchPage.jsx',
    ],
    patch: searchLocal,
  },
  {
    plugin: 'search-a11y',
    name: 'autocomplete.js.patch',
    pkg: '@easyops-cn/autocomplete.js',
    files: ['src/autocomplete/typeahead.js', 'src/autocomplete/dataset.js'],
    patch: (source, file) => patchFile(source, file, { upstreamOnly: true }),
  },
  {
    plugin: 'lazy-progress-bar',
    name: 'theme-classic-nprogress.patch',
    pkg: '@docusaurus/theme-classic',
    files: ['lib/nprogress.js'],
    patch: lazyNprogress,
  },
];

/** The unified diff of one patch against the installed package (git's format, paths a/… b/…). */
export function makePatch(
  patch: UpstreamPatch,
  modulesDir = path.join(ROOT, 'node_modules'),
): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'upstream-patch-'));
  try {
    for (const file of patch.files) {
      const installed = path.join(modulesDir, patch.pkg, file);
      const source = readFileSync(installed, 'utf8');
      for (const [side, text] of [
        ['a', source],
        ['b', patch.patch(source, `/node_modules/${patch.pkg}/${file}`)],
      ] as const) {
        mkdirSync(path.dirname(path.join(dir, side, file)), { recursive: true });
        writeFileSync(path.join(dir, side, file), text);
      }
    }
    const diff = spawnSync('git', ['diff', '--no-index', '--no-prefix', '--no-color', 'a', 'b'], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (diff.status !== 1) throw new Error(`upstream-patches: git diff failed: ${diff.stderr}`);
    // Paths relative to the package's folder, as `git apply -p1` expects them.
    return diff.stdout.replace(
      /^(diff --git |--- |\+\+\+ )a\/(\S+)(?: b\/(\S+))?/gm,
      (_m, head, a, b) =>
        head === 'diff --git '
          ? `${head}a/${a} b/${b}`
          : `${head}${head === '+++ ' ? 'b' : 'a'}/${a}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function patchPath(patch: UpstreamPatch): string {
  return path.join(ROOT, 'src/plugins', patch.plugin, 'upstream', patch.name);
}

if (require.main === module) {
  for (const patch of UPSTREAM_PATCHES) {
    const text = makePatch(patch);
    if (process.argv.includes('--write')) {
      mkdirSync(path.dirname(patchPath(patch)), { recursive: true });
      writeFileSync(patchPath(patch), text);
      console.log(`wrote ${path.relative(ROOT, patchPath(patch))}`);
    } else {
      console.log(text);
    }
  }
}
