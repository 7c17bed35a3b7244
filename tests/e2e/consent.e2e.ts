/**
 * Cookie consent, consent-gated analytics and the scheduling badge (issue 3).
 *
 * Needs a build configured with a measurement id and a booking URL:
 *   FIREBASE_MEASUREMENT_ID=G-TEST123 FIREBASE_APP_ID=1:000000000000:web:0123456789abcdef
 *   CALENDLY_URL=https://calendly.com/visionapi-test/intro
 * Analytics and Calendly hosts are unreachable here: every request to them is recorded and answered
 * with a stub, so tests assert what the page attempted.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { dismissCookieBanner, expect, test, waitForHydration } from './fixtures';
import { stubThirdParties } from './support/thirdParties';

const KEY = 'visionapi.cookieConsent';
const DAY = 24 * 60 * 60 * 1000;
const BADGE = 'Accelerate with AI — Book Now';
const BUILD_HINT =
  'the site must be built with FIREBASE_MEASUREMENT_ID=G-TEST123 and CALENDLY_URL=https://calendly.com/visionapi-test/intro';
const DOCS_PAGE = '/dashboard/public-deployment/object-detection/';
const PREFS_PAGE = '/settings/cookie-preferences/';

// Our own lazy chunks for the optional services (named in src/consent and SchedulingBadge).
const OPTIONAL_CHUNK = /\/assets\/js\/(firebase-[a-z]+|calendly-popup)\./;

function banner(page: Page) {
  return page.getByRole('region', { name: 'Cookies on VisionAPI' });
}

async function open(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

async function storedConsent(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), KEY);
}

async function seedConsent(page: Page, value: string): Promise<void> {
  await page.addInitScript(
    ([key, raw]) => {
      // Top document only, and only before the first load: later reloads keep what the page stored.
      if (window !== window.top) return;
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, raw);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [KEY, value],
  );
}

function consentDatedDaysAgo(days: number): string {
  return JSON.stringify({
    essential: true,
    analytics: false,
    marketing: false,
    calendly: false,
    consentDate: new Date(Date.now() - days * DAY).toISOString(),
  });
}

const ANALYTICS_COOKIES = ['_ga', '_ga_TEST123', '_gid', '_gat_gtag'];

async function addAnalyticsCookies(context: BrowserContext, page: Page): Promise<void> {
  // Without analytics consent the page clears analytics leftovers at its first idle moment after
  // hydration (CookieConsent). Cookies added before that ran would be cleared by it, not by the
  // choice a test makes next: wait for an idle callback registered after the page's own.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })),
  );
  await context.addCookies(
    ANALYTICS_COOKIES.map((name) => ({
      name,
      value: 'GA1.1.1234.5678',
      domain: 'localhost',
      path: '/',
    })),
  );
  await page.evaluate(() => {
    document.cookie = '_ga_HOSTONLY=GS1.1.1; path=/';
    document.cookie = 'keep_me=1; path=/';
  });
}

async function analyticsCookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies())
    .map((cookie) => cookie.name)
    .filter((name) => /^(_ga|_gid)/.test(name));
}

test.describe('cookie banner', () => {
  test('shows on a first visit, labelled, with the three choices and a privacy link, without layout shift', async ({
    page,
  }) => {
    await open(page);
    const region = banner(page);
    await expect(region).toBeVisible();
    await expect(region.getByRole('button', { name: 'Accept All Cookies' })).toBeVisible();
    await expect(region.getByRole('button', { name: 'Reject Optional' })).toBeVisible();
    await expect(region.getByRole('button', { name: 'Customize Settings' })).toBeVisible();
    await expect(region.getByRole('button', { name: 'Save Preferences' })).toHaveCount(0);
    await expect(region.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy/',
    );
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[]) {
              if (!entry.hadRecentInput) total += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 500);
        }),
    );
    expect(shift).toBeLessThan(0.01);
  });

  test("is painted from the HTML before any of the app's scripts runs, only without a valid consent", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors([/Failed to load resource/, /ERR_FAILED/]);
    // Only the page's inline scripts run: every script file of the build is refused.
    await page.route('**/assets/js/**', (route) => route.abort('failed'));
    await page.goto('/sign-in/');
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Accept All Cookies' })).toBeVisible();

    await dismissCookieBanner(page);
    await page.reload();
    await expect(page.locator('h1')).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await expect(page.locator('.cookie-banner-pending')).toBeHidden();
  });

  test('Accept All Cookies hides it, stores every category on and survives a reload', async ({
    page,
    context,
  }) => {
    await stubThirdParties(context);
    await open(page);
    await banner(page).getByRole('button', { name: 'Accept All Cookies' }).click();
    await expect(banner(page)).toHaveCount(0);
    const stored = await storedConsent(page);
    expect(stored).toMatchObject({
      essential: true,
      analytics: true,
      marketing: true,
      calendly: true,
    });
    expect(Date.now() - Date.parse(String(stored?.consentDate))).toBeLessThan(60_000);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('link', { name: BADGE })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  test('Reject Optional hides it, stores every optional category off and survives a reload', async ({
    page,
  }) => {
    await open(page, DOCS_PAGE);
    await banner(page).getByRole('button', { name: 'Reject Optional' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await storedConsent(page)).toMatchObject({
      essential: true,
      analytics: false,
      marketing: false,
      calendly: false,
    });
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: BADGE })).toHaveCount(0);
  });

  test('Customize Settings works from the keyboard and Save Preferences stores the switches', async ({
    page,
    context,
  }) => {
    await stubThirdParties(context);
    await open(page);
    const region = banner(page);
    const customize = region.getByRole('button', { name: 'Customize Settings' });
    await customize.focus();
    await page.keyboard.press('Enter');
    await expect(customize).toHaveAttribute('aria-expanded', 'true');

    const essential = region.getByRole('switch', { name: 'Essential' });
    await expect(essential).toBeChecked();
    await expect(essential).toBeDisabled();
    const analytics = region.getByRole('switch', { name: 'Analytics' });
    await expect(analytics).toBeFocused();
    await expect(analytics).not.toBeChecked();
    await expect(region.getByText('counts visits and page views')).toBeVisible();

    // Escape closes the panel and returns focus to its button.
    await page.keyboard.press('Escape');
    await expect(region.getByRole('switch')).toHaveCount(0);
    await expect(customize).toBeFocused();
    await page.keyboard.press('Enter');

    const scheduling = region.getByRole('switch', { name: 'Scheduling' });
    await scheduling.focus();
    await page.keyboard.press('Space');
    await expect(scheduling).toBeChecked();
    await region.getByRole('button', { name: 'Save Preferences' }).click();

    await expect(banner(page)).toHaveCount(0);
    expect(await storedConsent(page)).toMatchObject({
      essential: true,
      analytics: false,
      marketing: false,
      calendly: true,
    });
    await expect(page.getByRole('link', { name: BADGE })).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('link', { name: BADGE })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    expect(await page.locator('script[src*="googletagmanager.com"]').count()).toBe(0);
  });

  test('a consent dated 366 days ago has expired: the banner is shown again', async ({ page }) => {
    await seedConsent(page, consentDatedDaysAgo(366));
    await open(page);
    await expect(banner(page)).toBeVisible();
  });

  test('a consent dated 364 days ago is still valid', async ({ page }) => {
    await seedConsent(page, consentDatedDaysAgo(364));
    await open(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  for (const garbage of ['{not json', 'null', '[1,2,3]', '"accepted"', '{"analytics":"yes"}']) {
    test(`garbage in the consent key (${garbage}) does not break the page`, async ({ page }) => {
      await seedConsent(page, garbage);
      await open(page, DOCS_PAGE);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner(page)).toBeVisible();
      await banner(page).getByRole('button', { name: 'Reject Optional' }).click();
      expect(await storedConsent(page)).toMatchObject({ analytics: false });
    });
  }

  test('on a 390 px screen it never hides the end of the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, DOCS_PAGE);
    const region = banner(page);
    await region.getByRole('button', { name: 'Customize Settings' }).click();
    const box = await region.boundingBox();
    expect(box!.height).toBeLessThan(844 * 0.9);
    await page.keyboard.press('End');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const copyright = page.getByText(/Copyright © 2025/);
    await expect(copyright).toBeInViewport();
    const bannerTop = (await region.boundingBox())!.y;
    const copyrightBottom = await copyright.evaluate((el) => el.getBoundingClientRect().bottom);
    expect(copyrightBottom).toBeLessThanOrEqual(bannerTop + 1);
  });
});

test.describe('cookie preferences page', () => {
  test('shows the current choice and date, saves changes and resets to the banner', async ({
    page,
    context,
  }) => {
    await stubThirdParties(context);
    await open(page, PREFS_PAGE);
    await expect(page.getByText('No choice saved in this browser')).toBeVisible();
    await banner(page).getByRole('button', { name: 'Accept All Cookies' }).click();
    await expect(
      // The site's one date style, with the time zone.
      page.getByText(
        /Saved on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM) \S+, valid until/,
      ),
    ).toBeVisible();

    const main = page.getByRole('main');
    await expect(main.getByRole('switch', { name: 'Analytics' })).toBeChecked();
    await expect(main.getByRole('switch', { name: 'Scheduling' })).toBeChecked();
    await expect(main.getByRole('switch', { name: 'Essential' })).toBeDisabled();

    await main.getByRole('switch', { name: 'Scheduling' }).uncheck();
    await main.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(page.getByRole('status')).toHaveText('Your preferences were saved and apply now.');
    expect(await storedConsent(page)).toMatchObject({ analytics: true, calendly: false });
    await expect(page.getByRole('link', { name: BADGE })).toHaveCount(0);

    await main.getByRole('button', { name: 'Reset preferences' }).click();
    await expect(page.getByRole('status')).toContainText('reset');
    await expect(banner(page)).toBeVisible();
    expect(await storedConsent(page)).toBeNull();
    await expect(main.getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
    await page.reload();
    await waitForHydration(page);
    await expect(banner(page)).toBeVisible();
  });
});

test.describe('consent-gated analytics and scheduling', () => {
  test('nothing optional is requested before consent', async ({ page, context }) => {
    test.slow();
    const thirdParty = await stubThirdParties(context);
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (OPTIONAL_CHUNK.test(request.url())) chunks.push(request.url());
    });
    for (const path of ['/', DOCS_PAGE, PREFS_PAGE]) {
      await open(page, path);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    }
    await banner(page).getByRole('button', { name: 'Customize Settings' }).click();
    await banner(page).getByRole('switch', { name: 'Analytics' }).check();
    await page.waitForLoadState('networkidle');
    expect(thirdParty).toEqual([]);
    expect(chunks).toEqual([]);
    await expect(page.locator('script[src*="googletagmanager.com"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: BADGE })).toHaveCount(0);
  });

  test('Accept All shows the badge, loads the analytics tag and starts Firebase Analytics once', async ({
    page,
    context,
    consoleMessages,
  }) => {
    const thirdParty = await stubThirdParties(context);
    await open(page, DOCS_PAGE);
    await banner(page).getByRole('button', { name: 'Accept All Cookies' }).click();

    await expect(page.getByRole('link', { name: BADGE })).toBeVisible();
    await expect(page.locator('script[src*="googletagmanager.com/gtag/js"]')).toHaveCount(1);
    await expect
      .poll(() => thirdParty.filter((url) => url.includes('googletagmanager.com/gtag/js')), {
        message: BUILD_HINT,
      })
      .toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST123&l=dataLayer']);
    const initialized = () =>
      consoleMessages.filter(
        (m) => m.type === 'log' && m.text === 'Firebase Analytics initialized',
      );
    await expect.poll(() => initialized().length).toBe(1);

    // Further events (and re-enabling) never initialise a second time.
    await page.evaluate(() => {
      for (let i = 0; i < 3; i += 1) window.dispatchEvent(new Event('enableFirebaseAnalytics'));
    });
    await page.waitForTimeout(500);
    expect(initialized()).toHaveLength(1);
    expect(consoleMessages.filter((m) => m.text.includes('Error initializing'))).toEqual([]);
  });

  test('the badge opens the Calendly booking popup and fails quietly when Calendly is down', async ({
    page,
    context,
    allowConsoleErrors,
  }) => {
    // The browser's own network log line for the unreachable frame; nothing from the site.
    allowConsoleErrors([/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/]);
    await stubThirdParties(context);
    // Calendly itself unreachable: its frame shows an error page, the site keeps working.
    await context.route(/calendly\.com/, (route) => route.abort('internetdisconnected'));
    await seedConsent(
      page,
      JSON.stringify({
        essential: true,
        analytics: false,
        marketing: false,
        calendly: true,
        consentDate: Date.now(),
      }),
    );
    const calendlyRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('calendly.com')) calendlyRequests.push(request.url());
    });
    await open(page, DOCS_PAGE);
    const badge = page.getByRole('link', { name: BADGE });
    await expect(badge).toHaveAttribute('href', 'https://calendly.com/visionapi-test/intro');
    await expect(badge).toHaveAttribute('aria-haspopup', 'dialog');
    await badge.click();
    const frame = page.getByTitle('Book a call with VisionAPI');
    await expect(frame).toBeVisible();
    await expect
      .poll(
        () =>
          calendlyRequests.some((url) =>
            url.startsWith('https://calendly.com/visionapi-test/intro'),
          ),
        {
          message: BUILD_HINT,
        },
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect(frame).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(page.url()).toContain(DOCS_PAGE);
  });

  test('Reject Optional clears analytics cookies set earlier and loads nothing', async ({
    page,
    context,
  }) => {
    const thirdParty = await stubThirdParties(context);
    await open(page);
    await addAnalyticsCookies(context, page);
    expect(await analyticsCookieNames(context)).toHaveLength(ANALYTICS_COOKIES.length + 1);
    await banner(page).getByRole('button', { name: 'Reject Optional' }).click();
    await expect.poll(() => analyticsCookieNames(context)).toEqual([]);
    expect((await context.cookies()).map((c) => c.name)).toContain('keep_me');
    await expect(page.getByRole('link', { name: BADGE })).toHaveCount(0);
    await expect(page.locator('script[src*="googletagmanager.com"]')).toHaveCount(0);
    expect(thirdParty).toEqual([]);
  });

  test('turning analytics and scheduling off later removes the tag, the badge and the cookies at once', async ({
    page,
    context,
  }) => {
    await stubThirdParties(context);
    await open(page, PREFS_PAGE);
    await banner(page).getByRole('button', { name: 'Accept All Cookies' }).click();
    const gtag = page.locator('script[src*="googletagmanager.com/gtag/js"]');
    await expect(gtag).toHaveCount(1);
    await expect(page.getByRole('link', { name: BADGE })).toBeVisible();
    await addAnalyticsCookies(context, page);

    const main = page.getByRole('main');
    await main.getByRole('switch', { name: 'Analytics' }).uncheck();
    await main.getByRole('switch', { name: 'Scheduling' }).uncheck();
    await main.getByRole('button', { name: 'Save Preferences' }).click();

    await expect(gtag).toHaveCount(0);
    await expect(page.getByRole('link', { name: BADGE })).toHaveCount(0);
    await expect.poll(() => analyticsCookieNames(context)).toEqual([]);
    expect(
      await page.evaluate(
        () => (window as unknown as Record<string, unknown>)['ga-disable-G-TEST123'],
      ),
    ).toBe(true);

    // And back on, without a reload.
    await main.getByRole('switch', { name: 'Analytics' }).check();
    await main.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(gtag).toHaveCount(1);
  });

  test('a failed Firebase Analytics start is logged with its error', async ({
    page,
    context,
    allowConsoleErrors,
    consoleMessages,
  }) => {
    allowConsoleErrors([/^Error initializing Firebase Analytics:/]);
    await stubThirdParties(context);
    // No IndexedDB: Firebase Analytics cannot run in this browser.
    await page.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', { configurable: true, get: () => undefined });
    });
    await open(page);
    await banner(page).getByRole('button', { name: 'Accept All Cookies' }).click();
    await expect
      .poll(() =>
        consoleMessages.filter(
          (m) => m.type === 'error' && m.text.startsWith('Error initializing Firebase Analytics:'),
        ),
      )
      .toHaveLength(1);
    expect(consoleMessages.some((m) => m.text === 'Firebase Analytics initialized')).toBe(false);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });
});

test('a choice made in one tab applies in the other open tabs', async ({ context }) => {
  // Three pages in one test: allow for a loaded machine.
  test.slow();
  await stubThirdParties(context);
  const first = await context.newPage();
  const second = await context.newPage();
  await open(first);
  await open(second, DOCS_PAGE);
  await expect(banner(second)).toBeVisible();

  await banner(first).getByRole('button', { name: 'Accept All Cookies' }).click();
  await expect(banner(second)).toHaveCount(0);
  await expect(second.getByRole('link', { name: BADGE })).toBeVisible();
  await expect(second.locator('script[src*="googletagmanager.com/gtag/js"]')).toHaveCount(1);

  await second.goto(PREFS_PAGE);
  await waitForHydration(second);
  await second.getByRole('main').getByRole('button', { name: 'Reset preferences' }).click();
  await expect(banner(first)).toBeVisible();
  await expect(first.getByRole('link', { name: BADGE })).toHaveCount(0);
  await expect(first.locator('script[src*="googletagmanager.com"]')).toHaveCount(0);
});
