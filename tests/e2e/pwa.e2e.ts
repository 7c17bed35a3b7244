import { spawn, type ChildProcess } from 'node:child_process';
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, dismissCookieBanner, searchInput, waitForHydration } from './fixtures';
import { installPageClock } from './support/clock';
import { waitForOfflineReady } from './support/offline';

// The service worker is what these tests are about.
test.use({ serviceWorkers: 'allow' });

const OFFLINE_PAGES: [string, RegExp][] = [
  ['/', /.+/],
  ['/pricing/', /pricing/i],
  ['/terms/', /terms/i],
  ['/privacy/', /privacy/i],
  ['/dashboard/public-deployment/', /public deployment/i],
  ['/dashboard/public-deployment/object-detection/', /object detection/i],
  ['/dashboard/public-deployment/image-segmentation/panoptic/', /panoptic/i],
  ['/dashboard/public-deployment/super-resolution/', /super-resolution/i],
  ['/dashboard/private-deployment/', /private deployment/i],
  ['/dashboard/ai-training-studio/', /training studio/i],
];

test('after one online visit, docs, home, pricing and legal pages load offline', async ({
  page,
  context,
  allowConsoleErrors,
}) => {
  test.slow();
  // Anything the pages try to fetch from the network while offline fails, by design.
  allowConsoleErrors([
    /net::ERR_INTERNET_DISCONNECTED/,
    /Failed to fetch/,
    /Failed to load resource/,
  ]);
  await dismissCookieBanner(page);
  await installPageClock(page);
  await page.goto('/');
  await waitForHydration(page);
  await waitForOfflineReady(page);

  await context.setOffline(true);
  for (const [route, heading] of OFFLINE_PAGES) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
  }
  // Client-side navigation and local search keep working offline too.
  await page.goto('/dashboard/public-deployment/');
  await waitForHydration(page);
  await page
    .getByRole('navigation', { name: 'Docs sidebar' })
    .getByRole('link', { name: 'Depth estimation', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/depth estimation/i);
  const search = searchInput(page);
  await search.fill('panoptic');
  await expect(page.getByRole('option', { name: /panoptic/i }).first()).toBeVisible();
});

test('the web app manifest and icons make the site installable', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.json');
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({ display: 'standalone', start_url: expect.any(String) });
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const response = await request.get(icon.src);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe(icon.type);
  }
});

test.describe('update prompt', () => {
  const PORT = 3011;
  let dir: string;
  let server: ChildProcess;

  test.beforeAll(async () => {
    // A private copy of the build, so the test can publish a "new version" of it.
    dir = await mkdtemp(path.join(tmpdir(), 'site-update-'));
    await cp(process.env.SITE_BUILD_DIR ?? 'build-test', dir, { recursive: true });
    server = spawn(
      'npx',
      [
        'docusaurus',
        'serve',
        '--dir',
        dir,
        '--port',
        String(PORT),
        '--host',
        'localhost',
        '--no-open',
      ],
      { stdio: 'ignore', detached: true },
    );
    await expect
      .poll(
        async () =>
          fetch(`http://localhost:${PORT}/`)
            .then((r) => r.status)
            .catch(() => 0),
        {
          timeout: 30_000,
        },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (server.pid) process.kill(-server.pid);
    await rm(dir, { recursive: true, force: true });
  });

  test('a waiting updated worker prompts the reader to reload', async ({
    page,
    allowConsoleErrors,
  }) => {
    test.slow();
    // This private copy runs on an origin the local backend's CORS list does not know, so the
    // pricing fetch made at start is refused; the browser logs that.
    allowConsoleErrors([/blocked by CORS policy/, /Failed to load resource: net::ERR_FAILED/]);
    await dismissCookieBanner(page);
    const origin = `http://localhost:${PORT}`;
    // plugin-pwa's update handling (its module and workbox-window) loads only once an updated
    // worker waits (src/clientModules/serviceWorker.ts).
    const updateCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/js\/pwa-update\.[0-9a-f]+\.js$/.test(request.url()))
        updateCode.push(`${request.resourceType()} ${request.url()}`);
    });
    const workerUrl = () =>
      page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL,
      );
    await installPageClock(page);
    await page.goto(`${origin}/dashboard/public-deployment/`);
    await waitForHydration(page);
    await waitForOfflineReady(page);
    await expect(page.getByText('New version available')).toHaveCount(0);
    // The URL plugin-pwa's own module registers, so its later registration finds the same worker.
    const registered = await workerUrl();
    expect(registered).toBe(
      `${origin}/sw.js?params=${encodeURIComponent(JSON.stringify({ offlineMode: true, debug: false }))}`,
    );
    expect(updateCode).toEqual([]);

    // Deploy a new version: any byte change in sw.js makes the browser install it.
    await appendFile(path.join(dir, 'sw.js'), '\n// new deployment\n');
    await page.reload();
    // Announced through a live region (role=status) that holds the popup.
    const popup = page.getByRole('status').filter({ hasText: 'New version available' });
    await expect(popup.getByText('New version available')).toBeVisible({ timeout: 30_000 });
    const reloaded = page.waitForEvent('framenavigated');
    await popup.getByRole('button', { name: 'Refresh' }).click();
    await reloaded;
    await waitForHydration(page);
    await expect(page.getByText('New version available')).toHaveCount(0);
    expect(updateCode.length).toBeGreaterThan(0);
    // The new worker took over under the same URL: no second registration.
    expect(await workerUrl()).toBe(registered);
  });
});
