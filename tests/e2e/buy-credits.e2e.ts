/** The payment log: 10 per page (spec §9), total count, has-more paging. */
import { dismissCookieBanner, expect } from './fixtures';
import { test } from './support/fixtures';
import { buyCredits } from './support/identity';

test('the payment log pages beyond 10 payments', async ({ signedInPage: page, user }) => {
  test.setTimeout(120_000);
  await dismissCookieBanner(page);
  for (let i = 0; i < 11; i++) await buyCredits(user, 5 + i);
  const calls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/v1/credits/payments') calls.push(url);
  });
  await page.goto('/settings/buy-credits/');
  const log = page.getByRole('table', { name: 'Payments' });
  await expect(page.getByText('1–10 of 11 payments')).toBeVisible({ timeout: 20_000 });
  await expect(log.getByRole('row')).toHaveCount(11);
  await expect(page.getByTestId('current-balance')).toHaveText('$110.00');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('11–11 of 11 payments')).toBeVisible();
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('1–10 of 11 payments')).toBeVisible();
  expect(
    calls.map((url) => `${url.searchParams.get('skip')}/${url.searchParams.get('limit')}`),
  ).toEqual(['0/10', '10/10', '0/10']);
});
