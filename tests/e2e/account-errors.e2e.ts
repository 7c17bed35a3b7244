/**
 * Every failure of a call these pages make shows its catalogue message
 * (spec §8), and the page keeps working. Failures are made with page.route:
 * an aborted request (network failure → the call's default message) or a 500
 * with the server's own error_message (shown as is).
 */
import type { Page, Route } from '@playwright/test';
import { dismissCookieBanner, expect, waitForHydration } from './fixtures';
import { test } from './support/fixtures';
import { callApi, createUser, registerOrganization, signIn } from './support/identity';
import { installPageClock } from './support/clock';
import { expireNotification } from './support/notifications';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Makes one account call fail: 'abort' (network down) or a 500 carrying `message`. */
async function failCall(
  page: Page,
  method: Method,
  path: string,
  how: 'abort' | { message: string } = 'abort',
) {
  await page.route(
    (url) => url.pathname === `/v1/${path}`,
    async (route: Route) => {
      if (route.request().method() !== method) return route.fallback();
      if (how === 'abort') return route.abort('connectionrefused');
      return route.fulfill({ status: 500, json: { error_message: how.message } });
    },
  );
}

const seeMessage = async (page: Page, message: string) =>
  expect(page.getByText(message, { exact: true }).first()).toBeVisible();

async function noCrash(page: Page, heading: string) {
  await expect(page.getByText('This page crashed.')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test.beforeEach(async ({ page, allowConsoleErrors }) => {
  // The browser logs refused and failed requests; that is what these tests do.
  allowConsoleErrors([/Failed to load resource/]);
  await dismissCookieBanner(page);
});

test.describe('API keys page', () => {
  test('organization: default message when the backend is down, the server message on a 500', async ({
    signedInPage: page,
  }) => {
    await failCall(page, 'GET', 'organization');
    await page.goto('/settings/api-keys/');
    await seeMessage(page, 'An error occurred while fetching organization details');
    await noCrash(page, 'API keys');

    await page.unrouteAll();
    await failCall(page, 'GET', 'organization', { message: 'The database is being upgraded.' });
    await page.getByRole('button', { name: 'Try again' }).click();
    await seeMessage(page, 'The database is being upgraded.');
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Your keys' })).toBeVisible();
  });

  test('listing, creating, setting default, deleting keys and editing details', async ({
    signedInPage: page,
    user,
  }) => {
    test.setTimeout(90_000);
    // Each failure below is also a notification, shown one at a time: each is let time out.
    await installPageClock(page);
    await callApi(user, 'POST', 'api-key', { name: 'Second key' });
    await failCall(page, 'GET', 'api-key');
    await page.goto('/settings/api-keys/');
    await seeMessage(page, 'An error occurred while fetching the API Keys');
    await expireNotification(page, 'An error occurred while fetching the API Keys');
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try again' }).click();
    const second = page.getByRole('row', { name: 'Second key' });
    await expect(second).toBeVisible();

    await failCall(page, 'POST', 'api-key');
    await page.getByLabel('Key name').fill('Will fail');
    await page.getByRole('button', { name: 'Create key' }).click();
    await seeMessage(page, 'An error occurred while processing the request');
    await expireNotification(page, 'An error occurred while processing the request');

    await failCall(page, 'POST', 'api-key/set-default');
    await second.getByRole('button', { name: 'Set default' }).click();
    await seeMessage(page, 'An error occurred while setting default API Keys');
    await expireNotification(page, 'An error occurred while setting default API Keys');

    await failCall(page, 'POST', 'api-key/roll', { message: 'Rolling is paused for maintenance.' });
    await second.getByRole('button', { name: 'Roll' }).click();
    const roll = page.getByRole('dialog', { name: 'Roll “Second key”?' });
    await roll.getByRole('button', { name: 'Roll key' }).click();
    await seeMessage(page, 'Rolling is paused for maintenance.');
    // Nothing was rolled: no secret is shown, and the dialog lets the user retry or cancel.
    await expect(page.getByRole('region', { name: 'New API key' })).toHaveCount(0);
    await roll.getByRole('button', { name: 'Cancel' }).click();
    await expect(roll).toHaveCount(0);
    // Its notification too, once the dialog no longer hides the rest of the page.
    await expireNotification(page, 'Rolling is paused for maintenance.');

    await failCall(page, 'DELETE', 'api-key');
    await second.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete key' }).click();
    await seeMessage(page, 'An error occurred while deleting API Key');
    await expireNotification(page, 'An error occurred while deleting API Key');
    await expect(second).toBeVisible();

    await failCall(page, 'PATCH', 'organization');
    await page.getByRole('button', { name: 'Edit details' }).click();
    await page.getByLabel('Organization name').fill('Renamed Inc');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await seeMessage(page, 'An error occurred while updating details.');
    await noCrash(page, 'API keys');
  });

  test('registering an organization', async ({ page }) => {
    const fresh = await createUser({ emailVerified: true });
    await failCall(page, 'POST', 'organization');
    await signIn(page, fresh, '/settings/api-keys/');
    const form = page.getByRole('form', { name: 'Register your organization' });
    await form.getByLabel('Organization name').fill('Failing Co');
    await form.getByLabel('Website').fill('failing.example');
    await form.getByLabel('Country').selectOption('US');
    await form.getByLabel('State').selectOption('NY');
    await form.getByRole('button', { name: 'Register organization' }).click();
    await seeMessage(page, 'An error occurred while fetching registering');
    await expect(form).toBeVisible();
  });

  test('checking the e-mail verification status', async ({ page }) => {
    const unverified = await createUser();
    await registerOrganization(unverified);
    await failCall(page, 'POST', 'organization/verify');
    await signIn(page, unverified, '/settings/api-keys/');
    await seeMessage(page, 'An error occurred while checking email verification status');
    await expect(page.getByRole('region', { name: 'E-mail verification' })).toBeVisible();
    await noCrash(page, 'API keys');
  });
});

test('usage page: the daily aggregate, said where the totals and the chart are', async ({
  signedInPage: page,
}) => {
  await failCall(page, 'GET', 'usage/daily');
  await page.goto('/settings/usage/');
  const chart = page.getByRole('region', { name: 'Spend' });
  await expect(
    chart
      .getByRole('alert')
      .getByText('An error occurred while fetching the Transactional Data', { exact: true }),
  ).toBeVisible();
  await expect(page.locator('dt:text-is("Spent") + dd')).toHaveText('—');
  await noCrash(page, 'Usage');
  await page.unrouteAll();
  await failCall(page, 'GET', 'usage/daily', { message: 'The ledger is being upgraded.' });
  await chart.getByRole('button', { name: 'Try again' }).click();
  await expect(
    chart.getByRole('alert').getByText('The ledger is being upgraded.', { exact: true }),
  ).toBeVisible();
  await page.unrouteAll();
  await chart.getByRole('button', { name: 'Try again' }).click();
  await expect(chart.getByText('No spend in this range.')).toBeVisible();
  await expect(page.locator('dt:text-is("Spent") + dd')).toHaveText('$0.00');
});

test('buy-credits page: the billing settings', async ({ signedInPage: page }) => {
  await failCall(page, 'GET', 'billing/settings');
  await page.goto('/settings/buy-credits/');
  const auto = page.getByRole('region', { name: 'Automatic recharge' });
  await expect(
    auto
      .getByRole('alert')
      .getByText('An error occurred while processing the request', { exact: true }),
  ).toBeVisible();
  await seeMessage(page, 'An error occurred while processing the request');
  await noCrash(page, 'Buy credits');
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
  await page.unrouteAll();
  await auto.getByRole('button', { name: 'Try again' }).click();
  await expect(auto.getByRole('switch', { name: 'Recharge automatically' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Low-balance alert' })).toBeVisible();
});

test('usage page: transactions', async ({ signedInPage: page }) => {
  await failCall(page, 'GET', 'transaction');
  await page.goto('/settings/usage/');
  await seeMessage(page, 'An error occurred while fetching the Transactional Data');
  await noCrash(page, 'Usage');
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No transactions in this range.')).toBeVisible();
});

test('buy-credits page: balance, payment log and creating the order', async ({
  signedInPage: page,
}) => {
  await failCall(page, 'GET', 'credits/balance');
  await failCall(page, 'GET', 'credits/payments');
  await failCall(page, 'POST', 'credits');
  await page.goto('/settings/buy-credits/');
  await seeMessage(page, 'An error occurred while fetching the remaining credits');
  await seeMessage(page, 'An error occurred while fetching payment logs');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await seeMessage(page, 'An error occurred while buying priceInUSD.');
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
  await noCrash(page, 'Buy credits');
});

test('buy-credits page: a declined sandbox payment shows the failure and credits nothing', async ({
  signedInPage: page,
}) => {
  await page.goto('/settings/buy-credits/');
  await expect(page.getByTestId('current-balance')).toHaveText('$0.00');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Simulate a declined payment' }).click();
  await expect(
    page.getByText('Payment failed: The payment was declined. No credits were added.'),
  ).toBeVisible();
  await expect(page.getByTestId('current-balance')).toHaveText('$0.00');
  await expect(page.getByRole('table', { name: 'Payments' }).getByText('Failed')).toBeVisible();
});

test('pricing page: the pricing load fails', async ({ page }) => {
  await failCall(page, 'GET', 'pricing/pubic-deployment');
  await page.goto('/pricing/');
  await waitForHydration(page);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    /^Unable to fetch pricing, Refresh the page and try again!/,
  );
  await noCrash(page, 'Pricing');
  await expect(page.getByRole('heading', { name: 'Coming soon' })).toBeVisible();
});

test('contact page and docs feedback: sending fails', async ({ page }) => {
  await failCall(page, 'POST', 'email');
  await page.goto('/contact-us/');
  await waitForHydration(page);
  await page.getByLabel('E-mail').fill('visitor@example.com');
  await page.getByLabel('Subject').fill('Hello');
  await page.getByLabel('Message').fill('A question about pricing.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await seeMessage(page, 'An error occurred while submitting the feedback');
  await expect(page.getByLabel('Message')).toHaveValue('A question about pricing.');

  await page.goto('/dashboard/public-deployment/object-detection/');
  await waitForHydration(page);
  const widget = page.getByRole('region', { name: 'Was this page helpful?' });
  await widget.getByRole('button', { name: 'Yes' }).click();
  await widget.getByLabel('Your e-mail').fill('visitor@example.com');
  await widget.getByRole('button', { name: 'Send feedback' }).click();
  await expect(
    widget
      .getByRole('alert')
      .getByText('An error occurred while submitting the feedback', { exact: true }),
  ).toBeVisible();
});
