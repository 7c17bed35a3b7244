/**
 * The production build, served with the headers it ships (its _headers file, applied by
 * scripts/static-server.mjs as a static host would): every route of its sitemap, signed out and
 * signed in, with every cookie category accepted, raises no Content-Security-Policy violation, and
 * an injected inline script is refused (so these tests can fail).
 *
 * Routes come from the build's sitemap.xml: a new page is covered without editing this file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { ACCEPTED } from '../../bench/acceptedCookies.mjs';
import { waitForHydration } from './fixtures';
import { expect, test } from './support/fixtures';
import { stubThirdParties } from './support/thirdParties';

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

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
}

/** Records every `securitypolicyviolation` of every page and frame of the context. */
async function recordViolations(context: BrowserContext): Promise<Violation[]> {
  const violations: Violation[] = [];
  await context.exposeBinding(
    '__reportCspViolation',
    ({ page }, found: Omit<Violation, 'page'>) => {
      violations.push({ page: new URL(page.url()).pathname, ...found });
    },
  );
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (v: unknown) => void>)
        .__reportCspViolation;
      report?.({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      });
    });
  });
  return violations;
}

/** Every optional cookie category accepted, so analytics and scheduling load on every page. */
async function acceptAllCookies(page: Page): Promise<void> {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), ACCEPTED);
}

/** The response carries the build's policy: scripts by hash, never 'unsafe-inline'. */
function expectShippedPolicy(route: string, csp: string | undefined): void {
  const scriptSrc = csp?.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc, `${route} is served with a script-src allowing hashes`).toMatch(/'sha256-/);
  expect(scriptSrc, `${route} never allows inline scripts wholesale`).not.toContain(
    'unsafe-inline',
  );
}

/**
 * Routes that render the same kind of page: each standalone page is its own kind; docs pages are
 * grouped by their parent (the deployment pages, the segmentation pages, the top-level docs).
 */
function pageKind(route: string): string {
  return route.startsWith('/dashboard/')
    ? route.slice(0, route.slice(0, -1).lastIndexOf('/') + 1)
    : route;
}

/** Client-side navigation, as a click on a link does, then waits for the route to render. */
async function navigateInApp(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, route);
  await page.waitForFunction(
    (to) => document.querySelector('link[rel="canonical"]')?.getAttribute('href')?.endsWith(to),
    route,
  );
}

/**
 * Visits every route. A blocked request raises its violation when it is attempted, not when it
 * would have completed. The first page of each kind is loaded from its HTML, hydrated, and left
 * once the network is idle, so all that kind of page loads lazily (consented analytics, account
 * calls, the identity SDK, the playground's key) has been tried. The other pages of the kind are
 * either loaded from their own HTML up to DOMContentLoaded (`fullLoads`: every page's inline
 * scripts and bundle run under the policy) or reached by client-side navigation, as a reader moves
 * around (their route's code and effects run under it). Anything blocked also fails the test
 * through its console error.
 */
async function visitEveryRoute(
  page: Page,
  violations: Violation[],
  { fullLoads }: { fullLoads: boolean },
): Promise<void> {
  const inSitemap = new Set(sitemapRoutes());
  const routes = [...inSitemap, ...NOT_IN_SITEMAP, NOT_FOUND];
  const seenKinds = new Set<string>();
  test.setTimeout(routes.length * 3_000 + 30_000);
  for (const route of routes) {
    await test.step(route, async () => {
      // The client-redirect page and the not-found page are not routes of the app: each is a
      // kind of its own, loaded from its HTML.
      const firstOfKind = !inSitemap.has(route) || !seenKinds.has(pageKind(route));
      seenKinds.add(pageKind(route));
      if (fullLoads || firstOfKind) {
        const response = await page.goto(route, { waitUntil: 'domcontentloaded' });
        expect(response?.status(), `${route} status`).toBe(route === NOT_FOUND ? 404 : 200);
        expectShippedPolicy(route, response?.headers()['content-security-policy']);
        if (firstOfKind || !fullLoads) await waitForHydration(page);
        // A task after the parser's: violation events queued while parsing have been delivered.
        else await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      } else {
        await navigateInApp(page, route);
      }
      if (firstOfKind) await page.waitForLoadState('networkidle');
    });
  }
  expect(violations, 'Content-Security-Policy violations').toEqual([]);
}

test.describe('every route under the shipped Content-Security-Policy', () => {
  test.beforeEach(async ({ context, allowConsoleErrors }) => {
    await stubThirdParties(context);
    allowConsoleErrors([/Failed to load resource: the server responded with a status of 404/]);
  });

  test('signed out: no violation on any route, each loaded from its own HTML', async ({
    page,
    context,
  }) => {
    const violations = await recordViolations(context);
    await acceptAllCookies(page);
    await visitEveryRoute(page, violations, { fullLoads: true });
  });

  test('signed in: no violation on any route, reached as a reader moves around', async ({
    signedInPage: page,
    context,
  }) => {
    const violations = await recordViolations(context);
    await acceptAllCookies(page);
    await page.goto('/settings/usage/');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await visitEveryRoute(page, violations, { fullLoads: false });
  });
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
