/**
 * Batches as async jobs (issue 35, migration 0024): a batch (`images`) sent with
 * `Prefer: respond-async` answers 202 with one job whose price is the sum of its images' prices,
 * each held at acceptance. Its result, once `succeeded`, is the batch answer (`results` in order,
 * each with its answer and `usage`, or its error). When it finishes, the images that answered are
 * charged and the others released, in the transaction that stores the result and writes
 * `job.succeeded`; a canceled or failed job gives every hold back; a restart of every process
 * mid-run completes it once, charged once.
 *
 * Runs on PGlite and, in CI's PostgreSQL pass (DATABASE_URL set), on PostgreSQL: the restart
 * reopens the same database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerConfig, type ServerConfig } from '../../server/src/config';
import type { Database, DatabaseOptions } from '../../server/src/db/client';
import { rowsOf as rows } from '../../server/src/db/rows';
import { expectAnswersMatchOpenApi } from './contract-check';
import { metricSample } from './metric-sample';
import {
  buyCredits,
  createHarness,
  bootProcess,
  freshDatabase,
  PROJECT_ID,
  recordedAnswers,
  registerUser,
  SITE_ORIGIN,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';
import {
  controllableRenderer,
  eventsOf,
  getJob,
  JOBS_CONFIG,
  organizationOf,
  PATH,
  priceOf,
  sleep,
  waitFor,
  walletOf,
  type Call,
} from './job-helpers';

async function jobCount(db: Database, organizationId: string): Promise<number> {
  const [row] = rows<{ n: string }>(
    await db.execute(sql`select count(*) as n from jobs where organization_id = ${organizationId}`),
  );
  return Number(row!.n);
}

const post = (
  call: Call,
  key: string,
  payload: unknown,
  headers: Record<string, string> = { prefer: 'respond-async' },
) =>
  call({
    method: 'POST',
    url: `/${PATH}`,
    headers: {
      'api-key': key,
      'content-type': 'application/json',
      origin: SITE_ORIGIN,
      ...headers,
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

type ItemResult = {
  index: number;
  status: number;
  result?: { usage: { cost_usd: number; transaction_id: string; remaining_credits: number } };
  error?: { code: string; error_message: string };
};

describe('batches as async jobs', () => {
  let h: Harness;
  let user: TestUser;
  let organizationId: string;
  let price: number;
  let png: string;
  let server: http.Server;
  let base: string;
  const hits = new Map<string, number>();
  const control = controllableRenderer();

  beforeAll(async () => {
    h = await createHarness({
      renderer: control.renderer,
      config: { holdLeaseMs: 1_500, jobs: JOBS_CONFIG },
    });
    user = await registerUser(h);
    await buyCredits(h, user, 10);
    organizationId = await organizationOf(h.db, user.playgroundKey.id);
    price = await priceOf(h.db);
    png = (await testImage('png', 40, 30)).toString('base64');
    server = http.createServer((request, response) => {
      const where = new URL(request.url!, 'http://x').pathname;
      hits.set(where, (hits.get(where) ?? 0) + 1);
      if (where === '/good.png') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(Buffer.from(png, 'base64'));
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    control.release();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await h?.close();
    await control.close();
  });

  it('answers 202 with one job holding every image; its result is the batch answer; only the images that answered are charged; a retry returns the same job', async () => {
    const before = await walletOf(h.db, organizationId);
    const metricsBefore = await h.deps.metrics.registry.metrics();
    const body = {
      images: [
        { image: png },
        { image: Buffer.from('not a picture at all').toString('base64') },
        { image_url: `${base}/missing.png` },
        { image_url: `${base}/good.png` },
      ],
      top_k: 2,
    };
    const accepted = await post(h.callServices, user.playgroundKey.key, body, {
      prefer: 'respond-async',
      'idempotency-key': 'batch-job-1',
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const job = accepted.json();
    expect(job).toMatchObject({
      object: 'job',
      status: 'queued',
      deployment: PATH,
      price_usd: (4 * price) / 1_000_000,
      retention_hours: 24,
      result: null,
      error: null,
    });
    expect(job.id).toMatch(/^job_[0-9a-f]{24}$/);
    expect(accepted.headers.location).toBe(`/jobs/${job.id}`);
    expect(accepted.headers['preference-applied']).toBe('respond-async');
    // Every image held at once: four holds, the wallet down by four prices.
    const held = await walletOf(h.db, organizationId);
    expect(held.balance).toBe(before.balance - 4 * price);
    expect(held.held - before.held).toBe(4);

    const done = await waitFor(h.callServices, user.playgroundKey.key, job.id);
    expect(done.status).toBe('succeeded');
    expect(done.error).toBeNull();
    const answer = done.result as { object: string; results: ItemResult[]; usage: unknown };
    expect(answer.object).toBe('batch');
    expect(answer.results.map((r) => [r.index, r.status])).toEqual([
      [0, 200],
      [1, 415],
      [2, 422],
      [3, 200],
    ]);
    expect(answer.results[0]!.result).toMatchObject({ task: PATH, image: { width: 40 } });
    expect(answer.results[1]!.error).toMatchObject({ code: 'unsupported_media_type' });
    expect(answer.results[2]!.error).toMatchObject({ code: 'image_url_unreachable' });
    expect(answer.results[0]!.result!.usage.cost_usd).toBe(price / 1_000_000);
    expect(answer.usage).toEqual({
      cost_usd: (2 * price) / 1_000_000,
      remaining_credits: expect.any(Number),
      charged_images: 2,
    });

    // /metrics counts the job's images when its run ends, as a synchronous batch's: two
    // charged (their prices), two refused; the accepted 202 is no metered call of its own.
    await expect
      .poll(async () => {
        const metrics = await h.deps.metrics.registry.metrics();
        const moved = (name: string, labels: Record<string, string>) =>
          metricSample(metrics, name, labels) - metricSample(metricsBefore, name, labels);
        return [
          moved('visionapi_metered_calls_total', { deployment: PATH, outcome: 'charged' }),
          moved('visionapi_metered_calls_total', { deployment: PATH, outcome: 'refused' }),
          moved('visionapi_metered_calls_total', { deployment: PATH, outcome: 'failed' }),
          moved('visionapi_charged_micro_usd_total', { deployment: PATH }),
        ];
      })
      .toEqual([2, 2, 0, 2 * price]);

    // Two charged to the micro-dollar, two released; nothing left held.
    const after = await walletOf(h.db, organizationId);
    expect(after.charges - before.charges).toBe(2);
    expect(after.spent - before.spent).toBe(2 * price);
    expect(before.balance - after.balance).toBe(2 * price);
    expect(after.held).toBe(before.held);
    const ledger = rows<{ id: string; amount: string }>(
      await h.db.execute(sql`select id, amount_micros as amount from ledger_entries
        where organization_id = ${organizationId} and kind = 'usage'
        order by created_at desc limit 2`),
    );
    expect(ledger.map((row) => row.id).sort()).toEqual(
      [answer.results[0]!, answer.results[3]!].map((r) => r.result!.usage.transaction_id).sort(),
    );
    expect(ledger.every((row) => Number(row.amount) === -price)).toBe(true);
    const released = rows<{ n: string }>(
      await h.db.execute(sql`select count(*) as n from usage_reservations r
        join job_items i on i.reservation_id = r.id
        where i.job_id = ${job.id} and r.status = 'released'`),
    );
    expect(Number(released[0]!.n)).toBe(2);
    // The job's inputs are gone once it finished; the event committed with the state change.
    const inputs = rows<{ n: string }>(
      await h.db.execute(sql`select count(*) as n from job_items
        where job_id = ${job.id} and (input_image is not null or input_url is not null)`),
    );
    expect(Number(inputs[0]!.n)).toBe(0);
    expect((await eventsOf(h.db, job.id)).map((event) => event.type)).toEqual(['job.succeeded']);

    // The same Idempotency-Key: the same job, nothing held, fetched or charged again.
    const again = await post(h.callServices, user.playgroundKey.key, body, {
      prefer: 'respond-async',
      'idempotency-key': 'batch-job-1',
    });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().id).toBe(job.id);
    expect(again.headers.location).toBe(`/jobs/${job.id}`);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(hits.get('/good.png')).toBe(1);
    // The key with the same batch answered synchronously is another request.
    const sync = await post(h.callServices, user.playgroundKey.key, body, {
      'idempotency-key': 'batch-job-1',
    });
    expect(sync.statusCode, sync.body).toBe(422);
    expect(sync.json().code).toBe('idempotency_key_reused');
    expect(await walletOf(h.db, organizationId)).toEqual(after);
  }, 120_000);

  it('a batch none of whose images answered succeeds with every result an error, charged nothing (as the synchronous batch)', async () => {
    const before = await walletOf(h.db, organizationId);
    const accepted = await post(h.callServices, user.playgroundKey.key, {
      images: [
        { image_url: `${base}/missing.png` },
        { image: Buffer.from('junk').toString('base64') },
      ],
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(accepted.json().price_usd).toBe((2 * price) / 1_000_000);
    const done = await waitFor(h.callServices, user.playgroundKey.key, accepted.json().id);
    expect(done.status).toBe('succeeded');
    expect(done.result.results.map((r: ItemResult) => r.status)).toEqual([422, 415]);
    expect(done.result.usage).toMatchObject({ cost_usd: 0, charged_images: 0 });
    expect(await walletOf(h.db, organizationId)).toEqual(before);
  }, 120_000);

  it('a wallet that cannot hold the whole batch: 402 for the batch, nothing held, no job', async () => {
    const [saved] = rows<{ b: string }>(
      await h.db.execute(
        sql`select balance_micros as b from organizations where id = ${organizationId}`,
      ),
    );
    await h.db.execute(
      sql`update organizations set balance_micros = ${2 * price} where id = ${organizationId}`,
    );
    try {
      const before = await walletOf(h.db, organizationId);
      const jobs = await jobCount(h.db, organizationId);
      const refused = await post(h.callServices, user.playgroundKey.key, {
        images: [{ image: png }, { image: png }, { image: png }],
      });
      expect(refused.statusCode, refused.body).toBe(402);
      expect(refused.json()).toMatchObject({
        code: 'insufficient_credits',
        details: { balance_usd: (2 * price) / 1_000_000, price_usd: (3 * price) / 1_000_000 },
      });
      expect(await walletOf(h.db, organizationId)).toEqual(before);
      expect(await jobCount(h.db, organizationId)).toBe(jobs);
    } finally {
      await h.db.execute(
        sql`update organizations set balance_micros = ${Number(saved!.b)} where id = ${organizationId}`,
      );
    }
  }, 120_000);

  it('canceled while queued: every hold goes back; a job whose runs kept being interrupted fails and gives every hold back', async () => {
    control.hold();
    const running: string[] = [];
    try {
      // Both workers busy with hanging jobs, so the batches stay queued.
      for (let i = 0; i < 2; i++) {
        const accepted = await post(h.callServices, user.playgroundKey.key, { image: png });
        expect(accepted.statusCode, accepted.body).toBe(202);
        running.push(accepted.json().id);
        await waitFor(
          h.callServices,
          user.playgroundKey.key,
          accepted.json().id,
          new Set(['running']),
        );
      }
      const before = await walletOf(h.db, organizationId);
      const accepted = await post(h.callServices, user.playgroundKey.key, {
        images: [{ image: png }, { image: png }, { image_url: `${base}/good.png` }],
      });
      expect(accepted.statusCode, accepted.body).toBe(202);
      const id = accepted.json().id;
      expect((await walletOf(h.db, organizationId)).balance).toBe(before.balance - 3 * price);
      const canceled = await h.callServices({
        method: 'POST',
        url: `/jobs/${id}/cancel`,
        headers: { 'api-key': user.playgroundKey.key },
      });
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json()).toMatchObject({ id, status: 'canceled', result: null });
      expect(await walletOf(h.db, organizationId)).toEqual(before);

      // Another, queued, whose runs were interrupted three times already: its next run fails it.
      const doomed = await post(h.callServices, user.playgroundKey.key, {
        images: [{ image: png }, { image: png }],
      });
      expect(doomed.statusCode, doomed.body).toBe(202);
      await h.db.execute(sql`update jobs set runs = 3 where id = ${doomed.json().id}`);
      control.release();
      const failed = await waitFor(h.callServices, user.playgroundKey.key, doomed.json().id);
      expect(failed.status).toBe('failed');
      expect(failed.error.code).toBe('job_interrupted');
      for (const other of running) {
        expect((await waitFor(h.callServices, user.playgroundKey.key, other)).status).toBe(
          'succeeded',
        );
      }
      const after = await walletOf(h.db, organizationId);
      // Only the two single jobs were charged; nothing of either batch.
      expect(after.charges - before.charges).toBe(2);
      expect(after.spent - before.spent).toBe(2 * price);
      expect(after.held).toBe(0);
      expect(after.balance).toBe(before.balance);
      expect((await eventsOf(h.db, doomed.json().id)).map((event) => event.type)).toEqual([
        'job.failed',
      ]);
      // The canceled job stays canceled after the workers freed up.
      expect((await waitFor(h.callServices, user.playgroundKey.key, id)).status).toBe('canceled');
    } finally {
      control.release();
    }
  }, 180_000);

  it('a full queue counts a batch job as one job, and refuses the next with 429, nothing held', async () => {
    control.hold();
    const ids: string[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const accepted = await post(h.callServices, user.playgroundKey.key, { image: png });
        ids.push(accepted.json().id);
        await waitFor(h.callServices, user.playgroundKey.key, ids.at(-1)!, new Set(['running']));
      }
      // The cap is 3 queued jobs: three batches of 4 images fit (12 images).
      for (let i = 0; i < 3; i++) {
        const accepted = await post(h.callServices, user.playgroundKey.key, {
          images: Array.from({ length: 4 }, () => ({ image: png })),
        });
        expect(accepted.statusCode, accepted.body).toBe(202);
        ids.push(accepted.json().id);
      }
      const before = await walletOf(h.db, organizationId);
      const full = await post(h.callServices, user.playgroundKey.key, {
        images: [{ image: png }],
      });
      expect(full.statusCode, full.body).toBe(429);
      expect(full.json()).toMatchObject({ code: 'job_queue_full', details: { queued_cap: 3 } });
      expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
      expect(await walletOf(h.db, organizationId)).toEqual(before);
    } finally {
      control.release();
    }
    for (const id of ids) {
      expect((await waitFor(h.callServices, user.playgroundKey.key, id)).status).toBe('succeeded');
    }
  }, 180_000);

  it('a test key: a free batch job with sample answers, nothing held', async () => {
    const made = await h.callApi({
      method: 'POST',
      url: '/v1/api-key',
      headers: user.auth,
      payload: { name: 'batch-job-test', mode: 'test' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const before = await walletOf(h.db, organizationId);
    const accepted = await post(h.callServices, made.json().key, {
      images: [{ image: png }, { image: png }],
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(accepted.json().price_usd).toBe(0);
    const done = await waitFor(h.callServices, made.json().key, accepted.json().id);
    expect(done.status).toBe('succeeded');
    expect(done.result.results.map((r: ItemResult) => r.status)).toEqual([200, 200]);
    expect(done.result.results[0].result).toMatchObject({ sandbox: true, usage: { cost_usd: 0 } });
    expect(done.result.usage).toMatchObject({ cost_usd: 0, charged_images: 0 });
    expect(await walletOf(h.db, organizationId)).toEqual(before);
  }, 120_000);

  it('another organization cannot read or cancel the job; hostile batches are refused before anything is held', async () => {
    const accepted = await post(h.callServices, user.playgroundKey.key, {
      images: [{ image: png }],
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const id = accepted.json().id;
    const stranger = await registerUser(h);
    expect((await getJob(h.callServices, stranger.playgroundKey.key, id)).statusCode).toBe(404);
    const cancel = await h.callServices({
      method: 'POST',
      url: `/jobs/${id}/cancel`,
      headers: { 'api-key': stranger.playgroundKey.key },
    });
    expect(cancel.statusCode).toBe(404);
    expect((await waitFor(h.callServices, user.playgroundKey.key, id)).status).toBe('succeeded');

    const before = await walletOf(h.db, organizationId);
    const jobs = await jobCount(h.db, organizationId);
    const invalid: unknown[] = [
      { images: Array.from({ length: 17 }, () => ({ image: png })) },
      { images: [] },
      { images: [{ image: png }], image: png },
      { images: [{ image: png }], image_url: `${base}/good.png` },
      { images: [{ image: png, image_url: `${base}/good.png` }] },
      { images: [{ image: png, top_k: 3 }] },
      { images: [{ image_url: `http://example.com/${'a'.repeat(3000)}` }] },
      { images: [null] },
      { images: [{ image: 42 }] },
      { images: { 0: { image: png } } },
    ];
    for (const payload of invalid) {
      const answer = await post(h.callServices, user.playgroundKey.key, payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
      expect(answer.json().code).toBe('invalid_request');
    }
    // Larger than the body limit: 413, before anything is read into a job.
    const huge = await post(h.callServices, user.playgroundKey.key, {
      images: Array.from({ length: 16 }, () => ({ image: 'A'.repeat(1_000_000) })),
    });
    expect(huge.statusCode, huge.body.slice(0, 200)).toBe(413);
    // A malformed body and a wrong content type.
    const broken = await post(h.callServices, user.playgroundKey.key, '{"images": [');
    expect(broken.statusCode).toBe(400);
    expect(await walletOf(h.db, organizationId)).toEqual(before);
    expect(await jobCount(h.db, organizationId)).toBe(jobs);
  }, 120_000);

  it('without the preference a batch is answered at once, as before (no Preference-Applied)', async () => {
    const before = await walletOf(h.db, organizationId);
    const answer = await post(
      h.callServices,
      user.playgroundKey.key,
      { images: [{ image: png }, { image: Buffer.from('junk').toString('base64') }] },
      {},
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['preference-applied']).toBeUndefined();
    expect(answer.json()).toMatchObject({ object: 'batch', usage: { charged_images: 1 } });
    expect(answer.json().results.map((r: ItemResult) => r.status)).toEqual([200, 415]);
    const after = await walletOf(h.db, organizationId);
    expect(after.spent - before.spent).toBe(price);
  }, 120_000);

  it('every answer in this file matches the OpenAPI documents (202, the batch answers, errors)', async () => {
    expect(
      recordedAnswers.some(
        (answer) => answer.statusCode === 200 && answer.body.includes('"object":"batch"'),
      ),
    ).toBe(true);
    expect(recordedAnswers.some((answer) => answer.statusCode === 202)).toBe(true);
    await expectAnswersMatchOpenApi(h, recordedAnswers);
  });
});

describe('batch jobs across a restart of every process', () => {
  it('a batch job running when every process stops completes once after they start again, each good image charged once', async () => {
    const config: ServerConfig = {
      ...readServerConfig({
        STACK_MODE: 'local',
        FIREBASE_PROJECT_ID: PROJECT_ID,
      } as NodeJS.ProcessEnv),
      renderThreads: 1,
      holdLeaseMs: 1_500,
      jobs: JOBS_CONFIG,
    };
    const fresh = await freshDatabase();
    const dir = fresh.options.url ? null : mkdtempSync(path.join(tmpdir(), 'vapi-batch-jobs-'));
    const database: DatabaseOptions = fresh.options.url ? fresh.options : { pgliteDir: dir! };
    const first = controllableRenderer();
    const second = controllableRenderer();
    try {
      first.hold();
      const a = await bootProcess(config, database, first.renderer);
      const user = await registerUser(a as unknown as Harness);
      await buyCredits(a as unknown as Harness, user, 5);
      const organizationId = await organizationOf(a.db, user.playgroundKey.id);
      const price = await priceOf(a.db);
      const png = (await testImage('png', 40, 30)).toString('base64');
      const before = await walletOf(a.db, organizationId);
      const accepted = await post(a.callServices, user.playgroundKey.key, {
        images: [{ image: png }, { image: Buffer.from('junk').toString('base64') }, { image: png }],
      });
      expect(accepted.statusCode, accepted.body).toBe(202);
      const id = accepted.json().id;
      await waitFor(a.callServices, user.playgroundKey.key, id, new Set(['running']));

      // Every process stops while the upstream hangs; it answers only once they are going away.
      const closing = a.close();
      await sleep(1_500);
      first.release();
      await closing;

      const b = await bootProcess(config, database, second.renderer);
      try {
        const done = await waitFor(b.callServices, user.playgroundKey.key, id);
        expect(done.status).toBe('succeeded');
        expect(done.result.results.map((r: ItemResult) => r.status)).toEqual([200, 415, 200]);
        const after = await walletOf(b.db, organizationId);
        expect(after.charges - before.charges).toBe(2);
        expect(after.spent - before.spent).toBe(2 * price);
        expect(before.balance - after.balance).toBe(2 * price);
        expect(after.held).toBe(0);
        const [row] = rows<{ runs: number }>(
          await b.db.execute(sql`select runs from jobs where id = ${id}`),
        );
        expect(Number(row!.runs)).toBe(2);
        expect((await eventsOf(b.db, id)).map((event) => event.type)).toEqual(['job.succeeded']);
        await sleep(3_000);
        expect(await walletOf(b.db, organizationId)).toEqual(after);
      } finally {
        await b.close();
      }
    } finally {
      await first.close();
      await second.close();
      await fresh.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
