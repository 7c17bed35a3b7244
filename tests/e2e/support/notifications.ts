/**
 * The site's snackbar shows one notification at a time, oldest first, each for
 * NOTIFICATION_AUTO_HIDE_MS (5 s): a test that causes several in a row would wait 5 s of real
 * time for each one queued behind the first. With the page's clock installed (support/clock.ts),
 * `expireNotification` jumps that clock to the end of the one on screen, as if the reader had
 * waited, so the next one shows at once.
 */
import { expect, type Page } from '@playwright/test';
import { NOTIFICATION_AUTO_HIDE_MS } from '../../../src/components/Notifications/queue';

/**
 * Once the notification saying `message` is on screen, it times out: the page's clock jumps by
 * its display time. (A snackbar is an alert or a status with a Close button.)
 */
export async function expireNotification(page: Page, message: string): Promise<void> {
  await expect(
    page
      .getByRole('alert')
      .or(page.getByRole('status'))
      .filter({ hasText: message })
      .filter({ has: page.getByRole('button', { name: 'Close' }) }),
  ).toBeVisible();
  await page.clock.fastForward(NOTIFICATION_AUTO_HIDE_MS);
}
