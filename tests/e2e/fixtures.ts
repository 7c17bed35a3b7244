/**
 * Shared Playwright fixtures. Every test fails on an unexpected console
 * error or uncaught page error; a test that expects some declares them with
 * `allowConsoleErrors([/pattern/])` before triggering them.
 */
import {
  test as base,
  expect,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

type Fixtures = {
  /** Console errors matching one of these patterns do not fail the test. */
  allowConsoleErrors: (patterns: RegExp[]) => void;
  /** Console messages seen so far (all types), for assertions on logs. */
  consoleMessages: { type: string; text: string }[];
};

// Hosts of optional third parties are unreachable here; their failures are expected noise
// only when the test itself opted in (consent given).
export const test = base.extend<Fixtures & { failOnConsoleErrors: void }>({
  consoleMessages: async ({ page }, use) => {
    const messages: { type: string; text: string }[] = [];
    page.on('console', (msg) => messages.push({ type: msg.type(), text: msg.text() }));
    await use(messages);
  },
  allowConsoleErrors: [
    async ({}, use, testInfo) => {
      const allowed: RegExp[] = [];
      (testInfo as unknown as { _allowed: RegExp[] })._allowed = allowed;
      await use((patterns) => allowed.push(...patterns));
    },
    { scope: 'test' },
  ],
  failOnConsoleErrors: [
    async ({ page, allowConsoleErrors: _ensure }, use, testInfo) => {
      const errors: string[] = [];
      const allowed = () => (testInfo as unknown as { _allowed: RegExp[] })._allowed ?? [];
      // Tests block service workers (so page.route sees every request) unless they opt in;
      // plugin-pwa then reports its refused registration. That is the harness, not the site.
      const harness = /^registerSW failed TypeError: Cannot read properties of undefined/;
      const isAllowed = (text: string) =>
        harness.test(text) || allowed().some((re) => re.test(text));
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !isAllowed(msg.text())) errors.push(msg.text());
      });
      page.on('pageerror', (err) => {
        if (!isAllowed(String(err))) errors.push(`pageerror: ${String(err)}`);
      });
      await use();
      expect(errors, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until React has hydrated the page (Docusaurus sets this attribute). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('html[data-has-hydrated="true"]');
}

/**
 * The navbar's search input. It is a textbox until its autocomplete starts; from then on (on
 * focus, or once the index is loaded) it carries role="combobox" with the same name.
 */
export function searchInput(page: Page): Locator {
  return page
    .getByRole('textbox', { name: 'Search' })
    .or(page.getByRole('combobox', { name: 'Search' }));
}

/** Stores a "Reject Optional" consent before the page loads, so the banner stays out of the way. */
export async function dismissCookieBanner(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.localStorage.setItem(
      'visionapi.cookieConsent',
      JSON.stringify({
        essential: true,
        analytics: false,
        marketing: false,
        calendly: false,
        consentDate: new Date().toISOString(),
      }),
    );
  });
}

/**
 * Stores a consent with scheduling on (the booking badge shows) before every page of the context
 * loads. The site's own top-level documents only: an init script also runs in every frame (the
 * booking widget's), where storage may be denied.
 */
export async function consentWithScheduling(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (window.top !== window) return;
    window.localStorage.setItem(
      'visionapi.cookieConsent',
      JSON.stringify({
        essential: true,
        analytics: false,
        marketing: false,
        calendly: true,
        consentDate: new Date().toISOString(),
      }),
    );
  });
}
