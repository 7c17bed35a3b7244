/**
 * Test keys: free sample answers in every mode. A test key's call is answered by the sample
 * answerer, costs nothing (ledger and balance unchanged), is marked `sandbox: true`, is counted
 * apart on the usage answer and rate-limited more tightly; a live key is never sample-answered in
 * production (it goes to its upstream, here a stub).
 */
import type net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyCredits,
  createHarness,
  productionServicesConfig,
  registerUser,
  testImage,
  type Harness,
} from './helpers';

let image: string;
let stub: FastifyInstance;
let upstreamCalls = 0;
beforeAll(async () => {
  image = (await testImage('png', 24, 24)).toString('base64');
  stub = Fastify();
  // The gateway forwards multipart (params, image); this stub answers without reading it.
  stub.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null));
  });
  stub.post('/*', async () => {
    upstreamCalls += 1;
    return {
      image: { width: 24, height: 24, original_width: 24, original_height: 24 },
      predictions: [{ label: 'real model answer', score: 0.99 }],
    };
  });
  await stub.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => stub?.close());

const RANGE = () =>
  `start_date=${new Date(Date.now() - 86_400_000).toISOString()}&end_date=${new Date(Date.now() + 60_000).toISOString()}`;

async function scenario(
  h: Harness,
  fund: (user: Awaited<ReturnType<typeof registerUser>>) => Promise<void>,
) {
  const user = await registerUser(h);
  await fund(user);
  const made = await h.callApi({
    method: 'POST',
    url: '/v1/api-key',
    headers: user.auth,
    payload: { name: 'ci', mode: 'test' },
  });
  expect(made.statusCode, made.body).toBe(200);
  expect(made.json()).toMatchObject({ mode: 'test', prefix: 'va_test_' });
  expect(made.json().key).toMatch(/^va_test_[A-Za-z0-9_-]{32}$/);
  const live = (
    await h.callApi({
      method: 'POST',
      url: '/v1/api-key',
      headers: user.auth,
      payload: { name: 'prod' },
    })
  ).json();
  expect(live).toMatchObject({ mode: 'live', prefix: 'va_live_' });
  const balance = async () =>
    (await h.callApi({ method: 'GET', url: '/v1/credits/balance', headers: user.auth })).json()
      .remaining_credits as number;
  const ledgerRows = async () =>
    Number(
      (
        (await h.db.execute(
          sql`select count(*)::int as n from ledger_entries l join organizations o on o.id = l.organization_id where o.owner_uid = ${user.uid}`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n,
    );
  return { user, test: made.json(), live, balance, ledgerRows };
}

const classify = (h: Harness, key: string) =>
  h.callServices({
    method: 'POST',
    url: '/image-classification',
    headers: { 'api-key': key },
    payload: { image },
  });

describe('test keys in local mode', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => h?.close());

  it('answer with samples for free, even with an empty wallet, and are counted apart', async () => {
    const { user, test, balance, ledgerRows } = await scenario(h, async () => undefined);
    const before = { balance: await balance(), rows: await ledgerRows() };
    expect(before.balance).toBe(0);
    for (let i = 0; i < 3; i++) {
      const res = await classify(h, test.key);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        sandbox: true,
        usage: { cost_usd: 0, remaining_credits: 0 },
      });
    }
    expect(await balance()).toBe(before.balance);
    expect(await ledgerRows()).toBe(before.rows);
    const usage = (
      await h.callApi({ method: 'GET', url: `/v1/usage/daily?${RANGE()}`, headers: user.auth })
    ).json();
    expect(usage.totals.calls).toBe(0);
    expect(usage.test_calls).toEqual({
      calls: 3,
      by_key: [{ api_key_id: test.id, name: 'ci', calls: 3 }],
    });
  });

  it('are limited more tightly than live keys', async () => {
    const limited = await createHarness({
      config: { servicesTestRateLimit: { max: 2, timeWindowMs: 60_000 } },
    });
    try {
      const { test } = await scenario(limited, async () => undefined);
      expect((await classify(limited, test.key)).statusCode).toBe(200);
      expect((await classify(limited, test.key)).statusCode).toBe(200);
      const third = await classify(limited, test.key);
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('test and live keys in production mode', () => {
  it('a test key is sample-answered and free; a live key always goes to its upstream and is charged', async () => {
    const base = `http://127.0.0.1:${(stub.server.address() as net.AddressInfo).port}`;
    const production = productionServicesConfig(base);
    const h = await createHarness({ stripe: true, config: { upstreams: production.upstreams } });
    try {
      const { test, live, balance, ledgerRows } = await scenario(h, async (user) => {
        await h.db.execute(
          sql`update organizations set balance_micros = 1000000 where owner_uid = ${user.uid}`,
        );
      });
      const before = {
        balance: await balance(),
        rows: await ledgerRows(),
        upstream: upstreamCalls,
      };
      const sample = await classify(h, test.key);
      expect(sample.statusCode, sample.body).toBe(200);
      expect(sample.json()).toMatchObject({ sandbox: true, usage: { cost_usd: 0 } });
      expect(JSON.stringify(sample.json())).not.toContain('real model answer');
      expect(upstreamCalls).toBe(before.upstream);
      expect(await balance()).toBe(before.balance);
      expect(await ledgerRows()).toBe(before.rows);

      const real = await classify(h, live.key);
      expect(real.statusCode, real.body).toBe(200);
      expect(real.json()).toMatchObject({
        sandbox: false,
        predictions: [{ label: 'real model answer', score: 0.99 }],
      });
      expect(upstreamCalls).toBe(before.upstream + 1);
      expect(await ledgerRows()).toBe(before.rows + 1);
      expect(await balance()).toBeLessThan(before.balance);
    } finally {
      await h.close();
    }
  });
});

describe('key modes', () => {
  it('refuses an unknown mode', async () => {
    const h = await createHarness();
    try {
      const user = await registerUser(h);
      await buyCredits(h, user, 5);
      for (const mode of ['prod', '', 'TEST', 1]) {
        const res = await h.callApi({
          method: 'POST',
          url: '/v1/api-key',
          headers: user.auth,
          payload: { name: 'x', mode },
        });
        expect(res.statusCode, String(mode)).toBe(400);
      }
    } finally {
      await h.close();
    }
  });
});

describe("the docs' shared demo test key", () => {
  it('is public, the same for everyone, free, site-only and limited per client', async () => {
    const h = await createHarness();
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => h.callApi({ method: 'GET', url: '/v1/demo-key' })),
      );
      const keys = new Set(answers.map((a) => a.json().key as string));
      expect(keys.size).toBe(1);
      const [key] = [...keys];
      expect(key).toMatch(/^va_test_/);
      expect(answers[0]!.json()).toMatchObject({ mode: 'test', calls_per_minute: 10 });
      const orgs = (await h.db.execute(
        sql`select count(*)::int as n from organizations where owner_uid = 'system:docs-demo'`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(orgs.rows[0]!.n).toBe(1);

      const fromSite = await classify(h, key!);
      expect(fromSite.statusCode, fromSite.body).toBe(200);
      expect(fromSite.json()).toMatchObject({ sandbox: true, usage: { cost_usd: 0 } });
      const elsewhere = await h.callServices({
        method: 'POST',
        url: '/image-classification',
        headers: { 'api-key': key!, origin: 'https://scraper.example.net' },
        payload: { image },
      });
      expect(elsewhere.statusCode).toBe(403);
      // Ten calls a minute per client: the first call above counted.
      const more = [];
      for (let i = 0; i < 10; i++) more.push((await classify(h, key!)).statusCode);
      expect(more.slice(0, 9).every((s) => s === 200)).toBe(true);
      expect(more[9]).toBe(429);
    } finally {
      await h.close();
    }
  });
});
