/**
 * Local mode takes the production path: the services host's gateway forwards a live key's call to
 * the sample upstream (the sample answerer behind a loopback HTTP server) through undici, validates
 * the answer and captures or releases the hold; a test key's call is answered in-process, free,
 * never forwarded. The sample upstream itself bounds what it reads.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYMENT_PATHS, MAX_IMAGE_BYTES } from '@contract';
import { createRenderPool, busy, type Renderer } from '../../server/src/services/render/pool';
import { render } from '../../server/src/services/render/task';
import { buildSampleUpstream } from '../../server/src/services/sample-upstream';
import { MAX_UPSTREAM_PARAMS_BYTES, upstreamBody } from '../../server/src/services/upstream-body';
import {
  buyCredits,
  createHarness,
  multipartBody,
  registerUser,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';

let png: Buffer;
beforeAll(async () => {
  png = await testImage('png', 48, 32);
});

interface Circuit {
  origin: string;
  deployments: string[];
  state: string;
  consecutive_failures: number;
  last_success_at: string | null;
  last_failure: string | null;
}
const circuitOf = async (h: Harness): Promise<Circuit> => {
  const health = (await h.services.inject({ method: 'GET', url: '/health' })).json();
  expect(health.upstreams).toHaveLength(1);
  return health.upstreams[0];
};

async function testKey(h: Harness, user: TestUser): Promise<string> {
  const made = await h.callApi({
    method: 'POST',
    url: '/v1/api-key',
    headers: user.auth,
    payload: { name: 'ci', mode: 'test' },
  });
  expect(made.statusCode, made.body).toBe(200);
  return made.json().key;
}

const classify = (h: Harness, key: string) =>
  h.callServices({
    method: 'POST',
    url: '/image-classification',
    headers: { 'api-key': key },
    payload: { image: png.toString('base64') },
  });

const usageRows = async (h: Harness, user: TestUser) =>
  Number(
    (
      (await h.db.execute(
        sql`select count(*)::int as n from ledger_entries l join organizations o on o.id = l.organization_id where o.owner_uid = ${user.uid} and l.kind = 'usage'`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows[0]!.n,
  );

describe('local mode: live keys go through the gateway to the sample upstream', () => {
  let h: Harness;
  let user: TestUser;
  beforeAll(async () => {
    h = await createHarness();
    user = await registerUser(h);
    await buyCredits(h, user, 5);
  });
  afterAll(async () => h?.close());

  it("forwards a live key's call over HTTP, validates it, charges it once and says sandbox", async () => {
    const idle = await circuitOf(h);
    expect(idle).toMatchObject({
      origin: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      deployments: [...DEPLOYMENT_PATHS],
      state: 'closed',
      last_success_at: null,
    });
    const rows = await usageRows(h, user);
    const live = await classify(h, user.playgroundKey.key);
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json()).toMatchObject({
      sandbox: true,
      task: 'image-classification',
      usage: { cost_usd: expect.any(Number) },
    });
    expect(live.json().usage.cost_usd).toBeGreaterThan(0);
    expect(await usageRows(h, user)).toBe(rows + 1);
    const after = await circuitOf(h);
    expect(after.last_success_at).not.toBeNull();

    // A test key's call is answered here, free: the upstream sees nothing of it.
    const test = await testKey(h, user);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const sample = await classify(h, test);
    expect(sample.statusCode, sample.body).toBe(200);
    expect(sample.json()).toMatchObject({ sandbox: true, usage: { cost_usd: 0 } });
    expect(await usageRows(h, user)).toBe(rows + 1);
    expect((await circuitOf(h)).last_success_at).toBe(after.last_success_at);
  });
});

describe('local mode: failures of the sample upstream are the gateway failures', () => {
  it("a fault reaches a live key as the gateway's 502 (nothing charged), a test key's in-process", async () => {
    const failing = await createHarness({
      renderer: async () => {
        throw new Error('the sample answerer broke');
      },
    });
    try {
      const user = await registerUser(failing);
      await buyCredits(failing, user, 5);
      const live = await classify(failing, user.playgroundKey.key);
      expect(live.statusCode, live.body).toBe(502);
      expect(live.json().error_message).toBe(
        'The Image classification deployment failed (HTTP 500). Retry in a moment. Nothing was charged.',
      );
      expect(live.headers['retry-after']).toBe('5');
      expect(await usageRows(failing, user)).toBe(0);
      const balance = await failing.callApi({
        method: 'GET',
        url: '/v1/credits/balance',
        headers: user.auth,
      });
      expect(balance.json().remaining_credits).toBe(5);
      expect(await circuitOf(failing)).toMatchObject({
        state: 'closed',
        consecutive_failures: 1,
        last_failure: expect.stringMatching(/HTTP 500/),
      });
      // The test key is never forwarded: the same fault is this process's own 500.
      const test = await classify(failing, await testKey(failing, user));
      expect(test.statusCode).toBe(500);
      expect((await circuitOf(failing)).consecutive_failures).toBe(1);
    } finally {
      await failing.close();
    }
  });

  it('a full worker pool answers 503 with Retry-After through the gateway, without opening its circuit', async () => {
    const pool = createRenderPool({
      threads: 1,
      maxQueue: 0,
      filename: path.resolve(import.meta.dirname, 'fixtures/slow-render-worker.cjs'),
    });
    const full = await createHarness({ renderer: pool.run });
    try {
      const user = await registerUser(full);
      await buyCredits(full, user, 5);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          full.callServices({
            method: 'POST',
            url: '/object-detection',
            headers: { 'api-key': user.playgroundKey.key },
            payload: { image: png.toString('base64') },
          }),
        ),
      );
      const ok = answers.filter((a) => a.statusCode === 200);
      const refused = answers.filter((a) => a.statusCode === 503);
      expect(ok.length + refused.length).toBe(8);
      // At least the circuit's threshold (5) in a row: busy is back-pressure, not a fault.
      expect(refused.length).toBeGreaterThanOrEqual(5);
      for (const r of refused) {
        expect(r.headers['retry-after']).toBe('2');
        expect(r.json().error_message).toMatch(/busy\. Nothing was charged\./);
      }
      expect(await usageRows(full, user)).toBe(ok.length);
      expect(await circuitOf(full)).toMatchObject({ state: 'closed', consecutive_failures: 0 });
    } finally {
      await full.close();
      await pool.close();
    }
  });
});

describe('the sample upstream reads only what it must', () => {
  let upstream: Awaited<ReturnType<typeof buildSampleUpstream>>;
  let answer: Renderer = render;
  beforeAll(async () => {
    // A logger that writes nothing (Fastify's, with logging off).
    upstream = await buildSampleUpstream((task) => answer(task), Fastify().log);
  });
  afterAll(async () => upstream?.close());

  const forward = async (body: ReturnType<typeof upstreamBody>, url = '/image-classification') => {
    const chunks: Buffer[] = [];
    for await (const chunk of body.chunks()) chunks.push(chunk);
    return upstream.inject({
      method: 'POST',
      url,
      headers: { 'content-type': body.contentType },
      payload: Buffer.concat(chunks),
    });
  };

  it("answers the gateway's body with the result only (the gateway adds its own fields)", async () => {
    const res = await forward(upstreamBody(png, { top_k: 2 }));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.image).toMatchObject({ original_width: 48, original_height: 32 });
    expect(answer.predictions).toHaveLength(2);
    for (const field of ['sandbox', 'task', 'model', 'usage']) {
      expect(answer).not.toHaveProperty(field);
    }
  });

  it('refuses bodies outside its bounds or its contract', async () => {
    const json = await upstream.inject({
      method: 'POST',
      url: '/image-classification',
      payload: { image: png.toString('base64') },
    });
    expect(json.statusCode).toBe(415);

    const noImage = multipartBody({ params: '{}' });
    const missing = await upstream.inject({
      method: 'POST',
      url: '/image-classification',
      headers: noImage.headers,
      payload: noImage.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error_message).toMatch(/"image" part is missing/);

    const invalid = await forward(upstreamBody(png, { top_k: 0 }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error_message).toMatch(/Invalid parameters/);
    const unknown = await forward(upstreamBody(png, { colour: 'red' }));
    expect(unknown.statusCode).toBe(400);

    const longParams = multipartBody(
      { params: JSON.stringify({ top_k: 1, pad: 'x'.repeat(MAX_UPSTREAM_PARAMS_BYTES) }) },
      { name: 'image', filename: 'a.png', contentType: 'image/png', data: png },
    );
    const truncated = await upstream.inject({
      method: 'POST',
      url: '/image-classification',
      headers: longParams.headers,
      payload: longParams.payload,
    });
    expect(truncated.statusCode).toBe(400);

    const huge = Buffer.alloc(MAX_IMAGE_BYTES + 1024);
    png.copy(huge);
    const tooLarge = multipartBody(
      { params: '{}' },
      { name: 'image', filename: 'a.png', contentType: 'image/png', data: huge },
    );
    const big = await upstream.inject({
      method: 'POST',
      url: '/image-classification',
      headers: tooLarge.headers,
      payload: tooLarge.payload,
    });
    expect(big.statusCode).toBe(413);
  });

  it('passes on a full pool as 503 with Retry-After', async () => {
    answer = async () => {
      throw busy();
    };
    try {
      const res = await forward(upstreamBody(png, {}));
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
    } finally {
      answer = render;
    }
  });
});
