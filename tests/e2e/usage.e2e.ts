/**
 * The usage page: paging beyond one page with skip/limit, the date range sent
 * as spec §7 says (start_date: local midnight as ISO; end_date: the day's end
 * written T23:59:59.999Z), quick ranges, the totals and chart from one daily
 * aggregate request (a year of 10,000+ transactions included), the chart's axes,
 * tooltips and table, and the CSV exports of the aggregate and of the transactions.
 */
import { readFile } from 'node:fs/promises';
import type { Page, Request } from '@playwright/test';
import { dismissCookieBanner, expect } from './fixtures';
import { meteredCall, uiKey } from './support/billing';
import { test } from './support/fixtures';
import { buyCredits, buyCreditsInTurn } from './support/identity';

// A zone far from UTC, so local midnight and the UTC day differ.
const TIME_ZONE = 'Asia/Kolkata';
test.use({ timezoneId: TIME_ZONE });

function transactionCalls(page: Page, path = '/v1/transaction'): URL[] {
  const calls: URL[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === path) calls.push(url);
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
  await buyCreditsInTurn(user, Array(11).fill(5));
  const calls = transactionCalls(page);
  const daily = transactionCalls(page, '/v1/usage/daily');
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
  // Only the table pages: the totals come from the one daily aggregate of the range.
  expect(calls).toHaveLength(2);
  expect(daily).toHaveLength(1);

  // Dates: the formatted time is shown, the raw timestamp kept in the element.
  const time = table.locator('time').first();
  await expect(time).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  await expect(time).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) GMT\+5:30$/);

  // The raw transactions of the range, exported by the server (the same range as the table).
  const exported = page.waitForRequest((r) => new URL(r.url()).pathname === '/v1/transaction.csv');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export transactions (CSV)' }).click();
  const sent = new URL((await exported).url());
  expect(sent.searchParams.get('start_date')).toBe(calls[0]!.searchParams.get('start_date'));
  expect(sent.searchParams.get('end_date')).toBe(calls[0]!.searchParams.get('end_date'));
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^visionapi-transactions-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(
    'created_at,kind,deployment,units,amount_usd,balance_after_usd,api_key_name',
  );
  expect(lines).toHaveLength(12);
  expect(lines.slice(1).every((line) => line.includes(',purchase,,0,5,'))).toBe(true);
  expect(lines.slice(1).map((line) => Number(line.split(',')[5]))).toEqual(
    Array.from({ length: 11 }, (_, i) => 5 * (i + 1)),
  );

  // The aggregate by day: no calls yet, so its header only.
  const dailyDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export usage by day (CSV)' }).click();
  const dailyFile = await dailyDownload;
  expect(dailyFile.suggestedFilename()).toMatch(
    /^visionapi-usage-by-day-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  expect(await readFile((await dailyFile.path())!, 'utf8')).toBe(
    'date,deployment,calls,spent_usd\r\n',
  );
});

test('the range is sent as local midnight and the end day T23:59:59.999Z', async ({
  signedInPage: page,
}) => {
  const calls = transactionCalls(page);
  const daily = transactionCalls(page, '/v1/usage/daily');
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
  // The aggregate: the same local days, as instants, counted in the browser's offset (+5:30).
  await expect
    .poll(() =>
      daily.some(
        (url) =>
          url.searchParams.get('start_date') === '2025-02-28T18:30:00.000Z' &&
          url.searchParams.get('end_date') === '2025-03-31T18:29:59.999Z' &&
          url.searchParams.get('utc_offset_minutes') === '330',
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

/** `YYYY-MM-DD`, `days` after (or before) a `YYYY-MM-DD` day. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The local (+5:30) day of an instant. */
function kolkataDay(iso: string): string {
  return new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 10);
}

const PRICES: [string, number][] = [
  ['object-detection', 0.004],
  ['depth-estimation', 0.005],
  ['image-segmentation/semantic', 0.008],
];

/**
 * The server's daily aggregate of a year of usage, as `GET /v1/usage/daily` answers it: every day
 * of the 365 days up to today, 20 to 36 calls a day over three deployments, 10,000+ calls in all.
 */
function yearOfUsage(today: string) {
  const days = [];
  for (let back = 364; back >= 0; back -= 1) {
    const date = addDays(today, -back);
    const deployments = PRICES.map(([deployment, price], index) => {
      const calls = [14, 6, 2][index]! + ((back * (index + 3)) % (9 - index * 3));
      return { deployment, calls, micros: calls * Math.round(price * 1_000_000) };
    });
    days.push({ date, deployments });
  }
  return days;
}

test('a year of 10,000+ transactions: the totals, the chart with its axes and tooltips, and its table come from one aggregate request', async ({
  signedInPage: page,
}) => {
  test.setTimeout(60_000);
  const today = todayIn(TIME_ZONE);
  const year = yearOfUsage(today);
  const totalCalls = year.reduce((n, d) => n + d.deployments.reduce((m, x) => m + x.calls, 0), 0);
  const totalMicros = year.reduce((n, d) => n + d.deployments.reduce((m, x) => m + x.micros, 0), 0);
  expect(totalCalls).toBeGreaterThanOrEqual(10_000);

  const aggregateCalls: URL[] = [];
  await page.route('**/v1/usage/daily?*', (route) => {
    const url = new URL(route.request().url());
    aggregateCalls.push(url);
    const from = kolkataDay(url.searchParams.get('start_date')!);
    const to = kolkataDay(url.searchParams.get('end_date')!);
    const days = year
      .filter((d) => d.date >= from && d.date <= to)
      .map((d) => ({
        date: d.date,
        calls: d.deployments.reduce((n, x) => n + x.calls, 0),
        spent_usd: d.deployments.reduce((n, x) => n + x.micros, 0) / 1_000_000,
        deployments: d.deployments.map((x) => ({
          deployment: x.deployment,
          calls: x.calls,
          spent_usd: x.micros / 1_000_000,
        })),
      }));
    return route.fulfill({
      json: {
        days,
        totals: {
          calls: days.reduce((n, d) => n + d.calls, 0),
          spent_usd: days.reduce((n, d) => n + Math.round(d.spent_usd * 1_000_000), 0) / 1_000_000,
          purchased_usd: 0,
        },
      },
    });
  });
  const transactions = transactionCalls(page);
  await page.goto('/settings/usage/');
  await expect(page.getByRole('group', { name: 'Spend per day' })).toBeVisible({
    timeout: 20_000,
  });
  expect(aggregateCalls).toHaveLength(1);

  await page.getByRole('button', { name: 'Last 12 months' }).click();
  const chart = page.getByRole('region', { name: 'Spend' });
  const plot = chart.getByRole('group', { name: 'Spend per month' });
  await expect(plot).toBeVisible();
  // One request for the whole year, however many transactions it holds; none paged through.
  const start = addDays(today, -364);
  const yearCalls = aggregateCalls.filter(
    (url) => kolkataDay(url.searchParams.get('start_date')!) === start,
  );
  expect(yearCalls).toHaveLength(1);
  expect(aggregateCalls).toHaveLength(2);
  expect(yearCalls[0]!.searchParams.get('utc_offset_minutes')).toBe('330');
  expect(transactions.every((url) => url.searchParams.get('limit') === '10')).toBe(true);

  // Totals from the aggregate, written by the money rule: exactly, every micro-dollar.
  const spent = `$${(totalMicros / 1_000_000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;
  await expect(page.locator('dt:text-is("Spent") + dd')).toHaveText(spent);
  await expect(page.locator('dt:text-is("Calls") + dd')).toHaveText(
    totalCalls.toLocaleString('en-US'),
  );

  // One bar per month of the range, a value axis from $0.00 and a time axis.
  const months = [...new Set(year.map((d) => d.date.slice(0, 7)))];
  await expect(chart.getByTestId('chart-bar')).toHaveCount(months.length);
  const valueAxis = chart.getByTestId('value-axis');
  await expect(valueAxis).toContainText('$0.00');
  const ticks = await valueAxis.locator('span').allTextContents();
  expect(ticks.length).toBeGreaterThanOrEqual(3);
  const top = Number(ticks.at(-1)!.replace(/[$,]/g, ''));
  const monthly = months.map(
    (m) =>
      year
        .filter((d) => d.date.startsWith(m))
        .reduce((n, d) => n + d.deployments.reduce((k, x) => k + x.micros, 0), 0) / 1_000_000,
  );
  expect(top).toBeGreaterThanOrEqual(Math.max(...monthly));
  const timeAxis = chart.getByTestId('time-axis');
  const first = new Date(`${start}T12:00:00Z`);
  await expect(timeAxis).toContainText(
    first.toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  );

  // Deployments by their catalogue titles, not their paths.
  const perDeployment = chart.getByRole('list', { name: 'Spend per deployment' });
  // Largest spend first.
  await expect(perDeployment.getByRole('listitem')).toHaveText([
    /^Object detection/,
    /^Depth estimation/,
    /^Semantic segmentation/,
  ]);
  await expect(perDeployment).not.toContainText('object-detection');

  // Hover: the month's values; keyboard: the arrow keys move along, announced politely.
  const lastMonth = new Date(`${today}T12:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await chart.getByTestId('chart-bar').last().hover();
  const tooltip = chart.getByRole('tooltip');
  await expect(tooltip).toContainText(lastMonth);
  await expect(tooltip).toContainText(/\$[\d,.]+ · [\d,]+ calls/);
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);
  await plot.focus();
  await expect(tooltip).toContainText(lastMonth);
  await page.keyboard.press('ArrowLeft');
  const previous = new Date(`${months.at(-2)}-15T12:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(tooltip).toContainText(previous);
  await expect(chart.getByRole('status')).toContainText(`${previous}: $`);
  await page.keyboard.press('Home');
  await expect(tooltip).toContainText(
    first.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  );
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);

  // The same numbers as a table.
  await chart.getByText('Show the chart as a table').click();
  const table = chart.getByRole('table', { name: 'Spend per month' });
  await expect(table.getByRole('row')).toHaveCount(months.length + 2);
  await expect(table.getByRole('row').last()).toHaveText(
    `Total${totalCalls.toLocaleString('en-US')}${spent}`,
  );
  await expect(table.getByRole('row').nth(1).getByRole('rowheader')).toHaveText(
    first.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  );
});

test('calls made with a key show on the chart by day and by deployment title, from the server’s aggregate', async ({
  signedInPage: page,
  user,
  request,
}) => {
  test.setTimeout(60_000);
  await buyCredits(user, 5);
  const { key } = await uiKey(user);
  for (let i = 0; i < 3; i += 1) expect((await meteredCall(request, key)).status).toBe(200);
  await page.goto('/settings/usage/');
  const chart = page.getByRole('region', { name: 'Spend' });
  // Sums are written exactly (src/format/numbers.ts): three $0.004 calls are $0.012.
  await expect(chart.getByRole('list', { name: 'Spend per deployment' })).toHaveText(
    'Object detection$0.012 · 3 calls',
    { timeout: 20_000 },
  );
  await expect(page.locator('dt:text-is("Spent") + dd')).toHaveText('$0.012');
  await expect(page.locator('dt:text-is("Calls") + dd')).toHaveText('3');
  await expect(page.locator('dt:text-is("Purchased") + dd')).toHaveText('$5.00');
  // 30 days, one bar each; today's holds the calls.
  await expect(chart.getByTestId('chart-bar')).toHaveCount(30);
  await chart.getByTestId('chart-bar').last().hover();
  await expect(chart.getByRole('tooltip')).toContainText('$0.012 · 3 calls');
  // The transactions name the deployment by its title too.
  const usageRow = page
    .getByRole('table', { name: 'Transactions' })
    .getByRole('row')
    .filter({ hasText: 'Usage' })
    .first();
  await expect(usageRow).toContainText('Object detection');
  await expect(usageRow).toContainText('-$0.004');
  await expect(usageRow).toContainText('$4.988');
});
