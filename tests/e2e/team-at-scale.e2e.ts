/**
 * A realistic team on the account pages (issue 32): 10 members with long addresses, 25 keys with
 * long names, a long organization name and address. At 1280, 1024 and 390 px no page is wider
 * than the window and every control is inside it and uncovered. And money: sub-cent calls
 * ($0.004 each) add up exactly, on the usage page and in each CSV, to the same total.
 */
import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { dismissCookieBanner, expect } from './fixtures';
import { CALL_PRICE_USD, meteredCall } from './support/billing';
import { test } from './support/fixtures';
import { buyCredits, callApi, createUser, getIdToken } from './support/identity';
import { expectFitsAt } from './support/layout';

const MAIL = process.env.MAIL_INBOX_URL ?? 'http://127.0.0.1:1080/messages';

async function invitationToken(email: string): Promise<string> {
  let token: string | null = null;
  await expect
    .poll(async () => {
      const messages = (await (await fetch(MAIL)).json()) as Array<{ to: string; text: string }>;
      const message = messages.find((m) => m.to.includes(email));
      token = message ? (/[?&]token=([\w-]+)/.exec(message.text)?.[1] ?? null) : null;
      return token;
    })
    .not.toBeNull();
  return decodeURIComponent(token!);
}

/** Micro-dollars of a USD amount as the API and the CSVs write it: exact integer sums. */
const micros = (usd: number | string) => Math.round(Number(usd) * 1_000_000);

test('10 members and 25 keys with long names fit at 1280, 1024 and 390 px', async ({
  signedInPage: page,
  user,
}) => {
  test.setTimeout(150_000);
  await callApi(user, 'PATCH', 'organization', {
    name: 'Internationale Bildverarbeitungsgesellschaft für Industrielle Qualitätssicherung mbH',
    address:
      'Gebäude 7, Dritter Stock, Hinterhaus, Maximilian-Kolbe-Straße 1234-1250, 80333 München, Bayern',
  });
  const roles = [
    'admin',
    'developer',
    'developer',
    'developer',
    'billing',
    'billing',
    'viewer',
    'viewer',
    'developer',
  ];
  for (const [i, role] of roles.entries()) {
    const email = `a-rather-long-colleague-name-number-${i}-${Date.now().toString(36)}@quality-assurance.subsidiary-enterprises.example`;
    await callApi(user, 'POST', 'team/invitations', { email, role });
    const member = await createUser({ email, emailVerified: true });
    await callApi(member, 'POST', 'invitations/accept', { token: await invitationToken(email) });
  }
  for (let i = 2; i <= 25; i++) {
    await callApi(user, 'POST', 'api-key', {
      name: `Production inference pipeline for the warehouse camera array ${String(i).padStart(2, '0')}`,
      mode: i % 3 === 0 ? 'test' : 'live',
    });
  }
  user.idToken = await getIdToken(user.email, user.password);
  await dismissCookieBanner(page);

  await page.goto('/settings/team/');
  await expect(page.getByRole('table', { name: 'Members' }).getByRole('row')).toHaveCount(11, {
    timeout: 20_000,
  });
  await expectFitsAt(page, 'team with 10 members', [1280, 1024, 390]);

  await page.goto('/settings/api-keys/');
  await expect(page.getByRole('row', { name: /camera array 25/ })).toBeVisible({ timeout: 20_000 });
  await expectFitsAt(page, 'API keys with 25 keys', [1280, 1024, 390]);

  for (const path of ['/settings/usage/', '/settings/buy-credits/', '/settings/audit-log/']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectFitsAt(page, path, [1280, 1024, 390]);
  }
});

test('sub-cent calls: totals equal the sum of their rows on the usage page and in each CSV', async ({
  signedInPage: page,
  user,
  request,
}) => {
  test.setTimeout(90_000);
  await buyCredits(user, 5);
  const key = await callApi<{ key: string }>(user, 'POST', 'api-key', { name: 'Sub-cent key' });
  for (let i = 0; i < 3; i++) expect((await meteredCall(request, key.key)).status).toBe(200);
  const expected = micros(CALL_PRICE_USD) * 3;

  await dismissCookieBanner(page);
  await page.goto('/settings/usage/');
  // The total, exactly: $0.012, not "$0.01".
  await expect(page.locator('dt:text-is("Spent") + dd')).toHaveText('$0.012', { timeout: 20_000 });
  const byKey = page.getByRole('table', { name: 'Spend by key' });
  await expect(byKey.getByRole('row', { name: /Sub-cent key/ })).toContainText('$0.012');
  // Each call's row and the balance after it: $4.996, $4.992, $4.988 (never cut to $4.98).
  const transactions = page.getByRole('table', { name: 'Transactions' });
  for (const after of ['$4.996', '$4.992', '$4.988']) {
    await expect(transactions).toContainText(after);
  }
  const amounts = await transactions.getByRole('row').allInnerTexts();
  const charged = amounts.filter((row) => row.includes('-$0.004'));
  expect(charged).toHaveLength(3);

  const csv = async (button: string): Promise<string[][]> => {
    const download: Promise<Download> = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    const text = await readFile((await (await download).path())!, 'utf8');
    return text
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
  };
  const column = (rows: string[][], name: string) => {
    const index = rows[0]!.indexOf(name);
    expect(index, `${name} in ${rows[0]!.join(',')}`).toBeGreaterThanOrEqual(0);
    return rows.slice(1).map((row) => micros(row[index]!));
  };
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

  const daily = await csv('Export usage by day (CSV)');
  expect(sum(column(daily, 'spent_usd'))).toBe(expected);
  const keys = await csv('Export CSV by key');
  expect(sum(column(keys, 'spent_usd'))).toBe(expected);
  const all = await csv('Export transactions (CSV)');
  const kinds = all.slice(1).map((row) => row[all[0]!.indexOf('kind')]);
  const amountsUsd = column(all, 'amount_usd');
  const spent = -sum(amountsUsd.filter((_, i) => kinds[i] !== 'purchase'));
  expect(spent).toBe(expected);
  // The balance after the last call is what was bought less what the rows took.
  expect(Math.min(...column(all, 'balance_after_usd'))).toBe(micros(5) - expected);
});
