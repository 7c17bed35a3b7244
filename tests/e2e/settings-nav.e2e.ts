/**
 * The settings layout: one navigation between the settings pages (API keys, usage, buy
 * credits, cookie preferences, team, audit log), beside the page on desktop and above it on mobile, the current
 * page marked, every link visible without scrolling sideways.
 */
import { dismissCookieBanner, expect, waitForHydration } from './fixtures';
import { test } from './support/fixtures';

const PAGES = [
  { name: 'API keys', path: '/settings/api-keys/', heading: 'API keys' },
  { name: 'Usage', path: '/settings/usage/', heading: 'Usage' },
  { name: 'Buy credits', path: '/settings/buy-credits/', heading: 'Buy credits' },
  {
    name: 'Cookie preferences',
    path: '/settings/cookie-preferences/',
    heading: 'Cookie preferences',
  },
  { name: 'Team', path: '/settings/team/', heading: 'Team' },
  { name: 'Audit log', path: '/settings/audit-log/', heading: 'Audit log' },
  { name: 'Webhooks', path: '/settings/webhooks/', heading: 'Webhooks' },
];

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

for (const width of [1280, 390]) {
  test(`every settings page has the settings navigation at ${width} px, the current page marked`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    for (const current of PAGES) {
      await page.goto(current.path);
      await waitForHydration(page);
      const nav = page.getByRole('navigation', { name: 'Settings' });
      const links = nav.getByRole('link');
      await expect(links).toHaveText(PAGES.map((p) => p.name));
      for (const other of PAGES) {
        const link = nav.getByRole('link', { name: other.name, exact: true });
        await expect(link).toHaveAttribute('href', other.path);
        if (other === current) await expect(link).toHaveAttribute('aria-current', 'page');
        else await expect(link).not.toHaveAttribute('aria-current');
        // On screen, inside the viewport: nothing to scroll sideways for.
        const box = (await link.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      // The navigation is outside the page's main content, before it.
      await expect(
        page.getByRole('main').getByRole('navigation', { name: 'Settings' }),
      ).toHaveCount(0);
      await expect(
        page.getByRole('main').getByRole('heading', { level: 1, name: current.heading }),
      ).toBeVisible();
      const navBox = (await nav.boundingBox())!;
      const mainBox = (await page.getByRole('main').boundingBox())!;
      if (width > 996) expect(navBox.x + navBox.width).toBeLessThanOrEqual(mainBox.x);
      else expect(navBox.y + navBox.height).toBeLessThanOrEqual(mainBox.y);
    }
    // The links move between the pages in the app.
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Usage' })
      .click();
    await expect(page).toHaveURL(/\/settings\/usage\/$/);
    await expect(
      page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Usage' }),
    ).toHaveAttribute('aria-current', 'page');
  });
}

test('signed in, the navigation sits beside the account page and keyboard users reach it before the page', async ({
  signedInPage: page,
}) => {
  await page.goto('/settings/buy-credits/');
  await expect(page.getByTestId('current-balance')).toBeVisible({ timeout: 20_000 });
  const nav = page.getByRole('navigation', { name: 'Settings' });
  await expect(nav.getByRole('link', { name: 'Buy credits' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await nav.getByRole('link', { name: 'API keys' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/api-keys\/$/);
  await expect(page.getByRole('heading', { name: 'Your keys' })).toBeVisible();
});
