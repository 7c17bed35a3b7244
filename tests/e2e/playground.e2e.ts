/**
 * The playground's messages: signed out, no browser key, services host down or failing; and its
 * "Image URL" input (`image_url`, fetched by the services host), on images the local stack serves.
 * With SAMPLE_SHOTS_DIR set, the URL states are also saved as 1280 and 390 px screenshots.
 */
import type { Locator, Page } from '@playwright/test';
import { MAX_IMAGE_URL_LENGTH } from '../../contract/limits';
import { dismissCookieBanner } from './fixtures';
import { runAxe } from './support/axe';
import { test, expect } from './support/fixtures';
import { buyCredits, callApi, signIn, type TestUser } from './support/identity';

const PAGE = '/dashboard/public-deployment/object-detection/';
const SAMPLE = 'static/img/samples/street.jpg';
const SERVICES_CALL = 'http://localhost:4020/object-detection';
const SHOTS = process.env.SAMPLE_SHOTS_DIR;

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

// ------------------------------------------------------------------------- Image URL

/**
 * The site's own sample, as the services host fetches it: loopback, allowed in local mode. On the
 * page's origin (localhost:3001), so the page may show it; 127.0.0.1:3001 is the same file on
 * another origin, which the page's Content-Security-Policy (img-src 'self') does not load.
 */
const SAME_ORIGIN_IMAGE = 'http://localhost:3001/img/samples/street.jpg';
const OTHER_ORIGIN_IMAGE = 'http://127.0.0.1:3001/img/samples/street.jpg';
const MISSING_IMAGE = 'http://localhost:3001/img/samples/no-such-image.jpg';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens the page and switches the playground to its "Image URL" input. */
async function openUrlInput(page: Page): Promise<{ playground: Locator; field: Locator }> {
  await page.goto(PAGE);
  const playground = page.getByRole('region', { name: 'Playground' });
  // The playground loads when its section nears the viewport.
  await playground.scrollIntoViewIfNeeded();
  await playground.getByRole('radio', { name: 'Image URL' }).check();
  const field = playground.getByRole('textbox', { name: 'Image URL' });
  await expect(field).toBeVisible();
  return { playground, field };
}

/** Runs the call on `url`; returns the request the playground sent. */
async function runOnUrl(page: Page, playground: Locator, field: Locator, url: string) {
  await field.fill(url);
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url() === SERVICES_CALL && r.method() === 'POST'),
    playground.getByRole('button', { name: 'Run', exact: true }).click(),
  ]);
  return request;
}

async function balance(user: TestUser): Promise<number> {
  return (await callApi<{ remaining_credits: number }>(user, 'GET', 'credits/balance'))
    .remaining_credits;
}

/** No axe violation in the page as it is now (the playground in the state under test). */
async function expectAxeClean(page: Page, state: string) {
  const violations = await runAxe(page);
  const lines = violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary}`),
  );
  expect(lines, `axe violations, ${state}`).toEqual([]);
}

/** The playground at 1280 and 390 px, saved to look at (SAMPLE_SHOTS_DIR), and axe at both. */
async function shootAndScan(page: Page, playground: Locator, name: string) {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await playground.scrollIntoViewIfNeeded();
    await expectAxeClean(page, `${name}, ${viewport.width} px`);
    if (SHOTS) {
      // From the top of the page, so the sticky navbar stays there, off the playground.
      await page.evaluate(() => scrollTo(0, 0));
      const clip = await playground.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height };
      });
      await page.screenshot({
        path: `${SHOTS}/playground-url-${name}-${viewport.width}.png`,
        fullPage: true,
        clip,
      });
    }
  }
}

test('Image URL: the field checks the URL before any call, the message tied to the field', async ({
  page,
}) => {
  await dismissCookieBanner(page);
  let called = false;
  page.on('request', (r) => {
    if (r.url().startsWith(SERVICES_CALL)) called = true;
  });
  const { playground, field } = await openUrlInput(page);
  await expect(field).toHaveAttribute('type', 'url');
  await expect(field).toHaveAttribute('inputmode', 'url');
  // What the server does with it, and its limits from the contract, are said beside it.
  await expect(field).toHaveAccessibleDescription(
    /Our servers fetch the image from this address: .*at most 10 MB, processed at up to 1024 px .*nothing is charged\./,
  );
  const run = playground.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeDisabled();

  for (const [text, message] of [
    ['ftp://example.com/cat.jpg', 'Only http and https URLs can be fetched.'],
    ['example.com/cat.jpg', 'Enter a full URL, starting with https:// or http://.'],
    [
      `https://example.com/${'a'.repeat(MAX_IMAGE_URL_LENGTH)}`,
      `The URL is longer than ${MAX_IMAGE_URL_LENGTH} characters.`,
    ],
  ] as const) {
    await field.fill(text);
    await run.click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(message)} `));
    await expect(field).toBeFocused();
  }
  await shootAndScan(page, playground, 'invalid');
  // Fixing it clears the message as it is typed.
  await field.fill('https://example.com/cat.jpg');
  await expect(field).not.toHaveAttribute('aria-invalid');
  await expect(playground.getByTestId('image-url-error')).toHaveCount(0);
  expect(called).toBe(false);
});

test('Image URL, keyboard only: Tab to the choice, arrow to "Image URL", type, Enter runs', async ({
  page,
}) => {
  await dismissCookieBanner(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(PAGE);
  const playground = page.getByRole('region', { name: 'Playground' });
  await playground.scrollIntoViewIfNeeded();
  const upload = playground.getByRole('radio', { name: 'Upload or sample' });
  await expect(upload).toBeChecked();
  // The heading's own link is the last stop before the playground.
  await page.getByRole('link', { name: 'Direct link to Try it' }).focus();
  await page.keyboard.press('Tab');
  await expect(upload).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const byUrl = playground.getByRole('radio', { name: 'Image URL' });
  await expect(byUrl).toBeFocused();
  await expect(byUrl).toBeChecked();
  await page.keyboard.press('Tab');
  const field = playground.getByRole('textbox', { name: 'Image URL' });
  await expect(field).toBeFocused();
  await page.keyboard.type(SAME_ORIGIN_IMAGE);
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url() === SERVICES_CALL && r.method() === 'POST'),
    page.keyboard.press('Enter'),
  ]);
  expect(request.postDataJSON()).toMatchObject({ image_url: SAME_ORIGIN_IMAGE });
  // Signed out: the shared demo test key's free sample answer, drawn over the fetched image.
  await expect(playground.getByText('Sample result (sandbox)')).toBeVisible();
  await expect(playground.getByRole('list', { name: 'Detections' })).toBeVisible();
  // Then on, by keyboard: the sample's URL button, the parameters and Run.
  await field.focus();
  await page.keyboard.press('Tab');
  await expect(playground.getByRole('button', { name: "Use a sample image's URL" })).toBeFocused();
});

test('Image URL on another origin: the result without the image, and why', async ({ page }) => {
  await dismissCookieBanner(page);
  const { playground, field } = await openUrlInput(page);
  const request = await runOnUrl(page, playground, field, OTHER_ORIGIN_IMAGE);
  expect(request.postDataJSON()).toMatchObject({ image_url: OTHER_ORIGIN_IMAGE });
  const detections = playground.getByRole('list', { name: 'Detections' });
  await expect(detections).toBeVisible();
  expect(Number(await detections.getAttribute('data-count'))).toBeGreaterThan(0);
  await expect(playground.getByTestId('image-not-shown')).toHaveText(
    'The image from 127.0.0.1:3001 is not shown: this page loads images from this site only. The result is the answer for the image our servers fetched, drawn over a frame of its size.',
  );
  // The frame has the fetched image's size and place; no <img> is asked of the other origin.
  const frame = playground.getByRole('img', { name: /^Input image with detections \(/ });
  await expect(frame).toHaveAccessibleName(/\(\d+ × \d+, the image itself is not shown\)$/);
  const box = (await frame.boundingBox())!;
  const overlay = (await detections.boundingBox())!;
  expect(Math.abs(box.width - overlay.width)).toBeLessThan(1);
  expect(Math.abs(box.height - overlay.height)).toBeLessThan(1);
  expect(box.height).toBeGreaterThan(100);
  await expect(playground.locator('img[src^="http://127.0.0.1"]')).toHaveCount(0);
  await shootAndScan(page, playground, 'other-origin');
});

withKey(
  'Image URL: sent as image_url in JSON, boxes drawn over the fetched image, the call charged',
  async ({ page, user, ready: _ }) => {
    const before = await balance(user);
    const { playground, field } = await openUrlInput(page);
    await playground.getByRole('button', { name: "Use a sample image's URL" }).click();
    await expect(field).toHaveValue(SAME_ORIGIN_IMAGE);
    // The same call as curl, for the URL and parameters as they are now (a placeholder key).
    await playground.getByText('This call with curl').click();
    const curl = playground.getByLabel('This call with curl');
    await expect(curl).toContainText("-H 'api-key: YOUR_API_KEY'");
    await expect(curl).toContainText("-H 'Content-Type: application/json'");
    await expect(curl).toContainText(`"image_url": "${SAME_ORIGIN_IMAGE}"`);
    await expect(curl).toContainText('"confidence_threshold": 0.5');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url() === SERVICES_CALL && r.method() === 'POST'),
      playground.getByRole('button', { name: 'Run', exact: true }).click(),
    ]);
    expect(request.headers()['content-type']).toBe('application/json');
    // The URL and the parameters as JSON values, beside the same `api-key` as an upload.
    expect(request.postDataJSON()).toEqual({
      image_url: SAME_ORIGIN_IMAGE,
      confidence_threshold: 0.5,
      max_results: 20,
    });
    expect(request.headers()['api-key']).toMatch(/^va_live_/);
    const detections = playground.getByRole('list', { name: 'Detections' });
    await expect(detections).toBeVisible({ timeout: 20_000 });
    expect(Number(await detections.getAttribute('data-count'))).toBeGreaterThan(0);
    // Drawn over the image itself: the page's own origin, loaded (not refused by the policy).
    const image = playground.getByRole('img', { name: 'Input image with detections' });
    await expect(image).toHaveAttribute('src', SAME_ORIGIN_IMAGE);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(await image.evaluate((img: HTMLImageElement) => Number(img.getAttribute('width'))));
    await expect(playground.getByTestId('image-not-shown')).toHaveCount(0);
    const after = await balance(user);
    expect(after).toBeLessThan(before);
    await expect(playground.getByTestId('call-cost')).toHaveText(/^Cost: \$0\.\d+$/);
    await expect(playground.getByTestId('remaining-balance')).toHaveText(
      new RegExp(`^Remaining balance: \\$${escapeRegExp(String(after))}`),
    );
    await shootAndScan(page, playground, 'result');
  },
);

withKey(
  "Image URL the server cannot fetch: the server's message, nothing charged",
  async ({ page, user, ready: _, allowConsoleErrors }) => {
    allowConsoleErrors([/Failed to load resource: the server responded with a status of 4\d\d/]);
    const before = await balance(user);
    const { playground, field } = await openUrlInput(page);
    // The navbar's chip (the mobile menu has one too).
    const chip = page.getByTestId('balance-chip').first();
    await expect(chip).toHaveAttribute('data-state', 'loaded');
    const chipBefore = await chip.textContent();

    // A 404: `image_url_unreachable`, 422.
    const [missing] = await Promise.all([
      page.waitForResponse((r) => r.url() === SERVICES_CALL),
      runOnUrl(page, playground, field, MISSING_IMAGE),
    ]);
    expect(missing.status()).toBe(422);
    expect(((await missing.json()) as { code: string }).code).toBe('image_url_unreachable');
    const alert = playground.getByRole('alert');
    await expect(alert).toHaveText(
      'The image_url could not be fetched: The image server answered HTTP 404. Nothing was charged.',
    );
    await shootAndScan(page, playground, 'unreachable');

    // The cloud metadata address: `image_url_refused`, 400, refused before any connection.
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.url() === SERVICES_CALL),
      runOnUrl(page, playground, field, 'http://169.254.169.254/latest/meta-data/'),
    ]);
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('image_url_refused');
    await expect(alert).toHaveText(
      "The image_url was refused: The URL's address is not public (linkLocal); it is not fetched. Nothing was charged.",
    );

    // Nothing charged: the wallet and the balance chip are as they were.
    expect(await balance(user)).toBe(before);
    await expect(chip).toHaveText(chipBefore!);
    await expect(playground.getByTestId('remaining-balance')).toHaveCount(0);
  },
);

withKey(
  'Image URL on another origin, for depth, classification and segmentation: each result without the image',
  async ({ page, ready: _ }) => {
    test.setTimeout(90_000);
    const note = (drawn: boolean) =>
      'The image from 127.0.0.1:3001 is not shown: this page loads images from this site only. ' +
      `The result is the answer for the image our servers fetched${drawn ? ', drawn over a frame of its size.' : '.'}`;
    for (const [path, check] of [
      [
        'depth-estimation',
        async (playground: Locator) => {
          await expect(
            playground.getByRole('img', { name: 'Depth map', exact: true }),
          ).toHaveAttribute('data-state', 'ready');
          await expect(playground.getByTestId('image-not-shown')).toHaveText(note(false));
        },
      ],
      [
        'image-classification',
        async (playground: Locator) => {
          const bars = playground.getByRole('list', { name: 'Predictions' });
          await expect(bars).toBeVisible();
          expect(Number(await bars.getAttribute('data-count'))).toBeGreaterThan(0);
          await expect(playground.getByTestId('image-not-shown')).toHaveText(note(false));
        },
      ],
      [
        'image-segmentation/instance',
        async (playground: Locator) => {
          await expect(
            playground.getByRole('img', { name: 'Segment masks', exact: true }),
          ).toHaveAttribute('data-state', 'ready');
          await expect(
            playground.getByRole('img', { name: /^Input image with segment masks \(\d+ × \d+, / }),
          ).toBeVisible();
          await expect(playground.getByTestId('image-not-shown')).toHaveText(note(true));
        },
      ],
    ] as const) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/dashboard/public-deployment/${path}/`);
      const playground = page.getByRole('region', { name: 'Playground' });
      await playground.scrollIntoViewIfNeeded();
      await playground.getByRole('radio', { name: 'Image URL' }).check();
      await playground.getByRole('textbox', { name: 'Image URL' }).fill(OTHER_ORIGIN_IMAGE);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url() === `http://localhost:4020/${path}`),
        playground.getByRole('button', { name: 'Run', exact: true }).click(),
      ]);
      expect(response.status(), path).toBe(200);
      await check(playground);
      await expect(playground.locator('img[src^="http://127.0.0.1"]')).toHaveCount(0);
      await shootAndScan(page, playground, path.replace('/', '-'));
    }
  },
);
