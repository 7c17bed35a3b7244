/**
 * The buy-credits page: the payment log (10 per page, spec §9) with invoices and automatic
 * recharges, the wait for the backend's fulfilment after the provider confirms, the
 * verified-e-mail requirement, refunds, disputes and a negative balance, automatic recharge with
 * the sandbox's test cards, the low-balance alert, and where the focus goes.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { dismissCookieBanner, expect } from './fixtures';
import { billingSettings, meteredCall, uiKey } from './support/billing';
import { test } from './support/fixtures';
import {
  applyVerificationCode,
  buyCredits,
  buyCreditsInTurn,
  callApi,
  createUser,
  latestOobCode,
  registerOrganization,
  signIn,
} from './support/identity';

test('the payment log pages beyond 10 payments', async ({ signedInPage: page, user }) => {
  test.setTimeout(120_000);
  await dismissCookieBanner(page);
  await buyCreditsInTurn(
    user,
    Array.from({ length: 11 }, (_, i) => 5 + i),
  );
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

const BUY_PAGE = '/settings/buy-credits/';

/**
 * Counts the balance's refetches after the page's first load of it: the buy-credits page and the
 * navbar chip read one cached balance, which the page refreshes after a purchase.
 */
function countBalanceRefreshes(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/v1/credits/balance') loads++;
  });
  return () => Math.max(0, loads - 1);
}

test('after the sandbox confirms, the page says the payment is processing and announces the credits only once the order is fulfilled', async ({
  signedInPage: page,
}) => {
  test.setTimeout(60_000);
  await dismissCookieBanner(page);
  const balanceRefreshes = countBalanceRefreshes(page);
  // Every answer of the order poll, in order.
  const polls: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/v1/credits/orders/'))
      void response.json().then((order: { status: string }) => polls.push(order.status));
  });
  await page.goto(BUY_PAGE);
  await expect(page.getByTestId('current-balance')).toHaveText('$0.00', { timeout: 20_000 });
  await page.getByRole('button', { name: '$25', exact: true }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  const confirmed = page.waitForResponse((r) => r.url().endsWith('/v1/credits/sandbox/confirm'));
  await page
    .getByRole('group', { name: 'Test mode payment' })
    .getByRole('button', { name: 'Confirm test payment of $25.00' })
    .click();
  const answer = (await (await confirmed).json()) as { status: string };
  expect(
    answer.status,
    'the local stack settles sandbox payments after a delay (SANDBOX_FULFILMENT_DELAY_MS)',
  ).toBe('processing');

  // The provider confirmed; the wallet is not credited yet, and the page says nothing else.
  const status = page.getByRole('status').filter({ hasText: 'Your payment' });
  await expect(status).toContainText('Your payment of $25.00 is being processed.');
  await expect(page.getByText('credits were added', { exact: false })).toHaveCount(0);
  await expect(page.getByText('$25.00 of credits added.')).toHaveCount(0);
  await expect(page.getByTestId('current-balance')).toHaveText('$0.00');
  expect(balanceRefreshes()).toBe(0);

  // Fulfilled: announced in the same polite live region, with a notification, the balance and
  // the chip refreshed, and the payment in the log.
  const done = 'Payment received: $25.00 of credits were added to your wallet.';
  await expect(page.getByRole('status').filter({ hasText: done })).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByRole('status').filter({ hasText: done })).toHaveAttribute(
    'aria-live',
    'polite',
  );
  expect(polls.at(-1)).toBe('succeeded');
  expect(polls.slice(0, -1).every((s) => s === 'processing')).toBe(true);
  expect(polls.length, 'polled at least once while the order was processing').toBeGreaterThan(1);
  await expect(
    page.getByRole('status').filter({ hasText: '$25.00 of credits added.' }),
  ).toBeVisible();
  await expect(page.getByTestId('current-balance')).toHaveText('$25.00');
  expect(balanceRefreshes()).toBe(1);
  const log = page.getByRole('table', { name: 'Payments' });
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log.getByRole('row').nth(1)).toContainText('Paid');
  await expect(page.getByRole('button', { name: 'Buy more credits' })).toBeVisible();

  // The navbar chip (on dashboard pages) has the new amount.
  await page.goto('/dashboard/public-deployment/object-detection/');
  await expect(page.getByTestId('balance-chip').getByRole('link', { name: '$25' })).toBeVisible({
    timeout: 20_000,
  });
});

test('buying needs a verified e-mail: the page says why, resends the link, and lets the user buy once verified', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await dismissCookieBanner(page);
  const unverified = await createUser();
  await registerOrganization(unverified);
  await signIn(page, unverified, BUY_PAGE);

  const buy = page.getByRole('region', { name: 'Buy credits' });
  const banner = buy.getByRole('region', { name: 'E-mail verification' });
  await expect(banner).toContainText(
    'Buying credits needs a verified e-mail address: receipts and payment notices are sent there.',
  );
  await expect(banner).toContainText(`Please verify your e-mail address (${unverified.email}).`);
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);
  // One banner, where the purchase is (not a second one at the top of the page).
  await expect(page.getByRole('region', { name: 'E-mail verification' })).toHaveCount(1);

  await banner.getByRole('button', { name: 'Resend verification e-mail' }).click();
  await expect(banner.getByRole('status')).toHaveText(
    `We sent a new verification e-mail to ${unverified.email}.`,
  );
  const code = await latestOobCode(unverified.email, 'VERIFY_EMAIL');
  await banner.getByRole('button', { name: 'Check again' }).click();
  await expect(banner.getByRole('status')).toHaveText(
    'Not verified yet. Open the link in the e-mail, then check again.',
  );
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);

  await applyVerificationCode(code.oobCode);
  await banner.getByRole('button', { name: 'Check again' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your e-mail is verified.' }),
  ).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('group', { name: 'Test mode payment' })).toBeVisible();
});

test('a purchase refused because the e-mail is not verified shows the server’s reason and the way out', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors([/status of 403/]);
  await dismissCookieBanner(page);
  const unverified = await createUser();
  await registerOrganization(unverified);
  // The page's first check answers as if verified (a stale answer): the server still refuses.
  let stale = true;
  await page.route('**/v1/organization/verify', async (route) => {
    if (!stale) return route.continue();
    stale = false;
    return route.fulfill({ json: { email_verified: true } });
  });
  await page.route('**/v1/organization', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    return route.fulfill({ response, json: { ...(await response.json()), email_verified: false } });
  });
  await signIn(page, unverified, BUY_PAGE);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const refusal = page
    .getByRole('region', { name: 'Buy credits' })
    .getByRole('alert')
    .filter({ hasText: 'Verify your e-mail address before buying credits' });
  await expect(refusal).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Buy credits' }).getByRole('region', {
      name: 'E-mail verification',
    }),
  ).toContainText('Resend verification e-mail');
  await expect(page.getByRole('group', { name: 'Test mode payment' })).toHaveCount(0);
});

test('the payment log shows refunds and disputes with the amounts taken back', async ({
  signedInPage: page,
}) => {
  await dismissCookieBanner(page);
  const payment = (over: Record<string, unknown>) => ({
    id: `pay_${Math.random().toString(36).slice(2)}`,
    order_id: 'ord_1',
    amount_usd: 25,
    status: 'succeeded',
    refunded_usd: 0,
    provider: 'stripe',
    created_at: '2025-03-10T12:00:00.000Z',
    receipt_reference: null,
    ...over,
  });
  await page.route('**/v1/credits/payments?*', (route) =>
    route.fulfill({
      json: {
        payments: [
          payment({
            status: 'partially_refunded',
            refunded_usd: 10,
            receipt_reference: 'rcpt_partial',
          }),
          payment({ status: 'refunded', refunded_usd: 25, receipt_reference: 'rcpt_refunded' }),
          payment({ status: 'disputed', refunded_usd: 25, receipt_reference: 'rcpt_disputed' }),
          payment({ receipt_reference: 'rcpt_paid' }),
        ],
        total_count: 4,
        has_more: false,
      },
    }),
  );
  await page.goto(BUY_PAGE);
  const log = page.getByRole('table', { name: 'Payments' });
  const row = (reference: string) => log.getByRole('row').filter({ hasText: reference });
  await expect(row('rcpt_partial')).toContainText('Partially refunded', { timeout: 20_000 });
  await expect(row('rcpt_partial').getByRole('cell', { name: '-$10.00' })).toBeVisible();
  await expect(row('rcpt_refunded')).toContainText('Refunded');
  await expect(row('rcpt_refunded').getByRole('cell', { name: '-$25.00' })).toBeVisible();
  await expect(row('rcpt_disputed')).toContainText('Disputed');
  await expect(row('rcpt_disputed').getByRole('cell', { name: '-$25.00' })).toBeVisible();
  await expect(row('rcpt_paid')).toContainText('Paid');
  await expect(row('rcpt_paid').getByRole('cell', { name: '—' })).toBeVisible();
});

test('a negative balance says why and that calls are paused until a top-up', async ({
  signedInPage: page,
}) => {
  await dismissCookieBanner(page);
  await page.route('**/v1/credits/balance', (route) =>
    route.fulfill({ json: { remaining_credits: -3.5 } }),
  );
  await page.goto(BUY_PAGE);
  await expect(page.getByTestId('current-balance')).toHaveText('-$3.50', { timeout: 20_000 });
  const warning = page.getByRole('region', { name: 'Negative balance' });
  await expect(warning).toContainText('Your balance is negative after a refund or a card dispute');
  await expect(warning).toContainText('API calls are paused until you top up');
  await expect(warning).toContainText('a purchase of more than $3.50 brings it back above zero');
  // Buying is what fixes it: the form is there.
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
});

/** The first signed-in load restores the session before the page's calls. */
const FIRST_LOAD = { timeout: 20_000 };

test('automatic recharge with the declined test card: a call below the threshold fails the charge, turns it off, and the page says why', async ({
  signedInPage: page,
  user,
  request,
}) => {
  test.setTimeout(90_000);
  await dismissCookieBanner(page);
  await buyCredits(user, 5);
  await page.goto(BUY_PAGE);
  const auto = page.getByRole('region', { name: 'Automatic recharge' });
  await expect(auto.getByText('No card saved yet.')).toBeVisible(FIRST_LOAD);

  // Turning it on needs a saved card, and the switch says so.
  const toggle = auto.getByRole('switch', { name: 'Recharge automatically' });
  await expect(toggle).toBeDisabled();
  await expect(toggle).toHaveAccessibleDescription(
    'Save a card first: automatic recharges charge it.',
  );
  await expect(auto.getByText('TEST MODE')).toBeVisible();
  const cards = auto.getByRole('radiogroup', { name: 'Test card' });
  await cards.getByRole('radio', { name: 'Always declined (test card ending 0002)' }).check();
  await auto.getByRole('button', { name: 'Save test card' }).click();
  await expect(auto.getByTestId('saved-card')).toHaveText(
    'Test card ending 0002 (always declined)',
  );

  await toggle.check();
  await auto.getByLabel('When the balance falls below (USD)').fill('5');
  await auto.getByLabel('Each recharge buys (USD)').fill('10');
  await auto.getByRole('button', { name: 'Save automatic recharge' }).click();
  await expect(auto.getByRole('status')).toHaveText(
    'On: below $5.00, your card is charged $10.00.',
  );
  expect((await billingSettings(user)).auto_recharge).toMatchObject({
    enabled: true,
    threshold_usd: 5,
    amount_usd: 10,
    last_failure: null,
  });

  // A call with the UI key takes the balance to $4.996, below the threshold: the card is declined.
  const { key } = await uiKey(user);
  expect((await meteredCall(request, key)).status).toBe(200);
  await expect
    .poll(async () => (await billingSettings(user)).auto_recharge.last_failure?.message, {
      timeout: 15_000,
    })
    .toBe('Your card was declined (sandbox test card ending 0002).');

  await page.reload();
  const failure = auto.getByRole('alert');
  await expect(failure).toContainText('The last automatic recharge failed', FIRST_LOAD);
  await expect(failure).toContainText('Your card was declined (sandbox test card ending 0002).');
  await expect(failure).toContainText('Automatic recharge was turned off.');
  await expect(toggle).not.toBeChecked();
  await expect(auto.getByRole('status')).toHaveText('Off.');
  await expect(page.getByTestId('current-balance')).toHaveText('$4.996');
  // The declined charge is in the log, marked as an automatic recharge, without an invoice.
  const recharge = page
    .getByRole('table', { name: 'Payments' })
    .getByRole('row')
    .filter({ hasText: 'Automatic recharge' });
  await expect(recharge).toContainText('Failed');
  await expect(recharge.getByRole('cell', { name: '$10.00' })).toBeVisible();
  await expect(recharge.getByRole('cell', { name: 'None' })).toBeVisible();
});

test('automatic recharge with the test card that is always charged: the recharge is credited and marked in the payment log with its invoice', async ({
  signedInPage: page,
  user,
  request,
}) => {
  test.setTimeout(90_000);
  await dismissCookieBanner(page);
  await buyCredits(user, 5);
  await page.goto(BUY_PAGE);
  const auto = page.getByRole('region', { name: 'Automatic recharge' });
  await auto
    .getByRole('radiogroup', { name: 'Test card' })
    .getByRole('radio', { name: 'Always charged (test card ending 4242)' })
    .check(FIRST_LOAD);
  await auto.getByRole('button', { name: 'Save test card' }).click();
  await expect(auto.getByTestId('saved-card')).toHaveText('Test card ending 4242 (always charged)');
  await auto.getByRole('switch', { name: 'Recharge automatically' }).check();
  await auto.getByLabel('Each recharge buys (USD)').fill('10');
  await auto.getByRole('button', { name: 'Save automatic recharge' }).click();
  await expect(auto.getByRole('status')).toHaveText(
    'On: below $5.00, your card is charged $10.00.',
  );

  const { key } = await uiKey(user);
  expect((await meteredCall(request, key)).status).toBe(200);
  await expect
    .poll(
      async () =>
        (await callApi<{ remaining_credits: number }>(user, 'GET', 'credits/balance'))
          .remaining_credits,
      { timeout: 15_000 },
    )
    .toBe(14.996);

  await page.reload();
  await expect(page.getByTestId('current-balance')).toHaveText('$14.996', FIRST_LOAD);
  const rows = page.getByRole('table', { name: 'Payments' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  const recharge = rows.filter({ hasText: 'Automatic recharge' });
  await expect(recharge).toContainText('Paid');
  await expect(recharge.getByRole('cell', { name: '$10.00' })).toBeVisible();
  await expect(recharge.getByRole('button', { name: /^Download invoice VA-\d{6}$/ })).toBeVisible();
  await expect(rows.filter({ hasText: 'Purchase' })).toHaveCount(1);
  // Still on: it worked.
  await expect(auto.getByRole('switch', { name: 'Recharge automatically' })).toBeChecked();
  await expect(auto.getByRole('alert')).toHaveCount(0);
});

test('an invoice downloads as the PDF the backend issued, named by its number', async ({
  signedInPage: page,
  user,
}) => {
  await dismissCookieBanner(page);
  await buyCredits(user, 25);
  await page.goto(BUY_PAGE);
  const row = page.getByRole('table', { name: 'Payments' }).getByRole('row').nth(1);
  const button = row.getByRole('button', { name: /^Download invoice VA-\d{6}$/ });
  await expect(button).toBeVisible(FIRST_LOAD);
  const number = (await button.textContent())!.trim();
  expect(number).toMatch(/^VA-\d{6}$/);

  const answer = page.waitForResponse((r) =>
    /\/v1\/credits\/payments\/[^/]+\/invoice$/.test(r.url()),
  );
  const download = page.waitForEvent('download');
  await button.click();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
  // Fetched with the user's token, not opened as a link.
  expect(response.request().headers()['authorization']).toMatch(/^Bearer /);
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${number}.pdf`);
  const pdf = await readFile((await file.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(1000);
});

test('below the low-balance alert: a warning on the page and on the balance chip, which keeps its spec tooltip', async ({
  signedInPage: page,
  user,
}) => {
  await dismissCookieBanner(page);
  await buyCredits(user, 5);
  await page.goto(BUY_PAGE);
  await expect(page.getByTestId('current-balance')).toHaveText('$5.00', FIRST_LOAD);
  await expect(page.getByRole('region', { name: 'Low balance' })).toHaveCount(0);

  const alert = page.getByRole('region', { name: 'Low-balance alert' });
  await expect(alert).toContainText('The alert is off.');
  await alert.getByLabel('Alert me below (USD)').fill('10');
  await alert.getByRole('button', { name: 'Save alert' }).click();
  await expect(alert).toContainText('On: below $10.00.');
  const warning = page.getByRole('region', { name: 'Low balance' });
  await expect(warning).toContainText('Your balance is below your low-balance alert of $10.00.');
  await expect(page.getByTestId('current-balance')).toHaveAttribute('data-low', 'true');

  // The chip (dashboard pages): the spec's $amount and tooltip, with the warning after it.
  await page.goto('/dashboard/public-deployment/object-detection/');
  const chip = page.getByTestId('balance-chip');
  const value = chip.getByRole('link', { name: '$5' });
  await expect(value).toHaveAttribute('href', '/settings/buy-credits/', FIRST_LOAD);
  await expect(chip).toHaveAttribute('data-low', 'true');
  await value.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Balance: 5 - Click to buy more credits Below your low-balance alert of $10.00: buy credits to keep your API calls working.',
  );
  await expect(value).toHaveAccessibleDescription(/^Balance: 5 - Click to buy more credits /);

  // Turned off: no warning anywhere.
  await value.click();
  await page
    .getByRole('region', { name: 'Low-balance alert' })
    .getByRole('button', { name: 'Turn off' })
    .click();
  await expect(page.getByRole('region', { name: 'Low-balance alert' })).toContainText(
    'The alert is off.',
  );
  await expect(page.getByRole('region', { name: 'Low balance' })).toHaveCount(0);
  await page.goBack();
  await expect(chip.getByRole('link', { name: '$5' })).toBeVisible();
  await expect(chip).not.toHaveAttribute('data-low', 'true');
  await chip.getByRole('link', { name: '$5' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Balance: 5 - Click to buy more credits');
});

test('focus follows the purchase: the payment step, then its status; Cancel goes back to the amount', async ({
  signedInPage: page,
}) => {
  test.setTimeout(60_000);
  await dismissCookieBanner(page);
  await page.goto(BUY_PAGE);
  await expect(page.getByTestId('current-balance')).toHaveText('$0.00', FIRST_LOAD);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const step = page.getByRole('group', { name: 'Test mode payment' });
  await expect(step).toBeFocused();
  await step.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Amount (USD)')).toBeFocused();

  // Keyboard only: Enter on the button, then Tab into the step.
  await page.getByRole('button', { name: 'Continue to payment' }).focus();
  await page.keyboard.press('Enter');
  await expect(step).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(step.getByRole('button', { name: 'Confirm test payment of $25.00' })).toBeFocused();
  await page.keyboard.press('Enter');
  // The step is gone; the focus is on the purchase's status, which is announced politely.
  const focused = page.locator(':focus');
  await expect(focused).toContainText('Your payment of $25.00 is being processed.');
  await expect(focused.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  await expect(focused).toContainText('Payment received: $25.00 of credits were added', {
    timeout: 10_000,
  });
  await focused.getByRole('button', { name: 'Buy more credits' }).click();
  await expect(page.getByLabel('Amount (USD)')).toBeFocused();
});
