/**
 * Screenshots of the account, pricing and contact pages at 1280 px and 390 px,
 * saved under /tmp/account-shots/ to be looked at (not compared).
 */
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { dismissCookieBanner, expect, waitForHydration } from './fixtures';
import { SITE_ORIGIN } from './support/billing';
import { test } from './support/fixtures';
import { buyCredits, callApi, createUser } from './support/identity';

const OUT = process.env.ACCOUNT_SHOTS_DIR ?? '/tmp/account-shots';
const SERVICES_BASE_URL = process.env.SERVICES_BASE_URL ?? 'http://localhost:4020';

for (const width of [1280, 390]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 844 } });

    test('account pages', async ({ page, user, request, allowConsoleErrors }) => {
      test.setTimeout(150_000);
      allowConsoleErrors([/status of 404/]);
      mkdirSync(OUT, { recursive: true });
      await buyCredits(user, 25);
      const { api_keys } = await callApi<{ api_keys: { key?: string; used_for_ui: boolean }[] }>(
        user,
        'GET',
        'api-key',
      );
      // The one key whose secret can be read back: the key used for in-browser calls.
      const uiSecret = api_keys.find((k) => k.used_for_ui)!.key!;
      const image = await sharp({
        create: { width: 32, height: 32, channels: 3, background: '#6699cc' },
      })
        .png()
        .toBuffer();
      for (const path of ['object-detection', 'depth-estimation', 'object-detection']) {
        await request.post(`${SERVICES_BASE_URL}/${path}`, {
          // The in-browser key, from the site's origin as the browser sends it.
          headers: { 'api-key': uiSecret, origin: SITE_ORIGIN },
          data: { image: image.toString('base64') },
        });
      }
      await dismissCookieBanner(page);

      // Signed out: the guard's prompt.
      await page.goto('/settings/usage/');
      await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toBeVisible();
      await page.screenshot({ path: `${OUT}/guard-${width}.png`, fullPage: true });

      await page.goto('/sign-in/');
      await waitForHydration(page);
      await page.getByLabel('E-mail').fill(user.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));

      await page.goto('/settings/api-keys/');
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible({
        timeout: 20_000,
      });
      await page.screenshot({ path: `${OUT}/api-keys-${width}.png`, fullPage: true });
      // Right after creating a key: its secret, shown once.
      await page.getByLabel('Key name').fill('Production server');
      await page.getByRole('button', { name: 'Create key' }).click();
      await expect(page.getByRole('region', { name: 'New API key' })).toBeVisible();
      await page.screenshot({ path: `${OUT}/api-keys-new-key-${width}.png`, fullPage: true });

      await page.goto('/settings/usage/');
      await expect(page.getByRole('table', { name: 'Transactions' })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByRole('list', { name: 'Spend per deployment' })).toBeVisible();
      await page.screenshot({ path: `${OUT}/usage-${width}.png`, fullPage: true });

      await page.goto('/settings/buy-credits/');
      await expect(page.getByRole('table', { name: 'Payments' })).toBeVisible({ timeout: 20_000 });
      await page.screenshot({ path: `${OUT}/buy-credits-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(
        page.getByRole('group', { name: 'Test mode payment' }).getByText('TEST MODE'),
      ).toBeVisible();
      await page.screenshot({ path: `${OUT}/buy-credits-sandbox-${width}.png`, fullPage: true });
      // Confirmed by the provider, waiting for the backend; then credited.
      await page.getByRole('button', { name: 'Confirm test payment of $25.00' }).click();
      await expect(page.getByText('Your payment of $25.00 is being processed.')).toBeVisible();
      await page.screenshot({
        path: `${OUT}/buy-credits-processing-${width}.png`,
        fullPage: true,
      });
      await expect(page.getByText('Payment received: $25.00')).toBeVisible({ timeout: 10_000 });
      await page.screenshot({ path: `${OUT}/buy-credits-done-${width}.png`, fullPage: true });

      await page.goto('/contact-us/');
      await expect(page.getByLabel('E-mail')).toHaveValue(user.email);
      await page.screenshot({ path: `${OUT}/contact-${width}.png`, fullPage: true });
    });

    test('public pages and registration', async ({ page, allowConsoleErrors }) => {
      test.setTimeout(90_000);
      allowConsoleErrors([/status of 404/]);
      mkdirSync(OUT, { recursive: true });
      await dismissCookieBanner(page);
      await page.goto('/pricing/');
      await expect(page.getByRole('table')).toBeVisible();
      await page.screenshot({ path: `${OUT}/pricing-${width}.png`, fullPage: true });

      await page.goto('/dashboard/public-deployment/depth-estimation/');
      await waitForHydration(page);
      await page.getByRole('button', { name: 'No', exact: true }).click();
      const feedback = page.getByRole('region', { name: 'Was this page helpful?' });
      await feedback.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${OUT}/docs-feedback-${width}.png` });

      const fresh = await createUser();
      await page.goto('/sign-in/');
      await waitForHydration(page);
      await page.getByLabel('E-mail').fill(fresh.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(fresh.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
      await page.goto('/settings/api-keys/');
      const form = page.getByRole('form', { name: 'Register your organization' });
      await expect(form).toBeVisible({ timeout: 20_000 });
      await form.getByLabel('Country').selectOption('IN');
      await form.getByRole('button', { name: 'Register organization' }).click();
      await page.screenshot({ path: `${OUT}/register-${width}.png`, fullPage: true });
    });
  });
}
