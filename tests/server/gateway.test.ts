/**
 * The services host in production mode: the metering gateway in front of a stub inference
 * deployment on this machine. A valid answer is charged once; an upstream failure (500, timeout,
 * refused connection, oversized or invalid answer) is answered 502/503/504 and charged nothing;
 * the circuit opens and recovers; an idempotent retry after a failure is forwarded again and
 * charged once; caps and balance hold under 50 concurrent calls (on PostgreSQL with DATABASE_URL).
 */
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEPLOYMENT_PATHS } from '@contract';
import { readServerConfig } from '../../server/src/config';
import {
  createHarness,
  productionServicesConfig,
  registerUser,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';

type Mode = 'ok' | 'fail' | 'slow' | 'oversized' | 'invalid' | 'busy' | 'refuse-image';
let mode: Mode = 'ok';
let hits = 0;
let stub: FastifyInstance;
let h: Harness;
let image: string;
let user: TestUser;

// Long enough that 50 concurrent calls on a loaded 2-core machine (PGlite or PostgreSQL) answer
// in time: a timeout there opened the circuit and failed every call of the concurrency test.
const TIMEOUT_MS = 2_000;
const OPEN_MS = 500;

beforeAll(async () => {
  stub = Fastify({ bodyLimit: 20 * 1024 * 1024 });
  stub.post('/*', async (request, reply) => {
    hits += 1;
    const body = request.body as { image?: string };
    if (typeof body.image !== 'string' || body.image.length === 0) {
      return reply.code(400).send({ error_message: 'no image' });
    }
    switch (mode) {
      case 'fail':
        return reply.code(500).send({ error_message: 'GPU fell over' });
      case 'busy':
        return reply.code(503).header('retry-after', '7').send({ error_message: 'busy' });
      case 'refuse-image':
        return reply.code(415).send({ error_message: 'HEIC is not supported\u0000' });
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 3));
        break;
      case 'oversized':
        return {
          image: { width: 1, height: 1, original_width: 1, original_height: 1 },
          predictions: [],
          pad: 'x'.repeat(200_000),
        };
      case 'invalid':
        return { image: { width: 1 }, predictions: 'not a list' };
    }
    return {
      image: { width: 24, height: 24, original_width: 24, original_height: 24 },
      predictions: [{ label: 'cat', score: 0.9 }],
    };
  });
  await stub.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(stub.server.address() as net.AddressInfo).port}`;
  // Production settings (no local mode), as a deployment would set them.
  const production = productionServicesConfig(base, {
    SERVICES_UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
    SERVICES_UPSTREAM_FAILURES_TO_OPEN: '3',
    SERVICES_UPSTREAM_OPEN_MS: String(OPEN_MS),
    SERVICES_UPSTREAM_MAX_ANSWER_BYTES: String(64 * 1024),
  });
  expect(production.local).toBe(false);
  h = await createHarness({ stripe: true, config: { upstreams: production.upstreams } });
  image = (await testImage('png', 24, 24)).toString('base64');
  user = await registerUser(h);
  await h.db.execute(
    sql`update organizations set balance_micros = 5000000 where owner_uid = ${user.uid}`,
  );
});
afterAll(async () => {
  await h?.close();
  await stub?.close();
});
beforeEach(() => {
  mode = 'ok';
});

const call = (headers: Record<string, string> = {}, secret = user.playgroundKey.key) =>
  h.callServices({
    method: 'POST',
    url: '/image-classification',
    headers: { 'api-key': secret, ...headers },
    payload: { image },
  });

const ledger = async () => {
  const rows = (await h.db.execute(
    sql`select count(*)::int as n, coalesce(sum(-amount_micros), 0)::bigint as spent from ledger_entries l join organizations o on o.id = l.organization_id where o.owner_uid = ${user.uid} and l.kind = 'usage'`,
  )) as unknown as { rows: Array<{ n: number; spent: string }> };
  return { calls: rows.rows[0]!.n, spent: Number(rows.rows[0]!.spent) };
};
const waitForHalfOpen = () => new Promise((resolve) => setTimeout(resolve, OPEN_MS + 100));

describe('the metering gateway in production mode', () => {
  it('refuses to start without an upstream for every deployment, naming the variables', () => {
    expect(() =>
      readServerConfig({
        FIREBASE_PROJECT_ID: 'visionapi-prod',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        API_KEY_HMAC_SECRET: 'a-production-hmac-secret-of-at-least-32-chars',
        UI_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        SMTP_URL: 'smtp://127.0.0.1:1',
        SERVER_ROLE: 'services',
        SERVICES_UPSTREAM_OBJECT_DETECTION: 'http://127.0.0.1:9',
      } as NodeJS.ProcessEnv),
    ).toThrow(/SERVICES_UPSTREAM_IMAGE_SEGMENTATION_SEMANTIC/);
    expect(DEPLOYMENT_PATHS.length).toBeGreaterThan(1);
  });

  it('forwards a call, validates the answer and charges it once', async () => {
    const before = await ledger();
    const res = await call();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      sandbox: false,
      task: 'image-classification',
      predictions: [{ label: 'cat', score: 0.9 }],
      usage: { cost_usd: expect.any(Number) },
    });
    const after = await ledger();
    expect(after.calls).toBe(before.calls + 1);
  });

  it.each([
    ['fail', 502, /failed \(HTTP 500\)/],
    ['slow', 504, /did not answer within/],
    ['oversized', 502, /larger than the gateway accepts/],
    ['invalid', 502, /does not match its contract/],
    ['busy', 503, /busy/],
  ] as const)('an upstream answering %s costs nothing: %i', async (which, status, message) => {
    mode = which;
    const before = await ledger();
    const res = await call();
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error_message).toMatch(message);
    expect(res.json().error_message).toContain('Nothing was charged');
    if (status !== 502 || which === 'fail') expect(res.headers['retry-after']).toBeDefined();
    expect(await ledger()).toEqual(before);
    // One failure at a time here: let the circuit forget it.
    mode = 'ok';
    expect((await call()).statusCode).toBe(200);
  });

  it("passes on the deployment's refusal of an image as a client error, safely, for free", async () => {
    mode = 'refuse-image';
    const before = await ledger();
    const res = await call();
    expect(res.statusCode).toBe(415);
    expect(res.json().error_message).toBe('HEIC is not supported Nothing was charged.');
    expect(await ledger()).toEqual(before);
  });

  it('opens the circuit after repeated failures, answers 503 without calling, and recovers', async () => {
    mode = 'fail';
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(502);
    const seen = hits;
    const open = await call();
    expect(open.statusCode).toBe(503);
    expect(open.json().error_message).toMatch(/temporarily unavailable/);
    expect(open.headers['retry-after']).toBe('1');
    expect(hits).toBe(seen);
    const health = (await h.services.inject({ method: 'GET', url: '/health' })).json();
    expect(health.upstreams[0]).toMatchObject({ state: 'open', consecutive_failures: 3 });
    expect(JSON.stringify(health)).not.toMatch(/sk_|whsec|hmac/i);
    mode = 'ok';
    await waitForHalfOpen();
    expect((await call()).statusCode).toBe(200);
    const healed = (await h.services.inject({ method: 'GET', url: '/health' })).json();
    expect(healed.upstreams[0]).toMatchObject({ state: 'closed', consecutive_failures: 0 });
  });

  it('answers 502 when the upstream refuses connections', async () => {
    const dead = net.createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const port = (dead.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    const other = await createHarness({
      stripe: true,
      config: {
        upstreams: {
          ...h.config.upstreams!,
          urls: { 'image-classification': `http://127.0.0.1:${port}` },
        },
      },
    });
    try {
      const owner = await registerUser(other);
      await other.db.execute(
        sql`update organizations set balance_micros = 5000000 where owner_uid = ${owner.uid}`,
      );
      const res = await other.callServices({
        method: 'POST',
        url: '/image-classification',
        headers: { 'api-key': owner.playgroundKey.key },
        payload: { image },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().error_message).toMatch(/cannot be reached/);
    } finally {
      await other.close();
    }
  });

  it('forwards an idempotent retry after an upstream failure again, and charges it once', async () => {
    mode = 'fail';
    const key = { 'idempotency-key': `gw-${Date.now()}` };
    const before = await ledger();
    expect((await call(key)).statusCode).toBe(502);
    mode = 'ok';
    const retried = await call(key);
    expect(retried.statusCode).toBe(200);
    const again = await call(key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await ledger()).calls).toBe(before.calls + 1);
  });

  it('holds the balance and a key cap under 50 concurrent calls', async () => {
    const owner = await registerUser(h);
    const price = (await call()).json().usage.cost_usd as number;
    const priceMicros = Math.round(price * 1_000_000);
    // Room for exactly 30 calls in the wallet, and a cap of 20 on one of two keys.
    await h.db.execute(
      sql`update organizations set balance_micros = ${priceMicros * 30} where owner_uid = ${owner.uid}`,
    );
    const capped = (
      await h.callApi({
        method: 'POST',
        url: '/v1/api-key',
        headers: owner.auth,
        payload: { name: 'capped' },
      })
    ).json();
    await h.callApi({
      method: 'POST',
      url: '/v1/api-key/cap',
      headers: { ...owner.auth, 'x-api-key': capped.id },
      payload: { monthly_cap_usd: Math.round(price * 20 * 100) / 100 },
    });
    const capUsd = Math.round(price * 20 * 100) / 100;
    const capCalls = Math.floor(capUsd / price + 1e-9);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call({}, i % 2 === 0 ? capped.key : owner.playgroundKey.key),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200).length;
    const statuses = answers.map((a) => `${a.statusCode} ${a.body.slice(0, 80)}`).join('\n');
    expect(ok, statuses).toBe(30);
    expect(answers.every((a) => [200, 402, 429].includes(a.statusCode))).toBe(true);
    const cappedOk = answers.filter((a, i) => i % 2 === 0 && a.statusCode === 200).length;
    expect(cappedOk).toBeLessThanOrEqual(capCalls);
    const [wallet] = (
      (await h.db.execute(
        sql`select balance_micros from organizations where owner_uid = ${owner.uid}`,
      )) as unknown as { rows: Array<{ balance_micros: string }> }
    ).rows;
    expect(Number(wallet!.balance_micros)).toBe(0);
  });
});
