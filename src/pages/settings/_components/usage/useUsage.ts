/**
 * Loads the usage of a range: one page of transactions for the table
 * (`skip`/`limit`), and every transaction of the range for the chart and the
 * CSV export (pages of 100).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { account } from '@site/src/api';
import type { TransactionList } from '@contract';
import { notify } from '@site/src/components/Notifications';
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
  const [page, setPage] = useState<PageState>({ kind: 'loading' });
  const [all, setAll] = useState<AllState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const pageCall = useRef(0);
  const allCall = useRef(0);

  useEffect(() => {
    const call = ++pageCall.current;
    setPage({ kind: 'loading' });
    void account
      .getTransactions({
        startDate: dayToDate(range.start),
        endDate: dayToDate(range.end),
        skip,
        limit: TRANSACTIONS_PAGE_SIZE,
      })
      .then((result) => {
        if (call !== pageCall.current) return;
        if (result.error_message !== undefined) {
          notify({ severity: 'error', message: result.error_message });
          setPage({ kind: 'failed', message: result.error_message });
          return;
        }
        setPage({
          kind: 'ready',
          rows: result.data.transactions.map(toUsageRow),
          totalCount: result.data.total_count,
          hasMore: result.data.has_more,
          totals: result.data.totals,
        });
      });
  }, [range.start, range.end, skip, attempt]);

  useEffect(() => {
    const call = ++allCall.current;
    setAll({ kind: 'loading' });
    void fetchAllTransactions(range).then((result) => {
      if (call !== allCall.current) return;
      // The page call already notified this failure; the chart says it inline.
      if ('error_message' in result) setAll({ kind: 'failed', message: result.error_message });
      else setAll({ kind: 'ready', ...result });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the range's days are its identity
  }, [range.start, range.end, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { page, all, retry };
}
