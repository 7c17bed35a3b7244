/**
 * The JS budget of every signed-out public page (issue 24): the gzip bytes of JavaScript a first
 * load fetches before the network is idle, counted as `npm run bench:pages` counts them
 * (bench/pageWeight.mjs), may not pass the page's figure in bench/js-budget.json. The figures are
 * a measured run plus 3 %, recorded with the bare Docusaurus site's figure of the same run; after
 * a deliberate change, record them again with `npm run bench:pages -- --record-budget`.
 *
 * Every deployment page of the built sitemap must have a budget, so a new page is covered. None
 * of these first loads may fetch MUI, the Firebase SDK, Stripe.js's loader or TanStack Query:
 * each is recognised by a string its code always carries. Nor may they fetch the code that loads
 * when it is needed (LATER).
 */
import {
  PUBLIC_PAGES_WITHOUT_DEPLOYMENTS,
  deploymentPages,
  measurePage,
} from '../../bench/pageWeight.mjs';
import budgetFile from '../../bench/js-budget.json';
import { test, expect } from './fixtures';

const BUILD_DIR = process.env.SITE_BUILD_DIR ?? 'build-test';
const budgets: Record<string, number> = budgetFile.pages;

/** A string each library's code carries, whatever the minifier does to the rest. */
const LIBRARIES: Record<string, string> = {
  MUI: 'MuiButtonBase',
  'the Firebase SDK': 'identitytoolkit',
  "Stripe.js's loader": 'js.stripe.com',
  'TanStack Query': 'QueryClientProvider',
};

/**
 * Code that loads when a reader needs it, never with a first load: the search bar's (when they
 * reach for the search), nprogress (when a page change starts), plugin-pwa's update handling
 * (when an updated worker waits), and tslib, which @docusaurus/utils-common's CommonJS index
 * required whole (src/plugins/utils-common-esm).
 */
const LATER: Record<string, string> = {
  "the search bar's autocomplete": 'autocomplete:selected',
  nprogress: 'nprogress-busy',
  tslib: 'Generator is already executing',
  // plugin-pwa's registration and workbox-window, which load once an updated worker waits
  // (src/clientModules/serviceWorker.ts).
  "plugin-pwa's update handling": 'SKIP_WAITING',
  'workbox-window': 'workbox:window:',
};

const PAGES = [...PUBLIC_PAGES_WITHOUT_DEPLOYMENTS, ...deploymentPages(BUILD_DIR)].sort();

test('every public page of the built site has a JS budget, and every budget a page', () => {
  expect(Object.keys(budgets).sort()).toEqual(PAGES);
  for (const bytes of Object.values(budgets)) expect(bytes).toBeGreaterThan(0);
  expect(budgetFile.bareDocusaurusDocsPage).toBeGreaterThan(0);
});

// Three groups, so the loads spread over the workers.
const GROUPS = 3;
for (let group = 0; group < GROUPS; group += 1) {
  const routes = PAGES.filter((_, i) => i % GROUPS === group);
  test(`signed-out first loads stay within their JS budget (${group + 1} of ${GROUPS})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(30_000 + routes.length * 10_000);
    const over: string[] = [];
    const libraries: string[] = [];
    const early: string[] = [];
    for (const route of routes) {
      const { js } = await measurePage(browser, `${baseURL}${route}`, {
        onScript: (url, body) => {
          const text = body.toString('latin1');
          for (const [library, marker] of Object.entries(LIBRARIES))
            if (text.includes(marker)) libraries.push(`${route}: ${library} in ${url}`);
          for (const [code, marker] of Object.entries(LATER))
            if (text.includes(marker)) early.push(`${route}: ${code} in ${url}`);
        },
      });
      expect(js.files, `${route} fetched its scripts`).toBeGreaterThan(0);
      const budget = budgets[route]!;
      if (js.gzip > budget)
        over.push(
          `${route}: ${js.gzip} B gzip > budget ${budget} B (+${(((js.gzip - budget) / budget) * 100).toFixed(1)} %)`,
        );
    }
    expect(over, `JS over budget (bench/js-budget.json):\n${over.join('\n')}`).toEqual([]);
    expect(libraries, 'a library a signed-out public page must not load').toEqual([]);
    expect(early, 'code a first load must leave until it is needed').toEqual([]);
  });
}
