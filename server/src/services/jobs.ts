/**
 * Async jobs (issue 35): the engine that runs deployment calls accepted with
 * `Prefer: respond-async`, in the services host.
 *
 * The `jobs` table (migration 0021) is each job's truth; pg-boss carries the wake-ups of the
 * workers, durably, in its own `pgboss` schema on the same database (PostgreSQL, or PGlite in
 * tests and the local stack, through a `db` adapter: pg-boss only needs `executeSql`). A job's
 * pg-boss message is `{job_id}` with the job's `boss_id` as its id, so sending it again is a
 * no-op while it exists.
 *
 * A run: the worker claims the job (queued → running, a new `attempt`, a lease renewed by this
 * process's heartbeat), produces the answer exactly as a synchronous call would, then either
 * `succeed` (the hold captured into one ledger row + the result + the state + `job.succeeded`, one
 * transaction) or `fail` (the hold released + the state + `job.failed`). Both are fenced by the
 * state and the attempt: a canceled job, or one another run took over, changes nothing.
 *
 * A batch job (`images`, migration 0024) runs its images as the synchronous batch does, each with
 * its own hold taken at acceptance; its run ends in one transaction too (`succeedBatch`): the batch
 * answer stored, the holds of the images that answered captured, the others released, the state
 * and `job.succeeded`. Its images' failures are results, not the job's: it fails only as a job of
 * one image does when its runs cannot finish (interrupted, too old).
 *
 * Restarts: a process that dies mid-run stops renewing its lease; any process's sweep (every
 * `jobs.sweepMs`) queues the job again with a new pg-boss message once the lease lapsed, and the
 * new run is the only one that can charge. A job accepted by a process that died before sending its
 * message is sent again by the sweep (same id: never twice). A job interrupted `MAX_RUNS` times, or
 * not finished within `OVERDUE_HOURS`, fails and its hold goes back.
 *
 * The engine starts with the app when jobs are waiting, otherwise with the first job (pg-boss's
 * own start installs its schema once per database, which takes seconds on PGlite: apps that never
 * see a job do not pay for it). Its timers are unref'd and stopped on close.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { describeDatabaseError } from '../lib/database-errors';
import { ApiError } from '../lib/errors';
import { generateId } from '../lib/keys';
import { microsToUsd } from '../lib/money';
import type { Repositories } from '../repositories';
import type { ClaimedJob } from '../repositories/jobs';
import type { BatchAnswer } from './batch';
import type { Usage } from './metering';

/** The pg-boss queue of job wake-ups. */
export const JOBS_QUEUE = 'vapi-jobs';
/** How long a finished job's result is kept (then deleted): stated in every job answer. */
export const JOB_RETENTION_HOURS = 24;
/** A deleted result's job still says so (410) this long, then it is forgotten (404). */
export const JOB_TOMBSTONE_DAYS = 30;
/** A job whose runs were interrupted this many times (its process died each time) fails. */
export const MAX_RUNS = 3;
/** A job not finished this long after it was accepted fails, its hold released. */
export const OVERDUE_HOURS = 24;
/** Rows each sweep handles per kind (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

/** A job id: `job_` + 24 lowercase hex characters. */
export const JOB_ID_PATTERN = /^job_[0-9a-f]{24}$/;
export const newJobId = () => `job_${randomUUID().replaceAll('-', '').slice(0, 24)}`;

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/** pg-boss's `db` on the app's own connection: the pg pool, or PGlite's single connection. */
export function bossAdapter(db: Database, kind: 'postgres' | 'pglite'): Executor {
  const client = (db as unknown as { $client: unknown }).$client;
  if (kind === 'postgres') {
    const pool = client as {
      query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
    };
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const lite = client as {
    query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
    exec(text: string): Promise<{ rows: unknown[] }[]>;
  };
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return lite.query(text, values);
      // pg-boss's schema commands are several statements in one text, without parameters.
      const results = await lite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

export interface JobEngineOptions {
  db: Database;
  databaseKind: 'postgres' | 'pglite';
  repos: Repositories;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  leaseMs: number;
  concurrency: number;
  sweepMs: number;
  stopTimeoutMs: number;
  /**
   * Produces the job's answer as a synchronous call would (its `usage` given). An `ApiError`
   * fails the job (nothing charged); any other error leaves the run to lapse and run again.
   */
  run: (job: ClaimedJob, usage: Usage) => Promise<Record<string, unknown>>;
  /**
   * Produces a batch job's answer (batch.ts runBatchJob): the batch answer and the ledger row id of
   * every charged image that answered, by index.
   */
  runBatch: (job: ClaimedJob) => Promise<{ answer: BatchAnswer; entries: Record<string, string> }>;
  /** After a job was charged (the low-balance alert and auto-recharge). */
  afterCharge?: (job: ClaimedJob) => void;
  /**
   * Each image of a job that ended in this process, as /metrics counts a synchronous call:
   * charged (with its price), free (a test key), failed (a 5xx or an interrupted job) or refused.
   */
  meter?: (
    deployment: string,
    outcome: 'charged' | 'free' | 'failed' | 'refused',
    chargedMicros?: number,
  ) => void;
}

export interface JobEngine {
  /** Sends the wake-up of a job just accepted (starting the engine if need be). */
  enqueue(jobId: string, bossId: string): Promise<void>;
  /** One sweep (the timer's; tests call it to move on without waiting). */
  sweep(): Promise<void>;
  start(): void;
  close(): Promise<void>;
  /** Runs in progress in this process. */
  running(): number;
}

/** The event's data: the job as its answer shows it (the state and times are added in SQL). */
function eventOf(job: ClaimedJob): Record<string, unknown> {
  return {
    object: 'job',
    id: job.id,
    deployment: job.deployment,
    price_usd: microsToUsd(job.priceMicros),
    created_at: job.createdAt,
  };
}

export function createJobEngine(options: JobEngineOptions): JobEngine {
  const { repos, log, leaseMs } = options;
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  let closing = false;
  const workerIds: string[] = [];
  let nextWorker = 0;
  const attempts = new Set<string>();
  let sweeper: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let sweeping: Promise<void> | null = null;

  const ensureStarted = (): Promise<PgBoss> => {
    if (closing) return Promise.reject(new Error('the job engine is stopping'));
    starting ??= (async () => {
      const instance = new PgBoss({
        db: bossAdapter(options.db, options.databaseKind),
        schema: 'pgboss',
        // Expired and finished messages are tidied by pg-boss itself (one process at a time);
        // no cron schedules, no state monitor.
        supervise: true,
        schedule: false,
        migrate: true,
      } as PgBoss.ConstructorOptions);
      instance.on('error', (error: unknown) =>
        log.warn({ db: describeDatabaseError(error) }, 'job queue: pg-boss reported an error'),
      );
      await instance.start();
      await instance.createQueue(JOBS_QUEUE, {
        name: JOBS_QUEUE,
        // A run whose handler threw (the database was away) is delivered again; the job's own
        // state decides whether anything is left to do.
        retryLimit: 5,
        retryDelay: 2,
        retryBackoff: true,
        expireInSeconds: 15 * 60,
      });
      for (let i = 0; i < options.concurrency; i++) {
        let workerId: string | null = null;
        workerId = await instance.work<{ job_id: string }>(
          JOBS_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: 2 },
          async ([message]) => {
            if (!message) return;
            await runJob(String(message.data.job_id));
            // A worker that found a job looks for the next at once, not after its polling
            // interval: an idle queue is polled every 2 s, a busy one drained without pauses.
            if (workerId && !closing) instance.notifyWorker(workerId);
          },
        );
        workerIds.push(workerId);
      }
      boss = instance;
      return instance;
    })();
    starting.catch(() => {
      starting = null;
    });
    return starting;
  };

  const send = async (jobId: string, bossId: string) => {
    const instance = await ensureStarted();
    await instance.send(JOBS_QUEUE, { job_id: jobId }, { id: bossId });
    // Wake one idle worker now rather than at its next poll.
    if (workerIds.length > 0) instance.notifyWorker(workerIds[nextWorker++ % workerIds.length]!);
  };

  async function runJob(jobId: string): Promise<void> {
    const attempt = randomUUID();
    const job = await repos.jobs.claim(jobId, attempt, leaseMs);
    // Finished, canceled, or running in a live process: nothing to do for this message.
    if (!job) return;
    attempts.add(attempt);
    const meter = (outcome: 'charged' | 'free' | 'failed' | 'refused', micros = 0) =>
      options.meter?.(job.deployment, outcome, micros);
    const outcomeOf = (status: number) => (status >= 500 ? 'failed' : 'refused');
    try {
      if (job.runs > MAX_RUNS) {
        await repos.jobs.fail({
          id: job.id,
          attempt,
          error: {
            code: 'job_interrupted',
            message: `The job was interrupted ${MAX_RUNS} times (the process running it stopped). Nothing was charged.`,
          },
          event: eventOf(job),
        });
        for (let i = 0; i < (job.items?.length ?? 1); i++) meter('failed');
        return;
      }
      if (job.items) {
        const { answer, entries } = await options.runBatch(job);
        // Stopping: an image's failure may be the stop's own doing; the run lapses and runs again.
        if (closing) throw new Error('the job engine stopped during a batch run');
        const outcome = await repos.jobs.succeedBatch({
          id: job.id,
          attempt,
          entries,
          result: answer,
          event: eventOf(job),
        });
        if (outcome === 'superseded') {
          log.info(
            { job_id: job.id },
            'batch job answered after it was canceled or taken over: not charged',
          );
        } else {
          for (const item of answer.results) {
            if (!('result' in item)) meter(outcomeOf(item.status));
            else if (job.free) meter('free');
            else meter('charged', Math.round(item.result.usage.cost_usd * 1_000_000));
          }
          if (Object.keys(entries).length > 0) options.afterCharge?.(job);
        }
        return;
      }
      const entryId = randomUUID();
      const usage: Usage = job.free
        ? {
            cost_usd: 0,
            remaining_credits: microsToUsd(job.balanceAfterMicros ?? 0),
            transaction_id: generateId('test'),
          }
        : {
            cost_usd: microsToUsd(job.priceMicros),
            remaining_credits: microsToUsd(job.balanceAfterMicros ?? 0),
            transaction_id: entryId,
          };
      let answer: Record<string, unknown>;
      try {
        answer = await options.run(job, usage);
      } catch (error) {
        // Stopping: the failure may be the stop's own doing; the run lapses and runs again.
        if (closing || !(error instanceof ApiError)) throw error;
        const outcome = await repos.jobs.fail({
          id: job.id,
          attempt,
          error: { code: error.code, message: error.message },
          event: eventOf(job),
        });
        if (outcome !== 'superseded') meter(outcomeOf(error.statusCode));
        log.info(
          { job_id: job.id, code: error.code, outcome },
          'job failed; its hold was released',
        );
        return;
      }
      const outcome = await repos.jobs.succeed({
        id: job.id,
        attempt,
        entryId,
        result: answer,
        event: eventOf(job),
      });
      if (outcome === 'superseded') {
        log.info(
          { job_id: job.id },
          'job answered after it was canceled or taken over: not charged',
        );
      } else if (job.free) {
        meter('free');
      } else {
        meter('charged', job.priceMicros);
        options.afterCharge?.(job);
      }
    } catch (error) {
      if (!closing) {
        log.warn(
          { job_id: job.id, db: describeDatabaseError(error) },
          'job run interrupted; its lease will lapse and it will run again',
        );
      }
    } finally {
      attempts.delete(attempt);
    }
  }

  async function sweepOnce(): Promise<void> {
    // Jobs that never finished: failed, their holds released.
    for (const id of await repos.jobs.overdue(OVERDUE_HOURS, SWEEP_BATCH)) {
      if (closing) return;
      await repos.jobs.fail({
        id,
        attempt: null,
        error: {
          code: 'job_timed_out',
          message: `The job did not finish within ${OVERDUE_HOURS} hours. Nothing was charged.`,
        },
        event: { object: 'job', id },
      });
    }
    // Runs whose process died: queued again, with a new message.
    const lapsed = await repos.jobs.requeueLapsed(SWEEP_BATCH);
    for (const job of lapsed) {
      if (closing) return;
      await send(job.id, job.bossId);
    }
    // Queued jobs whose message may never have been sent (the accepting process died between
    // the commit and the send): sent again under the same id, a no-op when it exists.
    if (boss || (await repos.jobs.anyOpen())) {
      for (const job of await repos.jobs.queued(SWEEP_BATCH)) {
        if (closing) return;
        await send(job.id, job.bossId);
      }
    }
    await repos.jobs.purgeExpired(SWEEP_BATCH, JOB_TOMBSTONE_DAYS);
  }

  const engine: JobEngine = {
    enqueue: send,

    sweep() {
      sweeping ??= sweepOnce()
        .catch((error: unknown) => {
          if (!closing)
            log.warn(
              { db: describeDatabaseError(error) },
              'job sweep failed; the next one retries',
            );
        })
        .finally(() => {
          sweeping = null;
        });
      return sweeping;
    },

    start() {
      if (sweeper || closing) return;
      sweeper = setInterval(() => void engine.sweep(), options.sweepMs);
      sweeper.unref();
      heartbeat = setInterval(
        () => {
          if (attempts.size === 0) return;
          repos.jobs.renew([...attempts], leaseMs).catch((error: unknown) => {
            if (!closing)
              log.warn({ db: describeDatabaseError(error) }, 'job leases not renewed this beat');
          });
        },
        Math.max(250, Math.floor(leaseMs / 4)),
      );
      heartbeat.unref();
      // Jobs waiting from before this process started: the engine starts now.
      void engine.sweep();
    },

    async close() {
      closing = true;
      if (sweeper) clearInterval(sweeper);
      if (heartbeat) clearInterval(heartbeat);
      sweeper = null;
      heartbeat = null;
      await sweeping;
      const instance = boss ?? (starting ? await starting.catch(() => null) : null);
      // Running jobs get `stopTimeoutMs` to finish; the rest lapse and run again elsewhere.
      await instance?.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs });
      boss = null;
      starting = null;
    },

    running: () => attempts.size,
  };
  return engine;
}
