/**
 * What a page's first load fetches: the JavaScript and CSS of the site's own origin requested
 * before the network is idle, raw and gzip (level 9, as a static host compresses), in a fresh
 * context with service workers blocked. Shared by `npm run bench:pages` and the JS budget check
 * (tests/e2e/js-budget.e2e.ts), so both count the same bytes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The public pages of issue 24, signed out: each has a JS budget in bench/js-budget.json. */
export const PUBLIC_PAGES_WITHOUT_DEPLOYMENTS = [
  '/',
  '/pricing/',
  '/sign-in/',
  '/sign-up/',
  '/dashboard/public-deployment/',
];

/** Every deployment page of a build's sitemap (public and coming soon, variants included). */
export function deploymentPages(buildDir) {
  const sitemap = readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>[^<]*?(\/dashboard\/public-deployment\/[^<]+)<\/loc>/g)]
    .map((m) => m[1])
    .filter((route) => route !== '/dashboard/public-deployment/' && !route.endsWith('.md'))
    .sort();
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url the page's full URL
 * @param {{
 *   init?: (context: import('playwright-core').BrowserContext) => Promise<void>,
 *   onScript?: (url: string, body: Buffer) => void,
 * }} [options] `onScript` sees every script counted.
 */
export async function measurePage(browser, url, options = {}) {
  const origin = new URL(url).origin;
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await options.init?.(context);
  const page = await context.newPage();
  const totals = { js: { raw: 0, gzip: 0, files: 0 }, css: { raw: 0, gzip: 0, files: 0 } };
  const pending = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : null;
    if (!kind || !response.url().startsWith(origin)) return;
    pending.push(
      response
        .body()
        .then((body) => {
          if (kind === 'js') options.onScript?.(response.url(), body);
          totals[kind].raw += body.length;
          totals[kind].gzip += gzipSync(body, { level: 9 }).length;
          totals[kind].files += 1;
        })
        .catch(() => {}),
    );
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    await Promise.all(pending);
  } finally {
    await context.close();
  }
  return totals;
}
