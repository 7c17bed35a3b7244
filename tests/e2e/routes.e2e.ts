import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

// Every route of spec §2 with the heading a reader sees first.
const STANDALONE: [path: string, heading: RegExp][] = [
  ['/', /.+/],
  ['/pricing/', /pricing/i],
  ['/contact-us/', /contact/i],
  ['/sign-in/', /sign in/i],
  ['/sign-up/', /sign up|create/i],
  ['/forgot-password/', /password/i],
  ['/terms/', /terms/i],
  ['/privacy/', /privacy/i],
  ['/settings/api-keys/', /api keys/i],
  ['/settings/usage/', /usage/i],
  ['/settings/buy-credits/', /credits/i],
  ['/settings/cookie-preferences/', /cookie/i],
];

const DOCS: [path: string, heading: RegExp][] = [
  ['/dashboard/public-deployment/', /public deployment/i],
  ['/dashboard/private-deployment/', /private deployment/i],
  ['/dashboard/ai-training-studio/', /training studio/i],
  ['/dashboard/public-deployment/depth-estimation/', /depth estimation/i],
  ['/dashboard/public-deployment/image-classification/', /image classification/i],
  ['/dashboard/public-deployment/object-detection/', /object detection/i],
  [
    '/dashboard/public-deployment/zero-shot-image-classification/',
    /zero-shot image classification/i,
  ],
  ['/dashboard/public-deployment/zero-shot-object-detection/', /zero-shot object detection/i],
  ['/dashboard/public-deployment/image-segmentation/instance/', /instance segmentation/i],
  ['/dashboard/public-deployment/image-segmentation/panoptic/', /panoptic segmentation/i],
  ['/dashboard/public-deployment/image-segmentation/semantic/', /semantic segmentation/i],
  ['/dashboard/public-deployment/image-inpainting/', /inpainting/i],
  ['/dashboard/public-deployment/image-matching/', /matching/i],
  ['/dashboard/public-deployment/image-restoration/', /restoration/i],
  ['/dashboard/public-deployment/image-to-image/', /image-to-image/i],
  ['/dashboard/public-deployment/image-understanding/', /understanding/i],
  ['/dashboard/public-deployment/invisible-watermark/', /watermark/i],
  ['/dashboard/public-deployment/object-removal/', /object removal/i],
  ['/dashboard/public-deployment/super-resolution/', /super-resolution/i],
  ['/dashboard/public-deployment/visual-question-answering/', /visual question answering/i],
];

const AVAILABLE = DOCS.slice(0, 11);
const COMING_SOON = DOCS.slice(11);

/**
 * Visits each route in one page (a fresh context per route costs more than the route itself).
 * Assertions are soft and name the route, so one run reports every route that fails.
 */
async function visitEach(
  page: Page,
  routes: [path: string, heading: RegExp][],
  more?: (path: string) => Promise<void>,
) {
  // A page at a time, slower on a busy machine than the single-route tests were.
  test.setTimeout(Math.max(45_000, routes.length * 10_000));
  for (const [path, heading] of routes) {
    await test.step(path, async () => {
      const response = await page.goto(path);
      expect.soft(response?.status(), `${path} answers 200`).toBe(200);
      expect.soft(new URL(page.url()).pathname, `${path} is not redirected`).toBe(path);
      await expect
        .soft(page.getByRole('heading', { level: 1 }).first(), `${path} shows its heading`)
        .toHaveText(heading);
      await more?.(path);
    });
  }
}

test('every standalone route answers 200 and shows its heading', async ({ page }) => {
  await visitEach(page, STANDALONE);
});

test('every available deployment doc answers 200 and shows its heading', async ({ page }) => {
  await visitEach(page, AVAILABLE);
});

test('coming-soon pages answer 200, show their heading, say so and point to contact', async ({
  page,
}) => {
  await visitEach(page, COMING_SOON, async (path) => {
    const article = page.locator('article');
    await expect.soft(article, `${path} says coming soon`).toContainText(/coming soon/i);
    await expect
      .soft(article.locator('a[href="/contact-us/"]').first(), `${path} links to contact`)
      .toBeVisible();
  });
});

test('/dashboard/ lands on the public deployment doc', async ({ page }) => {
  await page.goto('/dashboard/');
  await expect(page).toHaveURL(/\/dashboard\/public-deployment\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/public deployment/i);
});

test('an unknown path shows the not-found page with links home and to the docs', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors([/Failed to load resource: the server responded with a status of 404/]);
  const response = await page.goto('/no/such/page/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Browse the docs' }).click();
  await expect(page).toHaveURL(/\/dashboard\/public-deployment\/$/);
  await page.goBack();
  await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/localhost:3001\/$/);
});

test('a route without its trailing slash still reaches the page', async ({ page }) => {
  for (const path of [
    '/pricing',
    '/settings/usage',
    '/dashboard/public-deployment/object-detection',
  ]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`${path}/`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
});
