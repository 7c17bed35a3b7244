import type { Page } from '@playwright/test';
import { test, expect, dismissCookieBanner, searchInput, waitForHydration } from './fixtures';

/** Marks the page's window; the check returned stays true until a full page load replaces it. */
async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true,
    );
}

test.describe('docs navigation', () => {
  test('the dashboard sidebar lists every deployment and navigates', async ({ page }) => {
    await page.goto('/dashboard/public-deployment/object-detection/');
    await waitForHydration(page);
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    for (const name of [
      'Public deployment',
      'Object detection',
      'Depth estimation',
      'Image classification',
      'Image segmentation',
      'Zero-shot image classification',
      'Zero-shot object detection',
      'Private deployment',
      'AI training studio',
    ]) {
      await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await sidebar.getByRole('link', { name: 'Depth estimation', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/public-deployment\/depth-estimation\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/depth estimation/i);
    // The current page is marked in the sidebar.
    await expect(
      sidebar.getByRole('link', { name: 'Depth estimation', exact: true }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('breadcrumbs show where a page sits', async ({ page }) => {
    await page.goto('/dashboard/public-deployment/image-segmentation/panoptic/');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(crumbs.getByRole('link', { name: 'Public deployment' })).toBeVisible();
    await expect(crumbs.getByRole('link', { name: 'Image segmentation' })).toBeVisible();
    await expect(crumbs).toContainText(/panoptic/i);
    await crumbs.getByRole('link', { name: 'Public deployment' }).click();
    await expect(page).toHaveURL(/\/dashboard\/public-deployment\/$/);
  });

  test('a link in the text of a page navigates in place, and preloads its page on hover', async ({
    page,
  }) => {
    await dismissCookieBanner(page);
    await page.goto('/dashboard/public-deployment/');
    await waitForHydration(page);
    const sameDocument = await markDocument(page);
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/js/')) chunks.push(request.url());
    });
    const link = page
      .locator('.theme-doc-markdown')
      .getByRole('link', { name: 'Object detection', exact: true })
      .first();
    await link.hover();
    await expect.poll(() => chunks.length).toBeGreaterThan(0);
    await link.click();
    await expect(page).toHaveURL(/\/dashboard\/public-deployment\/object-detection\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/object detection/i);
    // No document load: the page's window is the same one.
    expect(await sameDocument()).toBe(true);
  });
});

test.describe('navbar', () => {
  test('menus reach every page of the spec menu', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const navbar = page.getByRole('navigation', { name: 'Main' });
    const menus: Record<string, [string, string][]> = {
      Deployments: [
        ['Public deployment', '/dashboard/public-deployment/'],
        ['Object detection', '/dashboard/public-deployment/object-detection/'],
        ['Depth estimation', '/dashboard/public-deployment/depth-estimation/'],
        ['Image classification', '/dashboard/public-deployment/image-classification/'],
        ['Image segmentation', '/dashboard/public-deployment/image-segmentation/semantic/'],
        [
          'Zero-shot image classification',
          '/dashboard/public-deployment/zero-shot-image-classification/',
        ],
        ['Zero-shot object detection', '/dashboard/public-deployment/zero-shot-object-detection/'],
        ['Private deployment', '/dashboard/private-deployment/'],
        ['AI training studio', '/dashboard/ai-training-studio/'],
        ['API reference', '/dashboard/api-reference/'],
      ],
      Account: [
        ['API keys', '/settings/api-keys/'],
        ['Usage', '/settings/usage/'],
        ['Buy credits', '/settings/buy-credits/'],
        ['Cookie preferences', '/settings/cookie-preferences/'],
      ],
      Company: [
        ['Contact us', '/contact-us/'],
        ['Changelog', '/changelog/'],
        ['Status', '/status/'],
        ['Terms of service', '/terms/'],
        ['Privacy policy', '/privacy/'],
      ],
    };
    for (const [menu, items] of Object.entries(menus)) {
      const trigger = navbar.getByRole('button', { name: menu, exact: true });
      await trigger.hover();
      for (const [name, href] of items) {
        const link = navbar.getByRole('link', { name, exact: true });
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute('href', href);
      }
    }
    await expect(navbar.getByRole('link', { name: 'Pricing', exact: true })).toHaveAttribute(
      'href',
      '/pricing/',
    );
    // A keyboard user opens the same menu with Enter.
    await page.mouse.move(0, 500);
    await navbar.getByRole('button', { name: 'Company', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(navbar.getByRole('link', { name: 'Contact us', exact: true })).toBeVisible();
  });

  test('menu and footer links navigate in place, mark the current page and preload on hover', async ({
    page,
  }) => {
    await dismissCookieBanner(page);
    await page.goto('/');
    await waitForHydration(page);
    const sameDocument = await markDocument(page);
    const navbar = page.getByRole('navigation', { name: 'Main' });

    // Hovering a menu link fetches its page's code ahead of the click.
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/js/')) chunks.push(request.url());
    });
    await navbar.getByRole('button', { name: 'Deployments', exact: true }).hover();
    const item = navbar.getByRole('link', { name: 'Object detection', exact: true });
    await item.hover();
    await expect.poll(() => chunks.length).toBeGreaterThan(0);

    await item.click();
    await expect(page).toHaveURL(/\/dashboard\/public-deployment\/object-detection\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Object detection' })).toBeVisible();
    expect(await sameDocument()).toBe(true);
    await navbar.getByRole('button', { name: 'Deployments', exact: true }).hover();
    await expect(item).toHaveAttribute('aria-current', 'page');
    await expect(item).toHaveClass(/dropdown__link--active/);
    await expect(
      navbar.getByRole('link', { name: 'Depth estimation', exact: true }),
    ).not.toHaveAttribute('aria-current');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing\/$/);
    expect(await sameDocument()).toBe(true);
  });

  test('shows the version 2.0.1-beta and the English language switcher', async ({ page }) => {
    await page.goto('/dashboard/public-deployment/');
    const navbar = page.getByRole('navigation', { name: 'Main' });
    await expect(navbar.getByText('2.0.1-beta', { exact: true })).toBeVisible();
    const language = navbar.getByRole('button', { name: /English/ });
    await expect(language).toBeVisible();
    await language.hover();
    await expect(navbar.getByRole('link', { name: 'English', exact: true })).toBeVisible();
  });

  test('has no colour-mode switch and stays light even when the system prefers dark', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: /dark|light|colou?r mode/i })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('the footer has copyright 2025 and the legal and consent links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Copyright © 2025');
    for (const [name, href] of [
      ['Terms of service', '/terms/'],
      ['Privacy policy', '/privacy/'],
      ['Contact us', '/contact-us/'],
      ['Cookie preferences', '/settings/cookie-preferences/'],
      ['API reference', '/dashboard/api-reference/'],
      ['Changelog', '/changelog/'],
      ['Status', '/status/'],
    ]) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    // Static files of the build, not pages: they open on their own.
    await expect(footer.getByRole('link', { name: /^llms\.txt/ })).toHaveAttribute(
      'href',
      '/llms.txt',
    );
  });
});

test.describe('local search', () => {
  test('typing a deployment name finds its page', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const search = searchInput(page);
    await search.click();
    await search.fill('depth estimation');
    const option = page.getByRole('option', { name: /depth estimation/i }).first();
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(/\/dashboard\/public-deployment\/depth-estimation\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/depth estimation/i);
  });

  test('the index is served locally, with no request to a hosted search service', async ({
    page,
  }) => {
    // Only the site itself and the account backend (public pricing, loaded at start) are asked.
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith('http://localhost:3001/') && !url.startsWith('http://localhost:4010/v1/'))
        foreign.push(url);
    });
    await page.goto('/');
    await waitForHydration(page);
    const search = searchInput(page);
    const index = page.waitForResponse((r) => /search-index.*\.json/.test(r.url()));
    await search.fill('segmentation');
    expect((await index).status()).toBe(200);
    await expect(page.getByRole('option', { name: /segmentation/i }).first()).toBeVisible();
    expect(foreign).toEqual([]);
  });
});

test.describe('search box before its code has loaded', () => {
  /** Holds the search bar's chunk (the one with its autocomplete wiring) until `release`. */
  async function holdSearchChunk(page: Page) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const requested: string[] = [];
    await page.route('**/assets/js/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('autocomplete:selected')) {
        requested.push(route.request().url());
        await released;
      }
      await route.fulfill({ response, body });
    });
    return { release, requested };
  }

  // A chunk still passing through the handler when a test ends (the last test's Enter opens a
  // page whose chunks load as it finishes) would fail it with "Response has been disposed" once
  // the page closes: the handlers stop before the page does.
  test.afterEach(async ({ page }) => {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('the first load fetches none of it; pointing at the box does', async ({ page }) => {
    const { release, requested } = await holdSearchChunk(page);
    release();
    await page.goto('/dashboard/public-deployment/object-detection/');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([]);
    await searchInput(page).hover();
    await expect.poll(() => requested.length).toBe(1);
    // Pointing at the box starts loading the index too, as it always has.
    await expect(page.getByRole('combobox', { name: 'Search' })).toBeAttached();
  });

  test('the shortcut focuses it, and what is typed while the code loads is kept', async ({
    page,
  }) => {
    const { release, requested } = await holdSearchChunk(page);
    await page.goto('/');
    await waitForHydration(page);
    await page.keyboard.press('Control+k');
    const box = page.getByRole('textbox', { name: 'Search' });
    await expect(box).toBeFocused();
    await page.keyboard.type('depth');
    await expect.poll(() => requested.length).toBe(1);
    release();
    const combobox = page.getByRole('combobox', { name: 'Search' });
    await expect(combobox).toBeFocused();
    await expect(combobox).toHaveValue('depth');
    await page.keyboard.type(' estimation');
    await expect(combobox).toHaveValue('depth estimation');
    await expect(page.getByRole('option', { name: /depth estimation/i }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/public-deployment\/depth-estimation\//);
  });

  test('tabbing through it leaves focus where the reader went', async ({ page }) => {
    const { release, requested } = await holdSearchChunk(page);
    await page.goto('/');
    await waitForHydration(page);
    const box = searchInput(page);
    await box.focus();
    await expect.poll(() => requested.length).toBe(1);
    await page.keyboard.press('Tab');
    const next = await page.evaluate(() => document.activeElement?.outerHTML);
    release();
    await expect(page.getByRole('combobox', { name: 'Search' })).toBeAttached();
    expect(await page.evaluate(() => document.activeElement?.outerHTML)).toBe(next);
  });
});

test.describe('mobile (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu opens and lists the menu items', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: /toggle navigation bar/i });
    await expect(toggle).toBeVisible();
    // The desktop dropdowns are hidden below the 996 px breakpoint.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Deployments' }),
    ).toBeHidden();
    await toggle.click();
    const menu = page.locator('.navbar-sidebar');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Pricing', exact: true })).toBeVisible();
    for (const group of ['Deployments', 'Account', 'Company']) {
      const button = menu.getByRole('button', { name: group, exact: true });
      if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    }
    for (const name of [
      'Object detection',
      'Depth estimation',
      'Image classification',
      'Image segmentation',
      'Zero-shot image classification',
      'Zero-shot object detection',
      'Public deployment',
      'Private deployment',
      'AI training studio',
      'API keys',
      'Usage',
      'Buy credits',
      'Cookie preferences',
      'Contact us',
      'Terms of service',
      'Privacy policy',
    ]) {
      const link = menu.getByRole('link', { name, exact: true });
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Depth estimation', exact: true }).click();
    await expect(page).toHaveURL(/depth-estimation\/$/);
    await expect(menu).toBeHidden();
  });

  test('on a docs page the menu opens on the docs sidebar, and goes back to the main menu', async ({
    page,
  }) => {
    await dismissCookieBanner(page);
    await page.goto('/dashboard/public-deployment/object-detection/');
    await waitForHydration(page);
    await page.getByRole('button', { name: /toggle navigation bar/i }).click();
    const menu = page.locator('.navbar-sidebar');
    await expect(menu).toBeVisible();
    // The secondary menu (the docs sidebar, rendered at deferred priority) shows first.
    const back = menu.getByRole('button', { name: '← Back to main menu' });
    await expect(back).toBeVisible();
    const sidebar = menu.locator('.theme-doc-sidebar-menu');
    const current = sidebar.getByRole('link', { name: 'Object detection', exact: true });
    await expect(current).toBeVisible();
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(
      sidebar.getByRole('link', { name: 'Depth estimation', exact: true }),
    ).toBeVisible();
    const panels = menu.locator('.navbar-sidebar__items');
    await expect(panels).toHaveClass(/navbar-sidebar__items--show-secondary/);
    await back.click();
    await expect(panels).not.toHaveClass(/navbar-sidebar__items--show-secondary/);
    await expect(menu.getByRole('link', { name: 'Pricing', exact: true })).toBeVisible();
    // Following a docs sidebar link from the drawer navigates and closes the drawer.
    await page.getByRole('button', { name: /close navigation bar/i }).click();
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: /toggle navigation bar/i }).click();
    await sidebar.getByRole('link', { name: 'Depth estimation', exact: true }).click();
    await expect(page).toHaveURL(/depth-estimation\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/depth estimation/i);
    await expect(menu).toBeHidden();
  });

  test('layout switches at the 996 px breakpoint', async ({ page }) => {
    await page.setViewportSize({ width: 997, height: 800 });
    await page.goto('/dashboard/public-deployment/');
    await expect(page.getByRole('button', { name: /toggle navigation bar/i })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Docs sidebar' })).toBeVisible();
    await page.setViewportSize({ width: 996, height: 800 });
    await expect(page.getByRole('button', { name: /toggle navigation bar/i })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Docs sidebar' })).toBeHidden();
  });
});
