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

export interface DailyRow {
  day: string;
  deployment: string;
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

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export function createUsageRepository(db: Database) {
  return {
    /** One aggregate by day, deployment and key; callers sum it by whichever they show. */
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
        api_key_id: string | null;
        api_key_name: string | null;
        calls: string | number;
        spent: string | number;
      }>(
        await db.execute(sql`
          select day, deployment, api_key_id, max(api_key_name) as api_key_name,
                 sum(calls) as calls, sum(spent) as spent
          from (${usageSlices(organizationId, start, end, offsetMinutes, filter)}) s
          group by 1, 2, 3
          order by 1, 2, 3`),
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
      const slices = usageSlices(organizationId, start, end, offsetMinutes, filter);
      return exportAggregate<DailyExportRow>(
        db,
        groupBy === 'key'
          ? sql`
              select day, api_key_id::text as api_key_id, max(api_key_name) as name,
                     sum(calls) as calls, sum(spent) as spent
              from (${slices}) s group by 1, 2 order by 1, 5 desc, 4 desc, 2`
          : sql`
              select day, deployment, sum(calls) as calls, sum(spent) as spent
              from (${slices}) s group by 1, 2 order by 1, 2`,
      );
    },
  };
}
export type UsageRepository = ReturnType<typeof createUsageRepository>;
