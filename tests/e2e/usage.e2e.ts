/**
 * The usage page: paging beyond one page with skip/limit, the date range sent
 * as spec §7 says (start_date: local midnight as ISO; end_date: the day's end
 * written T23:59:59.999Z), quick ranges, and the CSV export of the range.
 */
import { readFile } from 'node:fs/promises';
import type { Page, Request } from '@playwright/test';
import { dismissCookieBanner, expect } from './fixtures';
import { test } from './support/fixtures';
import { buyCredits } from './support/identity';

// A zone far from UTC, so local midnight and the UTC day differ.
const TIME_ZONE = 'Asia/Kolkata';
test.use({ timezoneId: TIME_ZONE });

function transactionCalls(page: Page): URL[] {
  const calls: URL[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/v1/transaction') calls.push(url);
  });
  return calls;
}

/** Today's date in the test's time zone, `YYYY-MM-DD`. */
function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('transactions are paged with skip and limit beyond the first page, and exported as CSV', async ({
  signedInPage: page,
  user,
}) => {
  test.setTimeout(120_000);
  for (let i = 0; i < 11; i++) await buyCredits(user, 5);
  const calls = transactionCalls(page);
  await page.goto('/settings/usage/');
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(page.getByText('1–10 of 11')).toBeVisible({ timeout: 20_000 });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(page.locator('dt:text-is("Purchased") + dd')).toHaveText('$55.00');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('11–11 of 11')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  const paged = calls
    .filter((url) => url.searchParams.get('limit') === '10')
    .map((url) => url.searchParams.get('skip'));
  expect(paged).toEqual(['0', '10']);

  // Dates: the formatted time is shown, the raw timestamp kept in the element.
  const time = table.locator('time').first();
  await expect(time).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  await expect(time).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2}:\d{2} (AM|PM)$/);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^visionapi-usage-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(
    'created_at,kind,deployment,units,amount_usd,api_key_name,balance_after_usd,id',
  );
  expect(lines).toHaveLength(12);
  expect(lines.slice(1).every((line) => line.includes(',purchase,,0,5,'))).toBe(true);
});

test('the range is sent as local midnight and the end day T23:59:59.999Z', async ({
  signedInPage: page,
}) => {
  const calls = transactionCalls(page);
  await page.goto('/settings/usage/');
  await expect(page.getByText('No transactions in this range.')).toBeVisible({ timeout: 20_000 });

  await page.getByLabel('From', { exact: true }).fill('2025-03-01');
  await page.getByLabel('To', { exact: true }).fill('2025-03-31');
  await page.getByRole('button', { name: 'Show usage' }).click();
  await expect
    .poll(() =>
      calls.some(
        (url) =>
          url.searchParams.get('start_date') === '2025-02-28T18:30:00.000Z' &&
          url.searchParams.get('end_date') === '2025-03-31T23:59:59.999Z' &&
          url.searchParams.get('skip') === '0' &&
          url.searchParams.get('limit') === '10',
      ),
    )
    .toBe(true);

  // Quick range "Today": from today's local midnight to today's end.
  const today = todayIn(TIME_ZONE);
  const midnight = new Date(`${today}T00:00:00+05:30`).toISOString();
  calls.length = 0;
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(() =>
      calls.some(
        (url) =>
          url.searchParams.get('start_date') === midnight &&
          url.searchParams.get('end_date') === `${today}T23:59:59.999Z`,
      ),
    )
    .toBe(true);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(today);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(today);
});

test('refunds, disputes and won disputes are listed with readable names', async ({
  signedInPage: page,
}) => {
  const tx = (kind: string, amount: number, balance: number, id: string) => ({
    id,
    created_at: new Date().toISOString(),
    kind,
    deployment: null,
    units: 0,
    amount_usd: amount,
    api_key_name: null,
    balance_after_usd: balance,
  });
  await page.route('**/v1/transaction?*', (route) =>
    route.fulfill({
      json: {
        transactions: [
          tx('dispute_won', 25, 15, 'tx_won'),
          tx('dispute', -25, -10, 'tx_dispute'),
          tx('refund', -10, 15, 'tx_refund'),
          tx('purchase', 25, 25, 'tx_purchase'),
        ],
        total_count: 4,
        has_more: false,
        totals: { spent_usd: 0, purchased_usd: 25, calls: 0 },
      },
    }),
  );
  await page.goto('/settings/usage/');
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('row')).toHaveCount(5, { timeout: 20_000 });
  const types = ['Dispute won', 'Card dispute', 'Refund', 'Purchase'];
  for (const [i, type] of types.entries())
    await expect(
      table
        .getByRole('row')
        .nth(i + 1)
        .getByRole('cell')
        .nth(1),
    ).toHaveText(type);
  await expect(table.getByRole('row').nth(2)).toContainText('-$25.00');
  await expect(table.getByRole('row').nth(2)).toContainText('-$10.00');
});
