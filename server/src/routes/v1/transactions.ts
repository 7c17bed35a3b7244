import { decodeCursor } from '../../lib/cursor';
import { invalidRequest } from '../../lib/errors';
import { microsToUsd } from '../../lib/money';
import { presentTransaction } from '../../lib/present';
import { organizationOf } from '../../plugins/access';
import type { V1Context } from '../context';
import type { Handlers } from '../operations';

export function transactionHandlers(ctx: V1Context) {
  return {
    listTransactions: async (request) => {
      const org = organizationOf(request);
      const { start_date, end_date, skip = 0, limit = 10, cursor } = request.query;
      const start = start_date ? new Date(start_date) : undefined;
      const end = end_date ? new Date(end_date) : undefined;
      if (start && end && start > end) {
        throw invalidRequest('Invalid query string: start_date must not be after end_date.');
      }
      const page = await ctx.repos.ledger.list(org.id, {
        start,
        end,
        skip,
        limit,
        ...(cursor !== undefined && { cursor: decodeCursor(cursor, 'uuid') }),
      });
      return {
        transactions: page.rows.map(presentTransaction),
        total_count: page.totalCount,
        has_more: page.hasMore,
        next_cursor: page.nextCursor,
        totals: {
          spent_usd: microsToUsd(page.spentMicros),
          purchased_usd: microsToUsd(page.purchasedMicros),
          calls: page.calls,
        },
      };
    },
  } satisfies Partial<Handlers>;
}
