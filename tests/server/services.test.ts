import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYMENT_PATHS } from '@contract';
import { expectAnswersMatchOpenApi } from './contract-check';
import {
  buyCredits,
  createHarness,
  multipartBody,
  recordedAnswers,
  registerUser,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';

let h: Harness;
let user: TestUser;
let png: Buffer;
beforeAll(async () => {
  h = await createHarness();
  user = await registerUser(h);
  await buyCredits(h, user, 5);
  png = await testImage('png', 1600, 900);
});
afterAll(async () => h?.close());

const REQUIRED_PARAMS: Record<string, object> = {
  'zero-shot-image-classification': { candidate_labels: ['cat', 'dog', 'landscape'] },
  'zero-shot-object-detection': { queries: ['tree', 'house'], confidence_threshold: 0 },
};

async function maskSize(base64: string) {
  const meta = await sharp(Buffer.from(base64, 'base64')).metadata();
  return { width: meta.width, height: meta.height, channels: meta.channels, format: meta.format };
}

describe('every public deployment', () => {
  it.each(DEPLOYMENT_PATHS)('%s answers a sandbox sample in the documented shape', async (path) => {
    const res = await h.callServices({
      method: 'POST',
      url: `/${path}`,
      headers: { 'api-key': user.playgroundKey.key },
      payload: {
        image: `data:image/png;base64,${png.toString('base64')}`,
        ...REQUIRED_PARAMS[path],
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      sandbox: true,
      task: path,
      model: expect.stringMatching(/^sandbox-/),
    });
    // Processed at most 1024 px on the long side; the original size is reported too.
    expect(body.image).toEqual({
      width: 1024,
      height: 576,
      original_width: 1600,
      original_height: 900,
    });
    expect(body.usage.cost_usd).toBeGreaterThan(0);
    expect(body.usage.transaction_id).toEqual(expect.any(String));

    if (body.predictions) {
      for (const p of body.predictions) {
        expect(p.score).toBeGreaterThanOrEqual(0);
        expect(p.score).toBeLessThanOrEqual(1);
        if (p.box) {
          expect(p.box.x_min).toBeGreaterThanOrEqual(0);
          expect(p.box.x_max).toBeLessThanOrEqual(1600);
          expect(p.box.y_max).toBeLessThanOrEqual(900);
        }
      }
      const scores = body.predictions.map((p: { score: number }) => p.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
    if (path === 'zero-shot-image-classification') {
      const sum = body.predictions.reduce((s: number, p: { score: number }) => s + p.score, 0);
      expect(sum).toBeCloseTo(1, 6);
      expect(body.predictions.map((p: { label: string }) => p.label).sort()).toEqual([
        'cat',
        'dog',
        'landscape',
      ]);
    }
    if (path === 'image-classification') expect(body.predictions).toHaveLength(5);
    if (path === 'depth-estimation') {
      expect(body.depth).toMatchObject({ width: 1024, height: 576, unit: 'relative' });
      expect(await maskSize(body.depth.png_base64)).toEqual({
        width: 1024,
        height: 576,
        channels: 1,
        format: 'png',
      });
    }
    if (body.segments) {
      expect(body.segments.length).toBeGreaterThan(0);
      for (const segment of body.segments) {
        expect(await maskSize(segment.mask_png_base64)).toEqual({
          width: 1024,
          height: 576,
          channels: 1,
          format: 'png',
        });
      }
    }
  });

  it('gives the same answer for the same image (deterministic samples)', async () => {
    const call = () =>
      h.callServices({
        method: 'POST',
        url: '/object-detection',
        headers: { 'api-key': user.playgroundKey.key },
        payload: { image: png.toString('base64'), confidence_threshold: 0 },
      });
    const [a, b] = [await call(), await call()];
    expect(a.json().predictions).toEqual(b.json().predictions);
    expect(a.json().usage.transaction_id).not.toBe(b.json().usage.transaction_id);
  });

  it('accepts multipart/form-data with JPEG and WebP files and repeated label fields', async () => {
    for (const format of ['jpeg', 'webp'] as const) {
      const image = await testImage(format);
      const { payload, headers } = multipartBody(
        { candidate_labels: ['sky', 'grass'] },
        { name: 'image', filename: `photo.${format}`, contentType: `image/${format}`, data: image },
      );
      const res = await h.callServices({
        method: 'POST',
        url: '/zero-shot-image-classification',
        headers: { ...headers, 'api-key': user.playgroundKey.key },
        payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().predictions).toHaveLength(2);
    }
    const { payload, headers } = multipartBody(
      { top_k: '3' },
      { name: 'image', filename: 'p.png', contentType: 'image/png', data: await testImage() },
    );
    const res = await h.callServices({
      method: 'POST',
      url: '/image-classification',
      headers: { ...headers, 'api-key': user.playgroundKey.key },
      payload,
    });
    expect(res.json().predictions).toHaveLength(3);
  });

  it('stamps last_used_at on the key', async () => {
    const keys = (await h.callApi({ method: 'GET', url: '/v1/api-key', headers: user.auth })).json()
      .api_keys;
    expect(keys[0].last_used_at).toEqual(expect.any(String));
  });
});

describe('errors, in order: 404, 401, 402, 400/413/415', () => {
  const key = () => ({ 'api-key': user.playgroundKey.key });

  it('answers unknown and coming-soon tasks with 404 before checking the key', async () => {
    for (const url of [
      '/super-resolution',
      '/image-segmentation/amodal',
      '/object-detection/v2/extra',
      '/nope',
    ]) {
      const res = await h.callServices({ method: 'POST', url, payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json().error_message).toMatch(/coming soon|Unknown deployment/);
    }
  });

  it('answers a missing or unknown key with 401, before reading the body', async () => {
    const missing = await h.callServices({
      method: 'POST',
      url: '/object-detection',
      payload: { image: 'garbage' },
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error_message).toMatch(/Missing API key/);
    const unknown = await h.callServices({
      method: 'POST',
      url: '/object-detection',
      headers: { 'api-key': 'vapi_nope' },
      payload: {},
    });
    expect(unknown.statusCode).toBe(401);
  });

  it.each([
    ['/zero-shot-image-classification', {}, /candidate_labels is required/],
    [
      '/zero-shot-image-classification',
      { candidate_labels: [] },
      /candidate_labels must not have fewer than 1 items/,
    ],
    [
      '/zero-shot-object-detection',
      { queries: Array.from({ length: 21 }, (_, i) => `q${i}`) },
      /queries/,
    ],
    ['/object-detection', { confidence_threshold: 1.5 }, /confidence_threshold must be <= 1/],
    ['/image-classification', { top_k: 0 }, /top_k/],
    ['/depth-estimation', { colour: 'red' }, /Unknown parameter "colour"/],
  ])('%s refuses parameters %j with 400', async (url, params, message) => {
    const res = await h.callServices({
      method: 'POST',
      url,
      headers: key(),
      payload: { image: png.toString('base64'), ...params },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_message).toMatch(message);
  });

  it('refuses a missing, undecodable, unsupported or oversized image', async () => {
    const missing = await h.callServices({
      method: 'POST',
      url: '/object-detection',
      headers: key(),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error_message).toMatch(/image is missing/);

    const corrupt = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    const undecodable = await h.callServices({
      method: 'POST',
      url: '/object-detection',
      headers: key(),
      payload: { image: corrupt.toString('base64') },
    });
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.json().error_message).toMatch(/could not be decoded/);

    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=', 'base64');
    const gifJson = await h.callServices({
      method: 'POST',
      url: '/object-detection',
      headers: key(),
      payload: { image: `data:image/gif;base64,${gif.toString('base64')}` },
    });
    expect(gifJson.statusCode).toBe(415);
    const gifBare = await h.callServices({
      method: 'POST',
      url: '/object-detection',
      headers: key(),
      payload: { image: gif.toString('base64') },
    });
    expect(gifBare.statusCode).toBe(415);
    const { payload, headers } = multipartBody(
      {},
      { name: 'image', filename: 'a.gif', contentType: 'image/gif', data: gif },
    );
    const gifPart = await h.callServices({
      method: 'POST',
      url: '/object-detection',
      headers: { ...headers, ...key() },
      payload,
    });
    expect(gifPart.statusCode).toBe(415);

    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const bigPart = multipartBody(
      {},
      { name: 'image', filename: 'big.png', contentType: 'image/png', data: big },
    );
    const tooLarge = await h.callServices({
      method: 'POST',
      url: '/object-detection',
      headers: { ...bigPart.headers, ...key() },
      payload: bigPart.payload,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error_message).toMatch(/larger than 10 MB/);
    const tooLargeJson = await h.callServices({
      method: 'POST',
      url: '/object-detection',
      headers: key(),
      payload: { image: big.toString('base64') },
    });
    expect(tooLargeJson.statusCode).toBe(413);
  });

  it('answers 402 when the wallet is empty, before reading the body, and charges nothing', async () => {
    const broke = await registerUser(h);
    // Even an invalid body is not read: the balance is checked first (an empty wallet costs no work).
    const bad = await h.callServices({
      method: 'POST',
      url: '/zero-shot-object-detection',
      headers: { 'api-key': broke.playgroundKey.key },
      payload: { image: png.toString('base64') },
    });
    expect(bad.statusCode).toBe(402);
    const garbage = await h.callServices({
      method: 'POST',
      url: '/object-detection',
      headers: { 'api-key': broke.playgroundKey.key, 'content-type': 'application/json' },
      payload: '{"image": not json at all',
    });
    expect(garbage.statusCode).toBe(402);
    const res = await h.callServices({
      method: 'POST',
      url: '/object-detection',
      headers: { 'api-key': broke.playgroundKey.key },
      payload: { image: png.toString('base64') },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error_message).toMatch(/Insufficient credits/);
    const tx = (
      await h.callApi({ method: 'GET', url: '/v1/transaction', headers: broke.auth })
    ).json();
    expect(tx.total_count).toBe(0);
  });
});

describe('metering under concurrency', () => {
  it('100 concurrent calls against a wallet covering 60: exactly 60 succeed, balance 0, ledger sums match', async () => {
    const buyer = await registerUser(h);
    await buyCredits(h, buyer, 6);
    // The pricing table is the single source for metering: price a call at $0.10 so $6 covers exactly 60.
    await h.db.execute(
      sql`update deployments set price_per_call_micros = 100000 where path = 'image-classification'`,
    );
    const image = (await testImage('png', 32, 32)).toString('base64');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        h.callServices({
          method: 'POST',
          url: '/image-classification',
          headers: { 'api-key': buyer.playgroundKey.key },
          payload: { image },
        }),
      ),
    );
    await h.db.execute(
      sql`update deployments set price_per_call_micros = 2000 where path = 'image-classification'`,
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(60);
    expect(codes.filter((c) => c === 402)).toHaveLength(40);
    const balance = (
      await h.callApi({ method: 'GET', url: '/v1/credits/balance', headers: buyer.auth })
    ).json().remaining_credits;
    expect(balance).toBe(0);
    const tx = (
      await h.callApi({ method: 'GET', url: '/v1/transaction?limit=100', headers: buyer.auth })
    ).json();
    expect(tx.totals).toEqual({ spent_usd: 6, purchased_usd: 6, calls: 60 });
    expect(
      tx.transactions.every((t: { balance_after_usd: number }) => t.balance_after_usd >= 0),
    ).toBe(true);
    expect(tx.total_count).toBe(61);
    const remaining = answers
      .filter((a) => a.statusCode === 200)
      .map((a) => a.json().usage.remaining_credits)
      .sort((a, b) => a - b);
    expect(new Set(remaining).size).toBe(60);
    expect(remaining[0]).toBe(0);
  });
});

describe('contract', () => {
  it('every answer in this file matches the OpenAPI documents', async () => {
    await expectAnswersMatchOpenApi(h, recordedAnswers);
  });
});
