/**
 * Hard to break: no request can stall the servers, nobody pays for a failure, retries are
 * charged once, a full worker pool answers 503 without charging, junk keys cannot flood the
 * database, and bad input is a 4xx with a message, never a 500.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRenderPool } from '../../server/src/services/render/pool';
import {
  buyCredits,
  createHarness,
  multipartBody,
  registerUser,
  SITE_ORIGIN,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';

let h: Harness;
let funded: TestUser;
let broke: TestUser;
let png: string;
let apiUrl: string;
let servicesUrl: string;

beforeAll(async () => {
  h = await createHarness();
  funded = await registerUser(h);
  await buyCredits(h, funded, 50);
  broke = await registerUser(h);
  png = (await testImage()).toString('base64');
  // The hostile-input timings run over real sockets on loopback.
  await h.api.listen({ port: 0, host: '127.0.0.1' });
  await h.services.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${(h.api.server.address() as AddressInfo).port}`;
  servicesUrl = `http://127.0.0.1:${(h.services.server.address() as AddressInfo).port}`;
});
afterAll(async () => h?.close());

const balanceOf = async (user: TestUser) =>
  (await h.callApi({ method: 'GET', url: '/v1/credits/balance', headers: user.auth })).json()
    .remaining_credits as number;

async function timed(run: () => Promise<Response>): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await run();
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

/**
 * The median of five runs, after one that warms the connection and the code path (the quadratic
 * version of this work took 12 s; the bound leaves room for a busy 2-core machine).
 */
async function medianOf5(run: () => Promise<Response>) {
  await timed(run);
  const runs = [];
  for (let i = 0; i < 5; i++) runs.push(await timed(run));
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  return { statuses: runs.map((r) => r.status), median: sorted[2]!.ms, max: sorted[4]!.ms };
}

/**
 * A bound that holds on a quiet machine (`quietMs`) and scales with a busy one: ten times what
 * the same route takes for a tiny input in the same run. Linear work on 100 KB stays far inside
 * it; the quadratic version (12 s) never does.
 */
const boundFrom = (quietMs: number, baselineMs: number) => Math.max(quietMs, 10 * baselineMs);

describe('no quadratic work on request data', () => {
  const whitespaceRun = () => JSON.stringify({ image: `A${' '.repeat(100 * 1024)}!` });

  it('a 100 KB whitespace-run image answers 400 in under 50 ms, and /health is not delayed', async () => {
    const body = whitespaceRun();
    const call = () =>
      fetch(`${servicesUrl}/object-detection`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'api-key': funded.playgroundKey.key,
          origin: SITE_ORIGIN,
        },
        body,
      });
    const tiny = await medianOf5(() =>
      fetch(`${servicesUrl}/object-detection`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'api-key': funded.playgroundKey.key,
          origin: SITE_ORIGIN,
        },
        body: JSON.stringify({ image: 'A !' }),
      }),
    );
    const quietHealth = await medianOf5(() => fetch(`${apiUrl}/health`));
    const result = await medianOf5(call);
    expect(result.statuses).toEqual([400, 400, 400, 400, 400]);
    expect(result.median).toBeLessThan(boundFrom(50, tiny.median));
    expect(result.max).toBeLessThan(boundFrom(500, tiny.max));
    // Eight hostile calls at once; /health on the account API in the same process meanwhile.
    const hostile = Array.from({ length: 8 }, () => timed(call));
    const health = await timed(() => fetch(`${apiUrl}/health`));
    await Promise.all(hostile);
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(boundFrom(250, quietHealth.max));
  });

  it('an empty wallet is refused with 402 before its 100 KB body is read', async () => {
    const broken = (body: string) => () =>
      fetch(`${servicesUrl}/object-detection`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'api-key': broke.playgroundKey.key,
          origin: SITE_ORIGIN,
        },
        body,
      });
    const tiny = await medianOf5(broken(JSON.stringify({ image: 'A !' })));
    const result = await medianOf5(broken(whitespaceRun()));
    expect(result.statuses).toEqual([402, 402, 402, 402, 402]);
    expect(result.median).toBeLessThan(boundFrom(50, tiny.median));
  });

  it('a 16 KB path of slashes answers 404 in under 50 ms, echoing a bounded path', async () => {
    const url = `${servicesUrl}/${'/'.repeat(16_000)}x`;
    const tiny = await medianOf5(() => fetch(`${servicesUrl}/x`, { method: 'POST' }));
    const quietHealth = await medianOf5(() => fetch(`${apiUrl}/health`));
    const result = await medianOf5(() => fetch(url, { method: 'POST' }));
    expect(result.statuses).toEqual([404, 404, 404, 404, 404]);
    expect(result.median).toBeLessThan(boundFrom(50, tiny.median));
    const res = await fetch(url, { method: 'POST' });
    const message = (await res.json()).error_message as string;
    expect(message.length).toBeLessThan(400);
    const health = await timed(() => fetch(`${apiUrl}/health`));
    expect(health.ms).toBeLessThan(boundFrom(250, quietHealth.max));
  });

  it('unknown paths count against the rate limit', async () => {
    const limited = await createHarness({
      config: { servicesIpRateLimit: { max: 5, timeWindowMs: 60_000 } },
    });
    try {
      const codes = [];
      for (let i = 0; i < 8; i++) {
        codes.push((await limited.callServices({ method: 'POST', url: `/nope-${i}` })).statusCode);
      }
      expect(codes).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('charge only for answers', () => {
  it('a result stage that throws leaves the balance unchanged', async () => {
    // The sample answerer is the local upstream: its fault reaches the caller as the gateway's 502.
    const failing = await createHarness({
      renderer: async () => {
        throw new Error('the model crashed');
      },
    });
    try {
      const user = await registerUser(failing);
      await buyCredits(failing, user, 5);
      const res = await failing.callServices({
        method: 'POST',
        url: '/object-detection',
        headers: { 'api-key': user.playgroundKey.key },
        payload: { image: png },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().error_message).toMatch(/failed \(HTTP 500\).*Nothing was charged/);
      const balance = await failing.callApi({
        method: 'GET',
        url: '/v1/credits/balance',
        headers: user.auth,
      });
      expect(balance.json().remaining_credits).toBe(5);
      const usage = await failing.callApi({
        method: 'GET',
        url: '/v1/transaction',
        headers: user.auth,
      });
      expect(usage.json().totals.calls).toBe(0);
      const holds = (await failing.db.execute(
        sql`select status from usage_reservations`,
      )) as unknown as { rows: Array<{ status: string }> };
      expect(holds.rows.map((r) => r.status)).toEqual(['released']);
    } finally {
      await failing.close();
    }
  });

  it('an undecodable image is refused and charges nothing', async () => {
    const before = await balanceOf(funded);
    const res = await h.callServices({
      method: 'POST',
      url: '/depth-estimation',
      headers: { 'api-key': funded.playgroundKey.key },
      payload: {
        image: Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.alloc(64, 7),
        ]).toString('base64'),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(await balanceOf(funded)).toBe(before);
  });

  it('the same Idempotency-Key twice charges once and answers the same', async () => {
    const before = await balanceOf(funded);
    const call = (image = png) =>
      h.callServices({
        method: 'POST',
        url: '/object-detection',
        headers: { 'api-key': funded.playgroundKey.key, 'idempotency-key': 'retry-0001' },
        payload: { image },
      });
    const first = await call();
    const second = await call();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await balanceOf(funded)).toBe(Number((before - 0.004).toFixed(6)));
    const other = await call((await testImage('png', 40, 40)).toString('base64'));
    expect(other.statusCode).toBe(422);
    expect(other.json().error_message).toMatch(/different request/);
    // Another key of another organization may use the same Idempotency-Key.
    const stranger = await registerUser(h);
    await buyCredits(h, stranger, 5);
    const theirs = await h.callServices({
      method: 'POST',
      url: '/object-detection',
      headers: { 'api-key': stranger.playgroundKey.key, 'idempotency-key': 'retry-0001' },
      payload: { image: png },
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('concurrent retries with one Idempotency-Key run once; a failed first try is not remembered', async () => {
    const before = await balanceOf(funded);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        h.callServices({
          method: 'POST',
          url: '/image-classification',
          headers: { 'api-key': funded.playgroundKey.key, 'idempotency-key': 'burst-7' },
          payload: { image: png },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    expect(await balanceOf(funded)).toBe(Number((before - 0.002).toFixed(6)));
    // A failure (bad parameters) under a key, then the corrected call under the same key.
    const bad = await h.callServices({
      method: 'POST',
      url: '/image-classification',
      headers: { 'api-key': funded.playgroundKey.key, 'idempotency-key': 'fix-me' },
      payload: { image: 'not base64!' },
    });
    expect(bad.statusCode).toBe(400);
    const good = await h.callServices({
      method: 'POST',
      url: '/image-classification',
      headers: { 'api-key': funded.playgroundKey.key, 'idempotency-key': 'fix-me' },
      payload: { image: png },
    });
    expect(good.statusCode).toBe(200);
  });

  it('refuses a malformed Idempotency-Key with 400', async () => {
    for (const key of ['x'.repeat(256), 'has space', 'tab\there']) {
      const res = await h.callServices({
        method: 'POST',
        url: '/object-detection',
        headers: { 'api-key': funded.playgroundKey.key, 'idempotency-key': key },
        payload: { image: png },
      });
      expect(res.statusCode, key).toBe(400);
    }
  });

  it('POST /v1/credits with the same Idempotency-Key returns the first order', async () => {
    const user = await registerUser(h);
    const create = (usd: number) =>
      h.callApi({
        method: 'POST',
        url: '/v1/credits',
        headers: { ...user.auth, 'idempotency-key': 'order-1' },
        payload: { price_in_usd: usd },
      });
    const first = await create(25);
    const again = await create(25);
    expect(again.json().order_id).toBe(first.json().order_id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await create(30)).statusCode).toBe(422);
  });

  it('a full worker queue answers 503 with Retry-After and charges nothing', async () => {
    const pool = createRenderPool({
      threads: 1,
      maxQueue: 1,
      filename: path.resolve(import.meta.dirname, 'fixtures/slow-render-worker.cjs'),
    });
    const busy = await createHarness({ renderer: pool.run });
    try {
      const user = await registerUser(busy);
      await buyCredits(busy, user, 5);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          busy.callServices({
            method: 'POST',
            url: '/object-detection',
            headers: { 'api-key': user.playgroundKey.key },
            payload: { image: png },
          }),
        ),
      );
      const ok = answers.filter((a) => a.statusCode === 200);
      const refused = answers.filter((a) => a.statusCode === 503);
      expect(ok.length + refused.length).toBe(6);
      expect(refused.length).toBeGreaterThanOrEqual(3);
      for (const r of refused) {
        expect(r.headers['retry-after']).toBe('2');
        expect(r.json().error_message).toMatch(/Nothing was charged/);
      }
      const balance = await busy.callApi({
        method: 'GET',
        url: '/v1/credits/balance',
        headers: user.auth,
      });
      expect(balance.json().remaining_credits).toBe(Number((5 - ok.length * 0.004).toFixed(6)));
    } finally {
      await busy.close();
      await pool.close();
    }
  });
});

describe('limits that hold', () => {
  it('500 junk keys from one IP are limited and the database sees a bounded number of look-ups', async () => {
    const limited = await createHarness({
      config: { servicesIpRateLimit: { max: 50, timeWindowMs: 60_000 } },
    });
    try {
      const lookups = vi.spyOn(limited.deps.repos.apiKeys, 'findForCall');
      const codes: number[] = [];
      for (let i = 0; i < 500; i++) {
        const res = await limited.callServices({
          method: 'POST',
          url: '/object-detection',
          headers: { 'api-key': `va_live_junk${i}${Math.random().toString(36).slice(2)}` },
          payload: { image: png },
        });
        codes.push(res.statusCode);
      }
      expect(codes.filter((c) => c === 401)).toHaveLength(50);
      expect(codes.filter((c) => c === 429)).toHaveLength(450);
      expect(lookups.mock.calls.length).toBeLessThanOrEqual(50);
      // Oversized headers never reach the database at all.
      const huge = await limited.callServices({
        method: 'POST',
        url: '/object-detection',
        headers: { 'api-key': 'k'.repeat(4000) },
      });
      expect([401, 429]).toContain(huge.statusCode);
      expect(lookups.mock.calls.length).toBeLessThanOrEqual(50);
    } finally {
      await limited.close();
    }
  });

  it('one junk key repeated is looked up once (negative cache)', async () => {
    const lookups = vi.spyOn(h.deps.repos.apiKeys, 'findForCall');
    lookups.mockClear();
    for (let i = 0; i < 20; i++) {
      const res = await h.callServices({
        method: 'POST',
        url: '/object-detection',
        headers: { 'api-key': 'va_live_the_same_junk_key_every_time' },
      });
      expect(res.statusCode).toBe(401);
    }
    expect(lookups.mock.calls.length).toBe(1);
    lookups.mockRestore();
  });

  it('limits a known key per key id, whatever else the caller varies', async () => {
    const limited = await createHarness({
      config: { servicesRateLimit: { max: 3, timeWindowMs: 60_000 } },
    });
    try {
      const user = await registerUser(limited);
      await buyCredits(limited, user, 5);
      const codes = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.callServices({
          method: 'POST',
          url: i % 2 ? '/object-detection' : '/image-classification',
          headers: { 'api-key': user.playgroundKey.key },
          payload: { image: png },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('one input policy: every bad input is a 4xx with a message', () => {
  const cases: Array<[string, Parameters<Harness['callApi']>[0]]> = [
    [
      'a NUL in the feedback subject',
      {
        method: 'POST',
        url: '/v1/email',
        payload: { subject: 'a\u0000b', body: 'x', pageId: 'p', email: 'a@b.co' },
      },
    ],
    [
      'a NUL in the feedback body',
      {
        method: 'POST',
        url: '/v1/email',
        payload: { subject: 'a', body: 'x\u0000', pageId: 'p', email: 'a@b.co' },
      },
    ],
    ['a leap second', { method: 'GET', url: '/v1/transaction?start_date=2025-06-30T23:59:60Z' }],
    ['year 0', { method: 'GET', url: '/v1/transaction?start_date=0000-01-01T00:00:00Z' }],
    ['year 10000', { method: 'GET', url: '/v1/transaction?end_date=%2B010000-01-01T00:00:00Z' }],
    ['February 30th', { method: 'GET', url: '/v1/transaction?start_date=2025-02-30T00:00:00Z' }],
    ['skip=1e20', { method: 'GET', url: '/v1/transaction?skip=1e20' }],
    ['skip=1e20 on payments', { method: 'GET', url: '/v1/credits/payments?skip=1e20' }],
  ];
  it.each(cases)('%s', async (_, request) => {
    const res = await h.callApi({ ...request, headers: funded.auth });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error_message).toEqual(expect.any(String));
  });

  it('a NUL in an organization field or key name', async () => {
    const org = await h.callApi({
      method: 'PATCH',
      url: '/v1/organization',
      headers: funded.auth,
      payload: { name: 'Acme\u0000' },
    });
    expect(org.statusCode).toBe(400);
    expect(org.json().error_message).toMatch(/name must not contain control characters/);
    const key = await h.callApi({
      method: 'POST',
      url: '/v1/api-key',
      headers: funded.auth,
      payload: { name: 'key\u0007' },
    });
    expect(key.statusCode).toBe(400);
  });

  it('malformed multipart bodies are 400, and charge nothing', async () => {
    const before = await balanceOf(funded);
    const boundary = '----vapiBROKEN';
    for (const payload of [
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot closed`,
      `--${boundary}\r\nGarbage-Header-Without-Colon\r\n\r\nx\r\n--${boundary}--\r\n`,
      'no boundary at all',
    ]) {
      const res = await h.callServices({
        method: 'POST',
        url: '/object-detection',
        headers: {
          'api-key': funded.playgroundKey.key,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
      expect(res.statusCode, payload.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const labels = multipartBody(
      { candidate_labels: ['ok', 'bad\u0000label'] },
      {
        name: 'image',
        filename: 'a.png',
        contentType: 'image/png',
        data: await testImage(),
      },
    );
    const res = await h.callServices({
      method: 'POST',
      url: '/zero-shot-image-classification',
      headers: { 'api-key': funded.playgroundKey.key, ...labels.headers },
      payload: labels.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(await balanceOf(funded)).toBe(before);
  });
});
