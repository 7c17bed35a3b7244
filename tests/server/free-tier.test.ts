/**
 * The free tier does not cost us (issue 31), on the services host:
 * - test and demo keys decode at most 12 MP (a 12 KB PNG declaring 100 MP is refused from its
 *   header, 413 `pixel_limit_exceeded`, naming the limit), live keys keep 100 MP;
 * - their calls run in a small pool of their own: a flood of them is refused 503 past it, and a
 *   live key's call made meanwhile is not starved;
 * - their answers are kept for an `Idempotency-Key` replay only up to 16 KB, larger ones as size
 *   and digest (a replay answers 410 `answer_not_kept`), and the bytes stored per organization are
 *   counted;
 * - in production `/health` shows circuit states only; the origins are on an internal address;
 * - the gateway authenticates itself to its upstreams (`X-VisionAPI-Gateway-Secret`), and the
 *   sample upstream of the local stack refuses calls without it.
 */
import type net from 'node:net';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_SECRET_HEADER } from '../../server/src/config';
import { buildSampleUpstream } from '../../server/src/services/sample-upstream';
import {
  answerToStore,
  NOT_KEPT_STATUS,
  notKeptAnswer,
} from '../../server/src/services/stored-answer';
import {
  createHarness,
  multipartBody,
  productionServicesConfig,
  registerUser,
  TEST_UPSTREAM_SECRET,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';

/** A noisy 1024 × 768 JPEG: its panoptic answer has many masks (about 300 KB of JSON). */
async function noisyPhoto(): Promise<Buffer> {
  const width = 1024;
  const height = 768;
  const raw = Buffer.alloc(width * height * 3);
  let state = 1;
  for (let i = 0; i < raw.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = state >> 23;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/**
 * A valid PNG of `width` × `height` black pixels, 1 bit each: a few KB on the wire whatever the
 * size it declares (10 000 × 10 000 is 12 KB).
 */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8))); // filter 0, all zero
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function createKey(h: Harness, user: TestUser, mode: 'test' | 'live', name: string = mode) {
  const made = await h.callApi({
    method: 'POST',
    url: '/v1/api-key',
    headers: user.auth,
    payload: { name, mode },
  });
  expect(made.statusCode, made.body).toBe(200);
  return made.json().key as string;
}

async function organizationId(h: Harness, user: TestUser): Promise<string> {
  const result = (await h.db.execute(
    sql`select id from organizations where owner_uid = ${user.uid}`,
  )) as unknown as { rows: Array<{ id: string }> };
  return result.rows[0]!.id;
}

const call = (
  h: Harness,
  key: string,
  path: string,
  image: Buffer,
  headers: Record<string, string> = {},
) =>
  h.callServices({
    method: 'POST',
    url: `/${path}`,
    headers: { 'api-key': key, ...headers },
    payload: { image: image.toString('base64') },
  });

// ---------------------------------------------------------------------------------------------
// Local mode: the sample answerer behind the sample upstream for live keys, in this process for
// test keys.

let h: Harness;
let user: TestUser;
let testKey: string;
let liveKey: string;
let demoKey: string;
beforeAll(async () => {
  h = await createHarness();
  user = await registerUser(h);
  await h.db.execute(
    sql`update organizations set balance_micros = 50000000 where owner_uid = ${user.uid}`,
  );
  testKey = await createKey(h, user, 'test');
  liveKey = await createKey(h, user, 'live');
  demoKey = (await h.callApi({ method: 'GET', url: '/v1/demo-key' })).json().key;
}, 180_000);
afterAll(async () => {
  await h?.close();
});

describe('test and demo keys decode at most 12 MP', () => {
  it('a 12 KB PNG declaring 100 MP is refused from its header, 413 naming the limit, free', async () => {
    // The free pool's worker started (its first call loads the sample answerer).
    expect((await call(h, testKey, 'image-classification', await testImage())).statusCode).toBe(
      200,
    );
    const bomb = pngDeclaring(10_000, 10_000);
    expect(bomb.length).toBeLessThan(16 * 1024);
    for (const key of [testKey, demoKey]) {
      const started = performance.now();
      const refused = await call(h, key, 'image-classification', bomb);
      const ms = performance.now() - started;
      expect(refused.statusCode, refused.body).toBe(413);
      expect(refused.json()).toMatchObject({
        code: 'pixel_limit_exceeded',
        error_message: expect.stringContaining('at most 12 MP'),
        details: { max_pixels: 12_000_000, width: 10_000, height: 10_000 },
      });
      expect(refused.headers['x-should-retry']).toBe('false');
      // Refused from the header: no 100-megapixel decode (which takes seconds and 300 MB).
      expect(ms).toBeLessThan(2_000);
    }
  });

  it('refuses one pixel past 12 MP for a test key, decodes exactly 12 MP; a live key keeps its 100 MP', async () => {
    const over = pngDeclaring(4_000, 3_001);
    const refused = await call(h, testKey, 'image-classification', over);
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().code).toBe('pixel_limit_exceeded');

    const at = await call(h, testKey, 'image-classification', pngDeclaring(4_000, 3_000));
    expect(at.statusCode, at.body).toBe(200);
    expect(at.json().image).toMatchObject({ original_width: 4_000, original_height: 3_000 });

    const live = await call(h, liveKey, 'image-classification', over);
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().image).toMatchObject({ original_width: 4_000, original_height: 3_001 });
  });
});

describe('free calls have a worker pool of their own', () => {
  it('a flood of test-key calls is bounded (1 thread + 4 queued), and a live call meanwhile is not starved', async () => {
    const floodKey = await createKey(h, user, 'test', 'flood');
    // ~10 MP each: a full decode per call (PNG has no shrink-on-load).
    const heavy = pngDeclaring(3_600, 2_800);
    const small = await testImage('png', 96, 64);
    // Alone first: the live call's usual time.
    const aloneStart = performance.now();
    expect((await call(h, liveKey, 'image-classification', small)).statusCode).toBe(200);
    const aloneMs = performance.now() - aloneStart;

    const t0 = performance.now();
    const finished: Array<{ status: number; at: number }> = [];
    const flood = Array.from({ length: 16 }, () =>
      call(h, floodKey, 'image-segmentation/panoptic', heavy).then((response) => {
        finished.push({ status: response.statusCode, at: performance.now() - t0 });
        return response;
      }),
    );
    // The live call starts once the flood has filled the free pool.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const liveStart = performance.now();
    const live = await call(h, liveKey, 'image-classification', small);
    const liveDone = performance.now() - t0;
    const liveMs = performance.now() - liveStart;
    const answers = await Promise.all(flood);
    expect(live.statusCode, live.body).toBe(200);

    const served = finished.filter((f) => f.status === 200).map((f) => f.at);
    const busy = answers.filter((a) => a.statusCode === 503);
    // At most 1 running + 4 waiting at any moment (calls reach the pool one by one, after their
    // database round trips, so a slow machine may serve one or two more): the rest are refused
    // at once, free, retryable. In the shared pool of before, every one was served.
    expect(served.length).toBeGreaterThanOrEqual(1);
    expect(served.length).toBeLessThanOrEqual(8);
    expect(busy.length).toBe(answers.length - served.length);
    expect(busy[0]!.json()).toMatchObject({ code: 'service_unavailable' });
    expect(busy[0]!.headers['retry-after']).toBeDefined();
    // The live call did not wait behind the free ones: done before the last served one.
    expect(liveDone).toBeLessThan(Math.max(...served));
    console.info(
      `[free-tier] live call alone ${aloneMs.toFixed(0)} ms, during a 16-call test-key flood ${liveMs.toFixed(0)} ms; ` +
        `flood: ${served.length} served (last at ${Math.max(...served).toFixed(0)} ms), ${busy.length} refused 503`,
    );
  }, 180_000);
});

describe('answers of free calls are kept only up to 16 KB', () => {
  const record = async (key: string) => {
    const result = (await h.db.execute(
      sql`select status_code, octet_length(response::text)::int as bytes, response
          from idempotency_records where key = ${key}`,
    )) as unknown as {
      rows: Array<{ status_code: number; bytes: number; response: unknown }>;
    };
    return result.rows[0]!;
  };

  it('a large test-key answer is stored as size and digest; its replay answers 410 answer_not_kept', async () => {
    const image = await noisyPhoto();
    const idempotency = `panoptic-${Date.now()}`;
    const first = await call(h, testKey, 'image-segmentation/panoptic', image, {
      'idempotency-key': idempotency,
    });
    expect(first.statusCode, first.body).toBe(200);
    const answerBytes = Buffer.byteLength(JSON.stringify(first.json()));
    expect(answerBytes).toBeGreaterThan(16 * 1024);

    const stored = await record(idempotency);
    expect(stored.status_code).toBe(NOT_KEPT_STATUS);
    expect(stored.bytes).toBeLessThan(200);
    expect(stored.response).toMatchObject({
      answer_not_kept: { kept_up_to_bytes: 16 * 1024, answer_sha256: expect.any(String) },
    });

    const retry = await call(h, testKey, 'image-segmentation/panoptic', image, {
      'idempotency-key': idempotency,
    });
    expect(retry.statusCode, retry.body).toBe(410);
    expect(retry.json()).toMatchObject({
      code: 'answer_not_kept',
      error_message: expect.stringContaining('new Idempotency-Key'),
      request_id: expect.any(String),
      details: { kept_up_to_bytes: 16 * 1024, answer_bytes: expect.any(Number) },
    });
    expect(retry.headers['x-should-retry']).toBe('false');
    // Another request under the key is still caught.
    const other = await call(h, testKey, 'image-segmentation/panoptic', await testImage('png'), {
      'idempotency-key': idempotency,
    });
    expect(other.statusCode).toBe(422);
    console.info(
      `[free-tier] test-key panoptic answer ${answerBytes} B; stored for its Idempotency-Key before: the whole answer, after: ${stored.bytes} B`,
    );
  });

  it('a small test-key answer is kept and replayed; a live answer is kept whole whatever its size', async () => {
    const image = await noisyPhoto();
    const small = `classify-${Date.now()}`;
    const first = await call(h, testKey, 'image-classification', image, {
      'idempotency-key': small,
    });
    expect(first.statusCode).toBe(200);
    const again = await call(h, testKey, 'image-classification', image, {
      'idempotency-key': small,
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await record(small)).status_code).toBe(200);

    const paid = `live-panoptic-${Date.now()}`;
    const live = await call(h, liveKey, 'image-segmentation/panoptic', image, {
      'idempotency-key': paid,
    });
    expect(live.statusCode, live.body).toBe(200);
    expect((await record(paid)).bytes).toBeGreaterThan(16 * 1024);
    const replayed = await call(h, liveKey, 'image-segmentation/panoptic', image, {
      'idempotency-key': paid,
    });
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(live.json());
  });

  it('counts the records and bytes stored per organization', async () => {
    const org = await organizationId(h, user);
    const expected = (await h.db.execute(
      sql`select count(*)::int as records, coalesce(sum(octet_length(r.response::text)), 0)::int as bytes
          from idempotency_records r join api_keys k on r.scope = 'services:' || k.id::text
          where k.organization_id = ${org}::uuid`,
    )) as unknown as { rows: Array<{ records: number; bytes: number }> };
    const counted = await h.deps.repos.idempotency.storedAnswers(org);
    expect(counted.records).toBeGreaterThanOrEqual(3);
    expect(counted).toEqual({
      records: expected.rows[0]!.records,
      bytes: expected.rows[0]!.bytes,
    });
    // Another organization's count is its own.
    const stranger = await registerUser(h);
    expect(await h.deps.repos.idempotency.storedAnswers(await organizationId(h, stranger))).toEqual(
      { records: 0, bytes: 0 },
    );
  });

  it('answerToStore: live answers untouched, free ones up to the limit, past it size and digest', () => {
    const answer = { masks: 'x'.repeat(20_000) };
    expect(answerToStore(answer, null)).toMatchObject({ statusCode: 200, response: answer });
    expect(answerToStore({ a: 1 }, 16)).toMatchObject({
      statusCode: 200,
      kept: true,
      answerBytes: 7,
    });
    const big = answerToStore(answer, 16 * 1024);
    expect(big).toMatchObject({ statusCode: NOT_KEPT_STATUS, kept: false, answerBytes: 20_012 });
    expect(big.storedBytes!).toBeLessThan(200);
    expect(notKeptAnswer(big)?.code).toBe('answer_not_kept');
    // An ordinary stored answer is never mistaken for one that was not kept.
    expect(notKeptAnswer({ statusCode: 200, response: answer })).toBeNull();
    expect(notKeptAnswer({ statusCode: 410, response: { error_message: 'x' } })).toBeNull();
  });
});

describe('the local stack: the sample upstream answers the gateway only', () => {
  it('a live call goes through; a call straight to the sample upstream without the secret is 401', async () => {
    const ok = await call(h, liveKey, 'image-classification', await testImage('png'));
    expect(ok.statusCode, ok.body).toBe(200);
    // Local mode keeps the details on /health: the sample upstream's loopback origin.
    const origin = (await h.services.inject({ method: 'GET', url: '/health' })).json().upstreams[0]
      .origin as string;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const direct = await fetch(`${origin}/image-classification`, {
      method: 'POST',
      headers: { [GATEWAY_SECRET_HEADER]: 'guessed' },
    });
    expect(direct.status).toBe(401);
    const none = await fetch(`${origin}/image-classification`, { method: 'POST' });
    expect(none.status).toBe(401);
  });

  it('buildSampleUpstream with a secret: 401 before the body is read, unless the header matches', async () => {
    let answered = 0;
    const upstream = await buildSampleUpstream(
      async () => {
        answered += 1;
        return {
          ok: true,
          image: { width: 1, height: 1, original_width: 1, original_height: 1 },
          result: { predictions: [] },
        };
      },
      Fastify().log,
      { secret: 's3cret-of-the-local-stack' },
    );
    const body = multipartBody(
      { params: '{}' },
      {
        name: 'image',
        filename: 'a.png',
        contentType: 'image/png',
        data: await testImage('png'),
      },
    );
    const send = (headers: Record<string, string>) =>
      upstream.inject({
        method: 'POST',
        url: '/image-classification',
        headers: { ...body.headers, ...headers },
        payload: body.payload,
      });
    expect((await send({})).statusCode).toBe(401);
    expect((await send({ [GATEWAY_SECRET_HEADER]: 's3cret-of-the-local-stac' })).statusCode).toBe(
      401,
    );
    expect(answered).toBe(0);
    const accepted = await send({ [GATEWAY_SECRET_HEADER]: 's3cret-of-the-local-stack' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(answered).toBe(1);
    await upstream.close();
  });
});

// ---------------------------------------------------------------------------------------------
// Production mode: the gateway in front of a stub inference deployment that requires the secret.

describe('production mode', () => {
  let stub: FastifyInstance;
  let p: Harness;
  let secretsSeen: Array<string | undefined> = [];
  let stubBase: string;
  beforeAll(async () => {
    stub = Fastify();
    stub.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null));
    });
    stub.addHook('onRequest', async (request, reply) => {
      const presented = request.headers[GATEWAY_SECRET_HEADER] as string | undefined;
      secretsSeen.push(presented);
      if (presented !== TEST_UPSTREAM_SECRET) {
        return reply.code(401).send({ error_message: 'not the gateway' });
      }
    });
    stub.post('/*', async () => ({
      image: { width: 24, height: 24, original_width: 24, original_height: 24 },
      predictions: [{ label: 'cat', score: 0.9 }],
    }));
    await stub.listen({ port: 0, host: '127.0.0.1' });
    stubBase = `http://127.0.0.1:${(stub.server.address() as net.AddressInfo).port}`;
    const production = productionServicesConfig(stubBase, { SERVICES_HEALTH_DETAILS_PORT: '0' });
    expect(production.local).toBe(false);
    expect(production.healthDetails).toEqual({ port: 0, host: '127.0.0.1' });
    p = await createHarness({
      stripe: true,
      config: {
        local: false,
        upstreams: production.upstreams,
        healthDetails: production.healthDetails,
      },
    });
  }, 180_000);
  afterAll(async () => {
    await p?.close();
    await stub?.close();
  });

  it('the gateway sends its shared secret on every upstream call', async () => {
    const owner = await registerUser(p);
    await p.db.execute(
      sql`update organizations set balance_micros = 5000000 where owner_uid = ${owner.uid}`,
    );
    const key = await createKey(p, owner, 'live');
    secretsSeen = [];
    for (let i = 0; i < 3; i++) {
      const answer = await call(p, key, 'image-classification', await testImage('png', 24, 24));
      expect(answer.statusCode, answer.body).toBe(200);
    }
    expect(secretsSeen).toEqual([TEST_UPSTREAM_SECRET, TEST_UPSTREAM_SECRET, TEST_UPSTREAM_SECRET]);
    // Without the gateway, the stub refuses.
    expect((await fetch(`${stubBase}/image-classification`, { method: 'POST' })).status).toBe(401);
  });

  it('/health shows each deployment group and its state, no internal origin; details on the internal address', async () => {
    const health = await p.services.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    const body = health.json();
    expect(body.status).toBe('ok');
    for (const upstream of body.upstreams) {
      expect(Object.keys(upstream).sort()).toEqual(['deployments', 'state']);
    }
    expect(health.body).not.toContain('127.0.0.1');
    expect(health.body).not.toContain(stubBase);

    const detailsUrl = p.services.healthDetailsUrl();
    expect(detailsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const details = await fetch(`${detailsUrl}/health/details`);
    expect(details.status).toBe(200);
    expect(await details.json()).toMatchObject({
      status: 'ok',
      upstreams: [{ origin: stubBase, state: 'closed', consecutive_failures: 0 }],
    });
    expect((await fetch(`${detailsUrl}/anything-else`)).status).toBe(404);
  });
});
