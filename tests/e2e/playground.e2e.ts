/** The playground's messages: signed out, no browser key, services host down or failing. */
import type { Page } from '@playwright/test';
import { dismissCookieBanner } from './fixtures';
import { test, expect } from './support/fixtures';
import { buyCredits, callApi, signIn } from './support/identity';

const PAGE = '/dashboard/public-deployment/object-detection/';
const SAMPLE = 'static/img/samples/street.jpg';
const SERVICES_CALL = 'http://localhost:4020/object-detection';

async function chooseSampleAndRun(page: Page) {
  const playground = page.getByRole('region', { name: 'Playground' });
  // The playground loads when its section nears the viewport.
  await playground.scrollIntoViewIfNeeded();
  await playground.getByLabel('Image file').setInputFiles(SAMPLE);
  await expect(playground.getByRole('img', { name: 'Chosen image' })).toBeVisible();
  await playground.getByRole('button', { name: 'Run', exact: true }).click();
  return playground;
}

test('signed out, Run tries the shared demo test key: a free sample result, and a way to sign up', async ({
  page,
}) => {
  await dismissCookieBanner(page);
  await page.goto(PAGE);
  const playground = await chooseSampleAndRun(page);
  await expect(playground.getByText('Sample result (sandbox)')).toBeVisible();
  await expect(playground.getByTestId('call-cost')).toHaveText('Cost: $0');
  await expect(playground.getByTestId('remaining-balance')).toHaveCount(0);
  const note = playground.getByTestId('demo-key-note');
  await expect(note).toContainText('shared demo test key');
  await expect(note.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/sign-up/');
});

test('signed out without the demo key, Run says exactly "Sign In is required to proceed!" and calls nothing', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors([/ERR_FAILED/]);
  await dismissCookieBanner(page);
  let called = false;
  await page.route('**/v1/demo-key', (route) => route.abort());
  await page.route(`${SERVICES_CALL}*`, (route) => {
    called = true;
    return route.abort();
  });
  await page.goto(PAGE);
  const playground = await chooseSampleAndRun(page);
  await expect(playground.getByRole('alert')).toHaveText('Sign In is required to proceed!');
  expect(called).toBe(false);
});

test('a bundled sample can be picked instead of a file', async ({ page }) => {
  await dismissCookieBanner(page);
  await page.goto(PAGE);
  const playground = page.getByRole('region', { name: 'Playground' });
  // The playground loads when its section nears the viewport.
  await playground.scrollIntoViewIfNeeded();
  await playground.getByRole('button', { name: 'Use sample: Pets in a living room' }).click();
  await expect(playground.getByRole('img', { name: 'Chosen image' })).toBeVisible();
  await expect(playground.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  await expect(playground).toContainText('2048 px on the long side or 10 MB are downscaled');
});

test('signed in without a used_for_ui key: "Sign In is required to proceed!"', async ({
  page,
  user,
}) => {
  await dismissCookieBanner(page);
  // The account's keys as the API would list them if none were marked for browser calls.
  await page.route('**/v1/api-key', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { api_keys: Array<{ used_for_ui: boolean }> };
    expect(body.api_keys.length).toBeGreaterThan(0);
    body.api_keys.forEach((key) => (key.used_for_ui = false));
    return route.fulfill({ response, json: body });
  });
  let called = false;
  page.on('request', (r) => {
    if (r.url().startsWith(SERVICES_CALL)) called = true;
  });
  // Signed in for sure (the navbar knows the user) before Run, so the message is not a signed-out one.
  await signIn(page, user, PAGE);
  const playground = await chooseSampleAndRun(page);
  await expect(playground.getByRole('alert')).toHaveText('Sign In is required to proceed!');
  expect(called).toBe(false);
});

const withKey = test.extend<{ ready: void }>({
  ready: async ({ page, user }, use) => {
    await callApi(user, 'POST', 'api-key', { name: 'browser' });
    await buyCredits(user, 5);
    await dismissCookieBanner(page);
    await signIn(page, user);
    await use();
  },
});

withKey(
  'services host unreachable: the default image error',
  async ({ page, ready: _, allowConsoleErrors }) => {
    allowConsoleErrors([/Failed to load resource/, /ERR_FAILED/]);
    await page.route(`${SERVICES_CALL}*`, (route) => route.abort('connectionrefused'));
    await page.goto(PAGE);
    const playground = await chooseSampleAndRun(page);
    await expect(playground.getByRole('alert')).toHaveText(
      'An error occurred while processing the image.',
    );
  },
);

withKey(
  'services host error: its error_message is shown',
  async ({ page, ready: _, allowConsoleErrors }) => {
    allowConsoleErrors([/Failed to load resource/]);
    await page.route(`${SERVICES_CALL}*`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify({ error_message: 'The deployment is temporarily unavailable.' }),
      }),
    );
    await page.goto(PAGE);
    const playground = await chooseSampleAndRun(page);
    await expect(playground.getByRole('alert')).toHaveText(
      'The deployment is temporarily unavailable.',
    );
  },
);

withKey(
  'services host error without a JSON body: the default image error',
  async ({ page, ready: _, allowConsoleErrors }) => {
    allowConsoleErrors([/Failed to load resource/]);
    await page.route(`${SERVICES_CALL}*`, (route) =>
      route.fulfill({
        status: 502,
        headers: { 'access-control-allow-origin': '*' },
        body: 'Bad gateway',
      }),
    );
    await page.goto(PAGE);
    const playground = await chooseSampleAndRun(page);
    await expect(playground.getByRole('alert')).toHaveText(
      'An error occurred while processing the image.',
    );
  },
);

withKey(
  'a real 402 from the host shows its message',
  async ({ page, ready: _, allowConsoleErrors }) => {
    allowConsoleErrors([/Failed to load resource/]);
    // The wording the host uses when the balance cannot pay for the call.
    await page.route(`${SERVICES_CALL}*`, (route) =>
      route.fulfill({
        status: 402,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify({
          error_message: 'Insufficient credits: this call costs $0.004. Buy credits to continue.',
        }),
      }),
    );
    await page.goto(PAGE);
    const playground = await chooseSampleAndRun(page);
    await expect(playground.getByRole('alert')).toHaveText(
      'Insufficient credits: this call costs $0.004. Buy credits to continue.',
    );
  },
);
