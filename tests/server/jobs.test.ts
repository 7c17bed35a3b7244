/**
 * Async jobs (issue 35): a deployment call with `Prefer: respond-async` answers 202 with a job
 * (`Location: /jobs/{id}`), run by the services host's worker on pg-boss. The price is held at
 * acceptance and charged exactly once when the job succeeds (capture, result, state and the
 * `job.succeeded` event in one transaction); a failed or canceled job gives it back in full; a
 * job survives a restart of every process mid-run; results are deleted after their retention.
 *
 * Runs on PGlite and, in CI's PostgreSQL pass (DATABASE_URL set), on PostgreSQL: pg-boss installs
 * its schema on both, and the restart reopens the same database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerConfig, type ServerConfig } from '../../server/src/config';
import type { DatabaseOptions } from '../../server/src/db/client';
import { rowsOf as rows } from '../../server/src/db/rows';
import { expectAnswersMatchOpenApi } from './contract-check';
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

const submit = (call: Call, key: string, image: string, headers: Record<string, string> = {}) =>
  call({
    method: 'POST',
    url: `/${PATH}`,
    headers: {
      'api-key': key,
      'content-type': 'application/json',
      prefer: 'respond-async',
      origin: SITE_ORIGIN,
      ...headers,
    },
    payload: JSON.stringify({ image }),
  });

describe('async jobs', () => {
  let h: Harness;
  let user: TestUser;
  let organizationId: string;
  let price: number;
  let png: string;
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
  }, 120_000);

  afterAll(async () => {
    control.release();
    await h?.close();
    await control.close();
  });

  it('answers 202 with the job, then the result; charged exactly once; a retry replays the job', async () => {
    const before = await walletOf(h.db, organizationId);
    const accepted = await submit(h.callServices, user.playgroundKey.key, png, {
      'idempotency-key': 'job-once-1',
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const job = accepted.json();
    expect(job).toMatchObject({
      object: 'job',
      status: 'queued',
      deployment: PATH,
      price_usd: price / 1_000_000,
      retention_hours: 24,
      expires_at: null,
      result: null,
    });
    expect(job.id).toMatch(/^job_[0-9a-f]{24}$/);
    expect(Number.isNaN(Date.parse(job.created_at))).toBe(false);
    expect(accepted.headers.location).toBe(`/jobs/${job.id}`);
    expect(accepted.headers['preference-applied']).toBe('respond-async');
    // Held at once.
    const held = await walletOf(h.db, organizationId);
    expect(held.balance).toBe(before.balance - price);

    const done = await waitFor(h.callServices, user.playgroundKey.key, job.id);
    expect(done.status).toBe('succeeded');
    expect(done.result).toMatchObject({ task: PATH, usage: { cost_usd: price / 1_000_000 } });
    expect(Date.parse(done.expires_at) - Date.parse(done.finished_at)).toBe(24 * 3_600_000);
    const after = await walletOf(h.db, organizationId);
    expect(after.charges - before.charges).toBe(1);
    expect(before.balance - after.balance).toBe(price);
    expect(after.held).toBe(0);
    const ledger = rows<{ id: string }>(
      await h.db.execute(
        sql`select id from ledger_entries where organization_id = ${organizationId} and kind = 'usage'`,
      ),
    );
    expect(ledger.map((row) => row.id)).toContain(done.result.usage.transaction_id);
    // The event committed with the state change.
    expect((await eventsOf(h.db, job.id)).map((event) => event.type)).toEqual(['job.succeeded']);

    // The same Idempotency-Key: the same job, nothing held or charged again.
    const again = await submit(h.callServices, user.playgroundKey.key, png, {
      'idempotency-key': 'job-once-1',
    });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().id).toBe(job.id);
    expect(again.headers.location).toBe(`/jobs/${job.id}`);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // The key with a synchronous call of the same image is another request.
    const sync = await h.callServices({
      method: 'POST',
      url: `/${PATH}`,
      headers: {
        'api-key': user.playgroundKey.key,
        'content-type': 'application/json',
        'idempotency-key': 'job-once-1',
      },
      payload: JSON.stringify({ image: png }),
    });
    expect(sync.statusCode).toBe(422);
    expect(await walletOf(h.db, organizationId)).toEqual(after);
  }, 120_000);

  it('a failed job (the upstream fails) releases its hold in full', async () => {
    const before = await walletOf(h.db, organizationId);
    control.breakIt(true);
    try {
      const accepted = await submit(h.callServices, user.playgroundKey.key, png);
      expect(accepted.statusCode, accepted.body).toBe(202);
      const done = await waitFor(h.callServices, user.playgroundKey.key, accepted.json().id);
      expect(done.status).toBe('failed');
      expect(done.error.code).toBe('upstream_failed');
      expect(done.result).toBeNull();
      expect(await walletOf(h.db, organizationId)).toEqual(before);
      const events = await eventsOf(h.db, done.id);
      expect(events.map((event) => event.type)).toEqual(['job.failed']);
      expect(events[0]!.data.status).toBe('failed');
    } finally {
      control.breakIt(false);
    }
  }, 120_000);

  it('an image_url job: the worker fetches the image; a URL that answers 404 fails the job, uncharged', async () => {
    const server = http.createServer((request, response) => {
      if (request.url === '/cat.png') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(Buffer.from(png, 'base64'));
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const byUrl = (url: string) =>
        h.callServices({
          method: 'POST',
          url: `/${PATH}`,
          headers: {
            'api-key': user.playgroundKey.key,
            'content-type': 'application/json',
            prefer: 'respond-async',
          },
          payload: JSON.stringify({ image_url: url }),
        });
      const before = await walletOf(h.db, organizationId);
      const good = await byUrl(`${base}/cat.png`);
      expect(good.statusCode, good.body).toBe(202);
      const done = await waitFor(h.callServices, user.playgroundKey.key, good.json().id);
      expect(done.status).toBe('succeeded');
      expect(done.result.image).toMatchObject({ original_width: 40, original_height: 30 });
      const missing = await byUrl(`${base}/missing.png`);
      expect(missing.statusCode, missing.body).toBe(202);
      const failed = await waitFor(h.callServices, user.playgroundKey.key, missing.json().id);
      expect(failed.status).toBe('failed');
      expect(failed.error.code).toMatch(/^image_url_/);
      const after = await walletOf(h.db, organizationId);
      expect(after.charges - before.charges).toBe(1);
      expect(before.balance - after.balance).toBe(price);
      expect(after.held).toBe(0);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 120_000);

  it('a canceled job releases its hold, is never charged, and cannot be canceled twice', async () => {
    const before = await walletOf(h.db, organizationId);
    control.hold();
    const accepted = await submit(h.callServices, user.playgroundKey.key, png);
    expect(accepted.statusCode, accepted.body).toBe(202);
    const id = accepted.json().id;
    await waitFor(h.callServices, user.playgroundKey.key, id, new Set(['running']));
    const canceled = await h.callServices({
      method: 'POST',
      url: `/jobs/${id}/cancel`,
      headers: { 'api-key': user.playgroundKey.key },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({ id, status: 'canceled' });
    expect(await walletOf(h.db, organizationId)).toEqual(before);
    const twice = await h.callServices({
      method: 'POST',
      url: `/jobs/${id}/cancel`,
      headers: { 'api-key': user.playgroundKey.key },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'job_finished', details: { status: 'canceled' } });
    // The upstream answers after all: the answer is discarded, nothing is charged.
    control.release();
    await sleep(1_500);
    expect((await waitFor(h.callServices, user.playgroundKey.key, id)).status).toBe('canceled');
    expect(await walletOf(h.db, organizationId)).toEqual(before);
  }, 120_000);

  it('results are deleted after their retention: then GET says so (410 job_expired)', async () => {
    const accepted = await submit(h.callServices, user.playgroundKey.key, png);
    const id = accepted.json().id;
    expect((await waitFor(h.callServices, user.playgroundKey.key, id)).status).toBe('succeeded');
    // Move the clock: the job finished more than 24 hours ago.
    await h.db.execute(
      sql`update jobs set finished_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' where id = ${id}`,
    );
    await h.services.jobs.sweep();
    const gone = await getJob(h.callServices, user.playgroundKey.key, id);
    expect(gone.statusCode, gone.body).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'job_expired', details: { status: 'succeeded' } });
    const [row] = rows<{ result: unknown }>(
      await h.db.execute(sql`select result from jobs where id = ${id}`),
    );
    expect(row!.result).toBeNull();
    // And the tombstone itself goes after 30 days: then the job is unknown.
    await h.db.execute(
      sql`update jobs set purged_at = now() - interval '31 days' where id = ${id}`,
    );
    await h.services.jobs.sweep();
    expect((await getJob(h.callServices, user.playgroundKey.key, id)).statusCode).toBe(404);
  }, 120_000);

  it("another organization's key gets 404; hostile ids get 4xx, never 500", async () => {
    // An image_url that cannot be fetched as given is refused now, not accepted as a job.
    const before = await walletOf(h.db, organizationId);
    for (const url of ['ftp://example.com/cat.png', 'not a url', 'http://user:pw@example.com/']) {
      const refused = await h.callServices({
        method: 'POST',
        url: `/${PATH}`,
        headers: {
          'api-key': user.playgroundKey.key,
          'content-type': 'application/json',
          prefer: 'respond-async',
        },
        payload: JSON.stringify({ image_url: url }),
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().code).toBe('image_url_refused');
    }
    expect(await walletOf(h.db, organizationId)).toEqual(before);
    const accepted = await submit(h.callServices, user.playgroundKey.key, png);
    const id = accepted.json().id;
    const stranger = await registerUser(h);
    const theirs = await getJob(h.callServices, stranger.playgroundKey.key, id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('not_found');
    const cancel = await h.callServices({
      method: 'POST',
      url: `/jobs/${id}/cancel`,
      headers: { 'api-key': stranger.playgroundKey.key },
    });
    expect(cancel.statusCode).toBe(404);
    // No key, a wrong key.
    expect((await h.callServices({ method: 'GET', url: `/jobs/${id}` })).statusCode).toBe(401);
    expect((await getJob(h.callServices, 'va_live_nope', id)).statusCode).toBe(401);
    for (const hostile of [
      'job_zzzzzzzzzzzzzzzzzzzzzzzz',
      'job_' + 'a'.repeat(5_000),
      '%00%01%02',
      'job_%0d%0aset-cookie:x',
      '..%2f..%2fetc%2fpasswd',
      '%F0%9F%92%A9',
      "job_'%20or%201=1--",
      '%ff%fe',
    ]) {
      for (const request of [
        { method: 'GET' as const, url: `/jobs/${hostile}` },
        { method: 'POST' as const, url: `/jobs/${hostile}/cancel` },
      ]) {
        const response = await h.callServices({
          ...request,
          headers: { 'api-key': user.playgroundKey.key },
        });
        expect(
          response.statusCode,
          `${request.method} ${request.url}: ${response.body}`,
        ).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${request.url}: ${response.body}`).toBeLessThan(500);
      }
    }
    await waitFor(h.callServices, user.playgroundKey.key, id);
  }, 120_000);

  it('a full queue answers 429 with Retry-After and holds nothing', async () => {
    control.hold();
    const ids: string[] = [];
    try {
      // Two run (and hang), three wait: the cap of queued jobs is 3 in this suite.
      for (let i = 0; i < 2; i++) {
        const accepted = await submit(h.callServices, user.playgroundKey.key, png);
        expect(accepted.statusCode, accepted.body).toBe(202);
        ids.push(accepted.json().id);
        await waitFor(
          h.callServices,
          user.playgroundKey.key,
          accepted.json().id,
          new Set(['running']),
        );
      }
      for (let i = 0; i < 3; i++) {
        const accepted = await submit(h.callServices, user.playgroundKey.key, png);
        expect(accepted.statusCode, accepted.body).toBe(202);
        ids.push(accepted.json().id);
      }
      const before = await walletOf(h.db, organizationId);
      const full = await submit(h.callServices, user.playgroundKey.key, png);
      expect(full.statusCode, full.body).toBe(429);
      expect(full.json()).toMatchObject({ code: 'job_queue_full', details: { queued_cap: 3 } });
      expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
      expect(full.headers['x-should-retry']).toBe('true');
      expect(await walletOf(h.db, organizationId)).toEqual(before);
    } finally {
      control.release();
    }
    for (const id of ids) {
      expect((await waitFor(h.callServices, user.playgroundKey.key, id)).status).toBe('succeeded');
    }
  }, 180_000);

  it('every answer in this file matches the OpenAPI documents (202, jobs, their errors)', async () => {
    expect(recordedAnswers.some((answer) => answer.statusCode === 202)).toBe(true);
    await expectAnswersMatchOpenApi(h, recordedAnswers);
  });
});

describe('async jobs across a restart of every process', () => {
  it('a job running when every process stops completes once after they start again, charged once', async () => {
    const base = readServerConfig({
      STACK_MODE: 'local',
      FIREBASE_PROJECT_ID: PROJECT_ID,
    } as NodeJS.ProcessEnv);
    const config: ServerConfig = {
      ...base,
      renderThreads: 1,
      holdLeaseMs: 1_500,
      jobs: JOBS_CONFIG,
    };
    const fresh = await freshDatabase();
    const dir = fresh.options.url ? null : mkdtempSync(path.join(tmpdir(), 'vapi-jobs-'));
    const database: DatabaseOptions = fresh.options.url ? fresh.options : { pgliteDir: dir! };
    const first = controllableRenderer();
    const second = controllableRenderer();
    try {
      first.hold();
      first.breakIt(true);
      const a = await bootProcess(config, database, first.renderer);
      const user = await registerUser(a as unknown as Harness);
      await buyCredits(a as unknown as Harness, user, 5);
      const organizationId = await organizationOf(a.db, user.playgroundKey.id);
      const price = await priceOf(a.db);
      const png = (await testImage('png', 40, 30)).toString('base64');
      const before = await walletOf(a.db, organizationId);
      const accepted = await submit(a.callServices, user.playgroundKey.key, png);
      expect(accepted.statusCode, accepted.body).toBe(202);
      const id = accepted.json().id;
      await waitFor(a.callServices, user.playgroundKey.key, id, new Set(['running']));

      // Every process stops while the upstream still hangs: the run never finishes (the
      // upstream's answer, when it comes, is a failure of a process that is going away).
      const closing = a.close();
      await sleep(1_500);
      first.release();
      await closing;

      // New processes on the same database: the run's lease lapses, the job runs again, once.
      const b = await bootProcess(config, database, second.renderer);
      try {
        const done = await waitFor(b.callServices, user.playgroundKey.key, id);
        expect(done.status).toBe('succeeded');
        const after = await walletOf(b.db, organizationId);
        expect(after.charges - before.charges).toBe(1);
        expect(before.balance - after.balance).toBe(price);
        expect(after.held).toBe(0);
        const [row] = rows<{ runs: number }>(
          await b.db.execute(sql`select runs from jobs where id = ${id}`),
        );
        expect(Number(row!.runs)).toBe(2);
        expect((await eventsOf(b.db, id)).map((event) => event.type)).toEqual(['job.succeeded']);
        // Nothing more happens later (the first process's pg-boss message is delivered again).
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
