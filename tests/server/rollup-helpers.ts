/** Shared by the rollup tests: the coarse rollups next to a recount from the ledger. */
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client';
import { rowsOf } from '../../server/src/db/rows';

/**
 * Migration 0025's coarser rollups, as stored and recomputed from the ledger: by day and
 * deployment, by hour and deployment, by day and key.
 */
export async function coarseAndLedger(db: Database, organizationId: string) {
  const pairs: Array<[string, string, string]> = [
    ['usage_daily_deployment', 'day', 'deployment'],
    ['usage_hourly_deployment', 'hour', 'deployment'],
    ['usage_daily_key', 'day', 'api_key_id'],
  ];
  const out: Array<{ table: string; fromLedger: unknown[]; stored: unknown[] }> = [];
  for (const [table, unit, dimension] of pairs) {
    const column = sql.raw(dimension === 'deployment' ? 'deployment' : 'api_key_id::text');
    const fromLedger = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select date_trunc(${unit}, created_at at time zone 'UTC')::text as bucket,
               ${sql.raw(dimension === 'deployment' ? `coalesce(deployment, '')` : 'api_key_id::text')} as dimension,
               count(*)::text as entries, sum(units)::text as calls,
               (-sum(amount_micros))::text as spent
        from ledger_entries
        where organization_id = ${organizationId} and kind = 'usage'
        group by 1, 2 order by 1, 2`),
    );
    const stored = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select (bucket at time zone 'UTC')::text as bucket, ${column} as dimension,
               sum(entries)::text as entries, sum(calls)::text as calls,
               sum(spent_micros)::text as spent
        from ${sql.raw(table)} where organization_id = ${organizationId}
        group by 1, 2 order by 1, 2`),
    );
    out.push({ table, fromLedger, stored });
  }
  return out;
}
