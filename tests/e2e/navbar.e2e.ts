import { test, expect } from './support/fixtures';
import { waitForHydration } from './fixtures';

const DOCS_PAGE = '/dashboard/public-deployment/depth-estimation/';
const SETTINGS = ['API keys', 'Usage', 'Buy credits', 'Cookie preferences'];

test.describe('navbar auth item', () => {
  test('signed out: Sign Up links to /sign-up/, no spinner, no balance chip', async ({ page }) => {
    await page.goto(DOCS_PAGE);
    await waitForHydration(page);
    const navbar = page.locator('.navbar');
    await expect(navbar.getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      '/sign-up/',
    );
    await expect(page.getByRole('progressbar', { name: 'Checking sign-in' })).toHaveCount(0);
    await expect(page.getByTestId('balance-chip')).toHaveCount(0);
    await expect(navbar.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  });

  test('unknown: a spinner named "Checking sign-in" while the identity SDK answers', async ({
    page,
  }) => {
    // A session marker from an earlier visit makes the site ask the SDK; hold its chunk back.
    await page.addInitScript(() => localStorage.setItem('visionapi:session', '1'));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/js\/identity\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // The page asks for the SDK while it is still loading (hydration starts as soon as the
    // page's own chunks, listed in its HTML, are in): with the chunk held, `load` cannot fire.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await waitForHydration(page);
    await expect(page.getByRole('progressbar', { name: 'Checking sign-in' })).toBeVisible();
    release();
    // No real session behind the marker: signed out, and the marker is gone.
    await expect(page.locator('.navbar').getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('visionapi:session')))
      .toBeNull();
  });

  test('signed in: Dashboard button and account menu; Dashboard hidden on a /dashboard/ path', async ({
    signedInPage: page,
    user,
  }) => {
    await page.goto('/pricing/');
    const navbar = page.locator('.navbar');
    const dashboard = navbar.getByRole('link', { name: 'Dashboard', exact: true });
    await expect(dashboard).toHaveAttribute(
      'href',
      '/dashboard/public-deployment/object-detection/',
    );
    await expect(navbar.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);

    const menuButton = page.getByRole('button', { name: 'Account menu' });
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(user.email)).toBeVisible();
    for (const label of SETTINGS)
      await expect(navbar.getByRole('link', { name: label }).last()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();

    await dashboard.click();
    await expect(page).toHaveURL(/\/dashboard\/public-deployment\/object-detection\/$/);
    await expect(navbar.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);
    await expect(menuButton).toBeVisible();
  });

  test('mobile: the items live in the sidebar menu, signed out and signed in', async ({
    page,
    user,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(DOCS_PAGE);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Reject Optional' }).click();
    await expect(
      page.locator('.navbar').getByRole('link', { name: 'Sign Up' }).first(),
    ).toBeHidden();
    await page.getByRole('button', { name: /toggle navigation bar/i }).click();
    const sidebar = page.locator('.navbar-sidebar');
    // Docs pages open the sidebar on the docs menu; the navbar items are one level up.
    await sidebar.getByRole('button', { name: /back to main menu/i }).click();
    await sidebar.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/sign-up\/$/);

    await page.goto('/sign-in/');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/public-deployment\/object-detection\/$/);
    await page.getByRole('button', { name: /toggle navigation bar/i }).click();
    await sidebar.getByRole('button', { name: /back to main menu/i }).click();
    await expect(sidebar.getByText(user.email)).toBeVisible();
    await expect(sidebar.getByTestId('balance-chip')).toBeVisible();
    await sidebar.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible();
  });
});

test.describe('first load of a signed-out docs page', () => {
  test('fetches no identity SDK and no MUI code', async ({ page }) => {
    const scripts: { url: string; body: string }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
    });
    await page.goto(DOCS_PAGE);
    await waitForHydration(page);
    await expect(page.locator('.navbar').getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    const identity = scripts.filter(
      (s) =>
        /\/(identity|identity-google|firebase-[a-z]+)\.[0-9a-f]+\.js$/.test(s.url) ||
        s.body.includes('identitytoolkit'),
    );
    expect(identity.map((s) => s.url)).toEqual([]);
    const mui = scripts.filter((s) => /Mui(Snackbar|Alert|Button|TextField|Paper)/.test(s.body));
    expect(mui.map((s) => s.url)).toEqual([]);
  });
});
