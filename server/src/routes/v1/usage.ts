/**
 * Usage by day, aggregated in SQL from the rollups (the usage chart reads one request, whatever
 * the number of transactions), and CSV exports of the aggregate and of the raw transactions.
 */
import { Readable } from 'node:stream';
import type { DailyUsage } from '@contract';
import { MAX_BUCKET_RANGE_DAYS, MAX_USAGE_DAYS } from '@contract';
import { invalidRequest } from '../../lib/errors';
import { microsToUsd } from '../../lib/money';
import type { DailyRow, KeyTotalRow } from '../../repositories/usage';
import { organizationOf } from '../../plugins/access';
import type { V1Context } from '../context';
import type { Handlers } from '../operations';

const usageFilter = (query: { deployment?: string; api_key_id?: string }) => ({
  ...(query.deployment !== undefined && { deployment: query.deployment }),
  ...(query.api_key_id !== undefined && { apiKeyId: query.api_key_id }),
});

function range(startDate: string, endDate: string): { start: Date; end: Date } {
  const start = new Date(startDate);
  const end = new Date(endDate);
  if (start > end)
    throw invalidRequest('Invalid query string: start_date must not be after end_date.');
  if (end.getTime() - start.getTime() > MAX_USAGE_DAYS * 86_400_000) {
    throw invalidRequest(`Invalid query string: a range covers at most ${MAX_USAGE_DAYS} days.`);
  }
  return { start, end };
}

interface Sum {
  calls: number;
  spentMicros: number;
}

/** Adds a row into the entry of `map` under `key`, creating it with `init` the first time. */
function add<K, V extends Sum>(map: Map<K, V>, key: K, init: () => V, row: Sum): void {
  let entry = map.get(key);
  if (!entry) map.set(key, (entry = init()));
  entry.calls += row.calls;
  entry.spentMicros += row.spentMicros;
}

const bySpend = (a: Sum, b: Sum) => b.spentMicros - a.spentMicros || b.calls - a.calls;
const presentDeployment = (d: { deployment: string } & Sum) => ({
  deployment: d.deployment,
  calls: d.calls,
  spent_usd: microsToUsd(d.spentMicros),
});
const presentKey = (k: { id: string | null; name: string | null } & Sum) => ({
  api_key_id: k.id,
  name: k.name,
  calls: k.calls,
  spent_usd: microsToUsd(k.spentMicros),
});

/**
 * The chart's answer: each day (oldest first) with its deployments, the range by deployment and
 * by key (most spent first) and the totals. Sums are integer micro-dollars until shown.
 */
export function groupByDay(
  rows: DailyRow[],
  keyRows: KeyTotalRow[],
  purchasedMicros: number,
): Omit<DailyUsage, 'test_calls'> {
  type Day = { date: string; deployments: Array<{ deployment: string } & Sum> } & Sum;
  const days: Day[] = [];
  const deployments = new Map<string, { deployment: string } & Sum>();
  let calls = 0;
  let spent = 0;
  for (const row of rows) {
    let day = days[days.length - 1];
    if (!day || day.date !== row.day) {
      day = { date: row.day, calls: 0, spentMicros: 0, deployments: [] };
      days.push(day);
    }
    day.calls += row.calls;
    day.spentMicros += row.spentMicros;
    // One row per day and deployment.
    day.deployments.push({
      deployment: row.deployment,
      calls: row.calls,
      spentMicros: row.spentMicros,
    });
    add(
      deployments,
      row.deployment,
      () => ({ deployment: row.deployment, calls: 0, spentMicros: 0 }),
      row,
    );
    calls += row.calls;
    spent += row.spentMicros;
  }
  const keys = keyRows.map((k) => ({
    id: k.apiKeyId,
    name: k.apiKeyName,
    calls: k.calls,
    spentMicros: k.spentMicros,
  }));
  return {
    days: days.map((day) => ({
      date: day.date,
      calls: day.calls,
      spent_usd: microsToUsd(day.spentMicros),
      deployments: day.deployments.map(presentDeployment),
    })),
    by_deployment: [...deployments.values()].sort(bySpend).map(presentDeployment),
    by_key: keys.sort(bySpend).map(presentKey),
    totals: { calls, spent_usd: microsToUsd(spent), purchased_usd: microsToUsd(purchasedMicros) },
  };
}

/** One CSV field: quoted when needed; a leading =, +, - or @ is defused for spreadsheets. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: Array<string | number | null>) =>
  `${fields.map(csvField).join(',')}\r\n`;

/**
 * A CSV body streamed from batches of rows: the header line, then one chunk of text per batch,
 * pulled as the client reads (constant memory for any number of rows). The first batch is read
 * before anything is sent, so a database that fails at once answers an error, not a cut file.
 */
export async function csvStream<T>(
  header: string[],
  batches: AsyncGenerator<T[]>,
  line: (row: T) => Array<string | number | null>,
): Promise<Readable> {
  const first = await batches.next();
  async function* text() {
    let chunk = csvLine(header);
    if (!first.done) for (const row of first.value) chunk += csvLine(line(row));
    yield chunk;
    if (first.done) return;
    for await (const batch of batches) {
      chunk = '';
      for (const row of batch) chunk += csvLine(line(row));
      yield chunk;
    }
  }
  return Readable.from(text(), { objectMode: false, encoding: 'utf8' });
}

const micros = (value: string | number | bigint) => Number(value);

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** A usage-buckets cursor: the last (bucket, group) of the page before, opaque to callers. */
function encodeBucketCursor(bucketMs: number, group: string): string {
  return Buffer.from(JSON.stringify([bucketMs, group]), 'utf8').toString('base64url');
}

function decodeBucketCursor(cursor: string): { bucketMs: number; group: string } {
  let value: unknown = null;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = null;
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !Number.isSafeInteger(value[0]) ||
    typeof value[1] !== 'string' ||
    value[1].length > 200
  ) {
    throw invalidRequest('Invalid query string: cursor is not one this API returned.');
  }
  return { bucketMs: value[0] as number, group: value[1] };
}

export function usageHandlers(ctx: V1Context) {
  return {
    listUsageBuckets: async (request) => {
      const org = organizationOf(request);
      const q = request.query;
      const width = q.bucket_width ?? 'day';
      const unit = width === 'day' ? DAY_MS : HOUR_MS;
      const start = new Date(q.start_date).getTime();
      const end = new Date(q.end_date).getTime();
      if (start > end)
        throw invalidRequest('Invalid query string: start_date must not be after end_date.');
      const from = Math.floor(start / unit) * unit;
      const to = Math.max(Math.ceil(end / unit) * unit, from + unit);
      if (to - from > MAX_BUCKET_RANGE_DAYS[width] * DAY_MS) {
        throw invalidRequest(
          `Invalid query string: a range covers at most ${MAX_BUCKET_RANGE_DAYS[width]} days by ${width}.`,
        );
      }
      const limit = q.limit ?? 100;
      const found = await ctx.repos.usage.buckets(org.id, {
        from: new Date(from),
        to: new Date(to),
        width,
        ...(q.group_by !== undefined && { groupBy: q.group_by }),
        filter: usageFilter(q),
        ...(q.cursor !== undefined && { after: decodeBucketCursor(q.cursor) }),
        limit: limit + 1,
      });
      const page = found.slice(0, limit);
      const last = page[page.length - 1];
      const grouped = (by: string, value: string | null) => (q.group_by === by ? value : null);
      return {
        bucket_width: width,
        start_time: new Date(from).toISOString(),
        end_time: new Date(to).toISOString(),
        data: page.map((b) => ({
          start_time: new Date(b.bucketMs).toISOString(),
          end_time: new Date(b.bucketMs + unit).toISOString(),
          api_key_id: grouped('api_key', b.group || null),
          api_key_name: grouped('api_key', b.apiKeyName),
          deployment: grouped('deployment', b.group),
          member_uid: grouped('member', b.group || null),
          calls: b.calls,
          cost_micros: b.spentMicros,
          cost_usd: microsToUsd(b.spentMicros),
        })),
        has_more: found.length > limit,
        next_cursor:
          found.length > limit && last ? encodeBucketCursor(last.bucketMs, last.group) : null,
      };
    },

    getDailyUsage: async (request) => {
      const org = organizationOf(request);
      const { start, end } = range(request.query.start_date, request.query.end_date);
      const daily = await ctx.repos.usage.daily(
        org.id,
        start,
        end,
        request.query.utc_offset_minutes ?? 0,
        usageFilter(request.query),
      );
      const testCalls = await ctx.repos.usage.testCalls(
        org.id,
        start,
        end,
        usageFilter(request.query),
      );
      return {
        ...groupByDay(daily.rows, daily.keys, daily.purchasedMicros),
        test_calls: testCalls,
      };
    },

    exportDailyUsage: async (request, reply) => {
      const org = organizationOf(request);
      const { start, end } = range(request.query.start_date, request.query.end_date);
      const byKey = request.query.group_by === 'key';
      const batches = ctx.repos.usage.dailyExport(
        org.id,
        start,
        end,
        request.query.utc_offset_minutes ?? 0,
        byKey ? 'key' : 'deployment',
        usageFilter(request.query),
      );
      const body = byKey
        ? await csvStream(
            ['date', 'api_key_id', 'api_key_name', 'calls', 'spent_usd'],
            batches,
            (r) => [
              r.day,
              r.api_key_id ?? null,
              r.name ?? null,
              Number(r.calls),
              microsToUsd(micros(r.spent)),
            ],
          )
        : await csvStream(['date', 'deployment', 'calls', 'spent_usd'], batches, (r) => [
            r.day,
            r.deployment ?? '',
            Number(r.calls),
            microsToUsd(micros(r.spent)),
          ]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="usage-by-day.csv"')
        .send(body);
    },

    exportTransactions: async (request, reply) => {
      const org = organizationOf(request);
      const { start, end } = range(request.query.start_date, request.query.end_date);
      const body = await csvStream(
        [
          'created_at',
          'kind',
          'deployment',
          'units',
          'amount_usd',
          'balance_after_usd',
          'api_key_name',
        ],
        ctx.repos.usage.transactions(org.id, start, end),
        (t) => [
          t.created_at_iso,
          t.kind,
          t.deployment,
          Number(t.units),
          microsToUsd(micros(t.amount_micros)),
          microsToUsd(micros(t.balance_after_micros)),
          t.api_key_name,
        ],
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="transactions.csv"')
        .send(body);
    },
  } satisfies Partial<Handlers>;
}
