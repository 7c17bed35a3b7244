/**
 * The offline copy, for the suites whose context allows service workers. A reader's first page
 * view registers the worker only once that page has settled: after `load`, an idle period,
 * FIRST_VIEW_DELAY_MS more and another idle period (src/clientModules/serviceWorker.ts). The
 * page's clock, installed before that first view (support/clock.ts), jumps over that wait as a
 * reader who stays on the page would pass it; the worker's own download runs in real time.
 */
import { expect, type Page } from '@playwright/test';
import { waitForHydration } from '../fixtures';

/** src/clientModules/serviceWorker.ts's FIRST_VIEW_DELAY_MS (its module needs the site's build). */
const FIRST_VIEW_DELAY_MS = 15_000;

/**
 * Waits until the service worker is active (its precache is complete once it activates) and
 * controls the page. The worker does not claim the page that registered it: the next load does.
 */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(FIRST_VIEW_DELAY_MS);
        return page.evaluate(
          async () => (await navigator.serviceWorker.getRegistration()) !== undefined,
        );
      },
      { message: 'the first view registers the service worker' },
    )
    .toBe(true);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await waitForHydration(page);
  }
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}
