/**
 * The balance behind the chip, read from the account cache (src/api/queries.ts: the entry the
 * buy-credits page reads too, refetched after a purchase or a metered call). Spec §4: fetched once
 * a user exists, on load and on refresh; while the sign-in state is still unknown it waits,
 * logging 'Not Loggedin!' every 500 ms. When the visitor is known to be signed out it stops: the
 * chip is not shown, and a docs reader without an account is never polled forever.
 *
 * Any refetch after the first answer (the refresh button, or the cache after a purchase) shows
 * the spinner, then the 1.2 s pulse.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { balanceQuery } from '@site/src/api/queries';
import { useAuth } from '@site/src/auth/AuthProvider';

export const BALANCE_POLL_MS = 500;
export const REFRESH_PULSE_MS = 1200;

export type BalanceState =
  | { kind: 'idle' }
  | {
      kind: 'loaded';
      amount: number;
      /** The low-balance alert's threshold while the balance is below it, else null. */
      belowThreshold: number | null;
    }
  | { kind: 'failed'; message: string };

export interface UseBalance {
  balance: BalanceState;
  refreshing: boolean;
  pulsing: boolean;
  refresh: () => void;
}

export default function useBalance(): UseBalance {
  const { status, user } = useAuth();
  const signedIn = status === 'signedIn' && Boolean(user?.uid);
  const query = useQuery({ ...balanceQuery(), enabled: signedIn });
  // Nothing is shown until this chip's own first answer (a cached amount may be stale).
  const answered = signedIn && query.isFetchedAfterMount;
  const refreshing = answered && query.isFetching;

  // The pulse follows each refresh: off while it runs, on for 1.2 s once it is over.
  const [pulsing, setPulsing] = useState(false);
  const [wasRefreshing, setWasRefreshing] = useState(false);
  if (refreshing !== wasRefreshing) {
    setWasRefreshing(refreshing);
    setPulsing(!refreshing);
  }
  useEffect(() => {
    if (!pulsing) return undefined;
    const timer = setTimeout(() => setPulsing(false), REFRESH_PULSE_MS);
    return () => clearTimeout(timer);
  }, [pulsing]);

  useEffect(() => {
    if (signedIn || status === 'signedOut') return undefined;
    const timer = setInterval(() => console.log('Not Loggedin!'), BALANCE_POLL_MS);
    return () => clearInterval(timer);
  }, [signedIn, status]);

  const { refetch, isFetching } = query;
  const refresh = useCallback(() => {
    if (!isFetching) void refetch();
  }, [isFetching, refetch]);

  let balance: BalanceState = { kind: 'idle' };
  if (answered && query.status === 'error')
    balance = { kind: 'failed', message: query.error.error_message };
  else if (answered && query.status === 'success')
    balance = {
      kind: 'loaded',
      amount: query.data.remaining_credits,
      belowThreshold: query.data.below_threshold ? query.data.low_balance_threshold_usd : null,
    };
  return { balance, refreshing, pulsing, refresh };
}
