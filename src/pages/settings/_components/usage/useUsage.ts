/**
 * Loads the usage of a range through the account cache (refetched after a metered call or a
 * purchase): one page of transactions for the table (`skip`/`limit`), and the server's daily
 * aggregate of the range for the totals and the chart (one request, however many transactions
 * the range holds), of one key or one deployment when the filter says so (the transactions list
 * is the range's, unfiltered: the server filters the aggregate only).
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { dailyUsageQuery, loadable, v1Key, type Loadable } from '@site/src/api/queries';
import type { DailyUsage, TransactionList } from '@contract';
import {
  dailyUsageQuery as dailyQueryOf,
  dayToDate,
  filterQuery,
  type DayRange,
  type UsageFilter,
} from './range';
import { toUsageRow, type UsageRow } from './transactions';

export const TRANSACTIONS_PAGE_SIZE = 10;

export type PageState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | {
      kind: 'ready';
      rows: UsageRow[];
      totalCount: number;
      hasMore: boolean;
      totals: TransactionList['totals'];
    };

export default function useUsage(range: DayRange, skip: number, filter: UsageFilter) {
  const { start, end } = range;
  const pageQuery = useQuery({
    queryKey: v1Key('GET /transaction', { start, end, skip, limit: TRANSACTIONS_PAGE_SIZE }),
    queryFn: () =>
      account
        .getTransactions({
          startDate: dayToDate(start),
          endDate: dayToDate(end),
          skip,
          limit: TRANSACTIONS_PAGE_SIZE,
        })
        .then(unwrap),
  });
  const dailyQuery = useQuery({
    ...dailyUsageQuery({ ...dailyQueryOf({ start, end }), ...filterQuery(filter) }),
    // Said where the totals and the chart are; the transactions' own failure is notified.
    meta: { quiet: true },
  });

  const loadedPage = loadable(pageQuery);
  const page: PageState =
    loadedPage.kind === 'ready'
      ? {
          kind: 'ready',
          rows: loadedPage.data.transactions.map(toUsageRow),
          totalCount: loadedPage.data.total_count,
          hasMore: loadedPage.data.has_more,
          totals: loadedPage.data.totals,
        }
      : loadedPage;
  const daily: Loadable<DailyUsage> = loadable(dailyQuery);

  const { refetch: refetchPage } = pageQuery;
  const { refetch: refetchDaily } = dailyQuery;
  const retry = useCallback(() => {
    void refetchPage();
    void refetchDaily();
  }, [refetchPage, refetchDaily]);
  return { page, daily, retry };
}
