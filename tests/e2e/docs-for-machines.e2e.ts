/**
 * Docs for people's tools (issue 23) on the production build: llms.txt follows the catalogue
 * and the prices the API answers; every Markdown page it lists is served as text/markdown with
 * no JSX or HTML; the copy button copies exactly that text; the static OpenAPI documents are the
 * running servers' bytes; the Markdown and llms.txt work offline after one visit.
 */
import type { APIRequestContext } from '@playwright/test';
import { PUBLIC_CATALOGUE, deploymentDocsPath } from '../../contract/catalogue';
import { test, expect, dismissCookieBanner, searchInput, waitForHydration } from './fixtures';
import { installPageClock } from './support/clock';
import { waitForOfflineReady } from './support/offline';

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

/** The Markdown URLs llms.txt links (each once, without anchors). */
const listedMarkdown = (llms: string) => [
  ...new Set([...llms.matchAll(/\((https?:\/\/[^)\s]+?\.md)(?:#[^)]*)?\)/g)].map((m) => m[1]!)),
];

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
  const urls = listedMarkdown(body);
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

test('llms-full.txt is every docs page once, in full, as plain text with no JSX or HTML', async ({
  request,
}) => {
  test.slow();
  const { response, body } = await text(request, '/llms-full.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(body).toMatch(/^# VisionAPI\n/);

  const sources = [...body.matchAll(/^Source: (\S+) \(Markdown: (\S+)\)$/gm)].map((m) => ({
    page: m[1]!,
    markdown: m[2]!,
  }));
  // One Source: line per docs page: the pages of the sitemap under /dashboard/, and the Markdown
  // llms.txt lists, each exactly once.
  const sitemap = (await text(request, '/sitemap.xml')).body;
  const docsPages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => m[1]!)
    .filter((url) => local(url).startsWith('/dashboard/'));
  expect(docsPages.length).toBeGreaterThan(20);
  expect(sources.map((s) => s.page).sort()).toEqual([...docsPages].sort());
  const listed = listedMarkdown((await text(request, '/llms.txt')).body);
  expect(sources.map((s) => s.markdown).sort()).toEqual([...listed].sort());

  // Each page's Markdown in full, as served beside the page.
  for (const source of sources) {
    const page = await text(request, local(source.markdown));
    expect(page.response.status(), source.markdown).toBe(200);
    expect(body, source.markdown).toContain(page.body.trimEnd());
  }
  expect(prose(body)).not.toMatch(/<\/?[A-Za-z][^>]*>/);
  expect(prose(body)).not.toMatch(/^(?:import|export) /m);
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

test('a generated category index page has the copy button too, copying its Markdown', async ({
  page,
  context,
  request,
}) => {
  const family = '/dashboard/public-deployment/image-segmentation/';
  const markdown = '/dashboard/public-deployment/image-segmentation.md';
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await dismissCookieBanner(page);
  await page.goto(family);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Image segmentation');
  await expect(page.getByRole('link', { name: 'View as Markdown' })).toHaveAttribute(
    'href',
    markdown,
  );
  await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Page copied as Markdown.' }),
  ).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe((await text(request, markdown)).body);
  expect(copied).toContain('# Image segmentation');
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
  // The footer links both documents.
  const footer = page.getByRole('contentinfo');
  for (const [name, file] of [
    [/^OpenAPI \(services\)/, 'services.json'],
    [/^OpenAPI \(account\)/, 'account.json'],
  ] as const) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', `/openapi/${file}`);
  }
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

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
    await installPageClock(page);
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
  const atom = await request.get('/changelog/atom.xml');
  expect(atom.status()).toBe(200);
  expect(atom.headers()['content-type']).toMatch(/^application\/xml/);
  const atomText = await atom.text();
  expect(atomText).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
  expect(atomText).toContain('<title>VisionAPI changelog</title>');
  expect(atomText).toMatch(/<entry>[\s\S]*<id>[^<]*\/changelog\/teams\/<\/id>/);
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
