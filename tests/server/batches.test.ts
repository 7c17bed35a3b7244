/**
 * Batches (issue 35): `images`, up to 16 per call, answered with `results` in order. Each image is
 * held, captured or given back on its own, so a mix of good and bad images charges only the good
 * ones; the captures and the stored answer commit together, so a retry under the same
 * `Idempotency-Key` replays the whole answer, charged once, without fetching again.
 *
 * Runs on PGlite and, in CI's PostgreSQL pass, on PostgreSQL (holds and captures under one lock order).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyCredits,
  createHarness,
  registerUser,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';

const PATH = 'image-classification';
let h: Harness;
let user: TestUser;
let server: http.Server;
let base: string;
let png: string;
let organizationId: string;
let price = 0;
const hits = new Map<string, number>();

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
async function wallet() {
  const [row] = rows<{ balance: string; held: string; charges: string }>(
    await h.db.execute(sql`
      select o.balance_micros as balance,
             (select count(*) from usage_reservations r where r.organization_id = o.id and r.status = 'held') as held,
             (select count(*) from ledger_entries l where l.organization_id = o.id and l.kind = 'usage') as charges
      from organizations o where o.id = ${organizationId}`),
  );
  return { balance: Number(row!.balance), held: Number(row!.held), charges: Number(row!.charges) };
}

const call = (
  payload: unknown,
  headers: Record<string, string> = {},
  key = user.playgroundKey.key,
) =>
  h.callServices({
    method: 'POST',
    url: `/${PATH}`,
    headers: { 'api-key': key, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });

beforeAll(async () => {
  h = await createHarness();
  user = await registerUser(h);
  await buyCredits(h, user, 10);
  png = (await testImage('png', 40, 30)).toString('base64');
  const [key] = rows<{ organization_id: string }>(
    await h.db.execute(
      sql`select organization_id from api_keys where id = ${user.playgroundKey.id}`,
    ),
  );
  organizationId = key!.organization_id;
  const [deployment] = rows<{ p: string }>(
    await h.db.execute(
      sql`select price_per_call_micros as p from deployments where path = ${PATH}`,
    ),
  );
  price = Number(deployment!.p);
  server = http.createServer((request, response) => {
    const path = new URL(request.url!, 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/good.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(Buffer.from(png, 'base64'));
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
});

describe('images: a batch', () => {
  it('answers each image in order and charges only those that answered; a retry replays it whole, charged once', async () => {
    const before = await wallet();
    const body = {
      images: [
        { image: png },
        { image: Buffer.from('not a picture at all').toString('base64') },
        { image_url: `${base}/missing.png` },
        { image_url: `${base}/good.png` },
      ],
      top_k: 2,
    };
    const first = await call(body, { 'idempotency-key': 'batch-1' });
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json();
    expect(answer.object).toBe('batch');
    expect(
      answer.results.map((r: { index: number; status: number }) => [r.index, r.status]),
    ).toEqual([
      [0, 200],
      [1, 415],
      [2, 422],
      [3, 200],
    ]);
    expect(answer.results[0].result).toMatchObject({
      task: PATH,
      image: { width: 40, height: 30 },
    });
    expect(answer.results[0].result.usage.cost_usd).toBeCloseTo(price / 1e6, 6);
    expect(answer.results[1].error).toMatchObject({ code: 'unsupported_media_type' });
    expect(answer.results[2].error).toMatchObject({
      code: 'image_url_unreachable',
      details: { reason: 'unreachable', status: 404 },
    });
    expect(answer.results[2].error.retry_after).toBeGreaterThan(0);
    expect(answer.usage).toMatchObject({ charged_images: 2 });
    expect(answer.usage.cost_usd).toBeCloseTo((2 * price) / 1e6, 6);
    const transactionIds = [answer.results[0], answer.results[3]].map(
      (r: { result: { usage: { transaction_id: string } } }) => r.result.usage.transaction_id,
    );
    const charged = rows<{ id: string }>(
      await h.db.execute(
        sql`select id from ledger_entries where organization_id = ${organizationId} and kind = 'usage' order by created_at desc limit 2`,
      ),
    ).map((r) => r.id);
    expect(charged.sort()).toEqual([...transactionIds].sort());

    const again = await call(body, { 'idempotency-key': 'batch-1' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(answer);
    expect(hits.get('/good.png')).toBe(1);
    expect(hits.get('/missing.png')).toBe(1);
    const after = await wallet();
    expect(after.charges - before.charges).toBe(2);
    expect(before.balance - after.balance).toBe(2 * price);
    expect(after.held).toBe(0);

    // The same key for another batch is refused, nothing charged.
    const other = await call({ images: [{ image: png }] }, { 'idempotency-key': 'batch-1' });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');
  });

  it('a wallet that covers two of three images: the third answers 402, only two are charged', async () => {
    await h.db.execute(
      sql`update organizations set balance_micros = ${2 * price} where id = ${organizationId}`,
    );
    const before = await wallet();
    const answer = await call({ images: [{ image: png }, { image: png }, { image: png }] });
    expect(answer.statusCode, answer.body).toBe(200);
    const statuses = answer
      .json()
      .results.map((r: { status: number }) => r.status)
      .sort();
    expect(statuses).toEqual([200, 200, 402]);
    const after = await wallet();
    expect(after.charges - before.charges).toBe(2);
    expect(after.balance).toBe(0);
    expect(after.held).toBe(0);
    await buyCredits(h, user, 10);
  });

  it('a test key: every image free, sample answers', async () => {
    const made = await h.callApi({
      method: 'POST',
      url: '/v1/api-key',
      headers: user.auth,
      payload: { name: 'batch-test', mode: 'test' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const before = await wallet();
    const answer = await call({ images: [{ image: png }, { image: png }] }, {}, made.json().key);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().results.every((r: { status: number }) => r.status === 200)).toBe(true);
    expect(answer.json().results[0].result).toMatchObject({
      sandbox: true,
      usage: { cost_usd: 0 },
    });
    expect(answer.json().usage).toMatchObject({ cost_usd: 0, charged_images: 0 });
    expect(await wallet()).toEqual(before);
  });

  it('hostile bodies: too many, empty, not a list, extra fields, mixed with image, nested junk', async () => {
    const before = await wallet();
    const cases: unknown[] = [
      { images: Array.from({ length: 17 }, () => ({ image: png })) },
      { images: [] },
      { images: 'x' },
      { images: [null] },
      { images: [[]] },
      { images: [{ image: png, top_k: 3 }] },
      { images: [{ image: png, image_url: `${base}/good.png` }] },
      { images: [{}] },
      { images: [{ image: png }], image: png },
      { images: [{ image_url: `http://example.com/${'a'.repeat(3000)}` }] },
      { images: [{ image: 42 }] },
    ];
    for (const payload of cases) {
      const answer = await call(payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
      expect(answer.json().code).toBe('invalid_request');
    }
    expect(await wallet()).toEqual(before);
  });
});
