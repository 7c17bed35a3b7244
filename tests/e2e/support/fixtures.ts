/**
 * Fixtures for suites that need users (extends the shared console-error fixtures):
 * `user` is a fresh, verified e-mail/password user in the Auth emulator, with a registered
 * organization (as after onboarding; a user without one gets 404 from the credits routes);
 * `signedInPage` is `page` with that user's session stored (`signIn`, no sign-in page): the
 * test's first `page.goto` is signed in, so routes set before it see every call.
 */
import type { Page } from '@playwright/test';
import { test as base, expect } from '../fixtures';
import { createUser, registerOrganization, signIn, type TestUser } from './identity';

export const test = base.extend<{ user: TestUser; signedInPage: Page }>({
  // Playwright reads fixture dependencies from the destructuring pattern, even when empty.
  user: async ({}, provide) => {
    const user = await createUser({ emailVerified: true });
    await registerOrganization(user);
    await provide(user);
  },
  signedInPage: async ({ page, user }, provide) => {
    await signIn(page, user);
    await provide(page);
  },
});

export { expect };
