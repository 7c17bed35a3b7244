/**
 * Issue 31: no 500 from a valid-looking body, on both servers. A JSON body made only of unknown
 * properties, and strings holding a lone UTF-16 surrogate (`"\ud800"`, valid JSON but not
 * Unicode text), answer 400 `invalid_request` with a message that says what to fix, for every
 * operation of the contract with a body and every deployment. Generated from the operations
 * table, so a new operation is covered unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYMENT_PATHS } from '@contract';
import {
  buyCredits,
  createHarness,
  multipartBody,
  registerUser,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';
import { OPERATIONS } from './operations';

let h: Harness;
let owner: TestUser;
let liveKey: string;
let png: Buffer;

beforeAll(async () => {
  h = await createHarness();
  owner = await registerUser(h);
  await buyCredits(h, owner, 20);
  liveKey = (
    await h.callApi({
      method: 'POST',
      url: '/v1/api-key',
      headers: owner.auth,
      payload: { name: 'hostile bodies' },
    })
  ).json().key;
  png = await testImage('png', 16, 16);
});
afterAll(async () => h?.close());

/** Operations with a JSON body, the Stripe webhook aside (its body is signed bytes). */
const WITH_BODY = OPERATIONS.filter(
  (op) => op.payload !== undefined && op.key !== 'POST /credits/stripe/webhook',
);

/** The sample payload with the string at `path` replaced by a lone surrogate, as raw JSON text. */
function withLoneSurrogate(payload: object, field: string): string {
  const copy = JSON.parse(JSON.stringify(payload)) as Record<string, unknown>;
  copy[field] = '\ud800';
  // JSON.stringify writes a lone surrogate as the escape `\ud800` (well-formed JSON).
  return JSON.stringify(copy);
}

const stringFields = (payload: object) =>
  Object.entries(payload)
    .filter(([, value]) => typeof value === 'string')
    .map(([name]) => name);

const send = (op: (typeof WITH_BODY)[number], payload: string) =>
  h.callApi({
    method: op.method,
    url: op.url,
    headers: { ...owner.auth, ...op.headers, 'content-type': 'application/json' },
    payload,
  });

describe('the account API: bodies that look valid', () => {
  it.each(WITH_BODY.map((op) => [op.key, op] as const))(
    '%s: a body of unknown properties only is 400 invalid_request',
    async (_key, op) => {
      const answer = await send(op, JSON.stringify({ zz_unknown: 1, 'another one': 'x' }));
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().code).toBe('invalid_request');
      expect(answer.json().error_message).toMatch(/zz_unknown/);
    },
  );

  it.each(
    WITH_BODY.flatMap((op) =>
      stringFields(op.payload!).map((field) => [`${op.key} ${field}`, op, field] as const),
    ),
  )('%s: a lone surrogate is 400 invalid_request', async (_name, op, field) => {
    const answer = await send(op, withLoneSurrogate(op.payload!, field));
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().code).toBe('invalid_request');
    expect(answer.json().error_message).toMatch(/surrogate|Unicode/i);
  });

  it('a surrogate in a key, deep in an array, or repeated 10 000 times is 400 as well', async () => {
    const op = WITH_BODY.find((o) => o.key === 'PATCH /organization')!;
    for (const payload of [
      '{"\\udc00name":"x"}',
      '{"name":"ok","address":{"line":["a",["b",["\\ud83d"]]]}}',
      JSON.stringify({ name: '\ud800'.repeat(10_000) }),
      // A paired surrogate (an emoji) is fine Unicode: this one passes the surrogate check.
    ]) {
      const answer = await send(op, payload);
      expect(answer.statusCode, payload.slice(0, 80)).toBe(400);
      expect(answer.json().code).toBe('invalid_request');
    }
    const emoji = await send(op, JSON.stringify({ name: 'Acme \ud83d\ude80 Labs' }));
    expect(emoji.statusCode, emoji.body).toBe(200);
  });

  it('a body nested 100 000 levels deep answers 400, not a stack overflow', async () => {
    const op = WITH_BODY.find((o) => o.key === 'PATCH /organization')!;
    const deep = `{"name":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
    const answer = await send(op, deep);
    expect(answer.statusCode).toBeLessThan(500);
    expect(answer.json().code).toBe('invalid_request');
  });

  it('an empty object on an operation whose fields are all optional is not a 500', async () => {
    for (const op of WITH_BODY) {
      const answer = await send(op, '{}');
      expect(answer.statusCode, `${op.key}: ${answer.body}`).toBeLessThan(500);
    }
  });

  it('50 concurrent hostile bodies all answer 400', async () => {
    const op = WITH_BODY.find((o) => o.key === 'PATCH /organization')!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(op, i % 2 ? '{"zz":1}' : JSON.stringify({ name: `x\ud800${i}` })),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 400));
  });
});

describe('the services host: bodies that look valid', () => {
  const call = (path: string, payload: string, contentType = 'application/json') =>
    h.callServices({
      method: 'POST',
      url: `/${path}`,
      headers: { 'api-key': liveKey, 'content-type': contentType },
      payload,
    });

  it.each(DEPLOYMENT_PATHS.map((path) => [path]))(
    '%s: unknown properties only, and a lone surrogate anywhere, are 400 invalid_request',
    async (path) => {
      const image = png.toString('base64');
      // The deployment's own list parameter, where it has one: the surrogate is the only fault.
      const labels =
        path === 'zero-shot-object-detection'
          ? { queries: ['a \ud800 car'] }
          : path === 'zero-shot-image-classification'
            ? { candidate_labels: ['cat', '\udfff'] }
            : { zz: '\ud800' };
      for (const payload of [
        JSON.stringify({ zz_unknown: 1 }),
        JSON.stringify({ image, zz_unknown: 1 }),
        JSON.stringify({ image: `${image}\ud800` }),
        JSON.stringify({ image, ...labels }),
        JSON.stringify({ image, '\ud800': 1 }),
      ]) {
        const answer = await call(path, payload);
        expect(answer.statusCode, `${payload.slice(-60)}: ${answer.body}`).toBe(400);
        expect(answer.json().code).toBe('invalid_request');
      }
    },
  );

  it('a lone surrogate inside a multipart JSON array parameter is 400', async () => {
    const { payload, headers } = multipartBody(
      { queries: JSON.stringify(['a \ud800 car']) },
      { name: 'image', filename: 'a.png', contentType: 'image/png', data: png },
    );
    const answer = await h.callServices({
      method: 'POST',
      url: '/zero-shot-object-detection',
      headers: { 'api-key': liveKey, ...headers },
      payload,
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().code).toBe('invalid_request');
  });
});
