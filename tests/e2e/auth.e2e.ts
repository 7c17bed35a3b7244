import { test, expect } from './support/fixtures';
import {
  applyVerificationCode,
  createUser,
  DEFAULT_PASSWORD,
  latestOobCode,
  signInViaUi,
  uniqueEmail,
} from './support/identity';
import { installGapiStub } from './support/gapi-stub';

const DEFAULT_AFTER_SIGN_IN = '/dashboard/public-deployment/object-detection/';
const NEUTRAL = 'The e-mail address or password is incorrect. Check them and try again.';

test.describe('sign up, sign in, sign out', () => {
  test('sign up sends the verification e-mail, the code verifies it, and the next step is registering the organization', async ({
    page,
  }) => {
    const email = uniqueEmail('signup');
    await page.goto('/sign-up/');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByLabel('Work e-mail').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toContainText('at least 6 characters');

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEFAULT_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(`We sent a verification link to ${email}`)).toBeVisible();
    const next = page.getByRole('link', { name: 'Register your organization' });
    await expect(next).toHaveAttribute('href', '/settings/api-keys/');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    // Not verified yet: the check says so.
    await page.getByRole('button', { name: 'I have verified my e-mail' }).click();
    await expect(page.getByText('Not verified yet.')).toBeVisible();

    // The e-mail's link, applied out of band as a click in the inbox would.
    const code = await latestOobCode(email, 'VERIFY_EMAIL');
    await applyVerificationCode(code.oobCode);
    await page.getByRole('button', { name: 'I have verified my e-mail' }).click();
    await expect(page.getByText('Your e-mail address is verified.')).toBeVisible();

    // Sign out from the navbar.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible();
    await expect(page.locator('.navbar').getByRole('link', { name: 'Sign Up' })).toBeVisible();
  });

  test('an e-mail already in use gets a clear message', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors([/Failed to load resource: the server responded with a status of 400/]);
    const existing = await createUser();
    await page.goto('/sign-up/');
    await page.getByLabel('Work e-mail').fill(existing.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEFAULT_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'An account with this e-mail address already exists.',
    );
  });

  test('sign in returns to the page the user was going to', async ({ page, user }) => {
    await signInViaUi(page, user, `/sign-in/?redirect=${encodeURIComponent('/settings/usage/')}`);
    await expect(page).toHaveURL(/\/settings\/usage\/$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByText(user.email)).toBeVisible();
  });

  test('sign in ignores a redirect to another site and lands on the dashboard', async ({
    page,
    user,
  }) => {
    await signInViaUi(
      page,
      user,
      `/sign-in/?redirect=${encodeURIComponent('https://evil.example/')}`,
    );
    await expect(page).toHaveURL(new RegExp(`${DEFAULT_AFTER_SIGN_IN}$`));
  });

  test('a wrong password and an unknown e-mail get the same neutral message', async ({
    page,
    user,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors([/Failed to load resource/]);
    await page.goto('/sign-in/');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(NEUTRAL);

    await page.getByLabel('E-mail').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(NEUTRAL);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  });

  test('the submit button shows progress and sends one request however often it is clicked', async ({
    page,
    user,
  }) => {
    let calls = 0;
    await page.route('**/accounts:signInWithPassword*', async (route) => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/sign-in/');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    const button = page.getByRole('button', { name: 'Sign in', exact: true });
    await button.click();
    await expect(page.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`${DEFAULT_AFTER_SIGN_IN}$`));
    expect(calls).toBe(1);
  });

  test('a signed-in user visiting the auth pages is sent on', async ({ signedInPage: page }) => {
    await page.goto('/sign-up/');
    await expect(page).toHaveURL(new RegExp(`${DEFAULT_AFTER_SIGN_IN}$`));
    await page.goto('/sign-in/?redirect=%2Fpricing%2F');
    await expect(page).toHaveURL(/\/pricing\/$/);
  });
});

test.describe('what the auth pages load', () => {
  for (const route of ['/sign-in/', '/sign-up/', '/forgot-password/']) {
    test(`${route} fetches the identity SDK at the first key, not when it loads`, async ({
      page,
    }) => {
      // The SDK's code is recognised by the Identity Toolkit host it calls.
      const sdkScripts: string[] = [];
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        if (body.toString('latin1').includes('identitytoolkit')) sdkScripts.push(response.url());
      });
      await page.goto(route, { waitUntil: 'networkidle' });
      const email = page.getByRole('textbox', { name: /^(Work )?e-mail$/i });
      await expect(email).toBeFocused();
      expect(sdkScripts).toEqual([]);
      // No UI library either: the fields are plain inputs.
      expect(await page.locator('[class*="Mui"]').count()).toBe(0);

      await page.keyboard.type('a');
      await expect.poll(() => sdkScripts.length).toBeGreaterThan(0);
      await expect(email).toHaveValue('a');
    });
  }
});

test.describe('password recovery', () => {
  test('resets the password with the code from the e-mail, then signs in with the new one', async ({
    page,
    user,
  }) => {
    await page.goto('/sign-in/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password\/$/);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(`If an account exists for ${user.email}`)).toBeVisible();

    const code = await latestOobCode(user.email, 'PASSWORD_RESET');
    await page.goto(
      `/forgot-password/?mode=resetPassword&oobCode=${encodeURIComponent(code.oobCode)}`,
    );
    await expect(page.getByText(`Choose a new password for ${user.email}`)).toBeVisible();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('brand-new-pass-7');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    await signInViaUi(page, { email: user.email, password: 'brand-new-pass-7' });
  });

  test('a used or invalid reset code says so', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors([/Failed to load resource/]);
    await page.goto('/forgot-password/?mode=resetPassword&oobCode=not-a-real-code');
    await expect(page.getByRole('alert')).toHaveText(
      'This link is invalid or has already been used. Request a new one.',
    );
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  });

  test('an unknown e-mail gets the same confirmation (no account discovery)', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors([/Failed to load resource/]);
    const email = uniqueEmail('ghost');
    await page.goto('/forgot-password/');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();
  });
});

test.describe('Google sign-in', () => {
  test("signs in with Google through the emulator's account page", async ({
    page,
    context,
    allowConsoleErrors,
  }) => {
    // A new Google account has no organization yet: the docs page it lands on asks for its
    // balance and keys and is told 404 (organization not found), which the page shows as "no
    // organization yet"; the browser logs each 404 as it arrives. Known: the page could ask
    // /v1/organizations first and skip both calls (see the session note).
    allowConsoleErrors([/Failed to load resource: the server responded with a status of 404/]);
    await installGapiStub(context);
    await page.goto('/sign-in/');
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    await popup.locator('#add-account-button').click();
    await popup.locator('#autogen-button').click();
    await popup.locator('#sign-in').click();
    await expect(page).toHaveURL(new RegExp(`${DEFAULT_AFTER_SIGN_IN}$`), { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });
});
