/**
 * Helpers for browser tests that need users: create them in the Auth
 * emulator, read the e-mails it "sends" (out-of-band codes), get ID tokens,
 * sign in (programmatically, or through the UI where the UI is under test),
 * and call the local account backend as that user.
 * Reusable by every suite that needs a signed-in user.
 */
import { expect, test, type Page } from '@playwright/test';

export const AUTH_EMULATOR = process.env.AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099';
export const PROJECT_ID = 'demo-visionapi';
/** The site's default Firebase API key when no project is configured (src/config/env.ts). */
export const EMULATOR_API_KEY = 'demo-api-key';
export const API_BASE_URL = process.env.API_BASE_URL ?? 'http://localhost:4010/v1';
export const DEFAULT_PASSWORD = 'correct-horse-42';

const IDENTITY = `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1`;

export interface TestUser {
  email: string;
  password: string;
  uid: string;
  idToken: string;
}

/** A unique address per test, so parallel tests and reruns never collide. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function postJson<T>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`${url} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Creates an e-mail/password user in the emulator (optionally already verified). */
export async function createUser(
  options: { email?: string; password?: string; emailVerified?: boolean } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? DEFAULT_PASSWORD;
  const created = await postJson<{ localId: string; idToken: string }>(
    `${IDENTITY}/accounts:signUp?key=${EMULATOR_API_KEY}`,
    { email, password, returnSecureToken: true },
  );
  if (options.emailVerified) {
    await postJson(
      `${IDENTITY}/projects/${PROJECT_ID}/accounts:update`,
      { localId: created.localId, emailVerified: true },
      { Authorization: 'Bearer owner' },
    );
    return { email, password, uid: created.localId, idToken: await getIdToken(email, password) };
  }
  return { email, password, uid: created.localId, idToken: created.idToken };
}

/** A fresh ID token for the user (what the site sends as `Authorization: Bearer`). */
export async function getIdToken(email: string, password: string): Promise<string> {
  const signedIn = await postJson<{ idToken: string }>(
    `${IDENTITY}/accounts:signInWithPassword?key=${EMULATOR_API_KEY}`,
    { email, password, returnSecureToken: true },
  );
  return signedIn.idToken;
}

export interface OobCode {
  email: string;
  requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'EMAIL_SIGNIN' | string;
  oobCode: string;
  oobLink: string;
}

/** The latest out-of-band code the emulator "e-mailed" to this address, waiting for it if needed. */
export async function latestOobCode(
  email: string,
  requestType: OobCode['requestType'],
): Promise<OobCode> {
  let found: OobCode | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(
          `${AUTH_EMULATOR}/emulator/v1/projects/${PROJECT_ID}/oobCodes`,
        );
        const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
        found = oobCodes.filter((c) => c.email === email && c.requestType === requestType).at(-1);
        return Boolean(found);
      },
      { message: `${requestType} code for ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** Applies an e-mail verification code, as clicking the link in the e-mail would. */
export async function applyVerificationCode(oobCode: string): Promise<void> {
  await postJson(`${IDENTITY}/accounts:update?key=${EMULATOR_API_KEY}`, { oobCode });
}

/**
 * Signs in through /sign-in/ and waits until the navbar knows the user. Only for tests of the
 * sign-in UI itself: everywhere else `signIn` gives the same session without loading /sign-in/.
 */
export async function signInViaUi(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
  path = '/sign-in/',
): Promise<void> {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 15_000 });
}

/** The identity SDK's storage key for the signed-in user (browserLocalPersistence, default app). */
const AUTH_USER_KEY = `firebase:authUser:${EMULATOR_API_KEY}:[DEFAULT]`;
/** The site's "a session may exist" hint (src/auth/marker.ts); without it the SDK never loads. */
const SESSION_MARKER_KEY = 'visionapi:session';
/** Set in the tab once the session has been seeded, so a later sign-out sticks. */
const SEEDED_FLAG = 'e2e:session-seeded';

/** The claims of an (emulator) ID token; its signature is not checked here. */
function tokenClaims(idToken: string): { email_verified?: boolean } {
  const payload = idToken.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    email_verified?: boolean;
  };
}

/**
 * Signs the user in without the sign-in page: fresh tokens from the Auth emulator are stored
 * where the identity SDK keeps its session (as `UserImpl.toJSON` writes it), with the site's
 * session marker, before the site's scripts run. The SDK then restores the session on the next
 * page load and reloads the user from the emulator, exactly as for a returning visitor.
 *
 * The session is seeded once per tab (a sessionStorage flag), so signing out afterwards sticks.
 * With `path`, goes there and waits until the navbar knows the user (as `signInViaUi` does);
 * without it, the next `page.goto` is signed in: set up `page.route`s first, then navigate.
 */
export async function signIn(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
  path?: string,
): Promise<void> {
  const signedIn = await postJson<{
    localId: string;
    email: string;
    displayName?: string;
    idToken: string;
    refreshToken: string;
    expiresIn: string;
  }>(`${IDENTITY}/accounts:signInWithPassword?key=${EMULATOR_API_KEY}`, {
    email: user.email,
    password: user.password,
    returnSecureToken: true,
  });
  const now = Date.now();
  const stored = {
    uid: signedIn.localId,
    email: signedIn.email,
    emailVerified: tokenClaims(signedIn.idToken).email_verified === true,
    displayName: signedIn.displayName || undefined,
    isAnonymous: false,
    providerData: [
      {
        providerId: 'password',
        uid: signedIn.email,
        email: signedIn.email,
        displayName: null,
        phoneNumber: null,
        photoURL: null,
      },
    ],
    stsTokenManager: {
      refreshToken: signedIn.refreshToken,
      accessToken: signedIn.idToken,
      expirationTime: now + Number(signedIn.expiresIn) * 1000,
    },
    createdAt: String(now),
    lastLoginAt: String(now),
    apiKey: EMULATOR_API_KEY,
    appName: '[DEFAULT]',
  };
  const baseURL = test.info().project.use.baseURL;
  await page.addInitScript(
    ({ origin, entries, flag }) => {
      // Only the site's own top-level documents (not about:blank, iframes or other hosts).
      if (window.top !== window || (origin && window.location.origin !== origin)) return;
      try {
        if (window.sessionStorage.getItem(flag)) return;
        window.sessionStorage.setItem(flag, '1');
        for (const [key, value] of entries) window.localStorage.setItem(key, value);
      } catch {
        // Storage unavailable: the test then fails on its own signed-in expectations.
      }
    },
    {
      origin: baseURL ? new URL(baseURL).origin : '',
      entries: [
        [AUTH_USER_KEY, JSON.stringify(stored)],
        [SESSION_MARKER_KEY, '1'],
      ] as [string, string][],
      flag: SEEDED_FLAG,
    },
  );
  if (path === undefined) return;
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 15_000 });
}

/** Calls the local account backend as the user; throws on a non-2xx answer. */
export async function callApi<T>(
  user: Pick<TestUser, 'idToken'>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${API_BASE_URL}/${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${user.idToken}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok)
    throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Registers an organization for the user (needed before any credits call), then refreshes
 * `user.idToken`, as the site does, since the organization may be carried in the token's claims.
 */
export async function registerOrganization(user: TestUser, name = 'Acme Vision'): Promise<void> {
  await callApi(user, 'POST', 'organization', {
    name,
    website: 'https://acme.example',
    country: 'US',
    state: 'CA',
  });
  user.idToken = await getIdToken(user.email, user.password);
}

interface OrderAnswer {
  order_id: string;
  status: 'requires_payment' | 'processing' | 'succeeded' | 'failed' | 'expired';
}

/**
 * Buys credits through the sandbox provider, as the buy-credits page does, and waits until the
 * backend has fulfilled the order (the local stack's sandbox settles after a delay, like a card
 * payment), so the credits are in the wallet when it returns. The user's e-mail must be verified.
 */
export async function buyCredits(user: TestUser, usd: number): Promise<void> {
  await buyCreditsInTurn(user, [usd]);
}

/** Creates an order of `usd` and confirms it in the sandbox; it is then processing. */
async function confirmOrder(user: TestUser, usd: number): Promise<OrderAnswer> {
  const order = await callApi<OrderAnswer>(user, 'POST', 'credits', { price_in_usd: usd });
  return callApi<OrderAnswer>(user, 'POST', 'credits/sandbox/confirm', {
    order_id: order.order_id,
  });
}

/** Waits until the backend has fulfilled the order (see `buyCredits`). */
async function fulfilled(user: TestUser, confirmed: OrderAnswer): Promise<void> {
  let answer = confirmed;
  const deadline = Date.now() + 15_000;
  while (answer.status === 'processing' || answer.status === 'requires_payment') {
    if (Date.now() > deadline) throw new Error(`order ${answer.order_id} still ${answer.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    answer = await callApi<OrderAnswer>(user, 'GET', `credits/orders/${answer.order_id}`);
  }
  if (answer.status !== 'succeeded') {
    throw new Error(`order ${answer.order_id} ended ${answer.status}`);
  }
}

/**
 * Buys one order per amount, as `buyCredits` does, and returns once all are fulfilled. The
 * orders are confirmed one after the other, GAP_MS apart, and settle in that order, each after
 * the sandbox's delay; up to OPEN_ORDERS are processing at once (the API refuses a sixth unpaid
 * order, contract/operations.ts). Eleven purchases take about three delays instead of eleven,
 * and the wallet's ledger still holds them in the order of `amounts`, each at its own time.
 */
export async function buyCreditsInTurn(user: TestUser, amounts: readonly number[]): Promise<void> {
  const GAP_MS = 100;
  const OPEN_ORDERS = 5;
  const confirmed: OrderAnswer[] = [];
  let settled = 0;
  // In order: an order asked about after its delay is settled by that request if its own timer
  // has not done it yet, so the ledger's order stays the confirmations' order.
  const settleNext = () => fulfilled(user, confirmed[settled++]!);
  for (const [i, usd] of amounts.entries()) {
    if (i >= OPEN_ORDERS) await settleNext();
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    confirmed.push(await confirmOrder(user, usd));
  }
  while (settled < confirmed.length) await settleNext();
}
