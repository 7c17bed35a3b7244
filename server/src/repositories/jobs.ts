/**
 * Async jobs (issue 35, migration 0021): the job row is the job's truth. Its state changes are
 * the migration's functions, each one transaction fenced by the job's state and its run's
 * `attempt`: accept (after vapi_begin held the price), claim (a worker's run), succeed (capture,
 * result, state and `job.succeeded` together), fail (release, state and `job.failed`), cancel.
 * Every time comparison happens on the database's clock.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { organizations, type JobStatus } from '../db/schema';
import type { OrganizationRow } from './organizations';
import { call, type IdempotencyClaim } from './calls';
import { rowsOf as rows } from '../db/rows';

type Json = Record<string, unknown>;

const iso = (value: unknown): string | null =>
  value == null ? null : new Date(value as string | Date).toISOString();

/** A job as stored (without its input). */
export interface JobRow {
  id: string;
  organizationId: string;
  apiKeyId: string;
  deployment: string;
  status: JobStatus;
  free: boolean;
  priceMicros: number;
  result: unknown;
  error: { code: string; message: string } | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  expiresAt: string | null;
  purgedAt: string | null;
  /** A batch job's number of images (migration 0024); null for a job of one image. */
  images: number | null;
}

/** One image of a batch job as a run reads it: its hold's figures and its input. */
export interface ClaimedJobItem {
  index: number;
  /** Null for a test key's job (free). */
  reservationId: string | null;
  priceMicros: number;
  balanceAfterMicros: number | null;
  image: Buffer | null;
  imageUrl: string | null;
}

/** One image of a batch job to accept: its hold (null: free) and its input. */
export interface BatchJobItemInput {
  reservationId: string | null;
  priceMicros: number;
  balanceAfterMicros: number | null;
  image: Buffer | null;
  imageUrl: string | null;
}

/** A run of a job a worker claimed: what it needs to produce the answer. */
export interface ClaimedJob {
  id: string;
  organizationId: string;
  apiKeyId: string;
  apiKeyName: string | null;
  deployment: string;
  free: boolean;
  priceMicros: number;
  balanceAfterMicros: number | null;
  params: Record<string, unknown>;
  image: Buffer | null;
  imageUrl: string | null;
  runs: number;
  createdAt: string;
  /** A batch job's images in order (migration 0024); null for a job of one image. */
  items: ClaimedJobItem[] | null;
}

export type AcceptOutcome =
  | { kind: 'accepted'; createdAt: string }
  | { kind: 'superseded' }
  | { kind: 'lapsed' }
  | { kind: 'full'; queued: number };

export type CancelOutcome =
  { kind: 'canceled' } | { kind: 'not_found' } | { kind: 'finished'; status: JobStatus };

const JOB_COLUMNS = sql`id, organization_id, api_key_id, deployment, status, free, price_micros,
  result, error, created_at, started_at, finished_at, expires_at, purged_at, images`;

function jobOf(row: Json): JobRow {
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    apiKeyId: String(row.api_key_id),
    deployment: String(row.deployment),
    status: row.status as JobStatus,
    free: Boolean(row.free),
    priceMicros: Number(row.price_micros),
    result: row.result ?? null,
    error: (row.error as JobRow['error']) ?? null,
    createdAt: iso(row.created_at)!,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    expiresAt: iso(row.expires_at),
    purgedAt: iso(row.purged_at),
    images: row.images == null ? null : Number(row.images),
  };
}

function acceptOutcomeOf(result: Json): AcceptOutcome {
  switch (result.outcome) {
    case 'accepted':
      return { kind: 'accepted', createdAt: String(result.created_at) };
    case 'superseded':
      return { kind: 'superseded' };
    case 'lapsed':
      return { kind: 'lapsed' };
    default:
      return { kind: 'full', queued: Number(result.queued) };
  }
}

export function createJobsRepository(db: Database) {
  return {
    /** The job becomes the hold's owner, is counted against the cap and inserted (queued). */
    async accept(input: {
      id: string;
      bossId: string;
      organizationId: string;
      apiKeyId: string;
      apiKeyName: string | null;
      deployment: string;
      free: boolean;
      reservationId: string | null;
      priceMicros: number;
      balanceAfterMicros: number | null;
      params: Record<string, unknown>;
      image: Buffer | null;
      imageUrl: string | null;
      queuedCap: number;
      claim: IdempotencyClaim | null;
      attempt: string;
      /** The 202 answer the Idempotency-Key's record keeps (its `created_at` is added here). */
      response: Json;
    }): Promise<AcceptOutcome> {
      const { claim } = input;
      const result = await call<Json>(
        db,
        sql`select vapi_job_accept(${input.id}, ${input.bossId}::uuid, ${input.organizationId}::uuid,
          ${input.apiKeyId}::uuid, ${input.apiKeyName}, ${input.deployment}, ${input.free},
          ${input.reservationId}::uuid, ${input.priceMicros}::bigint,
          ${input.balanceAfterMicros}::bigint, ${JSON.stringify(input.params)}::jsonb,
          ${input.image}::bytea, ${input.imageUrl}, ${input.queuedCap}::integer,
          ${claim?.scope ?? null}, ${claim?.key ?? null}, ${input.attempt}::uuid,
          ${JSON.stringify(input.response)}::jsonb) as result`,
      );
      return acceptOutcomeOf(result);
    },

    /**
     * A batch job (migration 0024): every image's hold becomes the job's, each image a row of
     * `job_items`, the job counted against the cap as one and inserted (queued), the 202 answer
     * kept under the key. On `full` or `lapsed` every hold was released here.
     */
    async acceptBatch(input: {
      id: string;
      bossId: string;
      organizationId: string;
      apiKeyId: string;
      apiKeyName: string | null;
      deployment: string;
      free: boolean;
      balanceAfterMicros: number | null;
      params: Record<string, unknown>;
      items: BatchJobItemInput[];
      queuedCap: number;
      claim: IdempotencyClaim | null;
      attempt: string;
      response: Json;
    }): Promise<AcceptOutcome> {
      const { claim } = input;
      const items = input.items.map((item) => ({
        reservation_id: item.reservationId,
        price_micros: item.priceMicros,
        balance_after_micros: item.balanceAfterMicros,
        image: item.image ? item.image.toString('base64') : null,
        url: item.imageUrl,
      }));
      const result = await call<Json>(
        db,
        sql`select vapi_job_accept_batch(${input.id}, ${input.bossId}::uuid,
          ${input.organizationId}::uuid, ${input.apiKeyId}::uuid, ${input.apiKeyName},
          ${input.deployment}, ${input.free}, ${input.balanceAfterMicros}::bigint,
          ${JSON.stringify(input.params)}::jsonb, ${JSON.stringify(items)}::jsonb,
          ${input.queuedCap}::integer, ${claim?.scope ?? null}, ${claim?.key ?? null},
          ${input.attempt}::uuid, ${JSON.stringify(input.response)}::jsonb) as result`,
      );
      return acceptOutcomeOf(result);
    },

    /** The organization's job (null: none, or another organization's). */
    async find(id: string, organizationId: string): Promise<JobRow | null> {
      const [row] = rows<Json>(
        await db.execute(
          sql`select ${JOB_COLUMNS} from jobs where id = ${id} and organization_id = ${organizationId}::uuid`,
        ),
      );
      return row ? jobOf(row) : null;
    },

    /** Any organization's job (the worker's and the tests' view). */
    async get(id: string): Promise<JobRow | null> {
      const [row] = rows<Json>(
        await db.execute(sql`select ${JOB_COLUMNS} from jobs where id = ${id}`),
      );
      return row ? jobOf(row) : null;
    },

    /** Queued jobs of the organization, up to `cap` (counting stops there). */
    async queuedCount(organizationId: string, cap: number): Promise<number> {
      const [row] = rows<{ n: string }>(
        await db.execute(sql`select count(*) as n from (select 1 from jobs
          where organization_id = ${organizationId}::uuid and status = 'queued' limit ${cap}) q`),
      );
      return Number(row?.n ?? 0);
    },

    /**
     * A worker's run: a queued job, or a running one whose lease lapsed (its process died), is
     * taken with a new attempt and a lease. Null: nothing to run (finished, canceled, or running
     * in a live process).
     */
    async claim(id: string, attempt: string, leaseMs: number): Promise<ClaimedJob | null> {
      const [row] = rows<Json>(
        await db.execute(sql`
          update jobs set status = 'running', attempt = ${attempt}::uuid, runs = runs + 1,
              lease_until = now() + make_interval(secs => ${leaseMs / 1000}),
              started_at = coalesce(started_at, now())
            where id = ${id}
              and (status = 'queued' or (status = 'running' and lease_until < now()))
            returning id, organization_id, api_key_id, api_key_name, deployment, free,
              price_micros, balance_after_micros, params, input_image, input_url, runs,
              created_at, images`),
      );
      if (!row) return null;
      const items =
        row.images == null
          ? null
          : rows<Json>(
              await db.execute(sql`select index, reservation_id, price_micros,
                balance_after_micros, input_image, input_url from job_items
                where job_id = ${id} order by index`),
            ).map((item): ClaimedJobItem => ({
              index: Number(item.index),
              reservationId: (item.reservation_id as string | null) ?? null,
              priceMicros: Number(item.price_micros),
              balanceAfterMicros:
                item.balance_after_micros == null ? null : Number(item.balance_after_micros),
              image: item.input_image == null ? null : Buffer.from(item.input_image as Uint8Array),
              imageUrl: (item.input_url as string | null) ?? null,
            }));
      return {
        id: String(row.id),
        organizationId: String(row.organization_id),
        apiKeyId: String(row.api_key_id),
        apiKeyName: (row.api_key_name as string | null) ?? null,
        deployment: String(row.deployment),
        free: Boolean(row.free),
        priceMicros: Number(row.price_micros),
        balanceAfterMicros:
          row.balance_after_micros == null ? null : Number(row.balance_after_micros),
        params: (row.params as Record<string, unknown>) ?? {},
        image: row.input_image == null ? null : Buffer.from(row.input_image as Uint8Array),
        imageUrl: (row.input_url as string | null) ?? null,
        runs: Number(row.runs),
        createdAt: iso(row.created_at)!,
        items,
      };
    },

    /** The heartbeat: renews the leases of the runs this process owns (never waits for a lock). */
    async renew(attempts: string[], leaseMs: number): Promise<void> {
      if (attempts.length === 0) return;
      await db.execute(sql`
        update jobs set lease_until = now() + make_interval(secs => ${leaseMs / 1000})
          where id in (select id from jobs where attempt = any(${`{${attempts.join(',')}}`}::uuid[])
            and status = 'running' for update skip locked)`);
    },

    async succeed(input: {
      id: string;
      attempt: string;
      entryId: string;
      result: Json;
      event: Json;
    }): Promise<'succeeded' | 'superseded'> {
      const result = await call<Json>(
        db,
        sql`select vapi_job_succeed(${input.id}, ${input.attempt}::uuid, ${input.entryId}::uuid,
          ${JSON.stringify(input.result)}::jsonb, ${JSON.stringify(input.event)}::jsonb) as result`,
      );
      return result.outcome === 'succeeded' ? 'succeeded' : 'superseded';
    },

    /**
     * A batch job's run answered (migration 0024): `entries` maps the index of every image that
     * answered to its ledger row's id; those holds are captured, the others released, the batch
     * answer stored and `job.succeeded` written, in one transaction.
     */
    async succeedBatch(input: {
      id: string;
      attempt: string;
      entries: Record<string, string>;
      /** The batch answer (services/batch.ts BatchAnswer). */
      result: object;
      event: Json;
    }): Promise<'succeeded' | 'superseded'> {
      const result = await call<Json>(
        db,
        sql`select vapi_job_succeed_batch(${input.id}, ${input.attempt}::uuid,
          ${JSON.stringify(input.entries)}::jsonb, ${JSON.stringify(input.result)}::jsonb,
          ${JSON.stringify(input.event)}::jsonb) as result`,
      );
      return result.outcome === 'succeeded' ? 'succeeded' : 'superseded';
    },

    /** `attempt` null: the system ends the job whatever run owns it. */
    async fail(input: {
      id: string;
      attempt: string | null;
      error: { code: string; message: string };
      event: Json;
    }): Promise<'failed' | 'superseded'> {
      const result = await call<Json>(
        db,
        sql`select vapi_job_fail(${input.id}, ${input.attempt}::uuid,
          ${JSON.stringify(input.error)}::jsonb, ${JSON.stringify(input.event)}::jsonb) as result`,
      );
      return result.outcome === 'failed' ? 'failed' : 'superseded';
    },

    async cancel(id: string, organizationId: string): Promise<CancelOutcome> {
      const result = await call<Json>(
        db,
        sql`select vapi_job_cancel(${id}, ${organizationId}::uuid) as result`,
      );
      if (result.outcome === 'canceled') return { kind: 'canceled' };
      if (result.outcome === 'finished')
        return { kind: 'finished', status: result.status as JobStatus };
      return { kind: 'not_found' };
    },

    /** Queued jobs that should have a wake-up: their pg-boss ids (re-sent, deduplicated by id). */
    async queued(limit: number): Promise<{ id: string; bossId: string }[]> {
      return rows<{ id: string; boss_id: string }>(
        await db.execute(sql`select id, boss_id from jobs where status = 'queued'
          order by created_at limit ${limit}`),
      ).map((row) => ({ id: row.id, bossId: row.boss_id }));
    },

    /**
     * Running jobs whose lease lapsed (their process died): queued again with a new pg-boss id,
     * so a worker runs them afresh (the state fences make that run the only one that can charge).
     */
    async requeueLapsed(limit: number): Promise<{ id: string; bossId: string }[]> {
      return rows<{ id: string; boss_id: string }>(
        await db.execute(sql`
          update jobs set status = 'queued', attempt = null, lease_until = null,
              boss_id = gen_random_uuid()
            where id in (select id from jobs where status = 'running' and lease_until < now()
              order by lease_until limit ${limit} for update skip locked)
            returning id, boss_id`),
      ).map((row) => ({ id: row.id, bossId: row.boss_id }));
    },

    /** Jobs not finished within `hours` of their acceptance (failed by the sweep, hold released). */
    async overdue(hours: number, limit: number): Promise<string[]> {
      return rows<{ id: string }>(
        await db.execute(sql`select id from jobs where status in ('queued', 'running')
          and created_at < now() - make_interval(hours => ${hours}) order by created_at
          limit ${limit}`),
      ).map((row) => row.id);
    },

    /** The job's organization as it is now (for the low-balance alert after a charge). */
    async organization(id: string): Promise<OrganizationRow | null> {
      const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
      return (row as OrganizationRow | undefined) ?? null;
    },

    /** Is any job not finished? (Whether the job engine must start with the process.) */
    async anyOpen(): Promise<boolean> {
      const found = rows<Json>(
        await db.execute(sql`select 1 from jobs where status in ('queued', 'running') limit 1`),
      );
      return found.length > 0;
    },

    /**
     * The retention sweep: results (and errors) of jobs past `expires_at` are deleted, the row
     * kept as a tombstone (`purged_at`) that says so; tombstones older than `tombstoneDays` go.
     */
    async purgeExpired(
      limit: number,
      tombstoneDays: number,
    ): Promise<{ purged: number; deleted: number }> {
      const purged = rows<Json>(
        await db.execute(sql`
          update jobs set result = null, error = null, purged_at = now()
            where id in (select id from jobs where purged_at is null and expires_at < now()
              order by expires_at limit ${limit})
            returning id`),
      ).length;
      const deleted = rows<Json>(
        await db.execute(sql`
          delete from jobs where id in (select id from jobs where purged_at is not null
            and purged_at < now() - make_interval(days => ${tombstoneDays})
            order by purged_at limit ${limit})
            returning id`),
      ).length;
      return { purged, deleted };
    },
  };
}
export type JobsRepository = ReturnType<typeof createJobsRepository>;
