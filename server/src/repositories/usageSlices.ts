/**
 * A range of usage cut into slices that the rollups answer exactly (migration 0012): whole UTC
 * days from `usage_daily`, whole hours from `usage_hourly`, and only the partial hours at the two
 * ends from the ledger itself. Each slice yields (day, deployment, api_key_id, api_key_name,
 * member_uid, entries, calls, spent) with `day` the local date at `offsetMinutes` east of UTC, so
 * callers group the union however they show it.
 *
 * Days in UTC read daily buckets; a whole-hour offset reads hourly buckets (a local day is 24 UTC
 * hours); an offset that is not a whole number of hours (India, Nepal, …) cuts local days inside
 * hours, which no bucket answers exactly, so such ranges read the ledger.
 */
import { sql, type SQL } from 'drizzle-orm';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SliceFilter {
  deployment?: string;
  apiKeyId?: string;
  memberUid?: string;
}

/** `and api_key_id = …` on an index; a value that is no UUID matches nothing (no cast, no error). */
export function keyCondition(filter: SliceFilter): SQL {
  if (filter.apiKeyId === undefined) return sql``;
  if (!UUID.test(filter.apiKeyId)) return sql`and false`;
  return sql`and api_key_id = ${filter.apiKeyId.toLowerCase()}::uuid`;
}

function conditions(filter: SliceFilter, member: SQL): SQL {
  return sql`${filter.deployment === undefined ? sql`` : sql`and deployment = ${filter.deployment}`}
    ${keyCondition(filter)}
    ${filter.memberUid === undefined ? sql`` : sql`and ${member} = ${filter.memberUid}`}`;
}

const ceilTo = (t: number, unit: number) => Math.ceil(t / unit) * unit;
const floorTo = (t: number, unit: number) => Math.floor(t / unit) * unit;
const iso = (t: number) => new Date(t).toISOString();

function fromLedger(
  organizationId: string,
  from: number,
  to: number,
  toInclusive: boolean,
  offsetMinutes: number,
  filter: SliceFilter,
): SQL {
  const member = sql`(select coalesce(k.created_by_uid, d.created_by_uid)
      from (select 1) one
        left join api_keys k on k.id = l.api_key_id
        left join deleted_key_spend d on d.api_key_id = l.api_key_id)`;
  return sql`
    select to_char(l.created_at + make_interval(mins => ${offsetMinutes}), 'YYYY-MM-DD') as day,
           coalesce(l.deployment, '') as deployment, l.api_key_id, l.api_key_name,
           ${member} as member_uid,
           1::bigint as entries, l.units::bigint as calls, -l.amount_micros as spent
    from ledger_entries l
    where l.organization_id = ${organizationId} and l.kind = 'usage'
      and l.created_at >= ${iso(from)}
      and ${toInclusive ? sql`l.created_at <= ${iso(to)}` : sql`l.created_at < ${iso(to)}`}
      ${conditions(filter, member)}`;
}

/**
 * Which rollups a read needs (migration 0025): `fine` has every dimension (key, deployment,
 * member); `deployment` only the deployment (days by deployment, totals); `key` only the key by
 * UTC day (its hours, at the ends of a range, come from the fine hourly rollup). A coarse grain
 * holds a bucket in a row per deployment or key instead of one per key × deployment × member, so
 * a year of a million calls is 3k rows by deployment instead of 73k.
 */
export type SliceGrain = 'fine' | 'deployment' | 'key';

interface RollupTable {
  table: string;
  /** deployment, api_key_id, api_key_name, member_uid as the table has them. */
  columns: string;
}

const FINE_COLUMNS = 'deployment, api_key_id, api_key_name, member_uid';
const TABLES: Record<SliceGrain, { hour: RollupTable; day: RollupTable }> = {
  fine: {
    hour: { table: 'usage_hourly', columns: FINE_COLUMNS },
    day: { table: 'usage_daily', columns: FINE_COLUMNS },
  },
  deployment: {
    hour: {
      table: 'usage_hourly_deployment',
      columns:
        'deployment, null::uuid as api_key_id, null::text as api_key_name, null::text as member_uid',
    },
    day: {
      table: 'usage_daily_deployment',
      columns:
        'deployment, null::uuid as api_key_id, null::text as api_key_name, null::text as member_uid',
    },
  },
  key: {
    hour: { table: 'usage_hourly', columns: FINE_COLUMNS },
    day: {
      table: 'usage_daily_key',
      columns: `''::text as deployment, api_key_id, api_key_name, null::text as member_uid`,
    },
  },
};

/** The grain asked for, or `fine` when the filter needs a dimension that grain does not keep. */
function grainFor(grain: SliceGrain, filter: SliceFilter): SliceGrain {
  if (filter.memberUid !== undefined) return 'fine';
  if (grain === 'deployment' && filter.apiKeyId !== undefined) return 'fine';
  if (grain === 'key' && filter.deployment !== undefined) return 'fine';
  return grain;
}

function fromRollup(
  rollup: RollupTable,
  organizationId: string,
  from: number,
  to: number,
  offsetMinutes: number,
  filter: SliceFilter,
): SQL {
  return sql`
    select to_char(bucket + make_interval(mins => ${offsetMinutes}), 'YYYY-MM-DD') as day,
           ${sql.raw(rollup.columns)}, entries, calls, spent_micros as spent
    from ${sql.raw(rollup.table)}
    where organization_id = ${organizationId}
      and bucket >= ${iso(from)} and bucket < ${iso(to)}
      ${conditions(filter, sql`member_uid`)}`;
}

/**
 * The union of slices covering [start, end] (both inclusive, as the ledger filters did). With a
 * coarse `grain` the columns that grain does not keep are null (`deployment` ''): callers group
 * only by what the grain keeps.
 */
export function usageSlices(
  organizationId: string,
  start: Date,
  end: Date,
  offsetMinutes: number,
  filter: SliceFilter = {},
  grain: SliceGrain = 'fine',
): SQL {
  const tables = TABLES[grainFor(grain, filter)];
  const from = start.getTime();
  const to = end.getTime();
  const hourStart = ceilTo(from, HOUR);
  const hourEnd = floorTo(to, HOUR);
  if (offsetMinutes % 60 !== 0 || hourStart >= hourEnd) {
    return fromLedger(organizationId, from, to, true, offsetMinutes, filter);
  }
  const parts: SQL[] = [];
  if (from < hourStart)
    parts.push(fromLedger(organizationId, from, hourStart, false, offsetMinutes, filter));
  const dayStart = ceilTo(hourStart, DAY);
  const dayEnd = floorTo(hourEnd, DAY);
  if (offsetMinutes === 0 && dayStart < dayEnd) {
    const hourly = (a: number, b: number) =>
      a < b && parts.push(fromRollup(tables.hour, organizationId, a, b, 0, filter));
    hourly(hourStart, dayStart);
    parts.push(fromRollup(tables.day, organizationId, dayStart, dayEnd, 0, filter));
    hourly(dayEnd, hourEnd);
  } else {
    parts.push(fromRollup(tables.hour, organizationId, hourStart, hourEnd, offsetMinutes, filter));
  }
  parts.push(fromLedger(organizationId, hourEnd, to, true, offsetMinutes, filter));
  return sql.join(parts, sql` union all `);
}
