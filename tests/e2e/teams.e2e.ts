/**
 * Teams in the browser, on the production build with the local stack: the owner invites a
 * developer (the link read from the mail catcher), the developer signs up through the link and
 * joins, sees the organization's keys and balance but cannot buy; the owner makes them billing and
 * their pages follow after a reload; the owner removes them and their next request fails with a
 * clear message. Switching organizations in the account menu changes the keys page and the chip.
 */
import type { Browser, Page } from '@playwright/test';
import { dismissCookieBanner } from './fixtures';
import { test, expect } from './support/fixtures';
import { buyCredits, callApi, DEFAULT_PASSWORD, uniqueEmail } from './support/identity';

const MAIL = process.env.MAIL_INBOX_URL ?? 'http://127.0.0.1:1080/messages';

/** The token of the newest invitation e-mail to `email`. */
async function invitationToken(email: string): Promise<string> {
  let token: string | null = null;
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(MAIL)).json()) as Array<{ to: string; text: string }>;
        const message = messages.find((m) => m.to.includes(email));
        token = message ? (/[?&]token=([\w-]+)/.exec(message.text)?.[1] ?? null) : null;
        return token;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return decodeURIComponent(token!);
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await dismissCookieBanner(page);
  return page;
}

async function inviteFromTeamPage(page: Page, email: string, role: string) {
  await page.goto('/settings/team/');
  const form = page.getByRole('form', { name: 'Invite a member' });
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pending invitations' })).toContainText(email);
}

test('an owner invites a developer, changes their role, removes them; the pages follow', async ({
  signedInPage: owner,
  user,
  browser,
}) => {
  test.setTimeout(120_000);
  await buyCredits(user, 10);
  await dismissCookieBanner(owner);
  const email = uniqueEmail('teammate');
  await inviteFromTeamPage(owner, email, 'Developer');
  const token = await invitationToken(email);

  // The developer follows the link, signs up, and comes back to accept.
  const dev = await freshPage(browser);
  await dev.goto(`/invitation/?token=${encodeURIComponent(token)}`);
  await expect(dev.getByRole('definition').filter({ hasText: 'Acme Vision' })).toBeVisible();
  await expect(dev.getByRole('definition').filter({ hasText: email })).toBeVisible();
  await dev.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
  await dev.getByLabel('Work e-mail').fill(email);
  await dev.getByRole('textbox', { name: 'Password', exact: true }).fill(DEFAULT_PASSWORD);
  await dev.getByRole('button', { name: 'Create account' }).click();
  await dev.getByRole('link', { name: 'Continue to the invitation' }).click();
  await dev.getByRole('button', { name: 'Accept and join Acme Vision' }).click();
  await expect(dev).toHaveURL(/\/settings\/api-keys\/$/);

  // A developer sees the organization's keys and balance, and may not buy.
  await expect(dev.getByRole('row', { name: 'Playground key' })).toBeVisible();
  await dev.goto('/settings/buy-credits/');
  await expect(
    dev.getByText('Buying credits needs the owner, admin or billing role'),
  ).toBeVisible();
  await expect(dev.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);

  // The owner makes them billing: after a reload, the developer can buy, and cannot manage keys.
  await owner.goto('/settings/team/');
  await owner.getByLabel(`Role of ${email}`).selectOption({ label: 'Billing' });
  await expect(owner.getByText(`${email} is now billing.`)).toBeVisible();
  await dev.reload();
  await expect(dev.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  await dev.goto('/settings/api-keys/');
  await expect(
    dev.getByText(/needs the owner, admin, developer or viewer role/).first(),
  ).toBeVisible();

  // Removed: the next request fails with a clear message.
  await owner
    .getByRole('row', { name: new RegExp(email) })
    .getByRole('button', { name: 'Remove' })
    .click();
  await owner.getByRole('button', { name: 'Remove member' }).click();
  await expect(owner.getByText(`${email} is removed.`)).toBeVisible();
  await dev.goto('/settings/usage/');
  await expect(dev.getByText(/You are no longer a member of this organization/)).toBeVisible();
  // Try again: the server's default, here no organization at all, so the registration form.
  await dev.getByRole('button', { name: 'Try again' }).click();
  await expect(dev.getByRole('heading', { name: 'Register your organization' })).toBeVisible();
});

test('switching organizations in the account menu changes the keys page and the balance chip', async ({
  signedInPage: page,
  user,
}) => {
  await buyCredits(user, 10);
  const second = await callApi<{ id: string }>(user, 'POST', 'organizations', {
    name: 'Second Lab',
    website: 'https://second.example',
    country: 'India',
    state: 'Goa',
  });
  // Creating it selected it on the server: go back to the first for the start of the test.
  const first = (
    await callApi<{ organizations: Array<{ id: string; name: string }> }>(
      user,
      'GET',
      'organizations',
    )
  ).organizations.find((o) => o.name === 'Acme Vision')!;
  await callApi(user, 'POST', 'organizations/select', { organization_id: first.id });

  await dismissCookieBanner(page);
  await page.goto('/dashboard/public-deployment/object-detection/');
  const chip = page.getByTestId('balance-chip');
  await expect(chip.getByRole('link', { name: '$10' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.locator('.dropdown__menu');
  await expect(menu.getByRole('button', { name: /Acme Vision/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await menu.getByRole('button', { name: /Second Lab/ }).click();
  // The chip and the pages read again, for the organization now selected (no credits yet).
  await expect(chip.getByRole('link', { name: '$0' })).toBeVisible({ timeout: 15_000 });
  await page.goto('/settings/api-keys/');
  await expect(page.getByText('Second Lab').first()).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('visionapi:organization'));
  expect(stored).toBe(second.id);
});

test('an invitation link that is not valid says so', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors([/status of 404/]);
  await dismissCookieBanner(page);
  await page.goto(`/invitation/?token=${'x'.repeat(43)}`);
  await expect(page.getByRole('alert')).toContainText('This invitation link is not valid');
  await page.goto('/invitation/');
  await expect(page.getByRole('alert')).toContainText('This invitation link is not valid');
});
