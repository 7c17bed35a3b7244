import type { Page, Route } from '@playwright/test';
import { test, expect, dismissCookieBanner, waitForHydration } from './fixtures';

const DOC = '/dashboard/public-deployment/';
const TARGET = '/dashboard/private-deployment/';

/** The first plain-ASCII paragraph of a page: its text is one string literal in the page's chunk. */
async function plainParagraph(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  const paragraphs = [...html.matchAll(/<p>([^<]{40,})<\/p>/g)].map((m) => m[1]);
  const text = paragraphs.find((p) => /^[\x20-\x7e]+$/.test(p) && !/["\\&]/.test(p));
  if (!text) throw new Error(`no plain paragraph on ${path}`);
  return text;
}

/**
 * Serves the JS chunks through `handle`, which sees each chunk's body. Requests cut short by a
 * page reload are ignored.
 */
async function interceptChunks(
  page: Page,
  handle: (
    route: Route,
    body: string,
    response: Awaited<ReturnType<Route['fetch']>>,
  ) => Promise<void>,
) {
  await page.route('**/assets/js/*.js', async (route: Route) => {
    try {
      const response = await route.fetch();
      await handle(route, await response.text(), response);
    } catch {
      // The page navigated away while the chunk was in flight.
    }
  });
}

/** Serves the JS chunks unchanged except the one holding `needle`, which `edit` rewrites. */
async function rewriteChunk(page: Page, needle: string, edit: (body: string) => string) {
  let rewritten = 0;
  await interceptChunks(page, async (route, body, response) => {
    if (!body.includes(needle)) return route.fulfill({ response, body });
    rewritten += 1;
    return route.fulfill({ response, body: edit(body) });
  });
  return () => rewritten;
}

/** Makes the chunk holding `needle` fail to download, the first time only. */
async function failChunkOnce(page: Page, needle: string) {
  let failures = 0;
  await interceptChunks(page, async (route, body, response) => {
    if (failures === 0 && body.includes(needle)) {
      failures += 1;
      return route.abort('failed');
    }
    return route.fulfill({ response, body });
  });
  return () => failures;
}

// What the browser itself reports about an aborted chunk download.
const CHUNK_FAILURE_NOISE = [/Failed to load resource/, /net::ERR_FAILED/, /ChunkLoadError/];

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('a page that fails to render shows the crash screen, and Try again recovers', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors([
    /Injected render failure/,
    /The above error occurred/,
    /React will try to recreate/,
  ]);
  const text = await plainParagraph(page, TARGET);
  // Make the target page's content throw while rendering, for as long as the flag is set.
  const rewritten = await rewriteChunk(page, `"${text}"`, (body) =>
    body.replace(
      `"${text}"`,
      `(window.__injectCrash?(()=>{throw new Error("Injected render failure")})():"${text}")`,
    ),
  );
  await page.addInitScript(
    () => ((window as unknown as { __injectCrash: boolean }).__injectCrash = true),
  );
  await page.goto(DOC);
  await waitForHydration(page);
  await page
    .getByRole('navigation', { name: 'Docs sidebar' })
    .getByRole('link', { name: 'Private deployment', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'This page crashed.' })).toBeVisible();
  expect(rewritten()).toBeGreaterThanOrEqual(1);
  await page.evaluate(
    () => ((window as unknown as { __injectCrash: boolean }).__injectCrash = false),
  );
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This page crashed.' })).toHaveCount(0);
});

test('a route chunk that fails during navigation logs a warning and reloads the page', async ({
  page,
  consoleMessages,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(CHUNK_FAILURE_NOISE);
  const text = await plainParagraph(page, TARGET);
  await page.goto(DOC);
  await waitForHydration(page);
  // Fail the target page's content chunk once, as after a deployment removed it.
  const failed = await failChunkOnce(page, `"${text}"`);
  const reload = page.waitForEvent('load');
  await page
    .getByRole('navigation', { name: 'Docs sidebar' })
    .getByRole('link', { name: 'Private deployment', exact: true })
    .click();
  await reload;
  expect(failed()).toBe(1);
  await expect(page).toHaveURL(new RegExp(`${TARGET}$`));
  await expect(page.getByText(text)).toBeVisible();
  expect(consoleMessages.some((m) => m.type === 'warning' && /chunk/i.test(m.text))).toBe(true);
});

test('a route chunk that fails on first load shows Retry, which reloads the page', async ({
  page,
  consoleMessages,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(CHUNK_FAILURE_NOISE);
  const text = await plainParagraph(page, TARGET);
  const failures = await failChunkOnce(page, `"${text}"`);
  await page.goto(TARGET);
  const alert = page.getByRole('alert').filter({ hasText: 'failed to load' });
  await expect(alert).toBeVisible();
  expect(
    consoleMessages.some((m) => m.type === 'warning' && /chunk failed to load/i.test(m.text)),
  ).toBe(true);
  // The static page stays readable meanwhile.
  await expect(page.getByText(text)).toBeVisible();
  await alert.getByRole('button', { name: 'Retry' }).click();
  await waitForHydration(page);
  await expect(page.getByRole('alert').filter({ hasText: 'failed to load' })).toHaveCount(0);
  expect(failures()).toBe(1);
});

test('a slow route change shows the progress bar, not before 200 ms', async ({ page }) => {
  await page.goto(DOC);
  await waitForHydration(page);
  const text = await plainParagraph(page, TARGET);
  // Hold the target's content chunk for 1.5 s.
  await interceptChunks(page, async (route, body, response) => {
    if (body.includes(`"${text}"`)) await new Promise((resolve) => setTimeout(resolve, 1500));
    return route.fulfill({ response, body });
  });
  const started = Date.now();
  await page.evaluate(() => {
    // Record when the bar first appears.
    const observer = new MutationObserver(() => {
      if (document.getElementById('nprogress')) {
        (window as unknown as { __barAt: number }).__barAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    (window as unknown as { __clickAt: number }).__clickAt = performance.now();
  });
  await page
    .getByRole('navigation', { name: 'Docs sidebar' })
    .getByRole('link', { name: 'Private deployment', exact: true })
    .click();
  await expect(page.locator('#nprogress .bar')).toBeVisible();
  // Without nprogress's invalid role="bar" (src/clientModules/progressBar.ts).
  await expect(page.locator('#nprogress [role]')).toHaveCount(0);
  const delay = await page.evaluate(
    () =>
      (window as unknown as { __barAt: number }).__barAt -
      (window as unknown as { __clickAt: number }).__clickAt,
  );
  expect(delay).toBeGreaterThanOrEqual(200);
  await expect(page.getByText(text)).toBeVisible();
  await expect(page.locator('#nprogress')).toHaveCount(0);
  expect(Date.now() - started).toBeGreaterThan(1500);
});

for (const [label, connection] of [
  ['2g', { effectiveType: '2g', saveData: false }],
  ['data saver', { effectiveType: '4g', saveData: true }],
] as const) {
  test(`prefetch is skipped on ${label} connections`, async ({ page }) => {
    await page.addInitScript((value) => {
      Object.defineProperty(navigator, 'connection', { value, configurable: true });
    }, connection);
    const chunks: string[] = [];
    await page.goto(DOC);
    await waitForHydration(page);
    page.on('request', (request) => {
      if (request.url().includes('/assets/js/')) chunks.push(request.url());
    });
    // Links in view and under the pointer would normally prefetch their pages.
    await page
      .getByRole('navigation', { name: 'Docs sidebar' })
      .getByRole('link', { name: 'Private deployment', exact: true })
      .hover();
    await page.waitForTimeout(1500);
    expect(chunks).toEqual([]);
  });
}

test('prefetch runs on a fast connection (the control for the tests above)', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      value: { effectiveType: '4g', saveData: false },
      configurable: true,
    });
  });
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/assets/js/')) chunks.push(request.url());
  });
  await page.goto(DOC);
  await waitForHydration(page);
  const before = chunks.length;
  await page
    .getByRole('navigation', { name: 'Docs sidebar' })
    .getByRole('link', { name: 'Private deployment', exact: true })
    .hover();
  await expect.poll(() => chunks.length).toBeGreaterThan(before);
});

test('code blocks and admonitions are hydrated in place, not built a second time', async ({
  page,
}) => {
  // Marks the server-rendered blocks as soon as the HTML is parsed; a block React threw away
  // and built again (a fallback, then the component) would be a new, unmarked element.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      document
        .querySelectorAll<HTMLElement>('.theme-code-block, .theme-admonition')
        .forEach((el) => (el.dataset.fromServer = 'yes'));
    });
  });
  await page.goto(DOC);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const blocks = page.locator('article .theme-code-block, article .theme-admonition');
  // The page's code blocks and its tip: every one of them the server's element.
  const count = await blocks.count();
  expect(count).toBeGreaterThanOrEqual(4);
  await expect(page.locator('article [data-from-server="yes"]')).toHaveCount(count);
  // Hydrated: the copy buttons (rendered in the browser only) are there and work.
  await expect(
    page.locator('article .theme-code-block').first().getByRole('button', { name: /copy/i }),
  ).toBeAttached();
  // After a client-side navigation, the same page shows its blocks highlighted at once.
  await page
    .getByRole('navigation', { name: 'Docs sidebar' })
    .getByRole('link', { name: 'Object detection', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Object detection');
  await page.goBack();
  await expect(page.locator('article .theme-admonition')).toHaveCount(1);
  await expect(page.locator('article .theme-code-block .token').first()).toBeAttached();
  await expect(page.locator('article .alert:not(.theme-admonition)')).toHaveCount(0);
});
