/**
 * The production build, served with the headers it ships (its _headers file, applied by
 * scripts/static-server.mjs as a static host would):
 * - every route of its sitemap, loaded from its own HTML, is served with the build's policy and
 *   raises no Content-Security-Policy violation from what that HTML carries (its inline scripts,
 *   each allowed by its hash; its styles, preloads, icons and manifest). The bundles are held back
 *   here: what they do on every route runs under the policy in the accessibility sweep
 *   (a11y.e2e.ts), which visits every route with its code running, signed out and signed in, with
 *   every cookie category accepted, and fails on any violation (support/csp.ts);
 * - an injected inline script is refused (so these tests can fail).
 *
 * Routes come from the build's sitemap.xml: a new page is covered without editing this file.
 * Measured on 2 cores: the two walks that ran every route's code here cost 207 s of the browser
 * suite and repeated the accessibility sweep's page loads.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { waitForHydration } from './fixtures';
import { recordViolations } from './support/csp';
import { expect, test } from './support/fixtures';

const BUILD_DIR = process.env.SITE_BUILD_DIR ?? 'build-test';
// Pages the sitemap leaves out but visitors reach: the /dashboard/ client redirect (its own
// inline script) and the not-found page.
const NOT_IN_SITEMAP = ['/dashboard/'];
const NOT_FOUND = '/no-such-page/';

function sitemapRoutes(): string[] {
  const xml = readFileSync(path.join(BUILD_DIR, 'sitemap.xml'), 'utf8');
  const routes = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  if (routes.length < 10) throw new Error(`${BUILD_DIR}/sitemap.xml lists ${routes.length} routes`);
  return routes;
}

/** The response carries the build's policy: scripts by hash, never 'unsafe-inline'. */
function expectShippedPolicy(route: string, csp: string | undefined): void {
  const scriptSrc = csp?.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc, `${route} is served with a script-src allowing hashes`).toMatch(/'sha256-/);
  expect(scriptSrc, `${route} never allows inline scripts wholesale`).not.toContain(
    'unsafe-inline',
  );
}

test('every route from its own HTML: the shipped policy, and no violation from its inline scripts, styles and links', async ({
  page,
  context,
  allowConsoleErrors,
}) => {
  // The site's bundles are refused by the test (not by the policy): only what the HTML carries runs.
  allowConsoleErrors([/Failed to load resource: net::ERR_BLOCKED_BY_CLIENT/]);
  allowConsoleErrors([/Failed to load resource: the server responded with a status of 404/]);
  const violations = await recordViolations(context);
  let heldBack = 0;
  await context.route(/\/assets\/js\/[^/]+\.js$/, (route) => {
    heldBack += 1;
    return route.abort('blockedbyclient');
  });
  const routes = [...sitemapRoutes(), ...NOT_IN_SITEMAP, NOT_FOUND];
  test.setTimeout(routes.length * 1_500 + 30_000);
  let inlineScripts = 0;
  for (const route of routes) {
    await test.step(route, async () => {
      const response = await page.goto(route, { waitUntil: 'domcontentloaded' });
      expect(response?.status(), `${route} status`).toBe(route === NOT_FOUND ? 404 : 200);
      expectShippedPolicy(route, response?.headers()['content-security-policy']);
      // The client redirect's inline script sends the reader on: the next document is checked.
      if (NOT_IN_SITEMAP.includes(route)) {
        await page.waitForURL((url) => url.pathname !== route);
        await page.waitForLoadState('domcontentloaded');
      }
      // A task after the parser's: violation events queued while parsing have been delivered.
      inlineScripts += await page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            setTimeout(() => resolve(document.querySelectorAll('script:not([src])').length), 0),
          ),
      );
    });
  }
  // The walk saw what it claims to: inline scripts ran under the policy, bundles were held back.
  expect(inlineScripts).toBeGreaterThanOrEqual(routes.length);
  expect(heldBack).toBeGreaterThanOrEqual(routes.length);
  expect(violations, 'Content-Security-Policy violations').toEqual([]);
});

test('an injected inline script and event handler are refused and reported', async ({
  page,
  context,
  allowConsoleErrors,
}) => {
  allowConsoleErrors([
    /inline script violates the following Content Security Policy directive/,
    /inline event handler violates the following Content Security Policy directive/,
  ]);
  const violations = await recordViolations(context);
  await page.goto('/pricing/');
  await waitForHydration(page);

  await expect(page.addScriptTag({ content: 'window.__injected = "script";' })).rejects.toThrow(
    /Content Security Policy/,
  );
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.setAttribute('onerror', 'window.__injected = "handler"');
    image.src = 'data:,not-an-image';
    document.body.append(image);
  });

  await expect
    .poll(() => violations.map((v) => v.directive).sort())
    .toEqual(['script-src-attr', 'script-src-elem']);
  expect(violations.every((v) => v.page === '/pricing/')).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBe(
    undefined,
  );
});
