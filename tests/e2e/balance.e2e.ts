import { test, expect } from './support/fixtures';
import { buyCredits, signIn, type TestUser } from './support/identity';

const DASHBOARD_PAGE = '/dashboard/public-deployment/object-detection/';
const BALANCE_URL = '**/v1/credits/balance';
/**
 * For the first signed-in expectation of a test: the first page load restores the session
 * (identity SDK, user reload) and then fetches the balance, slow on a busy 2-core machine.
 */
const FIRST_LOAD = { timeout: 20_000 };

/** A signed-in user with an organization and $25 of sandbox credits. */
const withCredits = test.extend<{ funded: TestUser }>({
  funded: async ({ page, user }, provide) => {
    await buyCredits(user, 25);
    await signIn(page, user);
    await provide(user);
  },
});

withCredits(
  'shows the loaded balance as $amount, linking to buy credits, with its tooltip',
  async ({ page, funded: _ }) => {
    await page.goto(DASHBOARD_PAGE);
    const chip = page.getByTestId('balance-chip');
    const value = chip.getByRole('link', { name: '$25' });
    await expect(value).toHaveAttribute('href', '/settings/buy-credits/', FIRST_LOAD);
    await value.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Balance: 25 - Click to buy more credits');
    await expect(page.getByRole('tooltip')).toBeVisible();
  },
);

withCredits('is shown only on paths containing "dashboard"', async ({ page, funded: _ }) => {
  await page.goto('/pricing/');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId('balance-chip')).toHaveCount(0);
  await page.goto(DASHBOARD_PAGE);
  await expect(page.getByTestId('balance-chip')).toBeVisible();
});

withCredits(
  'refresh shows a spinner instead of the icon, then a 1.2 s pulse',
  async ({ page, funded: _ }) => {
    await page.goto(DASHBOARD_PAGE);
    const chip = page.getByTestId('balance-chip');
    await expect(chip.getByRole('link', { name: '$25' })).toBeVisible(FIRST_LOAD);
    // Hold the refresh answer until the in-progress state has been checked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(BALANCE_URL, async (route) => {
      await held;
      await route.continue();
    });
    await chip.getByRole('button', { name: 'Refresh balance' }).click();
    const refreshing = chip.getByRole('button', { name: 'Refreshing balance' });
    await expect(refreshing).toBeDisabled();
    await expect(refreshing).toHaveAttribute('aria-busy', 'true');
    await expect(refreshing.locator('svg')).toHaveCount(0);
    await expect(chip).not.toHaveAttribute('data-pulse', 'true');
    release();
    await expect(chip).toHaveAttribute('data-pulse', 'true');
    await expect(chip.getByRole('button', { name: 'Refresh balance' })).toBeEnabled();
    await expect(chip.getByRole('button', { name: 'Refresh balance' }).locator('svg')).toHaveCount(
      1,
    );
    await expect(chip).not.toHaveAttribute('data-pulse', 'true', { timeout: 3000 });
  },
);

withCredits(
  'the value changes after a purchase made on the buy-credits page, and on refresh after one made through the backend',
  async ({ page, funded }) => {
    test.setTimeout(60_000);
    await page.goto(DASHBOARD_PAGE);
    const chip = page.getByTestId('balance-chip');
    await expect(chip.getByRole('link', { name: '$25' })).toBeVisible(FIRST_LOAD);
    // The chip links to the buy-credits page (in-app navigation: the same account cache).
    await chip.getByRole('link', { name: '$25' }).click();
    await expect(page.getByTestId('current-balance')).toHaveText('$25.00', FIRST_LOAD);
    await page.getByRole('button', { name: '$10', exact: true }).click();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Confirm test payment of $10.00' }).click();
    await expect(page.getByTestId('current-balance')).toHaveText('$35.00', { timeout: 10_000 });
    await page.goBack();
    await expect(chip.getByRole('link', { name: '$35' })).toBeVisible();
    await buyCredits(funded, 5.5);
    await chip.getByRole('button', { name: 'Refresh balance' }).click();
    await expect(chip.getByRole('link', { name: '$40.5' })).toBeVisible();
  },
);

test('shows N/A, its tooltip and a snackbar when the balance call answers 500', async ({
  signedInPage: page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors([/Failed to load resource/]);
  await page.route(BALANCE_URL, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error_message: 'Ledger is unavailable' }),
    }),
  );
  await page.goto(DASHBOARD_PAGE);
  const chip = page.getByTestId('balance-chip');
  await expect(chip).toHaveAttribute('data-state', 'failed', FIRST_LOAD);
  await expect(chip.getByText('N/A')).toBeVisible();
  await expect(chip.getByRole('link')).toHaveCount(0);
  await chip.getByText('N/A').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Ledger is unavailable');
  await expect(page.getByRole('alert').filter({ hasText: 'Ledger is unavailable' })).toBeVisible();
});

test('shows N/A with the default message when the backend is down', async ({
  signedInPage: page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors([/Failed to load resource/, /ERR_FAILED/]);
  await page.route(BALANCE_URL, (route) => route.abort('connectionrefused'));
  await page.goto(DASHBOARD_PAGE);
  const chip = page.getByTestId('balance-chip');
  await expect(chip.getByText('N/A')).toBeVisible(FIRST_LOAD);
  await chip.getByText('N/A').focus();
  await expect(page.getByRole('tooltip')).toHaveText(
    'An error occurred while fetching the remaining credits',
  );
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'An error occurred while fetching the remaining credits' }),
  ).toBeVisible();
});

test("logs 'Not Loggedin!' every 500 ms while the user is not known yet, then loads", async ({
  signedInPage: page,
  consoleMessages,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/js\/identity\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // The SDK is asked for while the page still loads: with it held, `load` cannot fire.
  await page.goto(DASHBOARD_PAGE, { waitUntil: 'domcontentloaded' });
  await expect
    .poll(() => consoleMessages.filter((m) => m.text === 'Not Loggedin!').length)
    .toBeGreaterThanOrEqual(2);
  release();
  await expect(page.getByTestId('balance-chip')).toBeVisible(FIRST_LOAD);
  const count = consoleMessages.filter((m) => m.text === 'Not Loggedin!').length;
  await page.waitForTimeout(1200);
  expect(consoleMessages.filter((m) => m.text === 'Not Loggedin!').length).toBe(count);
});

test('a negative balance (after a refund or dispute) keeps $amount and the tooltip, and says calls are paused', async ({
  signedInPage: page,
}) => {
  await page.route(BALANCE_URL, (route) => route.fulfill({ json: { remaining_credits: -3.5 } }));
  await page.goto(DASHBOARD_PAGE);
  const chip = page.getByTestId('balance-chip');
  const value = chip.getByRole('link', { name: '$-3.5' });
  await expect(value).toHaveAttribute('href', '/settings/buy-credits/', FIRST_LOAD);
  await expect(chip).toHaveAttribute('data-negative', 'true');
  await value.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveText(
    'Balance: -3.5 - Click to buy more credits Your balance is negative after a refund or dispute: API calls are paused until you top up.',
  );
  // Assistive technology hears the same, as the link's description.
  await expect(value).toHaveAccessibleDescription(/^Balance: -3\.5 - Click to buy more credits /);

  // Back above zero: the note goes.
  await page.unroute(BALANCE_URL);
  await page.route(BALANCE_URL, (route) => route.fulfill({ json: { remaining_credits: 1.5 } }));
  await chip.getByRole('button', { name: 'Refresh balance' }).click();
  await expect(chip.getByRole('link', { name: '$1.5' })).toBeVisible();
  await expect(chip).not.toHaveAttribute('data-negative', 'true');
  await chip.getByRole('link', { name: '$1.5' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Balance: 1.5 - Click to buy more credits');
});
