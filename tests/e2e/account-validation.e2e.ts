/**
 * Forms check their fields before anything is sent: the errors appear next to
 * the fields and no request leaves the browser.
 */
import type { Page } from '@playwright/test';
import { dismissCookieBanner, expect, waitForHydration } from './fixtures';
import { test } from './support/fixtures';
import { createUser, signIn } from './support/identity';

/** Records the account calls a page sends with the given method and path. */
function watchCalls(page: Page, method: string, path: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === method && url.pathname === `/v1/${path}`) seen.push(request.url());
  });
  return seen;
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('organization registration: required fields, website and GSTIN', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors([/status of 404/]); // GET organization: none yet
  const fresh = await createUser({ emailVerified: true });
  const posts = watchCalls(page, 'POST', 'organization');
  await signIn(page, fresh, '/settings/api-keys/');
  const form = page.getByRole('form', { name: 'Register your organization' });
  const submit = form.getByRole('button', { name: 'Register organization' });

  await submit.click();
  await expect(form.getByText('Enter the name of your organization.')).toBeVisible();
  await expect(form.getByText('Enter your website.')).toBeVisible();
  await expect(form.getByText('Choose a country.')).toBeVisible();
  await expect(form.getByText('Choose or enter a state.')).toBeVisible();

  await form.getByLabel('Organization name').fill('Bharat Vision');
  await form.getByLabel('Website').fill('not a website');
  await form.getByLabel('Country').selectOption('IN');
  await form.getByLabel('State').selectOption('Maharashtra');
  await form.getByLabel('GSTIN (optional)').fill('27ABCDE1234F1X5');
  await submit.click();
  await expect(
    form.getByText('Enter a valid web address, for example https://example.com.'),
  ).toBeVisible();
  await expect(
    form.getByText('Enter a valid 15-character GSTIN, for example 22AAAAA0000A1Z5.'),
  ).toBeVisible();
  await expect(form.getByLabel('Website')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('GSTIN (optional)')).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);

  // Fixed, it is sent once.
  await form.getByLabel('Website').fill('bharat.example');
  await form.getByLabel('GSTIN (optional)').fill('27ABCDE1234F1Z5');
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Your keys' })).toBeVisible();
  expect(posts).toHaveLength(1);
});

test('organization edit: a bad website is not sent', async ({ signedInPage: page }) => {
  const patches = watchCalls(page, 'PATCH', 'organization');
  await page.goto('/settings/api-keys/');
  await page.getByRole('button', { name: 'Edit details' }).click();
  await page.getByLabel('Website').fill('https://');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByText('Enter a valid web address, for example https://example.com.'),
  ).toBeVisible();
  expect(patches).toEqual([]);
  await page.getByLabel('Website').fill('https://renamed.example');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your details are saved.')).toBeVisible();
  await expect(page.getByText('https://renamed.example')).toBeVisible();
  expect(patches).toHaveLength(1);
});

test('API key name: empty names are refused', async ({ signedInPage: page }) => {
  const posts = watchCalls(page, 'POST', 'api-key');
  await page.goto('/settings/api-keys/');
  await expect(page.getByRole('heading', { name: 'Your keys' })).toBeVisible();
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Enter a name for the key.')).toBeVisible();
  await page.getByLabel('Key name').fill('   ');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Enter a name for the key.')).toBeVisible();
  await expect(page.getByLabel('Key name')).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);
});

test('purchase amount: under $5 and over $10,000 are refused', async ({ signedInPage: page }) => {
  const posts = watchCalls(page, 'POST', 'credits');
  await page.goto('/settings/buy-credits/');
  const amount = page.getByLabel('Amount (USD)');
  const next = page.getByRole('button', { name: 'Continue to payment' });
  await amount.fill('4.99');
  await next.click();
  await expect(page.getByText('The minimum purchase is $5.')).toBeVisible();
  await amount.fill('10000.01');
  await next.click();
  await expect(page.getByText('The maximum purchase is $10,000.')).toBeVisible();
  await amount.fill('');
  await next.click();
  await expect(page.getByText('Enter an amount in USD.')).toBeVisible();
  await amount.fill('12.345');
  await next.click();
  await expect(page.getByText(/at most 2 decimals/)).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);
  await amount.fill('10000');
  await next.click();
  await expect(
    page.getByRole('group', { name: 'Test mode payment' }).getByText('TEST MODE'),
  ).toBeVisible();
  expect(posts).toHaveLength(1);
});

test('usage range: the start must not be after the end, nor the range longer than a year', async ({
  signedInPage: page,
}) => {
  await page.goto('/settings/usage/');
  await expect(page.getByText('No transactions in this range.')).toBeVisible();
  const gets = watchCalls(page, 'GET', 'transaction');
  const daily = watchCalls(page, 'GET', 'usage/daily');
  const from = page.getByLabel('From', { exact: true });
  const to = page.getByLabel('To', { exact: true });
  await from.fill('2025-03-10');
  await to.fill('2025-03-01');
  await page.getByRole('button', { name: 'Show usage' }).click();
  await expect(page.getByText('The start date must be on or before the end date.')).toBeVisible();
  // Both fields are marked and described by the message.
  for (const field of [from, to]) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(
      'The start date must be on or before the end date.',
    );
  }
  await from.fill('2024-01-01');
  await to.fill('2024-12-31');
  await page.getByRole('button', { name: 'Show usage' }).click();
  await expect(page.getByText('Choose a range of at most 365 days.')).toBeVisible();
  expect(gets).toEqual([]);
  expect(daily).toEqual([]);
});

test('automatic recharge and the low-balance alert: the contract’s limits, said at the field', async ({
  signedInPage: page,
}) => {
  const puts = watchCalls(page, 'PUT', 'billing/settings');
  await page.goto('/settings/buy-credits/');
  const auto = page.getByRole('region', { name: 'Automatic recharge' });
  const threshold = auto.getByLabel('When the balance falls below (USD)');
  const amount = auto.getByLabel('Each recharge buys (USD)');
  await expect(threshold).toHaveValue('5');
  await threshold.fill('10000.01');
  await amount.fill('4');
  await auto.getByRole('button', { name: 'Save automatic recharge' }).click();
  await expect(threshold).toHaveAttribute('aria-invalid', 'true');
  await expect(threshold).toHaveAccessibleDescription('The threshold is at most $10,000.');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription('A recharge is at least $5.');
  await amount.fill('12.345');
  await auto.getByRole('button', { name: 'Save automatic recharge' }).click();
  await expect(amount).toHaveAccessibleDescription(
    'Enter a number of dollars, with at most 2 decimals (for example 10 or 12.50).',
  );
  await expect(amount).toHaveAttribute('aria-invalid', 'true');

  const alert = page.getByRole('region', { name: 'Low-balance alert' });
  const below = alert.getByLabel('Alert me below (USD)');
  await alert.getByRole('button', { name: 'Save alert' }).click();
  await expect(below).toHaveAttribute('aria-invalid', 'true');
  await expect(below).toHaveAccessibleDescription('Enter the balance to be alerted below.');
  await below.fill('-1');
  await alert.getByRole('button', { name: 'Save alert' }).click();
  await expect(below).toHaveAccessibleDescription(
    'Enter a number of dollars, with at most 2 decimals (for example 10 or 12.50).',
  );
  expect(puts).toEqual([]);

  // Fixed, each is sent once.
  await below.fill('7.50');
  await alert.getByRole('button', { name: 'Save alert' }).click();
  await expect(alert).toContainText('On: below $7.50.');
  await expect(below).toHaveAttribute('aria-invalid', 'false');
  expect(puts).toHaveLength(1);
});

test('contact form: e-mail, subject and message are needed', async ({ page }) => {
  const posts = watchCalls(page, 'POST', 'email');
  await page.goto('/contact-us/');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Enter your e-mail address so we can answer.')).toBeVisible();
  await expect(page.getByText('Enter a subject.')).toBeVisible();
  await expect(page.getByText('Enter your message.')).toBeVisible();
  await page.getByLabel('E-mail').fill('not-an-address');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
  expect(posts).toEqual([]);
});
