/**
 * Layout at the widths readers use (issue 16): the navbar on one line with its brand title whole
 * from 997 px (where the desktop navbar starts) up, signed out and signed in; the pricing table
 * readable at 390 px without sideways scrolling; the scheduling badge never over the page's last
 * content or a focused control.
 *
 * One page per state: routes are reached in the running app (as a link click does) and each is
 * measured at every width by resizing, not reloading.
 */
import type { Locator, Page } from '@playwright/test';
import { consentWithScheduling, dismissCookieBanner, waitForHydration } from './fixtures';
import { test, expect } from './support/fixtures';
import { stubThirdParties } from './support/thirdParties';

const DOCS_PAGE = '/dashboard/public-deployment/object-detection/';
const BADGE = 'Accelerate with AI — Book Now';

/** Two animation frames: media-query changes and React's re-render after a resize have landed. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

async function load(page: Page, route: string): Promise<void> {
  const response = await page.goto(route);
  expect(response?.status(), `${route} answers 200`).toBe(200);
  await waitForHydration(page);
}

/** Goes to a route inside the running app, as a link does, and waits until it has rendered. */
async function navigate(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForFunction((to) => {
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    return canonical !== null && new URL(canonical.href).pathname === to;
  }, route);
}

/**
 * What is wrong with the navbar as laid out now: a top-level item on another line than the brand
 * (its top more than 2 px off; items are centred in the bar, so the comparison is of their
 * vertical centres when their heights differ), an item whose label or caret wrapped (out of the
 * bar's height), an item past the viewport's right edge, a truncated brand title.
 */
async function navbarProblems(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const items = Array.from(
      document.querySelectorAll('.navbar__inner > .navbar__items > *'),
    ).filter(visible);
    const brand = document.querySelector('.navbar__brand');
    const title = document.querySelector<HTMLElement>('.navbar__title');
    return {
      width: document.documentElement.clientWidth,
      items: items.map((el) => {
        const box = el.getBoundingClientRect();
        const label = (el.textContent ?? '').trim().slice(0, 24) || el.className.slice(0, 40);
        return { label, top: box.top, height: box.height, right: box.right };
      }),
      bar: document.querySelector('.navbar')!.getBoundingClientRect().toJSON() as DOMRect,
      brand: brand ? brand.getBoundingClientRect() : null,
      title: title
        ? { text: title.textContent, scroll: title.scrollWidth, client: title.clientWidth }
        : null,
    };
  });
  const problems: string[] = [];
  if (!found.brand || !found.title) return [`${where}: no brand or title`];
  if (found.items.length < 6) problems.push(`${where}: only ${found.items.length} items`);
  const middle = found.brand.top + found.brand.height / 2;
  for (const item of found.items) {
    const sameTop = Math.abs(item.top - found.brand.top) <= 2;
    const sameMiddle = Math.abs(item.top + item.height / 2 - middle) <= 2;
    if (!sameTop && !sameMiddle)
      problems.push(
        `${where}: “${item.label}” at top ${item.top}, the brand at ${found.brand.top}`,
      );
    if (item.right > found.width + 1)
      problems.push(`${where}: “${item.label}” ends at ${item.right} of ${found.width} px`);
  }
  // A label or caret on a second line makes its item taller than the bar (60 px, fixed).
  for (const item of found.items)
    if (item.top < found.bar.top - 1 || item.top + item.height > found.bar.bottom + 1)
      problems.push(`${where}: “${item.label}” ${item.height} px tall, out of the bar`);
  if (found.title.text !== 'VisionAPI' || found.title.scroll > found.title.client)
    problems.push(
      `${where}: brand title “${found.title.text}” needs ${found.title.scroll} px, has ${found.title.client}`,
    );
  return problems;
}

async function checkNavbar(
  page: Page,
  routes: string[],
  state: string,
  ready: (route: string) => Promise<void>,
): Promise<void> {
  const problems: string[] = [];
  await page.setViewportSize({ width: 1366, height: 800 });
  await load(page, routes[0]!);
  for (const [i, route] of routes.entries()) {
    if (i > 0) await navigate(page, route);
    // Widest first on one route, narrowest first on the next: one resize a route.
    const widths = i % 2 === 0 ? [1366, 1280, 997] : [997, 1280, 1366];
    for (const width of widths) {
      if (page.viewportSize()?.width !== width) {
        await page.setViewportSize({ width, height: 800 });
        await settle(page);
      }
      await ready(route);
      problems.push(...(await navbarProblems(page, `${route} ${state} @${width}`)));
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);
}

test.describe('the navbar on one line at 997, 1280 and 1366 px', () => {
  test('signed out', async ({ page }) => {
    await dismissCookieBanner(page);
    const signUp = page.locator('.navbar').getByRole('link', { name: 'Sign Up' });
    await checkNavbar(page, ['/', '/pricing/', DOCS_PAGE], 'signed out', () =>
      expect(signUp).toBeVisible(),
    );
  });

  test('signed in', async ({ signedInPage: page }) => {
    await dismissCookieBanner(page);
    const menu = page.getByRole('button', { name: 'Account menu' });
    const chip = page.locator('.navbar').getByTestId('balance-chip');
    await checkNavbar(
      page,
      ['/', '/pricing/', DOCS_PAGE, '/settings/api-keys/'],
      'signed in',
      async (route) => {
        await expect(menu).toBeVisible({ timeout: 15_000 });
        // The balance chip shows on /dashboard/ paths only.
        if (route.startsWith('/dashboard/')) await expect(chip).toContainText('$');
      },
    );
  });
});

test('pricing at 390 px: every price cell inside the viewport, no sideways scrolling', async ({
  page,
}) => {
  await dismissCookieBanner(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await load(page, '/pricing/');
  const table = page.getByRole('table', { name: 'Public deployments, prices in USD' });
  const prices = table.getByRole('cell').filter({ hasText: /^\s*\$[\d,.]+\s*$/ });
  await expect(prices.first()).toBeVisible();
  // Eight public deployments, a price per call and per 1,000 calls each.
  await expect(prices).toHaveCount(16);
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  const outside = await prices.evaluateAll((cells, viewport) => {
    return cells
      .map((cell) => ({ text: cell.textContent, box: cell.getBoundingClientRect() }))
      .filter(({ box }) => box.left < 0 || box.right > viewport + 0.5)
      .map(({ text, box }) => `${text} from ${box.left} to ${box.right}`);
  }, width);
  expect(outside, `price cells outside 0–${width} px`).toEqual([]);
  const overflow = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(overflow.scroll, 'document width').toBeLessThanOrEqual(overflow.client);
});

type Box = { left: number; top: number; right: number; bottom: number };

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The box of the lowest line of text on the page (outside the badge), as laid out now. */
async function lastTextBox(page: Page): Promise<Box & { text: string }> {
  return page.evaluate(() => {
    const root = document.getElementById('__docusaurus')!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let best: (Box & { text: string }) | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text || node.parentElement?.closest('[data-scheduling-badge]')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of Array.from(range.getClientRects())) {
        if (r.width === 0 || r.height === 0) continue;
        if (!best || r.bottom > best.bottom)
          best = { left: r.left, top: r.top, right: r.right, bottom: r.bottom, text };
      }
    }
    return best!;
  });
}

/** Boxes of focused elements that the badge overlaps, pressing `key` up to `presses` times. */
async function focusedUnderBadge(
  page: Page,
  badge: Locator,
  key: string,
  presses: number,
): Promise<{ checked: number; hidden: string[] }> {
  const badgeBox = await badge.evaluate((el) => el.getBoundingClientRect().toJSON() as Box);
  const hidden: string[] = [];
  let checked = 0;
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press(key);
    const focused = await page.evaluate(async () => {
      // Once the browser has scrolled the element into view (two frames).
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const el = document.activeElement;
      if (!el || el === document.body || el.closest('[data-scheduling-badge]')) return null;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return null;
      const name = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
      return { name: `<${el.tagName.toLowerCase()}> ${name}`, box: box.toJSON() as Box };
    });
    if (!focused) continue;
    checked += 1;
    if (overlaps(focused.box, badgeBox))
      hidden.push(`${focused.name} at ${JSON.stringify(focused.box)}`);
  }
  return { checked, hidden };
}

test('the scheduling badge never covers the page end or a focused control, at 1280 and 390 px', async ({
  signedInPage: page,
  context,
}) => {
  test.setTimeout(60_000);
  await stubThirdParties(context);
  await consentWithScheduling(context);
  const badge = page.getByRole('link', { name: BADGE });
  const problems: string[] = [];
  let checked = 0;
  await page.setViewportSize({ width: 1280, height: 900 });
  await load(page, '/settings/buy-credits/');
  await expect(page.getByTestId('current-balance')).toContainText('$', { timeout: 20_000 });
  for (const [i, route] of ['/settings/buy-credits/', '/pricing/'].entries()) {
    if (i > 0) {
      await navigate(page, route);
      await expect(
        page.getByRole('table', { name: 'Public deployments, prices in USD' }),
      ).toBeVisible();
    }
    for (const size of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await settle(page);
      await expect(badge).toBeVisible();
      const where = `${route} @${size.width}`;

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await settle(page);
      const atEnd = await page.evaluate(
        () =>
          Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
      );
      expect(atEnd, `${where}: scrolled to the end`).toBe(true);
      const last = await lastTextBox(page);
      const badgeBox = await badge.evaluate((el) => el.getBoundingClientRect().toJSON() as Box);
      if (overlaps(last, badgeBox))
        problems.push(`${where}: the badge covers “${last.text}” at the page end`);

      // From the badge (the last stop) backwards, then forwards again: the controls
      // near the bottom of the page, each scrolled into view by the browser as it is focused.
      await badge.focus();
      for (const key of ['Shift+Tab', 'Tab']) {
        const seen = await focusedUnderBadge(page, badge, key, 15);
        checked += seen.checked;
        problems.push(...seen.hidden.map((h) => `${where} (${key}): the badge covers ${h}`));
      }
    }
  }
  expect(checked, 'focused controls checked').toBeGreaterThan(60);
  expect(problems, problems.join('\n')).toEqual([]);
});
