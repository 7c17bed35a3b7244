/**
 * Usage read from the rollups (usage_daily, usage_hourly: see usageSlices.ts): spend and calls
 * per day, deployment and key for a range, at a cost that grows with buckets, not calls; and the
 * rows of a range for CSV.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { after, keysetTime } from '../lib/cursor';
import { exportAggregate, exportRows, type KeysetRow } from './exports';
import { keyCondition, usageSlices } from './usageSlices';
import { rowsOf as rows } from '../db/rows';

/** A local day's usage of one deployment. */
export interface DailyRow {
  day: string;
  deployment: string;
  calls: number;
  spentMicros: number;
}

/** One key's usage over a whole range. */
export interface KeyTotalRow {
  apiKeyId: string | null;
  apiKeyName: string | null;
  calls: number;
  spentMicros: number;
}

export interface UsageFilter {
  deployment?: string;
  apiKeyId?: string;
}

/** One ledger row as the CSV export reads it (amounts as the driver gives a bigint). */
export interface TransactionExportRow extends KeysetRow {
  created_at_iso: string;
  kind: string;
  deployment: string | null;
  units: number;
  amount_micros: string | number | bigint;
  balance_after_micros: string | number | bigint;
  api_key_name: string | null;
}

/** One line of the daily CSV: by deployment, or by key (`api_key_id`, `name`). */
export interface DailyExportRow {
  day: string;
  deployment?: string;
  api_key_id?: string | null;
  name?: string | null;
  calls: string | number | bigint;
  spent: string | number | bigint;
}

export type BucketWidth = 'day' | 'hour';
export type BucketGroup = 'api_key' | 'deployment' | 'member';

/** One usage bucket (a group within a UTC day or hour), as the rollups hold it. */
export interface BucketRow {
  bucketMs: number;
  group: string;
  apiKeyName: string | null;
  calls: number;
  spentMicros: number;
}

export interface BucketQuery {
  from: Date;
  to: Date;
  width: BucketWidth;
  groupBy?: BucketGroup;
  filter: UsageFilter;
  /** Rows after this (bucket, group) in the answer's order. */
  after?: { bucketMs: number; group: string };
  limit: number;
}

const GROUP_KEYS: Record<BucketGroup | 'none', string> = {
  api_key: `coalesce(api_key_id::text, '')`,
  deployment: 'deployment',
  member: `coalesce(member_uid, '')`,
  none: `''::text`,
};

/**
 * The coarsest rollup with the dimensions a buckets query groups and filters by (migration
 * 0025): by deployment (or none) without a key filter, by key by day without a deployment filter.
 */
function bucketTable(q: BucketQuery): string {
  const fine = q.width === 'day' ? 'usage_daily' : 'usage_hourly';
  const group = q.groupBy ?? 'none';
  if ((group === 'deployment' || group === 'none') && q.filter.apiKeyId === undefined)
    return q.width === 'day' ? 'usage_daily_deployment' : 'usage_hourly_deployment';
  if (group === 'api_key' && q.width === 'day' && q.filter.deployment === undefined)
    return 'usage_daily_key';
  return fine;
}

export function createUsageRepository(db: Database) {
  return {
    /**
     * Buckets of [from, to) (whole UTC days or hours) from one rollup table, by group, oldest
     * first then by group, keyset-paged: the cost grows with the buckets read, never the calls.
     */
    async buckets(organizationId: string, q: BucketQuery): Promise<BucketRow[]> {
      const table = sql.raw(bucketTable(q));
      const group = sql.raw(GROUP_KEYS[q.groupBy ?? 'none']);
      const afterBucket = q.after ? new Date(q.after.bucketMs).toISOString() : null;
      const found = rows<{
        bucket_ms: string | number;
        group_key: string;
        name: string | null;
        calls: string | number;
        spent: string | number;
      }>(
        await db.execute(sql`
          select (extract(epoch from bucket) * 1000)::bigint as bucket_ms, ${group} as group_key,
                 ${q.groupBy === 'api_key' ? sql`max(api_key_name)` : sql`null::text`} as name,
                 sum(calls) as calls, sum(spent_micros) as spent
          from ${table}
          where organization_id = ${organizationId}
            and bucket >= ${q.from.toISOString()} and bucket < ${q.to.toISOString()}
            ${q.filter.deployment === undefined ? sql`` : sql`and deployment = ${q.filter.deployment}`}
            ${keyCondition(q.filter)}
            ${afterBucket ? sql`and bucket >= ${afterBucket}` : sql``}
          group by bucket, ${group}
          ${q.after ? sql`having (bucket, ${group}) > (${afterBucket}::timestamptz, ${q.after.group}::text)` : sql``}
          order by bucket, 2
          limit ${q.limit}`),
      );
      return found.map((r) => ({
        bucketMs: Number(r.bucket_ms),
        group: r.group_key,
        apiKeyName: r.name,
        calls: Number(r.calls),
        spentMicros: Number(r.spent),
      }));
    },

    /**
     * The chart's aggregate: spend and calls by local day and deployment, and by key over the
     * whole range (which does not depend on the offset). Each reads the coarsest rollup that has
     * its dimensions (migration 0025): a year of a million calls is about 3k rows by day and
     * deployment and 9k by day and key. A filter by key reads the fine rollup on its index.
     */
    async daily(
      organizationId: string,
      start: Date,
      end: Date,
      offsetMinutes: number,
      filter: UsageFilter = {},
    ) {
      const perDay = rows<{
        day: string;
        deployment: string;
        calls: string | number;
        spent: string | number;
      }>(
        await db.execute(sql`
          select day, deployment, sum(calls) as calls, sum(spent) as spent
          from (${usageSlices(organizationId, start, end, offsetMinutes, filter, 'deployment')}) s
          group by 1, 2
          having sum(entries) <> 0
          order by 1, 2`),
      );
      const perKey = rows<{
        api_key_id: string | null;
        api_key_name: string | null;
        calls: string | number;
        spent: string | number;
      }>(
        await db.execute(sql`
          select api_key_id, max(api_key_name) as api_key_name,
                 sum(calls) as calls, sum(spent) as spent
          from (${usageSlices(organizationId, start, end, 0, filter, 'key')}) s
          group by 1`),
      );
      const [totals] = rows<{ purchased: string | number }>(
        await db.execute(sql`
          select coalesce(sum(amount_micros), 0) as purchased from ledger_entries
          where organization_id = ${organizationId} and kind <> 'usage' and kind = 'purchase'
            and created_at >= ${start.toISOString()} and created_at <= ${end.toISOString()}`),
      );
      return {
        rows: perDay.map((r): DailyRow => ({
          day: r.day,
          deployment: r.deployment,
          calls: Number(r.calls),
          spentMicros: Number(r.spent),
        })),
        keys: perKey.map((r): KeyTotalRow => ({
          apiKeyId: r.api_key_id,
          apiKeyName: r.api_key_name,
          calls: Number(r.calls),
          spentMicros: Number(r.spent),
        })),
        purchasedMicros: Number(totals?.purchased ?? 0),
      };
    },

    /** Test keys' free calls in the range (UTC days), by key, most first. */
    async testCalls(organizationId: string, start: Date, end: Date, filter: UsageFilter = {}) {
      const found = rows<{ api_key_id: string; name: string; calls: string | number }>(
        await db.execute(sql`
          select api_key_id, max(api_key_name) as name, sum(calls) as calls
          from test_usage
          where organization_id = ${organizationId}
            and day >= (${start.toISOString()}::timestamptz at time zone 'UTC')::date
            and day <= (${end.toISOString()}::timestamptz at time zone 'UTC')::date
            ${filter.deployment === undefined ? sql`` : sql`and deployment = ${filter.deployment}`}
            ${keyCondition(filter)}
          group by api_key_id
          order by 3 desc, 1`),
      );
      const byKey = found.map((r) => ({
        api_key_id: r.api_key_id,
        name: r.name,
        calls: Number(r.calls),
      }));
      return { calls: byKey.reduce((n, k) => n + k.calls, 0), by_key: byKey };
    },

    /** Every ledger row of [start, end], oldest first, in batches (the CSV export). */
    transactions(organizationId: string, start: Date, end: Date) {
      const time = sql`created_at`;
      return exportRows<TransactionExportRow>(
        db,
        (from, limit) => sql`
          select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at_iso,
                 kind, deployment, units, amount_micros, balance_after_micros, api_key_name,
                 ${keysetTime(time)} as cursor_at, id as cursor_id
          from ledger_entries
          where organization_id = ${organizationId}
            and created_at >= ${start.toISOString()} and created_at <= ${end.toISOString()}
            ${from ? sql`and ${after(time, sql`id`, from, 'uuid')}` : sql``}
          order by created_at, id
          limit ${limit}`,
        Number.MAX_SAFE_INTEGER,
      );
    },

    /**
     * The daily aggregate for CSV, one row per day and deployment (or key, most spent first
     * within a day), from the rollups, in batches.
     */
    dailyExport(
      organizationId: string,
      start: Date,
      end: Date,
      offsetMinutes: number,
      groupBy: 'deployment' | 'key',
      filter: UsageFilter = {},
    ) {
      const slices = usageSlices(
        organizationId,
        start,
        end,
        offsetMinutes,
        filter,
        groupBy === 'key' ? 'key' : 'deployment',
      );
      return exportAggregate<DailyExportRow>(
        db,
        groupBy === 'key'
          ? sql`
              select day, api_key_id::text as api_key_id, max(api_key_name) as name,
                     sum(calls) as calls, sum(spent) as spent
              from (${slices}) s group by 1, 2 having sum(entries) <> 0
              order by 1, 5 desc, 4 desc, 2`
          : sql`
              select day, deployment, sum(calls) as calls, sum(spent) as spent
              from (${slices}) s group by 1, 2 having sum(entries) <> 0 order by 1, 2`,
      );
    },
  };
}
export type UsageRepository = ReturnType<typeof createUsageRepository>;
