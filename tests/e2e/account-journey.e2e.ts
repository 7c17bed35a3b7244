/**
 * A new user's first steps, against the local stack: sign up, register the
 * organization, manage keys, verify the e-mail address, buy credits in the
 * sandbox, call a deployment with the new key and find the call on the usage
 * page.
 */
import sharp from 'sharp';
import { dismissCookieBanner, expect, test, waitForHydration } from './fixtures';
import {
  applyVerificationCode,
  DEFAULT_PASSWORD,
  latestOobCode,
  uniqueEmail,
} from './support/identity';
import { installPageClock } from './support/clock';
import { expireNotification } from './support/notifications';

const SERVICES_BASE_URL = process.env.SERVICES_BASE_URL ?? 'http://localhost:4020';
const DASHBOARD_PAGE = '/dashboard/public-deployment/object-detection/';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a new user signs up, sets up keys, buys $25 and sees a metered call on the usage page', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  test.setTimeout(180_000);
  // Before registering, GET organization answers 404 (no organization yet): the browser logs it.
  allowConsoleErrors([/Failed to load resource: the server responded with a status of 404/]);
  await dismissCookieBanner(page);
  // Notifications show one at a time: the registration's is let time out once seen.
  await installPageClock(page);
  const email = uniqueEmail('journey');

  // Sign up; the next step leads to the organization registration.
  await page.goto('/sign-up/');
  await waitForHydration(page);
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('link', { name: 'Register your organization' }).click();

  // No organization yet: the account page shows the registration form.
  await expect(page).toHaveURL(/\/settings\/api-keys\/$/);
  const form = page.getByRole('form', { name: 'Register your organization' });
  await expect(form).toBeVisible({ timeout: 20_000 });
  await form.getByLabel('Organization name').fill('Journey Robotics');
  await form.getByLabel('Website').fill('https://journey.example');
  await form.getByLabel('Country').selectOption('IN');
  await form.getByLabel('State').selectOption('Karnataka');
  await form.getByLabel('GSTIN (optional)').fill('29ABCDE1234F1Z5');
  await form.getByRole('button', { name: 'Register organization' }).click();
  await expect(page.getByText('Your organization is registered.')).toBeVisible();
  await expireNotification(page, 'Your organization is registered.');

  // The organization's first key exists (used for UI); the e-mail is not verified yet.
  const keys = page.getByRole('table');
  await expect(keys.getByRole('row', { name: 'Playground key' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'E-mail verification' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Organization', exact: true })).toBeVisible();
  await expect(page.getByText('Journey Robotics')).toBeVisible();

  // The quick start never carries the in-browser key (it answers the site's origins only): with
  // no test key yet, it asks for one and keeps the placeholder.
  const quickStart = page.getByRole('region', { name: 'Quick start' });
  await expect(quickStart).toContainText('Create a test key and it appears in this request');
  await expect(quickStart).toContainText('-H "api-key: YOUR_API_KEY"');

  // Create a key: its secret is shown once, in full, copyable.
  await page.getByLabel('Key name').fill('Production server');
  await page.getByRole('button', { name: 'Create key' }).click();
  const notice = page.getByRole('region', { name: 'New API key' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('you will not see it again');
  const secret = (await notice.getByTestId('new-api-key').textContent())!.trim();
  expect(secret).toMatch(/^va_live_[A-Za-z0-9_-]{32}$/);
  await notice.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByText('API key copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  // The list shows its prefix and last four only; closing the notice forgets the secret.
  const production = keys.getByRole('row', { name: 'Production server' });
  await expect(production.getByLabel('Redacted key')).toHaveText(`va_live_…${secret.slice(-4)}`);
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);

  // Set it as the default key: the quick start cannot show its secret again.
  await production.getByRole('button', { name: 'Set default' }).click();
  await expect(production.getByText('Default', { exact: true })).toBeVisible();
  await expect(production.getByRole('button', { name: 'Set default' })).toHaveCount(0);
  await expect(quickStart).toContainText('-H "api-key: YOUR_API_KEY"');
  await expect(quickStart).toContainText(
    'Replace YOUR_API_KEY with the secret of “Production server”',
  );

  // Delete another key after confirming.
  await page.getByLabel('Key name').fill('Temporary');
  await page.getByRole('button', { name: 'Create key' }).click();
  const temporary = keys.getByRole('row', { name: 'Temporary' });
  await expect(temporary).toBeVisible();
  await temporary.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete “Temporary”?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete key' }).click();
  await expect(temporary).toHaveCount(0);
  await expect(keys.getByRole('row')).toHaveCount(3); // header + 2 keys

  // Buying credits needs a verified e-mail: the page says why and sends the link again.
  await page.goto('/settings/buy-credits/');
  await expect(page.getByTestId('current-balance')).toHaveText('$0.00', { timeout: 20_000 });
  const verification = page
    .getByRole('region', { name: 'Buy credits' })
    .getByRole('region', { name: 'E-mail verification' });
  await expect(verification).toContainText('Buying credits needs a verified e-mail address');
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);
  await verification.getByRole('button', { name: 'Resend verification e-mail' }).click();
  await expect(verification.getByRole('status')).toHaveText(
    `We sent a new verification e-mail to ${email}.`,
  );
  // Open the link in the e-mail (the Auth emulator's outbox), then check again.
  await applyVerificationCode((await latestOobCode(email, 'VERIFY_EMAIL')).oobCode);
  await verification.getByRole('button', { name: 'Check again' }).click();
  await expect(verification).toHaveCount(0);

  // Buy $25 in sandbox mode: processed first, credited once the backend has fulfilled it.
  await page.getByRole('button', { name: '$25', exact: true }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const sandbox = page.getByRole('group', { name: 'Test mode payment' });
  await expect(sandbox.getByText('TEST MODE')).toBeVisible();
  await sandbox.getByRole('button', { name: 'Confirm test payment of $25.00' }).click();
  await expect(page.getByText('Your payment of $25.00 is being processed.')).toBeVisible();
  await expect(
    page.getByText('Payment received: $25.00 of credits were added to your wallet.'),
  ).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('current-balance')).toHaveText('$25.00');
  const payments = page.getByRole('table', { name: 'Payments' });
  await expect(payments.getByRole('row')).toHaveCount(2);
  await expect(payments.getByRole('cell', { name: '$25.00' })).toBeVisible();
  await expect(page.getByText('1–1 of 1 payments')).toBeVisible();

  // The balance chip (shown on dashboard pages) has the new amount.
  await page.goto(DASHBOARD_PAGE);
  await expect(page.getByTestId('balance-chip').getByRole('link', { name: '$25' })).toBeVisible();

  // A metered call with the new key.
  const image = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 150, b: 210 } },
  })
    .png()
    .toBuffer();
  const call = await request.post(`${SERVICES_BASE_URL}/object-detection`, {
    headers: { 'api-key': secret },
    data: { image: image.toString('base64') },
  });
  expect(call.status()).toBe(200);
  const cost = ((await call.json()) as { usage: { cost_usd: number } }).usage.cost_usd;
  expect(cost).toBe(0.004);

  // The usage page lists it with its amount.
  await page.goto('/settings/usage/');
  const transactions = page.getByRole('table', { name: 'Transactions' });
  // Deployments are named by their catalogue titles; the call's charge is exact, the balance
  // after it to the cent, rounded down (src/format/numbers.ts).
  const usageRow = transactions.getByRole('row').filter({ hasText: 'Object detection' });
  await expect(usageRow).toBeVisible({ timeout: 20_000 });
  await expect(usageRow).toContainText('Production server');
  await expect(usageRow).toContainText('-$0.004');
  // The balance after the call, exactly (not cut to $24.99).
  await expect(usageRow.getByRole('cell').last()).toHaveText('$24.996');
  await expect(page.locator('dt:text-is("Spent") + dd')).toHaveText('$0.004');
  await expect(page.getByRole('list', { name: 'Spend per deployment' })).toContainText(
    'Object detection$0.004 · 1 call',
  );
});
