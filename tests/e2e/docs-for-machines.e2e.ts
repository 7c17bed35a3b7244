/**
 * Docs for people's tools (issue 23) on the production build: llms.txt follows the catalogue
 * and the prices the API answers; every Markdown page it lists is served as text/markdown with
 * no JSX or HTML; the copy button copies exactly that text; the static OpenAPI documents are the
 * running servers' bytes; the Markdown and llms.txt work offline after one visit.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { PUBLIC_CATALOGUE, deploymentDocsPath } from '../../contract/catalogue';
import { test, expect, dismissCookieBanner, searchInput, waitForHydration } from './fixtures';

const API = 'http://localhost:4010';
const SERVICES = 'http://localhost:4020';
const DOCS_PAGE = '/dashboard/public-deployment/object-detection/';
const DOCS_MARKDOWN = '/dashboard/public-deployment/object-detection.md';

/** The build's absolute URLs name SITE_URL; the tests read the build served here. */
const local = (url: string) => new URL(url).pathname;

/** Markdown without its code: what is left must hold no tag. */
const prose = (markdown: string) =>
  markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');

async function text(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  return { response, body: await response.text() };
}

test('llms.txt lists every public deployment with its endpoint and the price the API answers', async ({
  request,
}) => {
  const { response, body } = await text(request, '/llms.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const pricing = (await (await request.get(`${API}/v1/pricing/pubic-deployment`)).json()) as {
    deployments: { path: string; price_per_call_usd: number }[];
  };
  for (const entry of PUBLIC_CATALOGUE) {
    const price = pricing.deployments.find((d) => d.path === entry.priceKey)?.price_per_call_usd;
    expect(price, `${entry.slug} in the pricing answer`).toBeDefined();
    const line = body.split('\n').find((l) => l.startsWith(`- [${entry.title}](`));
    expect(line, `${entry.title} in llms.txt`).toBeDefined();
    expect(line).toContain(`POST ${SERVICES}/${entry.slug}`);
    expect(line).toContain(`$${price} per call`);
  }
});

test('every Markdown URL llms.txt lists answers text/markdown with no JSX or HTML', async ({
  request,
}) => {
  test.slow();
  const { body } = await text(request, '/llms.txt');
  const urls = [
    ...new Set([...body.matchAll(/\((https?:\/\/[^)\s]+?\.md)(?:#[^)]*)?\)/g)].map((m) => m[1]!)),
  ];
  expect(urls.length).toBeGreaterThan(20);
  for (const url of urls) {
    const page = await text(request, local(url));
    expect(page.response.status(), url).toBe(200);
    expect(page.response.headers()['content-type'], url).toMatch(/^text\/markdown/);
    expect(page.body, url).toMatch(/^# \S/);
    expect(prose(page.body), url).not.toMatch(/<\/?[A-Za-z][^>]*>/);
    expect(prose(page.body), url).not.toMatch(/^(?:import|export) /m);
  }
  for (const entry of PUBLIC_CATALOGUE) {
    const own = await text(request, `${deploymentDocsPath(entry)}llms.txt`);
    expect(own.response.status()).toBe(200);
    expect(own.body).toContain(`POST ${SERVICES}/${entry.slug}`);
  }
});

test('"Copy page as Markdown" puts the page\'s Markdown on the clipboard', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await dismissCookieBanner(page);
  await page.goto(DOCS_PAGE);
  await waitForHydration(page);
  const view = page.getByRole('link', { name: 'View as Markdown' });
  await expect(view).toHaveAttribute('href', DOCS_MARKDOWN);
  await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Page copied as Markdown.' }),
  ).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe((await text(request, DOCS_MARKDOWN)).body);
  expect(copied).toContain('# Object detection');
});

test('the static OpenAPI documents are the bytes the servers serve, linked from the reference pages', async ({
  page,
  request,
}) => {
  for (const [published, served] of [
    ['/openapi/account.json', `${API}/v1/openapi.json`],
    ['/openapi/services.json', `${SERVICES}/openapi.json`],
  ] as const) {
    const file = await text(request, published);
    expect(file.response.headers()['content-type']).toMatch(/^application\/json/);
    expect(file.body, `${published} = ${served}`).toBe((await text(request, served)).body);
  }
  await dismissCookieBanner(page);
  await page.goto(DOCS_PAGE);
  const reference = page.getByRole('region', { name: 'Object detection API reference' });
  await expect(reference.getByRole('link', { name: 'services.json' })).toHaveAttribute(
    'href',
    '/openapi/services.json',
  );
  await reference.getByRole('link', { name: 'API reference' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API reference');
  await expect(page.getByRole('heading', { name: 'Services host', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Account API', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create an API key', level: 4 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rate limits' }).first()).toBeVisible();
  for (const file of ['services.json', 'account.json']) {
    const download = page.getByRole('link', { name: `Download ${file}` });
    await expect(download).toHaveAttribute('download', file);
    await expect(download).toHaveAttribute('href', `/openapi/${file}`);
  }
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  async function waitForOfflineReady(page: Page): Promise<void> {
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
      await page.reload();
      await waitForHydration(page);
    }
  }

  test("after one visit, the page's Markdown and /llms.txt load with the network off", async ({
    page,
    context,
    request,
    allowConsoleErrors,
  }) => {
    test.slow();
    allowConsoleErrors([
      /net::ERR_INTERNET_DISCONNECTED/,
      /Failed to fetch/,
      /Failed to load resource/,
    ]);
    await dismissCookieBanner(page);
    await page.goto(DOCS_PAGE);
    await waitForHydration(page);
    await waitForOfflineReady(page);
    const online = {
      markdown: (await text(request, DOCS_MARKDOWN)).body,
      llms: (await text(request, '/llms.txt')).body,
    };

    await context.setOffline(true);
    const offline = await page.evaluate(
      async ([markdown, llms]) => ({
        markdown: await (await fetch(markdown)).text(),
        llms: await (await fetch(llms)).text(),
      }),
      [DOCS_MARKDOWN, '/llms.txt'] as const,
    );
    expect(offline).toEqual(online);
    // The copy button works offline too.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(online.markdown);
  });
});

test('the sitemap and the local search include the API reference, the changelog and the status page', async ({
  page,
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of [
    '/dashboard/api-reference/',
    '/changelog/',
    '/changelog/teams/',
    '/status/',
  ]) {
    expect(sitemap).toContain(`${path}</loc>`);
  }
  const feed = await request.get('/changelog/rss.xml');
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('<title>VisionAPI changelog</title>');
  await page.goto('/');
  await waitForHydration(page);
  const search = searchInput(page);
  await search.click();
  for (const [query, result] of [
    ['API reference', /API reference/],
    ['metering gateway', /test keys, restricted keys and the metering gateway/i],
    ['Status', /Status/],
  ] as const) {
    await search.fill(query);
    await expect(page.getByRole('option', { name: result }).first()).toBeVisible();
  }
});
