/**
 * A range of usage cut into slices that the rollups answer exactly (migration 0012): whole UTC
 * days from `usage_daily`, whole hours from `usage_hourly`, and only the partial hours at the two
 * ends from the ledger itself. Each slice yields (day, deployment, api_key_id, api_key_name,
 * member_uid, entries, calls, spent) with `day` the local date at `offsetMinutes` east of UTC, so
 * callers group the union however they show it.
 *
 * Whole UTC days read daily buckets; at a whole-hour offset each also reads the hourly buckets of
 * its hours that belong to a neighbouring local day (boundaryHours: at most 12 a day); an offset
 * that is not a whole number of hours (India, Nepal, …) cuts local days inside hours, which no
 * bucket answers exactly, so such ranges read the ledger.
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
 * At a whole-hour offset, each UTC day of [dayStart, dayEnd) read from the daily rollup counts
 * in the local day that holds its noon; its hours that fall in the local day before or after
 * (at most 12 a day: the first `s` hours or the last 24 - `s`) are read from the hourly rollup,
 * added to their own local day and taken from the noon's. Every hour ends in its own local day,
 * reading a few hours a day instead of all 24. Rows are signed: callers sum them.
 */
function boundaryHours(
  rollup: RollupTable,
  organizationId: string,
  dayStart: number,
  dayEnd: number,
  offsetMinutes: number,
  filter: SliceFilter,
): SQL {
  // The UTC hour at which a local day starts; the hours of each UTC day before it (s <= 12) or
  // from it on (s > 12) belong to a neighbouring local day. Listed, so each is an index lookup.
  const s = (((-offsetMinutes / 60) % 24) + 24) % 24;
  const [lo, hi] = s <= 12 ? [0, s] : [s, 24];
  const hours: string[] = [];
  for (let day = dayStart; day < dayEnd; day += DAY)
    for (let hour = lo; hour < hi; hour++) hours.push(iso(day + hour * HOUR));
  // A UTC day's moved hours all fall in one local day: summed per UTC day first, then added
  // there and taken from the noon's.
  return sql`
    select to_char(b.day + make_interval(mins => case when sign.k = 1
             then ${offsetMinutes + lo * 60}::int else ${offsetMinutes + 12 * 60}::int end), 'YYYY-MM-DD') as day,
           deployment, api_key_id, api_key_name, member_uid, sign.k * entries as entries,
           sign.k * calls as calls, sign.k * spent as spent
    from (
      select date_trunc('day', bucket at time zone 'UTC') at time zone 'UTC' as day,
             ${sql.raw(rollup.columns)}, sum(entries) as entries, sum(calls) as calls,
             sum(spent_micros) as spent
      from ${sql.raw(rollup.table)}
      where organization_id = ${organizationId}
        and bucket = any(${`{${hours.join(',')}}`}::timestamptz[])
        ${conditions(filter, sql`member_uid`)}
      group by 1, 2, 3, 4, 5
    ) b cross join (values (1), (-1)) sign(k)`;
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
  if (dayStart < dayEnd) {
    const hourly = (a: number, b: number) =>
      a < b && parts.push(fromRollup(tables.hour, organizationId, a, b, offsetMinutes, filter));
    hourly(hourStart, dayStart);
    // A UTC day's bucket goes to the local day that holds its noon; at an offset, the hours of
    // that UTC day in another local day are moved there from the hourly rollup.
    parts.push(
      fromRollup(tables.day, organizationId, dayStart, dayEnd, offsetMinutes + 12 * 60, filter),
    );
    if (offsetMinutes !== 0) {
      parts.push(
        boundaryHours(tables.hour, organizationId, dayStart, dayEnd, offsetMinutes, filter),
      );
    }
    hourly(dayEnd, hourEnd);
  } else {
    parts.push(fromRollup(tables.hour, organizationId, hourStart, hourEnd, offsetMinutes, filter));
  }
  parts.push(fromLedger(organizationId, hourEnd, to, true, offsetMinutes, filter));
  return sql.join(parts, sql` union all `);
}
