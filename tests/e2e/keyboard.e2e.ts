/**
 * Keyboard focus, one test per rule (issue 16): the cookie banner early in the tab order and focus
 * handed back after a choice; nothing focused hidden behind the banner; Escape closes the navbar
 * menus and the mobile drawer with focus back on their toggles; the account menu closes when Tab
 * leaves it; a playground run moves focus to its result; a rejected form marks its invalid fields
 * and focuses the first; the docs for people and machines (status, copy as Markdown, OpenAPI
 * downloads, changelog) are reached with Tab and used with Enter. Keys are pressed as a reader presses them (no `click()` where the rule is
 * about the keyboard), and every rule checks where `document.activeElement` ends up.
 */
import type { Locator, Page } from '@playwright/test';
import { dismissCookieBanner, waitForHydration } from './fixtures';
import { test, expect } from './support/fixtures';
import { buyCredits } from './support/identity';
import { stubThirdParties } from './support/thirdParties';

const DOCS_PAGE = '/dashboard/public-deployment/object-detection/';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Tab presses a page and width: past the first screens, where the banner could hide things. */
const TABS = 25;

function banner(page: Page): Locator {
  return page.getByRole('region', { name: 'Cookies on VisionAPI' });
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** What has focus, in words (for failure messages); "body" when nothing has. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `<${el.tagName.toLowerCase()}> ${name}`;
  });
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}

async function focusIsIn(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el.contains(document.activeElement));
}

async function expectFocusNotOnBody(page: Page): Promise<void> {
  const where = await focused(page);
  expect(where, 'focus after the action').not.toBe('body');
}

/** Presses `key` until `done` holds, at most `max` times; returns how many presses it took. */
async function pressUntil(
  page: Page,
  key: string,
  done: () => Promise<boolean>,
  max: number,
): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(key);
    if (await done()) return presses;
  }
  throw new Error(`${key} ×${max} never got there; focus is on ${await focused(page)}`);
}

test.describe('cookie banner', () => {
  test('comes within the first Tab presses and hands focus back after each choice', async ({
    page,
    context,
  }) => {
    await stubThirdParties(context);
    await page.setViewportSize(DESKTOP);

    // 1. From page load: the banner is reached within three Tabs; Accept All (Enter) then puts
    // focus on the main content, since focus came from nowhere.
    await open(page, '/');
    const presses = await pressUntil(page, 'Tab', () => focusIsIn(banner(page)), 3);
    expect(presses).toBeLessThanOrEqual(3);
    const accept = banner(page).getByRole('button', { name: 'Accept All Cookies' });
    await pressUntil(page, 'Tab', () => accept.evaluate((el) => el === document.activeElement), 4);
    await page.keyboard.press('Enter');
    await expect(banner(page)).toHaveCount(0);
    await expectFocusNotOnBody(page);
    await expect(page.getByRole('main')).toBeFocused();

    // 2. Shift+Tab into the banner from the page: Reject Optional sends focus back to the element
    // it left.
    await page.evaluate(() => localStorage.clear());
    await open(page, '/');
    await page.getByRole('link', { name: 'Pricing', exact: true }).first().focus();
    await pressUntil(
      page,
      'Shift+Tab',
      async () => {
        const inBanner = await focusIsIn(banner(page));
        if (!inBanner)
          // Remember the last element outside the banner.
          await page.evaluate(() => {
            document.querySelector('[data-kbd-left]')?.removeAttribute('data-kbd-left');
            (document.activeElement as HTMLElement).setAttribute('data-kbd-left', '');
          });
        return inBanner;
      },
      6,
    );
    const reject = banner(page).getByRole('button', { name: 'Reject Optional' });
    await pressUntil(
      page,
      'Shift+Tab',
      () => reject.evaluate((e) => e === document.activeElement),
      3,
    );
    await page.keyboard.press('Enter');
    await expect(banner(page)).toHaveCount(0);
    await expectFocusNotOnBody(page);
    await expect(page.locator('[data-kbd-left]')).toBeFocused();

    // 3. Customize Settings, then Save Preferences, all with the keyboard.
    await page.evaluate(() => localStorage.clear());
    await open(page, DOCS_PAGE);
    const customize = banner(page).getByRole('button', { name: 'Customize Settings' });
    await pressUntil(page, 'Tab', () => customize.evaluate((e) => e === document.activeElement), 6);
    await page.keyboard.press('Enter');
    await expect(banner(page).getByRole('switch', { name: 'Analytics' })).toBeFocused();
    const save = banner(page).getByRole('button', { name: 'Save Preferences' });
    await pressUntil(page, 'Tab', () => save.evaluate((e) => e === document.activeElement), 8);
    await page.keyboard.press('Enter');
    await expect(banner(page)).toHaveCount(0);
    await expectFocusNotOnBody(page);
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('never covers the focused element while it shows, at 1280 and 390 px', async ({ page }) => {
    test.setTimeout(60_000);
    const covered: string[] = [];
    let checked = 0;
    for (const path of ['/', DOCS_PAGE]) {
      await page.setViewportSize(DESKTOP);
      await open(page, path);
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(banner(page)).toBeVisible();
        // From the first stop of the page (the banner's first link), onwards.
        await banner(page).getByRole('link', { name: 'Privacy policy' }).focus();
        const region = await banner(page).elementHandle();
        let first: string | null = null;
        for (let i = 0; i < TABS; i += 1) {
          await page.keyboard.press('Tab');
          const seen = await page.evaluate(async (bannerEl) => {
            // Once the browser has scrolled the element into view (two frames).
            await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
            const el = document.activeElement as HTMLElement | null;
            if (!el || el === document.body) return null;
            const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
            const id = `<${el.tagName.toLowerCase()}> ${el.getAttribute('href') ?? ''} ${text}`;
            if (!bannerEl || bannerEl.contains(el)) return { id, skip: true };
            const box = el.getBoundingClientRect();
            const top = bannerEl.getBoundingClientRect().top;
            const navbar = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0;
            // Taller than the room between the navbar and the banner (a long code block): part of
            // it must show there; anything else must show whole.
            const tall = box.height > top - navbar;
            const ok = tall ? box.top < top && box.bottom > navbar : box.bottom <= top + 1;
            const where = `${Math.round(box.top)}–${Math.round(box.bottom)}`;
            return { id, skip: box.width === 0 || box.height === 0, ok, where, top };
          }, region);
          if (seen === null || (i > 0 && seen.id === first)) break;
          first ??= seen.id;
          if (seen.skip) continue;
          checked += 1;
          if (!seen.ok)
            covered.push(
              `${path} @${size.width}: ${seen.id} at ${seen.where}, banner from ${seen.top}`,
            );
        }
      }
    }
    expect(checked, 'focused elements checked').toBeGreaterThan(60);
    expect(covered, covered.join('\n')).toEqual([]);
  });
});

test.describe('Escape', () => {
  test('closes a navbar dropdown and the mobile drawer, focus back on their toggles', async ({
    page,
  }) => {
    await dismissCookieBanner(page);
    await page.setViewportSize(DESKTOP);
    await open(page, '/pricing/');

    const toggle = page.getByRole('button', { name: 'Deployments' });
    const firstItem = page
      .locator('.navbar')
      .getByRole('link', { name: 'Public deployment', exact: true, includeHidden: true });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(firstItem).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(firstItem).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(firstItem).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.setViewportSize(PHONE);
    const menu = page.getByRole('button', { name: /toggle navigation bar/i });
    await menu.focus();
    await page.keyboard.press('Enter');
    const close = page.getByRole('button', { name: 'Close navigation bar' });
    await expect(close).toBeVisible();
    await expect(close).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(close).toBeHidden();
    await expect(menu).toBeFocused();
  });
});

test('the account menu closes when Tab leaves its last item', async ({ signedInPage: page }) => {
  await dismissCookieBanner(page);
  await page.setViewportSize(DESKTOP);
  await open(page, '/pricing/');
  const button = page.getByRole('button', { name: 'Account menu' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const signOut = page.getByRole('button', { name: 'Sign out' });
  await expect(signOut).toBeVisible();
  await pressUntil(page, 'Tab', () => signOut.evaluate((e) => e === document.activeElement), 16);
  await page.keyboard.press('Tab');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(signOut).toBeHidden();
  await expectFocusNotOnBody(page);
  expect(await button.evaluate((el) => el.parentElement!.contains(document.activeElement))).toBe(
    false,
  );
});

test('Run in the playground moves focus to the result and announces it', async ({
  signedInPage: page,
  user,
}) => {
  await buyCredits(user, 25);
  await dismissCookieBanner(page);
  await page.setViewportSize(DESKTOP);
  await open(page, DOCS_PAGE);
  const playground = page.getByRole('region', { name: 'Playground' });
  await playground.scrollIntoViewIfNeeded();
  const sample = playground.getByRole('button', { name: /^Use sample: Street/ });
  await sample.focus();
  await page.keyboard.press('Enter');
  await expect(playground.getByRole('img', { name: 'Chosen image' })).toBeVisible();
  const run = playground.getByRole('button', { name: 'Run', exact: true });
  await run.focus();
  await page.keyboard.press('Enter');
  const detections = playground.getByRole('list', { name: 'Detections' });
  await expect(detections).toBeVisible({ timeout: 20_000 });

  // The result is announced: it is rendered inside a polite live region.
  const live = playground.locator('[aria-live="polite"]');
  await expect(live).toHaveCount(1);
  await expect(live).toContainText('Cost:');
  expect(
    await live.evaluate((el, list) => el.contains(list), await detections.elementHandle()),
  ).toBe(true);

  await expect.poll(() => focused(page)).not.toBe('body');
  expect(await focusIsIn(live), `focus is on ${await focused(page)}`).toBe(true);
});

test.describe('invalid fields', () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
  });

  test('contact form: aria-invalid on each empty field, focus on the first of them', async ({
    page,
  }) => {
    await open(page, '/contact-us/');
    const form = page.getByRole('form', { name: 'Contact us' });
    const email = form.getByRole('textbox', { name: 'E-mail' });
    const subject = form.getByRole('textbox', { name: 'Subject' });
    const message = form.getByRole('textbox', { name: 'Message' });
    const send = form.getByRole('button', { name: 'Send message' });

    await send.focus();
    await page.keyboard.press('Enter');
    for (const field of [email, subject, message])
      await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();

    await page.keyboard.type('reader@example.com');
    await send.focus();
    await page.keyboard.press('Enter');
    await expect(email).toHaveAttribute('aria-invalid', 'false');
    await expect(subject).toHaveAttribute('aria-invalid', 'true');
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await expect(subject).toBeFocused();
  });

  test('sign-in form: aria-invalid on the missing field, focus on it', async ({ page }) => {
    await open(page, '/sign-in/');
    const email = page.getByRole('textbox', { name: 'E-mail' });
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    const submit = page.getByRole('button', { name: 'Sign in', exact: true });

    await submit.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();

    await page.keyboard.type('reader@example.com');
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toBeFocused();
  });
});

test('the team page works from the keyboard: invite with Tab and Enter, a dialog returns focus', async ({
  signedInPage: page,
}) => {
  await dismissCookieBanner(page);
  await page.setViewportSize(DESKTOP);
  await open(page, '/settings/team/');
  const form = page.getByRole('form', { name: 'Invite a member' });
  const email = `keyboard-${Date.now()}@example.com`;
  await form.getByLabel('E-mail address').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Role')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Send invitation' })).toBeFocused();
  await page.keyboard.press('Enter');
  const pending = page.getByRole('table', { name: 'Pending invitations' });
  await expect(pending).toContainText(email);
  // The admin key form, then its delete dialog: Escape closes it, focus back on its button.
  const keys = page.getByRole('form', { name: 'Create an admin key' });
  await keys.getByLabel('Name').focus();
  await page.keyboard.type('deploy bot');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('admin-key-secret')).toBeVisible();
  const remove = page.getByRole('button', { name: 'Delete admin key deploy bot' });
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(remove).toBeFocused();
});

test.describe('docs for people and machines', () => {
  /** Tab presses to get past the navbar and a docs sidebar to the content. */
  const TO_CONTENT = 80;

  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
    await page.setViewportSize(DESKTOP);
  });

  test('status page: Tab reaches "Check now", Enter checks both hosts again, focus stays on it', async ({
    page,
  }) => {
    await open(page, '/status/');
    await expect(page.getByTestId('status-summary')).toHaveText('All systems operational.');
    const probes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/health')) probes.push(request.url());
    });
    const check = page.getByRole('button', { name: /^(Check now|Checking…)$/ });
    await pressUntil(page, 'Tab', () => isFocused(check), TO_CONTENT);
    // Tabbing through the search box started loading its index; once it is loaded (the box has
    // become a combobox), focus is still here.
    await expect(page.getByRole('combobox', { name: 'Search' })).toBeAttached();
    await expect(check).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => probes.length).toBe(2);
    await expect(check).toHaveText('Check now');
    await expect(check).toBeEnabled();
    await expect(check).toBeFocused();
  });

  test('docs page: Tab reaches "Copy page as Markdown", Enter copies the page', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, DOCS_PAGE);
    const copy = page.getByRole('button', { name: /^(Copy page as Markdown|Copied)$/ });
    await pressUntil(page, 'Tab', () => isFocused(copy), TO_CONTENT);
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Page copied as Markdown.' }),
    ).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /^# Object detection\n/,
    );
    await expect(copy).toBeFocused();
  });

  test('API reference: Tab reaches each OpenAPI download, Enter downloads it', async ({ page }) => {
    await open(page, '/dashboard/api-reference/');
    for (const file of ['services.json', 'account.json']) {
      const link = page.getByRole('link', { name: `Download ${file}` });
      // Found by role once: the page holds about 12,000 elements, and a role query on each Tab
      // press walked them all (most of this test's time on 2 cores).
      const element = await link.elementHandle();
      await pressUntil(
        page,
        'Tab',
        () => element!.evaluate((el) => el === document.activeElement),
        TO_CONTENT,
      );
      const download = page.waitForEvent('download');
      await page.keyboard.press('Enter');
      expect((await download).suggestedFilename()).toBe(file);
      await expect(link).toBeFocused();
    }
  });

  test('changelog: Tab reaches an entry, Enter opens it', async ({ page }) => {
    await open(page, '/changelog/');
    const entry = page
      .getByRole('article')
      .first()
      .getByRole('heading', { level: 2 })
      .getByRole('link');
    const title = (await entry.textContent())!.trim();
    const href = (await entry.getAttribute('href'))!;
    expect(href).toMatch(/^\/changelog\/[a-z0-9-]+\/$/);
    await pressUntil(page, 'Tab', () => isFocused(entry), TO_CONTENT);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(href);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });
});
