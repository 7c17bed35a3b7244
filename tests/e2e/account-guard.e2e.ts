/** The four settings pages need a signed-in user; cookie preferences does not. */
import { dismissCookieBanner, expect, waitForHydration } from './fixtures';
import { test } from './support/fixtures';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

for (const [path, heading] of [
  ['/settings/api-keys/', 'API keys'],
  ['/settings/usage/', 'Usage'],
  ['/settings/buy-credits/', 'Buy credits'],
] as const) {
  test(`${path} asks signed-out visitors to sign in`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in', exact: true }).last()).toHaveAttribute(
      'href',
      `/sign-in/?redirect=${encodeURIComponent(path)}`,
    );
  });
}

test('signing in from the prompt returns to the page', async ({ page, user }) => {
  await page.goto('/settings/buy-credits/');
  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\/\?redirect=%2Fsettings%2Fbuy-credits%2F$/);
  await waitForHydration(page);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/buy-credits\/$/);
  await expect(page.getByRole('heading', { name: 'Current balance' })).toBeVisible();
});

test('cookie preferences stay open to signed-out visitors', async ({ page }) => {
  await page.goto('/settings/cookie-preferences/');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie preferences' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toHaveCount(0);
});
