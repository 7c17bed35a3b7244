import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/src/config';
import { expectAnswersMatchOpenApi } from './contract-check';
import {
  createHarness,
  emulatorToken,
  ORGANIZATION,
  recordedAnswers,
  registerUser,
  type Harness,
} from './helpers';
import { OPERATIONS, SIGNED_IN_OPERATIONS } from './operations';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

// Every operation that needs a signed-in caller, from the contract (tests/server/operations.ts).
const protectedRoutes = SIGNED_IN_OPERATIONS.map((op) => ({
  method: op.method,
  url: op.url,
  openapiPath: op.openapiPath,
  ...(op.payload && { payload: op.payload }),
}));

describe('authentication', () => {
  it.each(protectedRoutes)('$method $url answers 401 without a token', async (route) => {
    const res = await h.callApi({ ...route, headers: { 'x-api-key': 'any' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error_message).toMatch(/Sign in required/);
  });

  it.each(protectedRoutes)('$method $url answers 401 with an invalid token', async (route) => {
    for (const authorization of [
      'Bearer not-a-jwt',
      'Basic abc',
      `Bearer ${emulatorToken('u1', { projectId: 'other-project' })}`,
      `Bearer ${emulatorToken('u1', { expiresIn: -60 })}`,
    ]) {
      const res = await h.callApi({ ...route, headers: { authorization, 'x-api-key': 'any' } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error_message).toBe('The ID token is invalid or expired. Sign in again.');
    }
  });

  it('routes other than pricing and email need an organization first (404 with a message)', async () => {
    const auth = { authorization: `Bearer ${emulatorToken('no-org-user')}` };
    for (const url of [
      '/v1/organization',
      '/v1/api-key',
      '/v1/credits/balance',
      '/v1/transaction',
      '/v1/credits/payments',
    ]) {
      const res = await h.callApi({ method: 'GET', url, headers: auth });
      expect(res.statusCode).toBe(404);
      expect(res.json().error_message).toMatch(/Register your organization first/);
    }
  });
});

describe('organization', () => {
  it('is created with a Playground key, read back, updated and verified', async () => {
    const auth = {
      authorization: `Bearer ${emulatorToken('org-owner', { email_verified: true })}`,
    };
    const created = await h.callApi({
      method: 'POST',
      url: '/v1/organization',
      headers: auth,
      payload: { ...ORGANIZATION, gstin: '29ABCDE1234F1Z5' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      ...ORGANIZATION,
      gstin: '29ABCDE1234F1Z5',
      wallet_balance: 0,
      email_verified: true,
    });
    expect(created.json()).not.toHaveProperty('address');

    const again = await h.callApi({
      method: 'POST',
      url: '/v1/organization',
      headers: auth,
      payload: ORGANIZATION,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error_message).toMatch(/already has an organization/);

    const keys = (await h.callApi({ method: 'GET', url: '/v1/api-key', headers: auth })).json()
      .api_keys;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      name: 'Playground key',
      used_for_ui: true,
      is_default: true,
      last_used_at: null,
    });
    // The in-browser key is the one key whose secret its own organization can read back.
    expect(keys[0].key).toMatch(/^va_live_[A-Za-z0-9_-]{32}$/);
    expect(keys[0].redacted).toBe(`va_live_…${keys[0].key.slice(-4)}`);
    expect(keys[0]).toMatchObject({ prefix: 'va_live_', last4: keys[0].key.slice(-4) });

    const patched = await h.callApi({
      method: 'PATCH',
      url: '/v1/organization',
      headers: auth,
      payload: { address: '1 MG Road, Bengaluru' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: ORGANIZATION.name,
      address: '1 MG Road, Bengaluru',
    });

    const read = await h.callApi({ method: 'GET', url: '/v1/organization', headers: auth });
    expect(read.json()).toMatchObject({
      address: '1 MG Road, Bengaluru',
      gstin: '29ABCDE1234F1Z5',
    });

    const verify = await h.callApi({
      method: 'POST',
      url: '/v1/organization/verify',
      headers: auth,
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ email_verified: true });
  });

  it('stores the verification flag once the token says the e-mail is verified', async () => {
    const user = await registerUser(h, {}, { email_verified: false });
    const before = await h.callApi({
      method: 'POST',
      url: '/v1/organization/verify',
      headers: user.auth,
    });
    expect(before.json()).toEqual({ email_verified: false });
    const verifiedAuth = {
      authorization: `Bearer ${emulatorToken(user.uid, { email_verified: true })}`,
    };
    const after = await h.callApi({
      method: 'POST',
      url: '/v1/organization/verify',
      headers: verifiedAuth,
    });
    expect(after.json()).toEqual({ email_verified: true });
    const org = await h.callApi({ method: 'GET', url: '/v1/organization', headers: user.auth });
    expect(org.json().email_verified).toBe(true);
  });

  it.each([
    [{}, /name is required/],
    [{ ...ORGANIZATION, name: '' }, /name must NOT have fewer than 1 characters/],
    [{ ...ORGANIZATION, website: 'not a website' }, /website/],
    [{ ...ORGANIZATION, gstin: 'BAD' }, /gstin/],
    [{ ...ORGANIZATION, country: 42 }, /country/],
  ])('refuses a bad body %j with 400 and writes nothing', async (payload, message) => {
    const auth = { authorization: `Bearer ${emulatorToken('bad-body-user')}` };
    const res = await h.callApi({
      method: 'POST',
      url: '/v1/organization',
      headers: auth,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_message).toMatch(message);
    const read = await h.callApi({ method: 'GET', url: '/v1/organization', headers: auth });
    expect(read.statusCode).toBe(404);
  });

  it('treats an empty JSON body as none (verify with Content-Type: application/json)', async () => {
    const user = await registerUser(h);
    const res = await h.callApi({
      method: 'POST',
      url: '/v1/organization/verify',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    const missing = await h.callApi({
      method: 'POST',
      url: '/v1/api-key',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error_message).toMatch(/^Invalid request body/);
  });

  it('refuses an empty PATCH and a non-JSON body with 400', async () => {
    const user = await registerUser(h);
    const empty = await h.callApi({
      method: 'PATCH',
      url: '/v1/organization',
      headers: user.auth,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const broken = await h.callApi({
      method: 'PATCH',
      url: '/v1/organization',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty('error_message');
    expect(broken.body).not.toMatch(/at .*\.js|stack/);
  });
});

describe('API keys', () => {
  it('creates, lists, sets the default and deletes keys', async () => {
    const user = await registerUser(h);
    const created = await h.callApi({
      method: 'POST',
      url: '/v1/api-key',
      headers: user.auth,
      payload: { name: 'CI pipeline' },
    });
    expect(created.statusCode).toBe(200);
    const key = created.json();
    expect(key).toMatchObject({
      name: 'CI pipeline',
      used_for_ui: false,
      is_default: false,
      last_used_at: null,
    });
    // The full secret is in the answer that creates the key, and never again.
    expect(key.key).toMatch(/^va_live_[A-Za-z0-9_-]{32}$/);
    expect(key.redacted).toBe(`va_live_…${key.key.slice(-4)}`);
    expect(new Date(key.created_at).toISOString()).toBe(key.created_at);

    const setDefault = await h.callApi({
      method: 'POST',
      url: '/v1/api-key/set-default',
      headers: { ...user.auth, 'x-api-key': key.id },
    });
    expect(setDefault.statusCode).toBe(200);
    expect(setDefault.json()).toMatchObject({ id: key.id, is_default: true });
    const listed = (
      await h.callApi({ method: 'GET', url: '/v1/api-key', headers: user.auth })
    ).json().api_keys;
    expect(
      listed.map((k: { name: string; is_default: boolean }) => [k.name, k.is_default]),
    ).toEqual([
      ['Playground key', false],
      ['CI pipeline', true],
    ]);
    const listedKey = listed.find((k: { id: string }) => k.id === key.id);
    expect(listedKey).not.toHaveProperty('key');
    expect(JSON.stringify(listed)).not.toContain(key.key);
    expect(listedKey.redacted).toBe(key.redacted);

    const deleted = await h.callApi({
      method: 'DELETE',
      url: '/v1/api-key',
      headers: { ...user.auth, 'x-api-key': key.id },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: key.id, deleted: true });
    const after = (
      await h.callApi({ method: 'GET', url: '/v1/api-key', headers: user.auth })
    ).json().api_keys;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ name: 'Playground key', is_default: true });
  });

  it('refuses to delete the last key used for browser image calls (409)', async () => {
    const user = await registerUser(h);
    const res = await h.callApi({
      method: 'DELETE',
      url: '/v1/api-key',
      headers: { ...user.auth, 'x-api-key': user.playgroundKey.id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error_message).toMatch(/only key used for image calls/);
  });

  it('validates names and the x-api-key header', async () => {
    const user = await registerUser(h);
    for (const payload of [{}, { name: '' }, { name: 'x'.repeat(65) }]) {
      const res = await h.callApi({
        method: 'POST',
        url: '/v1/api-key',
        headers: user.auth,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error_message).toMatch(/^Invalid request body: name/);
    }
    const missingHeader = await h.callApi({
      method: 'POST',
      url: '/v1/api-key/set-default',
      headers: user.auth,
    });
    expect(missingHeader.statusCode).toBe(400);
    expect(missingHeader.json().error_message).toBe('Invalid headers: x-api-key is required.');
    const unknown = await h.callApi({
      method: 'DELETE',
      url: '/v1/api-key',
      headers: { ...user.auth, 'x-api-key': 'nope' },
    });
    expect(unknown.statusCode).toBe(404);
    const keys = (await h.callApi({ method: 'GET', url: '/v1/api-key', headers: user.auth })).json()
      .api_keys;
    expect(keys).toHaveLength(1);
  });

  it('keeps another organization’s keys invisible and untouchable', async () => {
    const alice = await registerUser(h);
    const bob = await registerUser(h);
    const bobKey = (
      await h.callApi({
        method: 'POST',
        url: '/v1/api-key',
        headers: bob.auth,
        payload: { name: 'bob' },
      })
    ).json();

    const aliceKeys = (
      await h.callApi({ method: 'GET', url: '/v1/api-key', headers: alice.auth })
    ).json().api_keys;
    expect(aliceKeys.map((k: { id: string }) => k.id)).not.toContain(bobKey.id);
    expect(aliceKeys.map((k: { id: string }) => k.id)).not.toContain(bob.playgroundKey.id);

    for (const id of [bobKey.id, bob.playgroundKey.id]) {
      const setDefault = await h.callApi({
        method: 'POST',
        url: '/v1/api-key/set-default',
        headers: { ...alice.auth, 'x-api-key': id },
      });
      expect(setDefault.statusCode).toBe(404);
      const del = await h.callApi({
        method: 'DELETE',
        url: '/v1/api-key',
        headers: { ...alice.auth, 'x-api-key': id },
      });
      expect(del.statusCode).toBe(404);
    }
    const bobKeys = (
      await h.callApi({ method: 'GET', url: '/v1/api-key', headers: bob.auth })
    ).json().api_keys;
    expect(bobKeys).toHaveLength(2);
    expect(bobKeys.find((k: { id: string }) => k.id === bob.playgroundKey.id).is_default).toBe(
      true,
    );
  });
});

describe('feedback e-mail', () => {
  it('accepts a signed-in message, taking the sender from the token', async () => {
    const user = await registerUser(h);
    const res = await h.callApi({
      method: 'POST',
      url: '/v1/email',
      headers: user.auth,
      payload: { subject: 'Hi', body: 'Great docs', pageId: '/pricing/' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: expect.any(String), received_at: expect.any(String) });
  });

  it('accepts a signed-out message with an e-mail and refuses one without', async () => {
    const ok = await h.callApi({
      method: 'POST',
      url: '/v1/email',
      payload: {
        subject: 'Sales',
        body: 'Call me',
        pageId: '/contact-us/',
        email: 'lead@example.com',
      },
    });
    expect(ok.statusCode).toBe(200);
    const missing = await h.callApi({
      method: 'POST',
      url: '/v1/email',
      payload: { subject: 'Sales', body: 'Call me', pageId: '/contact-us/' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error_message).toMatch(/email is required/);
    const badEmail = await h.callApi({
      method: 'POST',
      url: '/v1/email',
      payload: { subject: 'S', body: 'B', pageId: 'p', email: 'nope' },
    });
    expect(badEmail.statusCode).toBe(400);
    const badToken = await h.callApi({
      method: 'POST',
      url: '/v1/email',
      headers: { authorization: 'Bearer junk' },
      payload: { subject: 'S', body: 'B', pageId: 'p', email: 'a@b.co' },
    });
    expect(badToken.statusCode).toBe(401);
  });
});

describe('pricing and balance', () => {
  it('lists the 8 public deployments and 9 coming soon without sign-in', async () => {
    const res = await h.callApi({ method: 'GET', url: '/v1/pricing/pubic-deployment' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.currency).toBe('USD');
    expect(body.deployments.map((d: { path: string }) => d.path)).toEqual([
      'object-detection',
      'depth-estimation',
      'image-classification',
      'zero-shot-image-classification',
      'zero-shot-object-detection',
      'image-segmentation/semantic',
      'image-segmentation/instance',
      'image-segmentation/panoptic',
    ]);
    for (const d of body.deployments) {
      expect(d.price_per_call_usd).toBeGreaterThan(0);
      expect(d.price_per_call_usd).toBeLessThan(0.05);
      expect(d.unit).toBe('call');
    }
    expect(body.deployments[5]).toMatchObject({ task: 'image-segmentation', sub: 'semantic' });
    expect(body.coming_soon).toHaveLength(9);
  });

  it('shows a zero balance for a new organization', async () => {
    const user = await registerUser(h);
    const res = await h.callApi({ method: 'GET', url: '/v1/credits/balance', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      remaining_credits: 0,
      low_balance_threshold_usd: null,
      below_threshold: false,
    });
  });
});

describe('HTTP hygiene', () => {
  it('allows the site origins by CORS and no others', async () => {
    const allowed = await h.callApi({
      method: 'OPTIONS',
      url: '/v1/api-key',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const served = await h.callApi({
      method: 'GET',
      url: '/v1/pricing/pubic-deployment',
      headers: { origin: 'http://127.0.0.1:3001' },
    });
    expect(served.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3001');
    const other = await h.callApi({
      method: 'GET',
      url: '/v1/pricing/pubic-deployment',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends helmet headers and answers unknown routes with error_message, code and request id', async () => {
    const res = await h.callApi({ method: 'GET', url: '/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    const requestId = res.headers['x-request-id'] as string;
    expect(requestId).toMatch(/^req_[A-Za-z0-9]{20}$/);
    expect(res.json()).toEqual({
      error_message: 'No route GET /v1/nothing-here.',
      code: 'not_found',
      request_id: requestId,
    });
    expect(res.headers['x-should-retry']).toBe('false');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("keeps a caller's safe x-request-id and replaces an unsafe one", async () => {
    const kept = await h.callApi({
      method: 'GET',
      url: '/v1/nothing-here',
      headers: { 'x-request-id': 'client-7f3a:retry.2' },
    });
    expect(kept.headers['x-request-id']).toBe('client-7f3a:retry.2');
    expect(kept.json().request_id).toBe('client-7f3a:retry.2');
    for (const unsafe of ['a b', 'x'.repeat(129), 'evil\u001b[31m', '']) {
      const replaced = await h.callApi({
        method: 'GET',
        url: '/v1/nothing-here',
        headers: { 'x-request-id': unsafe },
      });
      expect(replaced.headers['x-request-id']).toMatch(/^req_[A-Za-z0-9]{20}$/);
    }
  });

  it('refuses bodies over the limit with 413', async () => {
    const user = await registerUser(h);
    const res = await h.callApi({
      method: 'POST',
      url: '/v1/email',
      headers: user.auth,
      payload: { subject: 's', pageId: 'p', body: 'x'.repeat(70 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toHaveProperty('error_message');
  });

  it('rate-limits with 429 and an error_message', async () => {
    const limited = await createHarness({
      config: { rateLimit: { max: 3, timeWindowMs: 60_000 } },
    });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++)
        codes.push(
          (await limited.callApi({ method: 'GET', url: '/v1/pricing/pubic-deployment' }))
            .statusCode,
        );
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const res = await limited.api.inject({ method: 'GET', url: '/v1/pricing/pubic-deployment' });
      expect(res.json().error_message).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });

  it('refuses to start with the Auth emulator outside local mode, whatever NODE_ENV says', () => {
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(() =>
        readServerConfig({
          NODE_ENV,
          FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
          FIREBASE_PROJECT_ID: 'acme-prod',
          STRIPE_SECRET_KEY: 'sk_live_x',
          STRIPE_WEBHOOK_SECRET: 'whsec_x',
          API_KEY_HMAC_SECRET: 'a'.repeat(40),
          UI_KEY_ENCRYPTION_KEY: 'b'.repeat(64),
        } as NodeJS.ProcessEnv),
      ).toThrow(/Refusing to start[\s\S]*FIREBASE_AUTH_EMULATOR_HOST is set/);
    }
    // Local mode starts with nothing else set, as the stack scripts do.
    expect(
      readServerConfig({
        STACK_MODE: 'local',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      } as NodeJS.ProcessEnv),
    ).toMatchObject({ local: true, stripe: null });
  });
});

describe('contract', () => {
  it.each([
    ['api', '/v1/openapi.json'],
    ['services', '/openapi.json'],
  ] as const)(
    'the %s OpenAPI document is valid OpenAPI 3.1 and covers every route',
    async (app, url) => {
      const doc = (
        await (app === 'api' ? h.api : h.services).inject({ method: 'GET', url })
      ).json();
      const validator = new Validator();
      const result = await validator.validate(doc);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
      expect(doc.openapi).toBe('3.1.0');
      const operations = Object.entries(doc.paths as Record<string, object>).flatMap(
        ([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      );
      if (app === 'api') {
        expect(operations.sort()).toEqual(
          [
            // The webhook and the document itself are hidden from it.
            ...OPERATIONS.filter(
              (op) => !['POST /credits/stripe/webhook', 'GET /openapi.json'].includes(op.key),
            ).map((op) => `${op.method} ${op.openapiPath}`),
          ].sort(),
        );
      } else {
        // The deployments' calls, and an async job's read and cancel.
        expect(operations).toHaveLength(10);
        expect(operations).toEqual(
          expect.arrayContaining(['GET /jobs/{id}', 'POST /jobs/{id}/cancel']),
        );
      }
    },
  );

  it('every answer in this file matches the OpenAPI document', async () => {
    expect(recordedAnswers.length).toBeGreaterThan(50);
    await expectAnswersMatchOpenApi(h, recordedAnswers);
  });
});
