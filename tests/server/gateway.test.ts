/**
 * The services host in production mode: the metering gateway in front of a stub inference
 * deployment on this machine. A valid answer is charged once; an upstream failure (500, timeout,
 * refused connection, oversized or invalid answer) is answered 502/503/504 and charged nothing;
 * the circuit opens, shows half-open on /health and recovers; an idempotent retry after a failure
 * is forwarded again and charged once; caps and balance hold under 50 concurrent calls (on
 * PostgreSQL with DATABASE_URL). The upstream never sets the gateway's own fields; the image is
 * streamed to it as received, within the stated bounds; every upstream slot in use, a connect
 * timeout and a refused connection are answered without charging.
 */
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import multipart, { type MultipartFile } from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEPLOYMENT_PATHS, MAX_IMAGE_BYTES, PUBLIC_DEPLOYMENTS } from '@contract';
import { readServerConfig } from '../../server/src/config';
import { serverTimeouts } from '../../server/src/server-timeouts';
import { buildServicesApp } from '../../server/src/services/app';
import {
  MAX_UPSTREAM_PARAMS_BYTES,
  UPSTREAM_CHUNK_BYTES,
  upstreamBody,
} from '../../server/src/services/upstream-body';
import {
  createHarness,
  multipartBody,
  productionServicesConfig,
  registerUser,
  SITE_ORIGIN,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';

type Mode =
  | 'ok'
  | 'fail'
  | 'slow'
  | 'trickle'
  | 'oversized'
  | 'invalid'
  | 'busy'
  | 'refuse-image'
  | 'forge'
  | 'hold';
let mode: Mode = 'ok';
let hits = 0;
/** What the stub received last: the gateway's forwarded call. */
let received: {
  contentType: string;
  contentLength: string | undefined;
  transferEncoding: string | undefined;
  params: unknown;
  image: Buffer;
} | null = null;
/** In 'hold' mode the stub answers once the test opens the gate; `entered` says a call arrived. */
function newGate() {
  let enter: () => void = () => undefined;
  let open: () => void = () => undefined;
  const entered = new Promise<void>((resolve) => (enter = resolve));
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { entered, enter, opened, open };
}
let gate = newGate();

/** The upstream protocol (server/src/services/upstream-body.ts): params JSON, then the image. */
async function readForwarded(request: FastifyRequest) {
  let params: unknown = null;
  let image: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') image = await (part as MultipartFile).toBuffer();
    else if (part.fieldname === 'params') params = part.value;
  }
  return { params, image };
}
let stub: FastifyInstance;
let h: Harness;
let image: string;
let user: TestUser;

// The whole-call timeout of the failure cases: long enough for one call at a time on a loaded
// 2-core machine. The 50-call concurrency test has its own gateway with 30 s.
const TIMEOUT_MS = 2_000;
const OPEN_MS = 500;

beforeAll(async () => {
  stub = Fastify();
  await stub.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } });
  stub.post('/*', async (request, reply) => {
    hits += 1;
    const { params, image: bytes } = await readForwarded(request);
    if (!bytes || bytes.length === 0) {
      return reply.code(400).send({ error_message: 'no image' });
    }
    received = {
      contentType: String(request.headers['content-type']),
      contentLength: request.headers['content-length'],
      transferEncoding: request.headers['transfer-encoding'],
      params,
      image: bytes,
    };
    switch (mode) {
      case 'hold':
        gate.enter();
        await gate.opened;
        break;
      case 'forge':
        // An upstream trying to set the gateway's own fields (and one the contract lacks).
        return {
          image: { width: 24, height: 24, original_width: 24, original_height: 24 },
          predictions: [{ label: 'cat', score: 0.9 }],
          sandbox: true,
          task: 'object-detection',
          model: 'forged-model',
          usage: { cost_usd: 0, remaining_credits: 1_000_000, transaction_id: 'txn_forged' },
          transaction_id: 'txn_forged',
        };
      case 'fail':
        return reply.code(500).send({ error_message: 'GPU fell over' });
      case 'busy':
        return reply.code(503).header('retry-after', '7').send({ error_message: 'busy' });
      case 'refuse-image':
        return reply.code(415).send({ error_message: 'HEIC is not supported\u0000' });
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 3));
        break;
      case 'trickle': {
        // Headers at once, then a byte every 200 ms, never the end: only a whole-call
        // timeout (not a timeout between bytes) ends it.
        reply.hijack();
        reply.raw.writeHead(200, { 'content-type': 'application/json' });
        const timer = setInterval(() => reply.raw.write(' '), 200);
        reply.raw.on('close', () => clearInterval(timer));
        setTimeout(() => {
          clearInterval(timer);
          reply.raw.end();
        }, TIMEOUT_MS * 3);
        return reply;
      }
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
    ['trickle', 504, /did not finish its answer within/],
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
    // Every refusal a client may retry says when.
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
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
    // Its own gateway, with a whole-call timeout far above what 50 calls sharing one event loop
    // with PGlite and the stub take on a loaded 2-core machine (2 s was not always enough, and a
    // timeout opens the circuit and fails every call): the subject here is caps and balance.
    const stubBase = `http://127.0.0.1:${(stub.server.address() as net.AddressInfo).port}`;
    const settings = productionServicesConfig(stubBase, { SERVICES_UPSTREAM_TIMEOUT_MS: '30000' });
    const many = await createHarness({ stripe: true, config: { upstreams: settings.upstreams } });
    const manyCall = (secret: string) =>
      many.callServices({
        method: 'POST',
        url: '/image-classification',
        headers: { 'api-key': secret },
        payload: { image },
      });
    try {
      const owner = await registerUser(many);
      await many.db.execute(
        sql`update organizations set balance_micros = 5000000 where owner_uid = ${owner.uid}`,
      );
      const first = await manyCall(owner.playgroundKey.key);
      expect(first.statusCode, first.body).toBe(200);
      const price = first.json().usage.cost_usd as number;
      const priceMicros = Math.round(price * 1_000_000);
      // Room for exactly 30 calls in the wallet, and a cap of 20 on one of two keys.
      await many.db.execute(
        sql`update organizations set balance_micros = ${priceMicros * 30} where owner_uid = ${owner.uid}`,
      );
      const capped = (
        await many.callApi({
          method: 'POST',
          url: '/v1/api-key',
          headers: owner.auth,
          payload: { name: 'capped' },
        })
      ).json();
      await many.callApi({
        method: 'POST',
        url: '/v1/api-key/cap',
        headers: { ...owner.auth, 'x-api-key': capped.id },
        payload: { monthly_cap_usd: Math.round(price * 20 * 100) / 100 },
      });
      const capUsd = Math.round(price * 20 * 100) / 100;
      const capCalls = Math.floor(capUsd / price + 1e-9);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          manyCall(i % 2 === 0 ? capped.key : owner.playgroundKey.key),
        ),
      );
      const ok = answers.filter((a) => a.statusCode === 200).length;
      const statuses = answers.map((a) => `${a.statusCode} ${a.body.slice(0, 80)}`).join('\n');
      expect(ok, statuses).toBe(30);
      expect(answers.every((a) => [200, 402, 429].includes(a.statusCode))).toBe(true);
      const cappedOk = answers.filter((a, i) => i % 2 === 0 && a.statusCode === 200).length;
      expect(cappedOk).toBeLessThanOrEqual(capCalls);
      const [wallet] = (
        (await many.db.execute(
          sql`select balance_micros from organizations where owner_uid = ${owner.uid}`,
        )) as unknown as { rows: Array<{ balance_micros: string }> }
      ).rows;
      expect(Number(wallet!.balance_micros)).toBe(0);
    } finally {
      await many.close();
    }
  });
});

describe("the gateway's own fields and the forwarded body", () => {
  it('never lets an upstream set sandbox, task, model, usage or a transaction id', async () => {
    mode = 'forge';
    const before = await ledger();
    const res = await call();
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      sandbox: false,
      task: 'image-classification',
      model: PUBLIC_DEPLOYMENTS['image-classification'].model,
      predictions: [{ label: 'cat', score: 0.9 }],
    });
    expect(answer).not.toHaveProperty('transaction_id');
    expect(answer.usage.cost_usd).toBeGreaterThan(0);
    expect(answer.usage.remaining_credits).toBeLessThan(1_000_000);
    expect(answer.usage.transaction_id).not.toBe('txn_forged');
    const after = await ledger();
    expect(after.calls).toBe(before.calls + 1);
    expect(after.spent - before.spent).toBe(Math.round(answer.usage.cost_usd * 1_000_000));
    const [row] = (
      (await h.db.execute(
        sql`select id from ledger_entries where id::text = ${answer.usage.transaction_id}`,
      )) as unknown as { rows: Array<{ id: string }> }
    ).rows;
    expect(row?.id).toBe(answer.usage.transaction_id);
    // An idempotent replay answers the same gateway fields.
    const key = { 'idempotency-key': `forge-${Date.now()}` };
    const first = await call(key);
    const replay = await call(key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(replay.json().usage.transaction_id).not.toBe('txn_forged');
  });

  it('streams the image as received (multipart, Content-Length, no base64) with the validated parameters', async () => {
    // Noise does not compress: a PNG of about 1 MB, many times the 64 KB slices it is sent in.
    const noise = randomBytes(600 * 600 * 3);
    const big = await sharp(noise, { raw: { width: 600, height: 600, channels: 3 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(UPSTREAM_CHUNK_BYTES * 4);
    const form = multipartBody(
      { top_k: '3' },
      { name: 'image', filename: 'noise.png', contentType: 'image/png', data: big },
    );
    received = null;
    const res = await h.callServices({
      method: 'POST',
      url: '/image-classification',
      headers: { 'api-key': user.playgroundKey.key, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(received).not.toBeNull();
    const got = received!;
    expect(createHash('sha256').update(got.image).digest('hex')).toBe(
      createHash('sha256').update(big).digest('hex'),
    );
    expect(got.params).toEqual({ top_k: 3 });
    expect(got.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(got.transferEncoding).toBeUndefined();
    const length = Number(got.contentLength);
    expect(length).toBeGreaterThan(big.length);
    expect(length).toBeLessThan(big.length + 1024);
  });

  it('the body it sends is bounded and sliced, and adds up to its Content-Length', async () => {
    const png = await testImage('png', 24, 24);
    const body = upstreamBody(png, { top_k: 2 });
    const chunks: Buffer[] = [];
    for await (const chunk of body.chunks()) chunks.push(chunk);
    expect(chunks.every((chunk) => chunk.length <= UPSTREAM_CHUNK_BYTES + 1024)).toBe(true);
    expect(Buffer.concat(chunks).length).toBe(body.length);
    const large = Buffer.alloc(UPSTREAM_CHUNK_BYTES * 3 + 5);
    png.copy(large);
    const sliced: number[] = [];
    for await (const chunk of upstreamBody(large, {}).chunks()) sliced.push(chunk.length);
    expect(sliced.slice(1, -1)).toEqual([
      UPSTREAM_CHUNK_BYTES,
      UPSTREAM_CHUNK_BYTES,
      UPSTREAM_CHUNK_BYTES,
      5,
    ]);
    // Past the stated bounds nothing is built, let alone sent.
    const tooLarge = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    png.copy(tooLarge);
    expect(() => upstreamBody(tooLarge, {})).toThrow(/larger than 10 MB/);
    expect(() => upstreamBody(png, { labels: 'x'.repeat(MAX_UPSTREAM_PARAMS_BYTES) })).toThrow(
      /parameters are too large/,
    );
  });

  it('refuses an image over the limit with 413 before anything is held or forwarded', async () => {
    const tooLarge = Buffer.alloc(MAX_IMAGE_BYTES + 64 * 1024);
    (await testImage('png', 24, 24)).copy(tooLarge);
    const form = multipartBody(
      {},
      { name: 'image', filename: 'big.png', contentType: 'image/png', data: tooLarge },
    );
    const before = { ledger: await ledger(), hits };
    const res = await h.callServices({
      method: 'POST',
      url: '/image-classification',
      headers: { 'api-key': user.playgroundKey.key, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error_message).toMatch(/larger than 10 MB/);
    expect(hits).toBe(before.hits);
    expect(await ledger()).toEqual(before.ledger);
  });
});

describe("the server's own timeouts come after the upstream's", () => {
  it('are ordered: the database and the upstream end before the socket or the request can', () => {
    for (const timeoutMs of [2_000, 30_000, 120_000]) {
      const config = productionServicesConfig('http://127.0.0.1:9', {
        SERVICES_UPSTREAM_TIMEOUT_MS: String(timeoutMs),
      });
      const timeouts = serverTimeouts(config);
      expect(timeouts.connectionTimeout).toBeGreaterThan(timeoutMs);
      expect(timeouts.connectionTimeout).toBeGreaterThan(config.databaseStatementTimeoutMs);
      expect(timeouts.requestTimeout).toBeGreaterThan(timeouts.connectionTimeout);
    }
  });

  it('a trickling upstream ends in 504 with Retry-After on a listening server, not a cut connection', async () => {
    // The server's own options, as server.ts sets them, on a real socket.
    const listening = await buildServicesApp(h.deps, serverTimeouts(h.config));
    await listening.listen({ port: 0, host: '127.0.0.1' });
    try {
      mode = 'trickle';
      const before = await ledger();
      const started = Date.now();
      const res = await fetch(
        `http://127.0.0.1:${(listening.server.address() as net.AddressInfo).port}/image-classification`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'api-key': user.playgroundKey.key,
            origin: SITE_ORIGIN,
          },
          body: JSON.stringify({ image }),
        },
      );
      expect(res.status).toBe(504);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await res.json()).error_message).toMatch(/did not finish its answer within 2 s/);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3);
      expect(await ledger()).toEqual(before);
    } finally {
      mode = 'ok';
      await listening.close();
    }
  });
});

describe('slots, connect timeout and the half-open circuit (a second gateway)', () => {
  // One upstream slot per process; a connect timeout far below the whole-call timeout; a circuit
  // that stays open long enough to be seen open on a loaded machine.
  const CONNECT_TIMEOUT_MS = 300;
  const LONG_OPEN_MS = 3_000;
  let edge: Harness;
  let owner: TestUser;
  let silent: net.Server;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    // Accepts TCP connections and never says a word: a TLS handshake with it never completes,
    // so only the connect timeout (which covers the handshake) can end the call.
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const stubBase = `http://127.0.0.1:${(stub.server.address() as net.AddressInfo).port}`;
    const silentBase = `https://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    const settings = productionServicesConfig(stubBase, {
      SERVICES_UPSTREAM_CONCURRENCY: '1',
      SERVICES_UPSTREAM_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      SERVICES_UPSTREAM_TIMEOUT_MS: '30000',
      SERVICES_UPSTREAM_FAILURES_TO_OPEN: '2',
      SERVICES_UPSTREAM_OPEN_MS: String(LONG_OPEN_MS),
      SERVICES_UPSTREAM_OBJECT_DETECTION: silentBase,
    });
    edge = await createHarness({ stripe: true, config: { upstreams: settings.upstreams } });
    owner = await registerUser(edge);
    await edge.db.execute(
      sql`update organizations set balance_micros = 5000000 where owner_uid = ${owner.uid}`,
    );
  });
  afterAll(async () => {
    gate.open();
    await edge?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => (silent ? silent.close(() => resolve()) : resolve()));
  });

  const edgeCall = (path = '/image-classification') =>
    edge.callServices({
      method: 'POST',
      url: path,
      headers: { 'api-key': owner.playgroundKey.key },
      payload: { image },
    });
  const spent = async () =>
    Number(
      (
        (await edge.db.execute(
          sql`select balance_micros from organizations where owner_uid = ${owner.uid}`,
        )) as unknown as { rows: Array<{ balance_micros: string }> }
      ).rows[0]!.balance_micros,
    );
  const releasedHolds = async () =>
    Number(
      (
        (await edge.db.execute(
          sql`select count(*)::int as n from usage_reservations where status = 'released'`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n,
    );
  const edgeHealth = async () =>
    (await edge.services.inject({ method: 'GET', url: '/health' })).json().upstreams as Array<{
      origin: string;
      deployments: string[];
      state: string;
      consecutive_failures: number;
    }>;
  const stubCircuit = async () =>
    (await edgeHealth()).find((u) => u.deployments.includes('image-classification'))!;

  it('answers 503 at once when every upstream slot is in use, and charges nothing', async () => {
    mode = 'hold';
    gate = newGate();
    const balance = await spent();
    const releasedBefore = await releasedHolds();
    const first = edgeCall();
    try {
      await gate.entered;
      const seen = hits;
      const refused = await edgeCall();
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json().error_message).toBe(
        'The gateway is busy: every upstream slot is in use. Nothing was charged.',
      );
      expect(refused.headers['retry-after']).toBe('2');
      expect(hits).toBe(seen);
      // Its hold was given back at once (the first call's is still held).
      expect(await releasedHolds()).toBe(releasedBefore + 1);
    } finally {
      gate.open();
    }
    const answered = await first;
    expect(answered.statusCode, answered.body).toBe(200);
    // One call charged: the answered one.
    const price = Math.round(answered.json().usage.cost_usd * 1_000_000);
    expect(await spent()).toBe(balance - price);
    // A refused call is not a failure of the upstream: its circuit is untouched.
    expect(await stubCircuit()).toMatchObject({ state: 'closed', consecutive_failures: 0 });
  });

  it('answers 504 when the upstream does not accept a connection within the connect timeout', async () => {
    const balance = await spent();
    const started = Date.now();
    const res = await edgeCall('/object-detection');
    const took = Date.now() - started;
    expect(res.statusCode, res.body).toBe(504);
    expect(res.json().error_message).toBe(
      `The ${PUBLIC_DEPLOYMENTS['object-detection'].name} deployment did not accept a connection within ${CONNECT_TIMEOUT_MS / 1000} s. Nothing was charged.`,
    );
    expect(res.headers['retry-after']).toBe('5');
    // Ended by the connect timeout, long before the 30 s whole-call timeout.
    expect(took).toBeLessThan(15_000);
    expect(await spent()).toBe(balance);
    const circuit = (await edgeHealth()).find((u) => u.deployments.includes('object-detection'));
    expect(circuit).toMatchObject({ state: 'closed', consecutive_failures: 1 });
  });

  it('/health shows the circuit open, then half-open once the open period is over, then closed', async () => {
    mode = 'fail';
    for (let i = 0; i < 2; i++) expect((await edgeCall()).statusCode).toBe(502);
    expect(await stubCircuit()).toMatchObject({ state: 'open', consecutive_failures: 2 });
    const refused = await edgeCall();
    expect(refused.statusCode).toBe(503);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(LONG_OPEN_MS / 1000);
    await new Promise((resolve) => setTimeout(resolve, LONG_OPEN_MS + 200));
    // Nothing has tried the upstream yet: /health says the next call will.
    const seen = hits;
    expect(await stubCircuit()).toMatchObject({ state: 'half_open' });
    expect(hits).toBe(seen);
    // The trial fails: open again, for another period.
    expect((await edgeCall()).statusCode).toBe(502);
    expect(hits).toBe(seen + 1);
    expect(await stubCircuit()).toMatchObject({ state: 'open' });
    await new Promise((resolve) => setTimeout(resolve, LONG_OPEN_MS + 200));
    expect(await stubCircuit()).toMatchObject({ state: 'half_open' });
    mode = 'ok';
    expect((await edgeCall()).statusCode).toBe(200);
    expect(await stubCircuit()).toMatchObject({ state: 'closed', consecutive_failures: 0 });
  });
});
