/**
 * Status from real traffic: the outcome rollups (`status_rollups`) and the incidents
 * (`status_incidents`) of migration 0017. Writes come in batches from each process's recorder
 * (services/status/recorder.ts), so the hot path never writes here; reads cost buckets (at most
 * 91 days × components), never calls.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf as rows } from '../db/rows';

export interface OutcomeBatch {
  component: string;
  width: 'hour' | 'day';
  bucket: Date;
  calls: number;
  failures: number;
  /** Counts per latency bucket (STATUS_LATENCY_BOUNDS_MS, then the unbounded one). */
  latency: number[];
}

export interface RollupRow {
  component: string;
  bucket: Date;
  calls: number;
  failures: number;
  latency: number[];
}

export interface IncidentRow {
  id: string;
  component: string;
  startedAt: Date;
  resolvedAt: Date | null;
  cause: string | null;
}

/** Most outcome rows one statement adds (a flush of more is cut into several). */
const MAX_BATCH = 500;
/** Hourly buckets are kept this long (the page reads a day's; they serve "now"), daily ones 400 days. */
const KEEP_HOURS_DAYS = 8;
const KEEP_DAYS = 400;

const asNumbers = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.map(Number)
    : // node-postgres returns bigint[] as text ("{1,2}") unless a parser is set.
      String(value ?? '')
        .replace(/[{}]/g, '')
        .split(',')
        .filter(Boolean)
        .map(Number);

export function createStatusRepository(db: Database) {
  return {
    /**
     * Adds a batch to its buckets: calls, failures and the histogram element by element, in one
     * statement per MAX_BATCH rows (the rows of one flush never repeat a bucket).
     */
    async addOutcomes(batch: OutcomeBatch[]): Promise<void> {
      for (let start = 0; start < batch.length; start += MAX_BATCH) {
        const slice = batch.slice(start, start + MAX_BATCH);
        const values = sql.join(
          slice.map(
            (row) =>
              sql`(${row.component}, ${row.width}, ${row.bucket.toISOString()}::timestamptz, ${row.calls}::bigint, ${row.failures}::bigint, ${`{${row.latency.join(',')}}`}::bigint[])`,
          ),
          sql`, `,
        );
        await db.execute(sql`
          insert into status_rollups as r (component, width, bucket, calls, failures, latency_ms)
          values ${values}
          on conflict (component, width, bucket) do update set
            calls = r.calls + excluded.calls,
            failures = r.failures + excluded.failures,
            latency_ms = (
              select array_agg(coalesce(a, 0) + coalesce(b, 0) order by i)
              from unnest(r.latency_ms, excluded.latency_ms) with ordinality as u(a, b, i)
            )`);
      }
    },

    /** Daily buckets from `since` (a UTC midnight) on, and the hourly ones from `hoursSince`. */
    async read(since: Date, hoursSince: Date): Promise<{ days: RollupRow[]; hours: RollupRow[] }> {
      const read = async (width: 'day' | 'hour', from: Date) =>
        rows<{
          component: string;
          bucket: string | Date;
          calls: string | number;
          failures: string | number;
          latency_ms: unknown;
        }>(
          await db.execute(sql`
            select component, bucket, calls, failures, latency_ms from status_rollups
            where width = ${width} and bucket >= ${from.toISOString()}::timestamptz
            order by bucket`),
        ).map((row) => ({
          component: row.component,
          bucket: new Date(row.bucket),
          calls: Number(row.calls),
          failures: Number(row.failures),
          latency: asNumbers(row.latency_ms),
        }));
      const [days, hours] = await Promise.all([read('day', since), read('hour', hoursSince)]);
      return { days, hours };
    },

    /**
     * Opens a component's incident unless one is open (whichever process's circuit opened
     * first wins; the others' openings change nothing). True when this call opened it.
     */
    async openIncident(component: string, cause: string | null): Promise<boolean> {
      const result = rows<{ id: string }>(
        await db.execute(sql`
          insert into status_incidents (component, cause) values (${component}, ${cause})
          on conflict (component) where resolved_at is null do nothing
          returning id`),
      );
      return result.length > 0;
    },

    /** Closes a component's open incident, if any. True when one was closed. */
    async resolveIncident(component: string): Promise<boolean> {
      const result = rows<{ id: string }>(
        await db.execute(sql`
          update status_incidents set resolved_at = now()
          where component = ${component} and resolved_at is null
          returning id`),
      );
      return result.length > 0;
    },

    /**
     * Closes a component's incident that has been open longer than `minAgeMs` (the process whose
     * circuit opened it may have died before its circuit closed). True when one was closed.
     */
    async resolveStaleIncident(component: string, minAgeMs: number): Promise<boolean> {
      const result = rows<{ id: string }>(
        await db.execute(sql`
          update status_incidents set resolved_at = now()
          where component = ${component} and resolved_at is null
            and started_at < now() - make_interval(secs => ${minAgeMs / 1000})
          returning id`),
      );
      return result.length > 0;
    },

    /** Open incidents and those started since `since`, newest first, at most `limit`. */
    async incidents(since: Date, limit: number): Promise<IncidentRow[]> {
      return rows<{
        id: string;
        component: string;
        started_at: string | Date;
        resolved_at: string | Date | null;
        cause: string | null;
      }>(
        await db.execute(sql`
          select id, component, started_at, resolved_at, cause from status_incidents
          where resolved_at is null or started_at >= ${since.toISOString()}::timestamptz
          order by started_at desc, id
          limit ${limit}`),
      ).map((row) => ({
        id: row.id,
        component: row.component,
        startedAt: new Date(row.started_at),
        resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at),
        cause: row.cause,
      }));
    },

    /** Holds of running calls not yet settled, every process's (for `/metrics`). */
    async holdsOpen(): Promise<number> {
      const [row] = rows<{ n: string | number }>(
        await db.execute(sql`select count(*) as n from usage_reservations where status = 'held'`),
      );
      return Number(row?.n ?? 0);
    },

    /** Drops buckets past their keeping time (a few rows an hour; run now and then). */
    async prune(): Promise<void> {
      await db.execute(sql`
        delete from status_rollups
        where (width = 'hour' and bucket < now() - make_interval(days => ${KEEP_HOURS_DAYS}))
           or (width = 'day' and bucket < now() - make_interval(days => ${KEEP_DAYS}))`);
    },
  };
}
export type StatusRepository = ReturnType<typeof createStatusRepository>;
