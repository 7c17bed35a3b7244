/**
 * Property-based fuzzing of every /v1 route and every deployment (fast-check, fixed seed, a
 * bounded number of cases): whatever a stranger sends (wrong types, control characters, huge
 * numbers, malformed JSON and multipart, junk headers), the answer is never a 5xx, every 4xx
 * carries an `error_message`, and no 4xx changes any wallet.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYMENT_PATHS } from '@contract';
import {
  buyCredits,
  createHarness,
  emulatorToken,
  multipartBody,
  registerUser,
  STRIPE_TEST_CONFIG,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';

const SEED = 20261123;
const V1_RUNS = 400;
const SERVICES_RUNS = 250;

let h: Harness;
let alice: TestUser;
let bob: TestUser;
let aliceKeyId: string;
let png: Buffer;

beforeAll(async () => {
  h = await createHarness();
  alice = await registerUser(h);
  bob = await registerUser(h);
  await buyCredits(h, alice, 20);
  await buyCredits(h, bob, 5);
  aliceKeyId = (
    await h.callApi({
      method: 'POST',
      url: '/v1/api-key',
      headers: alice.auth,
      payload: { name: 'fuzz' },
    })
  ).json().id;
  png = await testImage('png', 24, 24);
});
afterAll(async () => h?.close());

async function balances(harness: Harness): Promise<string> {
  const result = (await harness.db.execute(
    sql`select id, balance_micros from organizations order by id`,
  )) as unknown as { rows: unknown[] };
  return JSON.stringify(result.rows);
}

// ----------------------------------------------------------------- values a stranger sends

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u001b[31m',
    '../../etc/passwd',
    "' or 1=1 --",
    '%00',
    '1e20',
    '-1',
    'NaN',
    'Infinity',
    '9'.repeat(40),
    '2025-06-30T23:59:60Z',
    '0000-01-01T00:00:00Z',
    '+010000-01-01T00:00:00Z',
    '2025-02-30T00:00:00Z',
    'ord_x',
    'va_live_' + 'A'.repeat(32),
    '/'.repeat(300),
    ' '.repeat(2000),
    'é😀\u202e',
  ),
  fc.string({ minLength: 200, maxLength: 3000 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(
      1e20,
      -1e20,
      0,
      -0,
      5,
      25,
      10000,
      10000.01,
      4.99,
      10.123,
      Number.MAX_SAFE_INTEGER,
    ),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

const fieldNames = [
  'name',
  'website',
  'country',
  'state',
  'gstin',
  'address',
  'price_in_usd',
  'order_id',
  'outcome',
  'subject',
  'body',
  'pageId',
  'email',
  'expire_previous_in_hours',
];
const bodyArb = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { maxKeys: 6 }),
  hostileValue,
);

const tokenArb = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('alice', 'bob', 'expired', 'other-project', 'junk', 'unverified'),
);
function authorization(who: string | undefined): Record<string, string> {
  switch (who) {
    case undefined:
      return {};
    case 'alice':
      return alice.auth;
    case 'bob':
      return bob.auth;
    case 'expired':
      return { authorization: `Bearer ${emulatorToken('someone', { expiresIn: -10 })}` };
    case 'other-project':
      return { authorization: `Bearer ${emulatorToken('someone', { projectId: 'demo-other' })}` };
    case 'unverified':
      return { authorization: `Bearer ${emulatorToken(alice.uid, { email_verified: false })}` };
    default:
      return { authorization: 'Bearer x.y.z' };
  }
}

const ROUTES: Array<{ method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; path: string }> = [
  { method: 'POST', path: '/v1/api-key' },
  { method: 'GET', path: '/v1/api-key' },
  { method: 'POST', path: '/v1/api-key/set-default' },
  { method: 'POST', path: '/v1/api-key/roll' },
  { method: 'DELETE', path: '/v1/api-key' },
  { method: 'POST', path: '/v1/organization' },
  { method: 'PATCH', path: '/v1/organization' },
  { method: 'GET', path: '/v1/organization' },
  { method: 'POST', path: '/v1/organization/verify' },
  { method: 'GET', path: '/v1/credits/balance' },
  { method: 'POST', path: '/v1/credits' },
  { method: 'GET', path: '/v1/credits/orders/{id}' },
  { method: 'POST', path: '/v1/credits/sandbox/confirm' },
  { method: 'GET', path: '/v1/credits/payments' },
  { method: 'GET', path: '/v1/transaction' },
  { method: 'POST', path: '/v1/email' },
  { method: 'GET', path: '/v1/pricing/pubic-deployment' },
];

const queryArb = fc.dictionary(
  fc.constantFrom('skip', 'limit', 'start_date', 'end_date', 'x'),
  hostileString,
  { maxKeys: 4 },
);

/** Statuses seen, so a fuzzer that only ever reached the front door (401s) fails. */
const seen = { v1: new Map<number, number>(), services: new Map<number, number>() };
const count = (map: Map<number, number>, status: number) =>
  map.set(status, (map.get(status) ?? 0) + 1);

function expectSafe(res: { statusCode: number; body: string }, label: string) {
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(
    500,
  );
  if (res.statusCode >= 400) {
    const parsed = JSON.parse(res.body);
    expect(typeof parsed.error_message, label).toBe('string');
  }
}

describe('fuzzing /v1', () => {
  it(`${V1_RUNS} hostile requests: never a 5xx, and a 4xx changes no balance`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        tokenArb,
        queryArb,
        fc.oneof(
          bodyArb.map((b) => ({ json: b })),
          hostileString.map((raw) => ({ raw })),
        ),
        fc.option(fc.oneof(hostileString, fc.constant(aliceKeyId)), { nil: undefined }),
        fc.option(hostileString, { nil: undefined }),
        fc.option(
          fc.constantFrom(
            'application/json',
            'text/plain',
            'multipart/form-data; boundary=x',
            'application/x-www-form-urlencoded',
          ),
          { nil: undefined },
        ),
        async (route, who, query, body, xApiKey, idempotencyKey, contentType) => {
          const path = route.path.replace('{id}', encodeURIComponent(String(query.x ?? 'ord_x')));
          const search = new URLSearchParams(query as Record<string, string>).toString();
          const headers: Record<string, string> = { ...authorization(who) };
          const safeHeader = (v: string) => v.replace(/[^\x21-\x7e]/g, '').slice(0, 200);
          if (xApiKey !== undefined) headers['x-api-key'] = safeHeader(xApiKey);
          if (idempotencyKey !== undefined) headers['idempotency-key'] = safeHeader(idempotencyKey);
          const hasBody = route.method !== 'GET';
          if (hasBody) headers['content-type'] = contentType ?? 'application/json';
          const payload = !hasBody
            ? undefined
            : 'raw' in body
              ? body.raw
              : JSON.stringify(body.json ?? null);
          const before = await balances(h);
          const res = await h.callApi({
            method: route.method,
            url: search ? `${path}?${search}` : path,
            headers,
            payload,
          });
          const label = `${route.method} ${path}?${search}`;
          count(seen.v1, res.statusCode);
          expectSafe(res, label);
          if (res.statusCode >= 400) expect(await balances(h), label).toBe(before);
        },
      ),
      { seed: SEED, numRuns: V1_RUNS, endOnFailure: true },
    );
    // The runs got past authentication and validation into the routes.
    expect(seen.v1.get(200) ?? 0).toBeGreaterThan(20);
    expect([...seen.v1.keys()].filter((s) => s >= 400).length).toBeGreaterThanOrEqual(4);
  }, 120_000);
});

describe('fuzzing the deployments', () => {
  it(`${SERVICES_RUNS} hostile image calls: never a 5xx, and a 4xx charges nothing`, async () => {
    const pngBase64 = png.toString('base64');
    const imageArb = fc.oneof(
      { arbitrary: fc.constant(pngBase64), weight: 6 },
      fc.constant(`data:image/png;base64,${pngBase64}`),
      fc.constant(`data:image/gif;base64,${pngBase64}`),
      fc.constant(`data:image/png,${pngBase64}`),
      fc.constant(`${pngBase64.slice(0, 40)} \n ${pngBase64.slice(40)}`),
      fc.constant(Buffer.alloc(200, 0xff).toString('base64')),
      fc.constant(`A${' '.repeat(5000)}==`),
      hostileValue,
    );
    const keyArb = fc.oneof(
      fc.constant(alice.playgroundKey.key),
      fc.constant(bob.playgroundKey.key),
      hostileString.map((s) => s.replace(/[^\x21-\x7e]/g, '').slice(0, 100)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...DEPLOYMENT_PATHS, 'image-inpainting', 'image-segmentation', 'x/y/z'),
        keyArb,
        fc.boolean(),
        imageArb,
        fc.oneof(
          { arbitrary: fc.constant({}), weight: 2 },
          {
            arbitrary: fc.constant({ candidate_labels: ['cat', 'dog'], queries: ['a car'] }),
            weight: 1,
          },
          {
            arbitrary: fc.dictionary(
              fc.constantFrom(
                'confidence_threshold',
                'max_results',
                'top_k',
                'candidate_labels',
                'queries',
                'colour',
              ),
              hostileValue,
              { maxKeys: 3 },
            ),
            weight: 3,
          },
        ),
        fc.option(
          fc.string({ minLength: 1, maxLength: 20 }).map((s) => s.replace(/[^\x21-\x7e]/g, 'x')),
          {
            nil: undefined,
          },
        ),
        async (path, key, asMultipart, image, params, idempotencyKey) => {
          const headers: Record<string, string> = key ? { 'api-key': key } : {};
          if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
          let payload: string | Buffer;
          if (asMultipart) {
            const fields: Record<string, string | string[]> = {};
            const text = (v: unknown) =>
              typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
            for (const [name, value] of Object.entries(params)) {
              fields[name] = Array.isArray(value) ? value.map(text) : text(value);
            }
            const form = multipartBody(
              Object.fromEntries(
                Object.entries(fields).map(([k, v]) => [
                  k,
                  Array.isArray(v)
                    ? v.map((x) => x.replace(/\r|\n/g, ''))
                    : v.replace(/\r|\n/g, ''),
                ]),
              ),
              typeof image === 'string' && image === pngBase64
                ? { name: 'image', filename: 'a.png', contentType: 'image/png', data: png }
                : undefined,
            );
            Object.assign(headers, form.headers);
            payload = form.payload;
          } else {
            headers['content-type'] = 'application/json';
            payload = JSON.stringify({ image, ...params });
          }
          const before = await balances(h);
          const res = await h.callServices({ method: 'POST', url: `/${path}`, headers, payload });
          const label = `POST /${path} (${asMultipart ? 'multipart' : 'json'})`;
          count(seen.services, res.statusCode);
          expectSafe(res, label);
          if (res.statusCode >= 400) expect(await balances(h), label).toBe(before);
        },
      ),
      { seed: SEED, numRuns: SERVICES_RUNS, endOnFailure: true },
    );
    expect(seen.services.get(200) ?? 0).toBeGreaterThan(10);
    expect(seen.services.get(400) ?? 0).toBeGreaterThan(10);
    expect(seen.services.get(401) ?? 0).toBeGreaterThan(10);
  }, 180_000);
});

describe('fuzzing the Stripe webhook', () => {
  it('random bodies and signatures are refused with 400, never a 5xx, and credit nothing', async () => {
    const stripeHarness = await createHarness({
      stripe: true,
      createPaymentIntent: async ({ orderId }) => ({
        providerReference: `pi_${orderId}`,
        clientSecret: `pi_${orderId}_secret`,
      }),
    });
    const stripe = new Stripe(STRIPE_TEST_CONFIG.secretKey);
    try {
      await fc.assert(
        fc.asyncProperty(bodyArb, fc.boolean(), hostileString, async (body, signed, signature) => {
          const payload = JSON.stringify(body ?? null);
          const header = signed
            ? stripe.webhooks.generateTestHeaderString({
                payload,
                secret: STRIPE_TEST_CONFIG.webhookSecret,
              })
            : signature.replace(/[^\x21-\x7e]/g, '').slice(0, 200) || 'x';
          const before = await balances(stripeHarness);
          const res = await stripeHarness.callApi({
            method: 'POST',
            url: '/v1/credits/stripe/webhook',
            headers: { 'content-type': 'application/json', 'stripe-signature': header },
            payload,
          });
          expectSafe(res, 'webhook');
          expect(await balances(stripeHarness)).toBe(before);
        }),
        { seed: SEED, numRuns: 100, endOnFailure: true },
      );
    } finally {
      await stripeHarness.close();
    }
  }, 60_000);
});
