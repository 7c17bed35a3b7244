/**
 * Loads the usage of a range through the account cache (refetched after a metered call or a
 * purchase): one page of transactions for the table (`skip`/`limit`), and every transaction of
 * the range for the chart and the CSV export (pages of 100).
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { account } from '@site/src/api';
import { ApiError, unwrap } from '@site/src/api/cache';
import { loadable, v1Key } from '@site/src/api/queries';
import type { TransactionList } from '@contract';
import { dayToDate, type DayRange } from './range';
import { toUsageRow, type UsageRow } from './transactions';

export const TRANSACTIONS_PAGE_SIZE = 10;
const ALL_PAGE_SIZE = 100;
/** The chart and export read at most this many transactions of a range. */
export const MAX_EXPORT_ROWS = 5000;

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

export type AllState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; rows: UsageRow[]; truncated: boolean };

export async function fetchAllTransactions(
  range: DayRange,
): Promise<{ rows: UsageRow[]; truncated: boolean } | { error_message: string }> {
  const rows: UsageRow[] = [];
  for (let skip = 0; skip < MAX_EXPORT_ROWS; skip += ALL_PAGE_SIZE) {
    const result = await account.getTransactions({
      startDate: dayToDate(range.start),
      endDate: dayToDate(range.end),
      skip,
      limit: ALL_PAGE_SIZE,
    });
    if (result.error_message !== undefined) return { error_message: result.error_message };
    rows.push(...result.data.transactions.map(toUsageRow));
    if (!result.data.has_more) return { rows, truncated: false };
  }
  return { rows, truncated: true };
}

export default function useUsage(range: DayRange, skip: number) {
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
  const allQuery = useQuery({
    queryKey: v1Key('GET /transaction', { start, end, all: true }),
    queryFn: () =>
      fetchAllTransactions({ start, end }).then((result) =>
        'error_message' in result ? Promise.reject(new ApiError(result.error_message)) : result,
      ),
    // The page call already notified this failure; the chart says it inline.
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
  const loadedAll = loadable(allQuery);
  const all: AllState =
    loadedAll.kind === 'ready' ? { kind: 'ready', ...loadedAll.data } : loadedAll;

  const { refetch: refetchPage } = pageQuery;
  const { refetch: refetchAll } = allQuery;
  const retry = useCallback(() => {
    void refetchPage();
    void refetchAll();
  }, [refetchPage, refetchAll]);
  return { page, all, retry };
}
