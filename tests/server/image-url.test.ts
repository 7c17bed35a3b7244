/**
 * `image_url` beside `image` (issue 35): the services host fetches the image after the price is
 * held, so a failed or refused fetch charges nothing and a replay never fetches again; addresses
 * that are not public are refused (the fetcher's own suite, safe-fetch.test.ts, covers every form
 * in production mode; here, what local mode still refuses); EXIF orientation applies to fetched
 * images as to uploaded ones.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
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
let png: Buffer;
let rotatedJpeg: Buffer;
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
      from organizations o join api_keys k on k.organization_id = o.id
      where k.id = ${user.playgroundKey.id}`),
  );
  return { balance: Number(row!.balance), held: Number(row!.held), charges: Number(row!.charges) };
}

const call = (
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
  key = user.playgroundKey.key,
) =>
  h.callServices({
    method: 'POST',
    url: `/${PATH}`,
    headers: { 'api-key': key, ...headers },
    payload,
  });

beforeAll(async () => {
  h = await createHarness({
    // A public-looking name that resolves to a private address: refused even in local mode.
    imageUrlLookup: async (hostname) =>
      hostname === 'internal.example.test'
        ? [{ address: '10.0.0.5', family: 4 }]
        : hostname === 'localhost'
          ? [{ address: '127.0.0.1', family: 4 }]
          : [],
  });
  user = await registerUser(h);
  await buyCredits(h, user, 10);
  png = await testImage('png', 64, 48);
  // 80×40 pixels stored, EXIF orientation 6 (rotate 90°): shown as 40×80.
  rotatedJpeg = await sharp({
    create: { width: 80, height: 40, channels: 3, background: { r: 200, g: 10, b: 10 } },
  })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
  server = http.createServer((request, response) => {
    const path = new URL(request.url!, 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path.startsWith('/png')) {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(png);
    } else if (path === '/rotated.jpg') {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.end(rotatedJpeg);
    } else if (path === '/text') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end('this is not a picture');
    } else if (path === '/to-metadata') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      response.end();
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
});

describe('image_url', () => {
  it('is fetched and charged like an upload; a replay under the same key does not fetch again', async () => {
    const before = await wallet();
    const first = await call({ image_url: `${base}/png-1` }, { 'idempotency-key': 'url-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().image).toMatchObject({ width: 64, height: 48 });
    const again = await call({ image_url: `${base}/png-1` }, { 'idempotency-key': 'url-1' });
    expect(again.json()).toEqual(first.json());
    expect(hits.get('/png-1')).toBe(1);
    const after = await wallet();
    expect(after.charges - before.charges).toBe(1);
    expect(after.held).toBe(0);
  });

  it.each([
    [
      'a redirect to the metadata service',
      '/to-metadata',
      400,
      'image_url_refused',
      'forbidden_address',
    ],
    ['an answer that is not an image', '/text', 400, 'image_url_refused', 'not_an_image'],
    ['a 404', '/missing', 422, 'image_url_unreachable', 'unreachable'],
  ])('%s: %s answers %i %s, nothing charged', async (_, path, status, code, reason) => {
    const before = await wallet();
    const answer = await call({ image_url: `${base}${path}` });
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json()).toMatchObject({ code, details: { reason } });
    expect(answer.json().error_message).toContain('Nothing was charged');
    if (status === 422) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    const after = await wallet();
    expect(after).toEqual({ ...before, held: 0 });
  });

  it('a name resolving to a private address, and a private literal, are refused', async () => {
    const before = await wallet();
    for (const url of [
      'http://internal.example.test/a.png',
      'http://10.1.2.3/a.png',
      'http://[::ffff:a9fe:a9fe]/',
    ]) {
      const answer = await call({ image_url: url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'image_url_refused',
        details: { reason: 'forbidden_address' },
      });
    }
    expect(await wallet()).toEqual(before);
  });

  it('hostile bodies: both fields, a non-string, a huge URL, another scheme', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ image: png.toString('base64'), image_url: `${base}/png-2` }, 400, 'invalid_request'],
      [{ image_url: 42 }, 400, 'invalid_request'],
      [{ image_url: '' }, 400, 'invalid_request'],
      [{ image_url: `http://example.com/${'a'.repeat(5000)}` }, 400, 'invalid_request'],
      [{ image_url: 'file:///etc/passwd' }, 400, 'image_url_refused'],
      [{ image_url: 'http://exa\u0000mple.com/' }, 400, 'image_url_refused'],
    ];
    for (const [payload, status, code] of cases) {
      const answer = await call(payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(answer.json().code).toBe(code);
    }
    expect(hits.get('/png-2')).toBeUndefined();
  });

  it('EXIF orientation is applied to a fetched image, as to an uploaded one', async () => {
    const fetched = await call({ image_url: `${base}/rotated.jpg` });
    const uploaded = await call({ image: rotatedJpeg.toString('base64') });
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.json().image).toMatchObject({ width: 40, height: 80 });
    expect(uploaded.json().image).toEqual(fetched.json().image);
  });
});
