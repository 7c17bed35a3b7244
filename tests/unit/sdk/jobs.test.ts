/**
 * The TypeScript SDK's async jobs against a scripted server: `run(..., { async: true })` sends
 * `Prefer: respond-async` and returns the 202's job; `wait()` polls `GET /jobs/{id}` with growing
 * pauses until it has finished, and gives up after its timeout; `cancel()` posts the cancel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isBatchSuccess,
  Job,
  VisionAPI,
  VisionAPIError,
  type BatchResult,
} from '../../../packages/typescript/src/index';
import { startFakeServer, type FakeServer } from './fake-server';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const ID = 'job_4f1c2d9e8a7b6c5d4e3f2a1b';
const job = (status: string, extra: object = {}) => ({
  object: 'job',
  id: ID,
  status,
  deployment: 'image-classification',
  price_usd: 0.002,
  created_at: '2026-11-27T00:00:00.000Z',
  started_at: null,
  finished_at: null,
  expires_at: null,
  retention_hours: 24,
  result: null,
  error: null,
  ...extra,
});
const answer = { sandbox: true, task: 'image-classification', predictions: [{ label: 'cat' }] };

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());

const client = () =>
  new VisionAPI({ apiKey: 'va_test_unit', servicesUrl: server.url, apiUrl: server.url });

describe('async jobs', () => {
  it('run(..., { async: true }) sends Prefer: respond-async and returns the job; wait() polls with backoff', async () => {
    server.requests.length = 0;
    server.script(
      { status: 202, body: job('queued'), headers: { location: `/jobs/${ID}` } },
      { status: 200, body: job('queued') },
      { status: 200, body: job('running') },
      { status: 200, body: job('succeeded', { result: answer }) },
    );
    const created = await client().run('image-classification', PNG_1PX, undefined, {
      async: true,
    });
    expect(created).toBeInstanceOf(Job);
    expect(created.id).toBe(ID);
    expect(created.status).toBe('queued');
    expect(created.price_usd).toBe(0.002);
    expect(created.meta?.status).toBe(202);
    const first = server.requests[0]!;
    expect(first.method).toBe('POST');
    expect(first.url).toBe('/image-classification');
    expect(first.headers.prefer).toBe('respond-async');
    expect(first.headers['idempotency-key']).toBeTruthy();

    const done = await created.wait({ initialInterval: 20, maxInterval: 100 });
    expect(done.status).toBe('succeeded');
    expect(done.done).toBe(true);
    expect(done.result).toEqual(answer);
    const polls = server.requests.slice(1);
    expect(polls.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /jobs/${ID}`,
      `GET /jobs/${ID}`,
      `GET /jobs/${ID}`,
    ]);
    expect(polls.every((r) => r.headers['api-key'] === 'va_test_unit')).toBe(true);
    // The pauses grow (20, 30, 45 ms), each at least as long as asked.
    const gaps = polls.slice(1).map((r, i) => r.at - polls[i]!.at);
    expect(gaps[0]!).toBeGreaterThanOrEqual(25);
    expect(gaps[1]!).toBeGreaterThanOrEqual(40);
  });

  it('runBatch(..., { async: true }) sends images with Prefer: respond-async; wait() gives the batch answer, typed', async () => {
    const batch = {
      object: 'batch',
      results: [
        { index: 0, status: 200, result: answer },
        {
          index: 1,
          status: 422,
          error: { error_message: 'Not found.', code: 'image_url_unreachable', retry_after: 5 },
        },
      ],
      usage: { cost_usd: 0.002, remaining_credits: 4.998, charged_images: 1 },
    };
    server.requests.length = 0;
    server.script(
      { status: 202, body: job('queued', { price_usd: 0.004 }) },
      { status: 200, body: job('succeeded', { price_usd: 0.004, result: batch }) },
    );
    const created = await client().runBatch(
      'image-classification',
      [PNG_1PX, { imageUrl: 'https://example.com/missing.png' }],
      { top_k: 2 },
      { async: true },
    );
    expect(created).toBeInstanceOf(Job);
    expect(created.price_usd).toBe(0.004);
    const first = server.requests[0]!;
    expect(first.headers.prefer).toBe('respond-async');
    expect(JSON.parse(first.body.toString())).toEqual({
      images: [
        { image: PNG_1PX.toString('base64') },
        { image_url: 'https://example.com/missing.png' },
      ],
      top_k: 2,
    });
    const done = await created.wait({ initialInterval: 10, maxInterval: 10 });
    const result: BatchResult<{ task: string }> = done.result!;
    expect(result).toEqual(batch);
    const [good, bad] = result.results;
    expect(isBatchSuccess(good!) && good.result.task).toBe('image-classification');
    expect(isBatchSuccess(bad!)).toBe(false);
  });

  it('runBatch without async answers the batch; refuses 0 or 17 images before sending', async () => {
    server.requests.length = 0;
    server.script({
      status: 200,
      body: {
        object: 'batch',
        results: [],
        usage: { cost_usd: 0, remaining_credits: 1, charged_images: 0 },
      },
    });
    const answer = await client().runBatch('image-classification', [PNG_1PX]);
    expect(answer.object).toBe('batch');
    expect(server.requests[0]!.headers.prefer).toBeUndefined();
    server.requests.length = 0;
    for (const images of [[], Array.from({ length: 17 }, () => PNG_1PX)]) {
      await expect(client().runBatch('image-classification', images)).rejects.toThrow(
        /1 to 16 images/,
      );
    }
    expect(server.requests).toHaveLength(0);
  });

  it('wait() gives up after its timeout, saying what the job is doing', async () => {
    server.script({ status: 200, body: job('running') });
    const pending = await client().getJob(ID);
    const started = Date.now();
    await expect(
      pending.wait({ timeout: 300, initialInterval: 50, maxInterval: 50 }),
    ).rejects.toThrow(/still running after 300 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a failed job resolves with its error; cancel() posts the cancel', async () => {
    server.script({
      status: 200,
      body: job('failed', { error: { code: 'upstream_failed', message: 'down' } }),
    });
    const failed = await (await client().getJob(ID)).wait();
    expect(failed.status).toBe('failed');
    expect(failed.error).toEqual({ code: 'upstream_failed', message: 'down' });

    server.requests.length = 0;
    server.script({ status: 200, body: job('queued') }, { status: 200, body: job('canceled') });
    const queued = await client().getJob(ID);
    await queued.cancel();
    expect(queued.status).toBe('canceled');
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /jobs/${ID}`,
      `POST /jobs/${ID}/cancel`,
    ]);
  });

  it('refuses a job id that is not one, before sending anything', async () => {
    server.requests.length = 0;
    await expect(client().getJob('../../v1/api-key')).rejects.toBeInstanceOf(VisionAPIError);
    expect(server.requests).toHaveLength(0);
  });
});
