/**
 * Usage by day, aggregated in SQL (the usage chart reads one request, whatever the number of
 * transactions), and CSV exports of the aggregate and of the raw transactions.
 */
import { DailyUsage, DailyUsageQuery, MAX_USAGE_DAYS, TransactionCsvQuery } from '@contract';
import { Type } from 'typebox';
import { badRequest } from '../../lib/errors';
import { microsToUsd } from '../../lib/money';
import type { DailyRow } from '../../repositories/usage';
import { MAX_CSV_ROWS } from '../../repositories/usage';
import { organizationOf } from '../../plugins/access';
import { errorResponses, SECURITY, type TypedFastify, type V1Context } from '../context';

function range(startDate: string, endDate: string): { start: Date; end: Date } {
  const start = new Date(startDate);
  const end = new Date(endDate);
  if (start > end) throw badRequest('Invalid query string: start_date must not be after end_date.');
  if (end.getTime() - start.getTime() > MAX_USAGE_DAYS * 86_400_000) {
    throw badRequest(`Invalid query string: a range covers at most ${MAX_USAGE_DAYS} days.`);
  }
  return { start, end };
}

export function groupByDay(rows: DailyRow[], purchasedMicros: number): DailyUsage {
  const days: DailyUsage['days'] = [];
  let calls = 0;
  let spent = 0;
  for (const row of rows) {
    let day = days[days.length - 1];
    if (!day || day.date !== row.day) {
      day = { date: row.day, calls: 0, spent_usd: 0, deployments: [] };
      days.push(day);
    }
    day.calls += row.calls;
    day.spent_usd = microsToUsd(Math.round(day.spent_usd * 1_000_000) + row.spentMicros);
    day.deployments.push({
      deployment: row.deployment,
      calls: row.calls,
      spent_usd: microsToUsd(row.spentMicros),
    });
    calls += row.calls;
    spent += row.spentMicros;
  }
  return {
    days,
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

const csvResponse = { 200: Type.String({ description: 'text/csv; charset=utf-8' }) };

export async function usageRoutes(app: TypedFastify, ctx: V1Context) {
  const tags = ['Usage'];

  app.get(
    '/usage/daily',
    {
      schema: {
        tags,
        summary: 'Spend and calls per day and deployment',
        description: `Aggregated in SQL from the ledger. Days are counted in \`utc_offset_minutes\`; a range covers at most ${MAX_USAGE_DAYS} days.`,
        security: SECURITY,
        querystring: DailyUsageQuery,
        response: { 200: DailyUsage, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const org = organizationOf(request);
      const { start, end } = range(request.query.start_date, request.query.end_date);
      const daily = await ctx.repos.usage.daily(
        org.id,
        start,
        end,
        request.query.utc_offset_minutes,
      );
      return groupByDay(daily.rows, daily.purchasedMicros);
    },
  );

  app.get(
    '/usage/daily.csv',
    {
      schema: {
        tags,
        summary: 'The daily aggregate as CSV',
        security: SECURITY,
        querystring: DailyUsageQuery,
        produces: ['text/csv'],
        response: { ...csvResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const org = organizationOf(request);
      const { start, end } = range(request.query.start_date, request.query.end_date);
      const daily = await ctx.repos.usage.daily(
        org.id,
        start,
        end,
        request.query.utc_offset_minutes,
      );
      const body =
        csvLine(['date', 'deployment', 'calls', 'spent_usd']) +
        daily.rows
          .map((r) => csvLine([r.day, r.deployment, r.calls, microsToUsd(r.spentMicros)]))
          .join('');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="usage-by-day.csv"')
        .send(body);
    },
  );

  app.get(
    '/transaction.csv',
    {
      schema: {
        tags,
        summary: 'Every transaction in a range as CSV, oldest first',
        description: `At most ${MAX_CSV_ROWS.toLocaleString('en-US')} rows (400 for a larger range); a range covers at most ${MAX_USAGE_DAYS} days.`,
        security: SECURITY,
        querystring: TransactionCsvQuery,
        produces: ['text/csv'],
        response: { ...csvResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const org = organizationOf(request);
      const { start, end } = range(request.query.start_date, request.query.end_date);
      const found = await ctx.repos.usage.transactions(org.id, start, end);
      if (!found) {
        throw badRequest(
          `More than ${MAX_CSV_ROWS.toLocaleString('en-US')} transactions in this range: export a shorter one.`,
        );
      }
      const body =
        csvLine([
          'created_at',
          'kind',
          'deployment',
          'units',
          'amount_usd',
          'balance_after_usd',
          'api_key_name',
        ]) +
        found
          .map((t) =>
            csvLine([
              t.createdAt.toISOString(),
              t.kind,
              t.deployment,
              t.units,
              microsToUsd(t.amountMicros),
              microsToUsd(t.balanceAfterMicros),
              t.apiKeyName,
            ]),
          )
          .join('');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="transactions.csv"')
        .send(body);
    },
  );
}
