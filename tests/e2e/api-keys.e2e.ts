/**
 * API keys as the best platforms keep them: a secret is shown once (right after creating or
 * rolling the key), lists show only its prefix and last four, a roll can leave the old secret
 * working for a grace period, and the quick start carries a secret only when the backend can
 * give it back (the key used for in-browser calls).
 */
import type { Page } from '@playwright/test';
import { dismissCookieBanner, expect } from './fixtures';
import { test } from './support/fixtures';
import { callApi, type TestUser } from './support/identity';

const SERVICES_BASE_URL = process.env.SERVICES_BASE_URL ?? 'http://localhost:4020';
const PAGE = '/settings/api-keys/';
/** A local-stack secret: the readable prefix and 32 random base64url characters. */
const SECRET = /^va_test_[A-Za-z0-9_-]{32}$/;
/** The first signed-in load restores the session before the keys are fetched. */
const FIRST_LOAD = { timeout: 20_000 };

interface ListedKey {
  id: string;
  name: string;
  key?: string;
  redacted: string;
  last4: string;
  used_for_ui: boolean;
  previous_secret_expires_at: string | null;
}

async function listKeys(user: TestUser): Promise<ListedKey[]> {
  return (await callApi<{ api_keys: ListedKey[] }>(user, 'GET', 'api-key')).api_keys;
}

/**
 * What the services host makes of a secret: 401 for an unknown (or revoked) key; a known key
 * of an organization without credits gets 402, before any image is read.
 */
async function servicesStatus(page: Page, secret: string): Promise<number> {
  const response = await page.request.post(`${SERVICES_BASE_URL}/object-detection`, {
    headers: { 'api-key': secret },
    data: { image: 'aGVsbG8=' },
  });
  return response.status();
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('a new key’s secret is shown once: copyable in the notice, gone after closing it and after a reload', async ({
  signedInPage: page,
  user,
}) => {
  await page.goto(PAGE);
  await page.getByLabel('Key name').fill('Production server');
  await page.getByRole('button', { name: 'Create key' }).click();

  const notice = page.getByRole('region', { name: 'New API key' });
  await expect(notice).toBeVisible(FIRST_LOAD);
  await expect(notice).toContainText('Your new key “Production server” is ready.');
  await expect(notice).toContainText('you will not see it again');
  await expect(notice).toBeFocused();
  const secret = (await notice.getByTestId('new-api-key').textContent())!.trim();
  expect(secret).toMatch(SECRET);
  await notice.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByText('API key copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  // The list shows prefix…last four, created and last used; never the secret.
  const row = page.getByRole('row', { name: 'Production server' });
  await expect(row.getByLabel('Redacted key')).toHaveText(`va_test_…${secret.slice(-4)}`);
  await expect(row).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)/);
  await expect(row).toContainText('Never');
  await expect(row).not.toContainText(secret);
  const listed = (await listKeys(user)).find((k) => k.name === 'Production server')!;
  expect(listed.key).toBeUndefined();
  expect(listed.redacted).toBe(`va_test_…${secret.slice(-4)}`);

  // It is a real secret: the services host knows it (402, no credits), not an unknown key (401).
  expect(await servicesStatus(page, secret)).toBe(402);
  expect(await servicesStatus(page, `${secret.slice(0, -4)}zzzz`)).toBe(401);

  // Closed, it is gone for good: not in the page, not after a reload.
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toHaveCount(0);
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  await page.reload();
  await expect(row.getByLabel('Redacted key')).toHaveText(
    `va_test_…${secret.slice(-4)}`,
    FIRST_LOAD,
  );
  await expect(notice).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
});

test('rolling a key: the new secret is shown once, the old one works until the grace period ends', async ({
  signedInPage: page,
  user,
}) => {
  test.setTimeout(60_000);
  const created = await callApi<{ key: string }>(user, 'POST', 'api-key', { name: 'Server' });
  const original = created.key;
  await page.goto(PAGE);
  const row = page.getByRole('row', { name: 'Server' });
  await expect(row).toBeVisible(FIRST_LOAD);

  // Cancel changes nothing.
  await row.getByRole('button', { name: 'Roll' }).click();
  const dialog = page.getByRole('dialog', { name: 'Roll “Server”?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await servicesStatus(page, original)).toBe(402);

  // Roll with 24 hours of grace.
  await row.getByRole('button', { name: 'Roll' }).click();
  const grace = dialog.getByRole('radiogroup', { name: 'The old secret stops working' });
  await expect(grace.getByRole('radio')).toHaveCount(5);
  await expect(grace.getByRole('radio', { name: 'Now' })).toBeChecked();
  for (const label of ['In 1 hour', 'In 24 hours', 'In 3 days', 'In 7 days'])
    await expect(grace.getByRole('radio', { name: label })).toBeVisible();
  await grace.getByRole('radio', { name: 'In 24 hours' }).check();
  const rolledAt = Date.now();
  await dialog.getByRole('button', { name: 'Roll key' }).click();
  await expect(dialog).toHaveCount(0);

  const notice = page.getByRole('region', { name: 'New API key' });
  await expect(notice).toContainText('“Server” has a new secret.');
  await expect(notice).toContainText('you will not see it again');
  await expect(notice).toContainText(
    /The previous secret keeps working until [A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)\./,
  );
  const rolled = (await notice.getByTestId('new-api-key').textContent())!.trim();
  expect(rolled).toMatch(SECRET);
  expect(rolled).not.toBe(original);
  await expect(row.getByLabel('Redacted key')).toHaveText(`va_test_…${rolled.slice(-4)}`);
  await expect(row).toContainText(/Previous secret works until [A-Z][a-z]+ \d{1,2}, \d{4}/);
  const listed = (await listKeys(user)).find((k) => k.name === 'Server')!;
  const expires = Date.parse(listed.previous_secret_expires_at!);
  expect(Math.abs(expires - (rolledAt + 24 * 3_600_000))).toBeLessThan(120_000);

  // Both secrets work during the grace period.
  expect(await servicesStatus(page, original)).toBe(402);
  expect(await servicesStatus(page, rolled)).toBe(402);

  // Roll again, revoking at once: only the newest secret works.
  await notice.getByRole('button', { name: 'Close' }).click();
  await row.getByRole('button', { name: 'Roll' }).click();
  await dialog.getByRole('button', { name: 'Roll key' }).click();
  await expect(notice).toContainText('The previous secret no longer works.');
  const newest = (await notice.getByTestId('new-api-key').textContent())!.trim();
  await expect(row).not.toContainText('Previous secret works until');
  expect(await servicesStatus(page, newest)).toBe(402);
  expect(await servicesStatus(page, rolled)).toBe(401);
  expect(await servicesStatus(page, original)).toBe(401);
});

test('the quick start carries the UI key’s secret, else a named placeholder with a note', async ({
  signedInPage: page,
  user,
}) => {
  const ui = (await listKeys(user)).find((k) => k.used_for_ui)!;
  expect(ui.key).toMatch(SECRET);
  await callApi(user, 'POST', 'api-key', { name: 'Server' });
  await page.goto(PAGE);

  // The default key is the playground key, whose secret the site may read back.
  const quickStart = page.getByRole('region', { name: 'Quick start' });
  await expect(quickStart).toContainText(`-H "api-key: ${ui.key}"`, FIRST_LOAD);
  await expect(quickStart).toContainText(`A ready request with your default key “${ui.name}”:`);

  // Another default key: its secret was shown once, so the request carries a placeholder.
  await page
    .getByRole('row', { name: 'Server' })
    .getByRole('button', { name: 'Set default' })
    .click();
  await expect(quickStart).toContainText('-H "api-key: YOUR_API_KEY"');
  await expect(quickStart).not.toContainText(ui.key!);
  await expect(quickStart).toContainText('Replace YOUR_API_KEY with the secret of “Server”');
  await expect(quickStart).toContainText('roll the key to get a new one');
});
