/**
 * Usage read from the rollups (usage_daily, usage_hourly: see usageSlices.ts): spend and calls
 * per day, deployment and key for a range, at a cost that grows with buckets, not calls; and the
 * rows of a range for CSV.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ledgerEntries } from '../db/schema';
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

/** Most rows one CSV export of transactions may hold. */
export const MAX_CSV_ROWS = 100_000;

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

    /** Oldest first; `null` when the range holds more than MAX_CSV_ROWS. */
    async transactions(organizationId: string, start: Date, end: Date) {
      const found = await db
        .select()
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.organizationId, organizationId),
            gte(ledgerEntries.createdAt, start),
            lte(ledgerEntries.createdAt, end),
          ),
        )
        .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id))
        .limit(MAX_CSV_ROWS + 1);
      return found.length > MAX_CSV_ROWS ? null : found;
    },
  };
}
export type UsageRepository = ReturnType<typeof createUsageRepository>;
