/**
 * The page's clock (Playwright's `page.clock`), for tests that pass a wait of the site's the way
 * a reader who stays on the page would: installed before the page's first `goto`, time then flows
 * as usual until a test moves it (a notification's display time, support/notifications.ts; the
 * first view's wait before the service worker registers, support/offline.ts).
 */
import type { Page } from '@playwright/test';

export async function installPageClock(page: Page): Promise<void> {
  await page.clock.install();
}
