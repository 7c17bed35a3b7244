/**
 * The webhooks settings page on the production build with the local stack: a member adds an
 * endpoint (a receiver on this machine: the local stack allows loopback) with the keyboard, copies
 * its secret shown once, sends a test event that the receiver gets, reads the deliveries log,
 * replays a delivery (same webhook-id), disables and enables it, rotates its secret and deletes it
 * with a confirmation reached by keyboard. The API's own error messages are shown (a private
 * address refused, a backend 500), and axe finds nothing on the page.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import axeCore, { type AxeResults } from 'axe-core';
import { dismissCookieBanner, waitForHydration } from './fixtures';
import { test, expect } from './support/fixtures';
import { installPageClock } from './support/clock';
import { expireNotification } from './support/notifications';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe-core in the page (as tests/e2e/a11y.e2e.ts runs it): the violations' ids and targets. */
async function axeViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run: (...args: unknown[]) => Promise<AxeResults> };
    };
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return results.violations.map((v) => ({
      id: v.id,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  }, TAGS);
}

interface Received {
  id: string;
  body: string;
}

let server: http.Server;
let receiverUrl: string;
const received: Received[] = [];

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        id: String(req.headers['webhook-id']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('add an endpoint by keyboard, test it, read the log, replay, disable, rotate and delete it', async ({
  signedInPage: page,
  allowConsoleErrors,
}) => {
  test.setTimeout(120_000);
  allowConsoleErrors([/Failed to load resource/]);
  await dismissCookieBanner(page);
  // Its actions' notifications show one at a time: each is let time out once seen.
  await installPageClock(page);
  await page.goto('/settings/webhooks/');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Webhooks' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('No endpoints yet.')).toBeVisible();

  const form = page.getByRole('form', { name: 'Add an endpoint' });
  // A private address is refused by the API, and its message is shown as it is.
  await form.getByLabel('Endpoint URL').fill('http://10.0.0.1/hook');
  await form.getByLabel('balance.low').check();
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByRole('alert')).toContainText('not public');

  // By keyboard: the URL, then Tab to the event checkboxes, Space, and Enter to submit.
  const url = form.getByLabel('Endpoint URL');
  await url.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(receiverUrl);
  await page.keyboard.press('Tab'); // description
  await page.keyboard.press('Tab'); // job.succeeded
  await expect(form.getByLabel('job.succeeded')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(form.getByLabel('job.succeeded')).toBeChecked();
  await url.focus();
  await page.keyboard.press('Enter');

  // The secret, once, with focus moved to it.
  const secret = page.getByTestId('webhook-secret');
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/=]{44}$/);
  const notice = page.getByRole('status').filter({ has: secret });
  await expect(notice).toBeFocused();
  await expect(notice.getByRole('button', { name: 'Copy secret' })).toBeVisible();
  const secretText = await secret.textContent();
  await notice.getByRole('button', { name: 'Done' }).click();
  await expect(secret).toHaveCount(0);
  const endpoints = page.getByRole('list', { name: 'Webhook endpoints' });
  await expect(endpoints).toContainText(receiverUrl);
  await expect(endpoints).toContainText(`whsec_…${secretText!.slice(-4)}`);
  await expect(page.getByText(secretText!)).toHaveCount(0);

  // Send test event: the receiver gets it; the log shows it.
  await page.getByRole('button', { name: `Send test event to ${receiverUrl}` }).click();
  await expect(page.getByText('Test event delivered: HTTP 200.')).toBeVisible();
  await expireNotification(page, 'Test event delivered: HTTP 200.');
  expect(received).toHaveLength(1);
  expect(JSON.parse(received[0]!.body).type).toBe('test');
  const log = page.getByRole('table', { name: `Deliveries of ${receiverUrl}` });
  await expect(log).toContainText('test');
  await expect(log).toContainText('Delivered (1 attempt)');
  await expect(log).toContainText('HTTP 200');
  await expect(log).toContainText('{"received":true}');

  // No accessibility violations with the log open.
  expect(await axeViolations(page)).toEqual([]);

  // Replay: a second attempt with the same webhook-id.
  await log.getByRole('button', { name: /^Replay test / }).click();
  await expect(page.getByText('Replayed test: HTTP 200.')).toBeVisible();
  await expireNotification(page, 'Replayed test: HTTP 200.');
  expect(received).toHaveLength(2);
  expect(received[1]!.id).toBe(received[0]!.id);
  await expect(log).toContainText('Delivered (2 attempts)');

  // Disable, then enable.
  await page.getByRole('button', { name: `Disable ${receiverUrl}` }).click();
  await expect(page.getByText(`${receiverUrl} is disabled.`)).toBeVisible();
  await expireNotification(page, `${receiverUrl} is disabled.`);
  await expect(
    page.getByRole('button', { name: `Send test event to ${receiverUrl}` }),
  ).toBeDisabled();
  await page.getByRole('button', { name: `Enable ${receiverUrl}` }).click();
  await expect(page.getByText(`${receiverUrl} is enabled.`)).toBeVisible();
  await expireNotification(page, `${receiverUrl} is enabled.`);

  // Rotate, confirmed: a new secret shown once.
  await page.getByRole('button', { name: `Rotate secret of ${receiverUrl}` }).click();
  const rotateDialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
  await rotateDialog.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(page.getByTestId('webhook-secret')).not.toHaveText(secretText!);
  await page.getByRole('button', { name: 'Done' }).click();

  // Delete by keyboard: the dialog opens on Cancel; Tab to the action, Enter.
  await page.getByRole('button', { name: `Delete ${receiverUrl}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete this endpoint?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete endpoint' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${receiverUrl} is deleted.`)).toBeVisible();
  await expect(page.getByText('No endpoints yet.')).toBeVisible();
});

test("a backend 500 shows the server's message, and Try again recovers", async ({
  signedInPage: page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors([/Failed to load resource/]);
  await dismissCookieBanner(page);
  await page.route(
    (u) => u.pathname === '/v1/webhooks',
    (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 500,
            json: {
              error_message: 'The webhooks store is being upgraded.',
              code: 'internal_error',
            },
          })
        : route.fallback(),
  );
  await page.goto('/settings/webhooks/');
  // The page's own alert, with its way out (the account pages' snackbar may say it too).
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'The webhooks store is being upgraded.' })
      .filter({ has: page.getByRole('button', { name: 'Try again' }) }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No endpoints yet.')).toBeVisible();
});
