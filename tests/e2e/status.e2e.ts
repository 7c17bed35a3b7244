/**
 * /status/ checks the account API and the services host from the browser: each part and each
 * public deployment up, then down once the services host stops answering (its health requests
 * are cut here, so the shared stack keeps running for the tests beside this one), and a plain
 * message when the reader is offline.
 */
import type { Locator, Page } from '@playwright/test';
import { API_ORDER } from '../../contract/catalogue';
import { test, expect, dismissCookieBanner, waitForHydration } from './fixtures';

const SERVICES_HEALTH = 'http://localhost:4020/health';

function row(page: Page, name: string): Locator {
  return page
    .getByRole('table', { name: 'Status of each part' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

test('shows each part up, then the services host and every deployment down when it stops answering', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors([/Failed to load resource/, /ERR_FAILED/]);
  await dismissCookieBanner(page);
  await page.goto('/status/');
  await waitForHydration(page);
  const summary = page.getByTestId('status-summary');
  await expect(summary).toHaveText('All systems operational.');
  for (const name of ['Account API', 'Services host', ...API_ORDER.map((e) => e.title)]) {
    await expect(row(page, name)).toHaveAttribute('data-status', 'up');
    await expect(row(page, name)).toContainText('Operational');
  }
  await expect(row(page, 'Account API').getByRole('cell').nth(1)).toHaveText(/^\d+ ms$/);
  await expect(row(page, 'Account API').getByRole('cell').nth(2)).not.toHaveText('—');

  await page.route(SERVICES_HEALTH, (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(row(page, 'Services host')).toHaveAttribute('data-status', 'down');
  await expect(row(page, 'Services host')).toContainText('Down');
  await expect(row(page, 'Services host')).toContainText('It could not be reached.');
  for (const entry of API_ORDER) {
    await expect(row(page, entry.title)).toHaveAttribute('data-status', 'down');
  }
  await expect(row(page, 'Account API')).toHaveAttribute('data-status', 'up');
  await expect(summary).toContainText('Not operational: Services host');

  await page.unroute(SERVICES_HEALTH);
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(summary).toHaveText('All systems operational.');
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
