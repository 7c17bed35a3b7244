/**
 * API keys as the best platforms keep them: a secret is shown once (right after creating or
 * rolling the key), lists show only its prefix and last four, a roll can leave the old secret
 * working for a grace period, the quick start carries a secret only when the backend can
 * give it back (the key used for in-browser calls), each key can have a monthly spend cap, and
 * the focus goes somewhere meaningful after each action.
 */
import type { Page } from '@playwright/test';
import { dismissCookieBanner, expect } from './fixtures';
import { meteredCall, SITE_ORIGIN, uiKey } from './support/billing';
import { test } from './support/fixtures';
import { buyCredits, callApi, type TestUser } from './support/identity';
import { installPageClock } from './support/clock';
import { expireNotification } from './support/notifications';

const SERVICES_BASE_URL = process.env.SERVICES_BASE_URL ?? 'http://localhost:4020';
const PAGE = '/settings/api-keys/';
/** A local-stack secret: the readable prefix and 32 random base64url characters. */
const SECRET = /^va_live_[A-Za-z0-9_-]{32}$/;
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
    headers: { 'api-key': secret, origin: SITE_ORIGIN },
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
  await expect(row.getByLabel('Redacted key')).toHaveText(`va_live_…${secret.slice(-4)}`);
  await expect(row).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) \S+/);
  await expect(row).toContainText('Never');
  await expect(row).not.toContainText(secret);
  const listed = (await listKeys(user)).find((k) => k.name === 'Production server')!;
  expect(listed.key).toBeUndefined();
  expect(listed.redacted).toBe(`va_live_…${secret.slice(-4)}`);

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
    `va_live_…${secret.slice(-4)}`,
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
    /The previous secret keeps working until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) \S+\./,
  );
  const rolled = (await notice.getByTestId('new-api-key').textContent())!.trim();
  expect(rolled).toMatch(SECRET);
  expect(rolled).not.toBe(original);
  await expect(row.getByLabel('Redacted key')).toHaveText(`va_live_…${rolled.slice(-4)}`);
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

test('the quick start runs as it is: a test key, never the in-browser key, else a named placeholder', async ({
  signedInPage: page,
  user,
}) => {
  const ui = (await listKeys(user)).find((k) => k.used_for_ui)!;
  expect(ui.key).toMatch(SECRET);
  await callApi(user, 'POST', 'api-key', { name: 'Server' });
  await page.goto(PAGE);

  // No test key: the live key's secret was shown once, so the request names it with a
  // placeholder. Never the in-browser key (it answers the site's own origins only).
  const quickStart = page.getByRole('region', { name: 'Quick start' });
  await expect(quickStart).toContainText('-H "api-key: YOUR_API_KEY"', FIRST_LOAD);
  await expect(quickStart).not.toContainText(ui.key!);
  await expect(quickStart).toContainText('Replace YOUR_API_KEY with the secret of “Server”');
  await expect(quickStart).toContainText('roll the key to get a new one');

  // One click to a test key: the request carries its secret, ready for a terminal.
  await quickStart.getByRole('button', { name: 'Create a test key' }).click();
  await expect(quickStart).toContainText(/-H "api-key: va_test_[\w-]{32}"/);
  await expect(quickStart).toContainText('A ready request with your test key “Test key”');
  await expect(quickStart.getByRole('button', { name: 'Create a test key' })).toHaveCount(0);
});

test('a monthly cap: set on the keys page, a call past it is refused with 403 key_cap_reached and costs nothing, and the page shows the month’s spend against it', async ({
  signedInPage: page,
  user,
  request,
}) => {
  test.setTimeout(90_000);
  await buyCredits(user, 5);
  const ui = await uiKey(user);
  const server = await callApi<{ key: string }>(user, 'POST', 'api-key', { name: 'Server' });
  await page.goto(PAGE);
  const row = page.getByRole('row', { name: ui.name });
  await expect(row).toContainText('$0.00 · no cap', FIRST_LOAD);

  await row.getByRole('button', { name: 'Set cap' }).click();
  const dialog = page.getByRole('dialog', { name: `Monthly spend cap for “${ui.name}”` });
  const field = dialog.getByLabel('Cap per month (USD)');
  await expect(field).toBeFocused();
  // The contract's rule: at most 2 decimals; said next to the field, nothing sent.
  await field.fill('0.025');
  await dialog.getByRole('button', { name: 'Save cap' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(
    'Enter a number of dollars, with at most 2 decimals (for example 50 or 12.50).',
  );
  expect((await uiKey(user)).monthly_cap_usd).toBeNull();
  await field.fill('0.02');
  await dialog.getByRole('button', { name: 'Save cap' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('$0.00 of $0.02');
  // Back to the button that opened the dialog.
  await expect(row.getByRole('button', { name: 'Edit cap' })).toBeFocused();
  expect((await uiKey(user)).monthly_cap_usd).toBe(0.02);

  // Five calls of $0.004 reach the cap; the sixth would pass it: refused, nothing charged.
  for (let i = 0; i < 5; i += 1) expect((await meteredCall(request, ui.key)).status).toBe(200);
  const balance = async () =>
    (await callApi<{ remaining_credits: number }>(user, 'GET', 'credits/balance'))
      .remaining_credits;
  expect(await balance()).toBe(4.98);
  const refused = await meteredCall(request, ui.key);
  expect(refused.status).toBe(403);
  expect(refused.error_message).toContain('monthly spend cap of $0.02');
  // A refusal that waiting a minute cannot change: no Retry-After, never retried by an SDK, and
  // the day the cap resets.
  expect(refused.code).toBe('key_cap_reached');
  expect(refused.shouldRetry).toBe('false');
  expect(refused.retryAfter).toBeUndefined();
  expect(Date.parse(String(refused.details?.resets_at))).toBeGreaterThan(Date.now());
  expect(await balance()).toBe(4.98);
  // Another key of the organization still works.
  expect((await meteredCall(request, server.key)).status).toBe(200);

  await page.reload();
  await expect(row).toContainText('$0.02 of $0.02', FIRST_LOAD);
  await expect(row).toContainText('Cap reached');
  await expect(page.getByRole('row', { name: 'Server' })).toContainText('$0.004 · no cap');

  // Without the cap the key calls again.
  await row.getByRole('button', { name: 'Edit cap' }).click();
  await expect(dialog.getByLabel('Cap per month (USD)')).toHaveValue('0.02');
  await dialog.getByRole('button', { name: 'Remove cap' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('$0.02 · no cap');
  expect((await meteredCall(request, ui.key)).status).toBe(200);
});

test('focus: a new key’s notice (announced), then its row once the notice closes; after a deletion the next row, else the previous one; a refused deletion, its row', async ({
  signedInPage: page,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors([/status of 409/]);
  test.setTimeout(60_000);
  await installPageClock(page);
  await callApi(user, 'POST', 'api-key', { name: 'Alpha' });
  await page.goto(PAGE);
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: 'Alpha' })).toBeVisible(FIRST_LOAD);

  // Created with the keyboard: the notice takes the focus and the creation is announced.
  await page.getByLabel('Key name').fill('Beta');
  await page.keyboard.press('Enter');
  const notice = page.getByRole('region', { name: 'New API key' });
  await expect(notice).toBeFocused();
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'created' }),
  ).toHaveText('Key “Beta” created. Copy its secret now: it is shown once.');
  // Closed: the focus goes to the new key's row.
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toHaveCount(0);
  const beta = table.getByRole('row', { name: 'Beta' });
  await expect(beta).toBeFocused();

  // Deleting a key in the middle: the next row.
  const alpha = table.getByRole('row', { name: 'Alpha' });
  await alpha.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete “Alpha”?' });
  // Cancel returns to the Delete button.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(alpha.getByRole('button', { name: 'Delete' })).toBeFocused();
  await alpha.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete key' }).click();
  await expect(alpha).toHaveCount(0);
  await expect(beta).toBeFocused();
  // Said in the page's own live region (the snackbar says it too, outside the page's main).
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'deleted' }),
  ).toHaveText('“Alpha” is deleted.');
  // Notifications show one at a time, oldest first: this one is let time out once seen.
  await expireNotification(page, '“Alpha” is deleted.');

  // Deleting the last row: the one before it.
  await beta.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete “Beta”?' })
    .getByRole('button', {
      name: 'Delete key',
    })
    .click();
  await expect(beta).toHaveCount(0);
  const playground = table.getByRole('row').nth(1);
  await expect(playground).toBeFocused();
  await expireNotification(page, '“Beta” is deleted.');

  // The last key for in-browser calls cannot go (409): the focus comes back to its row.
  await playground.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete key' }).click();
  // Notifications show one at a time, oldest first: the refusal follows the deletions' messages.
  await expect(page.getByRole('alert')).toContainText('cannot be deleted', { timeout: 30_000 });
  await expect(playground).toBeFocused();
  await expect(table.getByRole('row')).toHaveCount(2);
});

test('the table has no empty header, and Delete buttons line up from row to row', async ({
  signedInPage: page,
  user,
}) => {
  await callApi(user, 'POST', 'api-key', { name: 'Server' });
  await callApi(user, 'POST', 'api-key', { name: 'Staging' });
  await page.goto(PAGE);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(4, FIRST_LOAD);
  const headers = table.getByRole('columnheader');
  await expect(headers).toHaveText([
    'Name',
    'Key',
    'Created by',
    'Created',
    'Last used',
    'Limits',
    'This month',
    'Actions',
  ]);
  // The default key has no "Set default" button; the others do.
  await expect(table.getByRole('button', { name: 'Set default' })).toHaveCount(2);
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 900 });
    const lefts = await table
      .getByRole('button', { name: 'Delete' })
      .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().left)));
    expect(lefts).toHaveLength(3);
    expect(new Set(lefts).size, `Delete buttons at ${width} px: ${lefts.join(', ')}`).toBe(1);
    const rolls = await table
      .getByRole('button', { name: 'Roll' })
      .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().left)));
    expect(new Set(rolls).size).toBe(1);
  }
});
