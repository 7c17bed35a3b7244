/**
 * Keys that survive a leak, in the browser: a test key limited to a browser origin, made on the
 * keys page; its calls are free sample answers from that origin only; disabled and enabled again
 * from its row; the usage page shows the spend by key and the test calls apart.
 */
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { dismissCookieBanner } from './fixtures';
import { meteredCall, SERVICES_BASE_URL, uiKey } from './support/billing';
import { test, expect } from './support/fixtures';
import { buyCredits } from './support/identity';

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
