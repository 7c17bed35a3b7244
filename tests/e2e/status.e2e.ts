/**
 * /status/ checks the account API and the services host from the browser: each part and each
 * public deployment up, then down once a services host is really stopped, up again once it is
 * started again; it checks again by itself every REFRESH_MS; and it says plainly when the reader
 * is offline.
 *
 * The services URL is baked into the build (SERVICES_BASE_URL, the stack's 4020), and the tests
 * beside this one use that host, so it is never stopped here. Instead this test starts a services
 * host of its own (the same server, role services, its own database) and sends the page's requests
 * for the services health there (`route.continue` to another URL: the browser still sees its own
 * request, and the answer, the refusal once it is stopped, and CORS are that process's).
 */
import type { Locator, Page } from '@playwright/test';
import { API_ORDER } from '../../contract/catalogue';
import { REFRESH_MS } from '../../src/pages/_components/status/useStatus';
import { test as base, expect, dismissCookieBanner, waitForHydration } from './fixtures';
import { createServicesHost, type ServicesHost } from './support/servicesHost';

const SERVICES_HEALTH = 'http://localhost:4020/health';

const test = base.extend<{ servicesHost: ServicesHost }>({
  // Playwright reads fixture dependencies from the destructuring pattern, even when empty.
  servicesHost: async ({}, provide) => {
    const host = await createServicesHost();
    try {
      await provide(host);
    } finally {
      await host.dispose();
    }
  },
});

function row(page: Page, name: string): Locator {
  return page
    .getByRole('table', { name: 'Status of each part' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

/** The "Last checked" cell of a part. */
const lastChecked = (page: Page, name: string) => row(page, name).getByRole('cell').nth(2);

async function expectAllUp(page: Page): Promise<void> {
  await expect(page.getByTestId('status-summary')).toHaveText('All systems operational.');
  for (const name of ['Account API', 'Services host', ...API_ORDER.map((e) => e.title)]) {
    await expect(row(page, name)).toHaveAttribute('data-status', 'up');
    await expect(row(page, name)).toContainText('Operational');
  }
}

test('shows each part up, then the services host and every deployment down when it is stopped, then up once it is back', async ({
  page,
  servicesHost,
  allowConsoleErrors,
}) => {
  // Two start-ups of a server (compile, migrate) on a possibly busy machine.
  test.setTimeout(360_000);
  allowConsoleErrors([/Failed to load resource/, /ERR_CONNECTION_REFUSED/, /ERR_FAILED/]);
  await servicesHost.start();
  const forwarded: string[] = [];
  await page.route(SERVICES_HEALTH, (route) => {
    forwarded.push(route.request().url());
    return route.continue({ url: `${servicesHost.origin}/health` });
  });
  await dismissCookieBanner(page);
  await page.goto('/status/');
  await waitForHydration(page);
  const summary = page.getByTestId('status-summary');
  await expectAllUp(page);
  expect(forwarded.length).toBeGreaterThan(0);
  await expect(row(page, 'Account API').getByRole('cell').nth(1)).toHaveText(/^\d+ ms$/);
  await expect(lastChecked(page, 'Account API')).not.toHaveText('—');

  await servicesHost.stop();
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(row(page, 'Services host')).toHaveAttribute('data-status', 'down');
  await expect(row(page, 'Services host')).toContainText('Down');
  await expect(row(page, 'Services host')).toContainText('It could not be reached.');
  for (const entry of API_ORDER) {
    await expect(row(page, entry.title)).toHaveAttribute('data-status', 'down');
  }
  await expect(row(page, 'Account API')).toHaveAttribute('data-status', 'up');
  await expect(summary).toContainText('Not operational: Services host');

  await servicesHost.start();
  await page.getByRole('button', { name: 'Check now' }).click();
  await expectAllUp(page);
});

test(`checks again by itself every ${REFRESH_MS / 1000} seconds`, async ({ page }) => {
  await page.clock.install({ time: new Date('2026-03-02T10:00:00') });
  const probes: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/health')) probes.push(request.url());
  });
  await dismissCookieBanner(page);
  await page.goto('/status/');
  await waitForHydration(page);
  await expectAllUp(page);
  const first = await lastChecked(page, 'Account API').textContent();
  const probed = probes.length;
  expect(probed).toBe(2);

  // The page's clock jumps one interval ahead: its timer fires and both hosts are probed again.
  await page.clock.fastForward(REFRESH_MS);
  await expect(lastChecked(page, 'Account API')).not.toHaveText(first!);
  await expect(lastChecked(page, 'Services host')).not.toHaveText(first!);
  expect(probes).toHaveLength(probed + 2);
  await expect(page.getByTestId('status-summary')).toHaveText('All systems operational.');
});

test('says plainly when the reader is offline', async ({ page, context }) => {
  await dismissCookieBanner(page);
  await page.goto('/status/');
  await waitForHydration(page);
  await expect(page.getByTestId('status-summary')).toHaveText('All systems operational.');
  await context.setOffline(true);
  await expect(page.getByRole('alert')).toContainText('You are offline.');
  await expect(page.getByTestId('status-summary')).toContainText('You are offline');
  await expect(page.getByRole('button', { name: 'Check now' })).toBeDisabled();
  await context.setOffline(false);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('status-summary')).toHaveText('All systems operational.');
});
