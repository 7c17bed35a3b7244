import { TransactionList, TransactionQuery } from '@contract';
import { badRequest } from '../../lib/errors';
import { microsToUsd } from '../../lib/money';
import { presentTransaction } from '../../lib/present';
import { organizationOf } from '../../plugins/access';
import { errorResponses, SECURITY, type TypedFastify, type V1Context } from '../context';

export async function transactionRoutes(app: TypedFastify, ctx: V1Context) {
  app.get(
    '/transaction',
    {
      schema: {
        tags: ['Usage'],
        summary: 'Usage and purchases, newest first',
        description:
          'Rows with start_date <= created_at <= end_date; totals cover the whole range.',
        security: SECURITY,
        querystring: TransactionQuery,
        response: { 200: TransactionList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const org = organizationOf(request);
      const { start_date, end_date, skip, limit } = request.query;
      const start = start_date ? new Date(start_date) : undefined;
      const end = end_date ? new Date(end_date) : undefined;
      if (start && end && start > end) {
        throw badRequest('Invalid query string: start_date must not be after end_date.');
      }
      const page = await ctx.repos.ledger.list(org.id, { start, end, skip, limit });
      return {
        transactions: page.rows.map(presentTransaction),
        total_count: page.totalCount,
        has_more: skip + page.rows.length < page.totalCount,
        totals: {
          spent_usd: microsToUsd(page.spentMicros),
          purchased_usd: microsToUsd(page.purchasedMicros),
          calls: page.calls,
        },
      };
    },
  );
}
