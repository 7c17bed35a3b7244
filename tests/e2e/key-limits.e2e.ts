/**
 * Keys that survive a leak, in the browser: a test key limited to a browser origin, made on the
 * keys page; its calls are free sample answers from that origin only; disabled and enabled again
 * from its row; the usage page shows the spend by key and the test calls apart. A key limited to
 * one deployment, its origins edited later, its refused calls counted on its row, rolled (the
 * quick start carries the new secret), and the usage page filtered by it. The daily ceiling of
 * automatic recharges, set on the buy-credits page.
 */
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { dismissCookieBanner } from './fixtures';
import { meteredCall, SERVICES_BASE_URL, uiKey } from './support/billing';
import { test, expect } from './support/fixtures';
import { buyCredits, callApi } from './support/identity';

const SHOP = 'https://shop.example.com';

async function call(request: APIRequestContext, secret: string, origin: string) {
  const image = await sharp({
    create: { width: 24, height: 24, channels: 3, background: '#336699' },
  })
    .png()
    .toBuffer();
  const response = await request.post(`${SERVICES_BASE_URL}/object-detection`, {
    headers: { 'api-key': secret, origin },
    data: { image: image.toString('base64') },
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

test('a restricted test key: made on the keys page, free from its origin only, disabled and enabled again; usage by key', async ({
  signedInPage: page,
  user,
  request,
}) => {
  test.setTimeout(90_000);
  await buyCredits(user, 10);
  await dismissCookieBanner(page);
  await page.goto('/settings/api-keys/');
  await page.getByLabel('Key name').fill('storefront');
  await page.getByText('Kind and limits').click();
  await page.getByLabel('Kind').selectOption({ label: 'Test: free sample answers' });
  await page.getByLabel('Allowed browser origins (optional)').fill(SHOP);
  await page.getByRole('button', { name: 'Create key' }).click();
  const notice = page.getByRole('region', { name: 'New API key' });
  await expect(notice).toBeVisible();
  const secret = (await notice.getByTestId('new-api-key').textContent())!.trim();
  expect(secret).toMatch(/^va_test_[A-Za-z0-9_-]{32}$/);
  await notice.getByRole('button', { name: 'Close' }).click();
  const row = page.getByRole('row', { name: 'storefront' });
  await expect(row.getByText('Test', { exact: true })).toBeVisible();

  // Free sample answers from its origin; refused elsewhere.
  const free = await call(request, secret, SHOP);
  expect(free.status).toBe(200);
  expect(free.body).toMatchObject({ sandbox: true, usage: { cost_usd: 0 } });
  const elsewhere = await call(request, secret, 'https://copycat.example.net');
  expect(elsewhere.status).toBe(403);
  expect(elsewhere.body.error_message).toContain(SHOP);

  // Disabled from its row, then enabled again.
  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  const paused = await call(request, secret, SHOP);
  expect(paused.status).toBe(403);
  expect(String(paused.body.error_message)).toContain('disabled');
  await row.getByRole('button', { name: 'Enable' }).click();
  await expect(row.getByText('Disabled', { exact: true })).toHaveCount(0);
  expect((await call(request, secret, SHOP)).status).toBe(200);

  // A charged call with the in-browser key; the usage page shows both, apart.
  const { key } = await uiKey(user);
  expect((await meteredCall(request, key)).status).toBe(200);
  await page.goto('/settings/usage/');
  const byKey = page.getByRole('table', { name: 'Spend by key' });
  await expect(byKey).toContainText('Playground key');
  await expect(byKey).not.toContainText('storefront');
  await expect(page.getByTestId('test-calls')).toContainText('storefront: 2');
});

/** An image call to `deployment` with `secret`, from `origin` (when given). */
async function callDeployment(
  request: APIRequestContext,
  secret: string,
  deployment: string,
  origin?: string,
) {
  const image = await sharp({
    create: { width: 24, height: 24, channels: 3, background: '#996633' },
  })
    .png()
    .toBuffer();
  const response = await request.post(`${SERVICES_BASE_URL}/${deployment}`, {
    headers: { 'api-key': secret, ...(origin && { origin }) },
    data: { image: image.toString('base64') },
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

const SHELF = 'https://shelf.example.com';

test('a key limited to one deployment at creation, its origins edited later, a refused call counted on its row, rolled with the quick start following, and the usage page filtered by it', async ({
  signedInPage: page,
  user,
  request,
}) => {
  test.setTimeout(120_000);
  await buyCredits(user, 10);
  await dismissCookieBanner(page);
  await page.goto('/settings/api-keys/');

  // Made for object detection only.
  await page.getByLabel('Key name').fill('shelf audit');
  await page.getByText('Kind and limits').click();
  const deployments = page.getByRole('group', { name: 'Deployments it may call' });
  await deployments.getByRole('checkbox', { name: 'Object detection', exact: true }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const notice = page.getByRole('region', { name: 'New API key' });
  const secret = (await notice.getByTestId('new-api-key').textContent())!.trim();
  expect(secret).toMatch(/^va_live_[A-Za-z0-9_-]{32}$/);
  // While the notice shows the secret, the quick start carries it.
  const quickStart = page.getByRole('region', { name: 'Quick start' });
  await expect(quickStart).toContainText(`-H "api-key: ${secret}"`);
  await expect(quickStart).toContainText('A ready request with the new secret of “shelf audit”:');
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(quickStart).not.toContainText(secret);
  const row = page.getByRole('row', { name: 'shelf audit' });
  await expect(row).toContainText('Only Object detection');
  await expect(row).toContainText('Any origin');
  await expect(row).toContainText('No expiry');
  await expect(row).toContainText('No refused calls');

  // Its origins, set later from its row.
  await row.getByRole('button', { name: 'Edit limits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Limits of “shelf audit”' });
  await expect(
    dialog.getByRole('checkbox', { name: 'Object detection', exact: true }),
  ).toBeChecked();
  const origins = dialog.getByLabel('Allowed browser origins (optional)');
  await origins.fill('shelf.example.com');
  await dialog.getByRole('button', { name: 'Save limits' }).click();
  await expect(dialog.getByText('is not an origin')).toBeVisible();
  await expect(origins).toHaveAttribute('aria-invalid', 'true');
  await origins.fill(`${SHELF}/`);
  await dialog.getByRole('button', { name: 'Save limits' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('The limits of “shelf audit” are saved.')).toBeVisible();
  await expect(row).toContainText(`Browser calls from ${SHELF}`);

  // A call to another deployment is refused, free, and counted on the key's row.
  const refused = await callDeployment(request, secret, 'depth-estimation', SHELF);
  expect(refused.status).toBe(403);
  expect(String(refused.body.error_message)).toContain('may call only object-detection');
  const charged = await callDeployment(request, secret, 'object-detection', SHELF);
  expect(charged.status).toBe(200);
  await page.reload();
  await expect(row).toContainText(/1 refused call · last .+ \(deployment not allowed\)/, {
    timeout: 15_000,
  });

  // Revoke and reissue: the new secret is the one the quick start shows.
  await row.getByRole('button', { name: 'Roll key' }).click();
  await page
    .getByRole('dialog', { name: 'Roll “shelf audit”?' })
    .getByRole('button', { name: 'Roll key' })
    .click();
  const rolled = (await notice.getByTestId('new-api-key').textContent())!.trim();
  expect(rolled).not.toBe(secret);
  await expect(quickStart).toContainText(`-H "api-key: ${rolled}"`);
  await expect(quickStart).toContainText('object-detection');
  expect((await callDeployment(request, secret, 'object-detection', SHELF)).status).toBe(401);
  expect((await callDeployment(request, rolled, 'object-detection', SHELF)).status).toBe(200);

  // The usage page, filtered by that key, then by a deployment it never called.
  const { key: uiSecret } = await uiKey(user);
  expect((await meteredCall(request, uiSecret)).status).toBe(200);
  await page.goto('/settings/usage/');
  const byKey = page.getByRole('table', { name: 'Spend by key' });
  await expect(byKey).toContainText('Playground key', { timeout: 15_000 });
  await expect(byKey).toContainText('shelf audit');
  const filters = page.getByRole('group', { name: 'Filter usage' });
  await filters.getByLabel('Key', { exact: true }).selectOption({ label: 'shelf audit' });
  await expect(byKey).not.toContainText('Playground key');
  await expect(byKey).toContainText('shelf audit');
  await expect(page.locator('dt:text-is("Calls") + dd')).toHaveText('2');
  await filters.getByLabel('Deployment', { exact: true }).selectOption({
    label: 'Depth estimation',
  });
  await expect(page.getByText('No charged calls in this range.')).toBeVisible();
  await filters.getByRole('button', { name: 'Show all usage' }).click();
  await expect(byKey).toContainText('Playground key');
  await expect(filters.getByLabel('Key', { exact: true })).toBeFocused();
});

test('the daily ceiling of automatic recharges: shown, set where auto-recharge is turned on, checked', async ({
  signedInPage: page,
  user,
}) => {
  await callApi(user, 'POST', 'billing/payment-method/sandbox', { card: 'succeeds' });
  await dismissCookieBanner(page);
  await page.goto('/settings/buy-credits/');
  const auto = page.getByRole('region', { name: 'Automatic recharge' });
  const ceiling = auto.getByRole('group', { name: 'Daily ceiling' });
  await expect(ceiling).toContainText('Today: 0 recharges of 3, $0.00 of $1,000.00.', {
    timeout: 15_000,
  });
  const count = ceiling.getByLabel('Recharges per day, at most');
  const amount = ceiling.getByLabel('Recharges buy per day, at most (USD)');
  await expect(count).toHaveValue('3');
  await expect(amount).toHaveValue('1000');

  await auto.getByRole('switch', { name: 'Recharge automatically' }).check();
  await count.fill('51');
  await auto.getByRole('button', { name: 'Save automatic recharge' }).click();
  await expect(ceiling.getByText('At most 50 recharges a day.')).toBeVisible();
  await count.fill('2');
  await amount.fill('60');
  await auto.getByRole('button', { name: 'Save automatic recharge' }).click();
  await expect(
    page.getByText('at most 2 recharges or $60.00 a day.', { exact: false }),
  ).toBeVisible();
  const saved = await callApi<{
    auto_recharge: {
      enabled: boolean;
      daily_ceiling: { max_recharges: number; max_amount_usd: number };
    };
  }>(user, 'GET', 'billing/settings');
  expect(saved.auto_recharge.enabled).toBe(true);
  expect(saved.auto_recharge.daily_ceiling).toMatchObject({ max_recharges: 2, max_amount_usd: 60 });

  await page.reload();
  await expect(ceiling).toContainText('Today: 0 recharges of 2, $0.00 of $60.00.', {
    timeout: 15_000,
  });
  await expect(count).toHaveValue('2');
  await expect(amount).toHaveValue('60');
});
