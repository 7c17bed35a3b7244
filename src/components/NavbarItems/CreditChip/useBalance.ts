/**
 * The balance behind the chip. Spec §4: fetched once a user exists, on load
 * and on refresh; while the sign-in state is still unknown it waits, polling
 * every 500 ms and logging 'Not Loggedin!' per retry. When the visitor is
 * known to be signed out it stops: the chip is not shown, and a docs reader
 * without an account is never polled forever.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { account } from '@site/src/api';
import { onBalanceRefreshRequest } from '@site/src/api/balance-refresh';
import { useAuth } from '@site/src/auth/AuthProvider';
import { notify } from '@site/src/components/Notifications/queue';

export const BALANCE_POLL_MS = 500;
export const REFRESH_PULSE_MS = 1200;

export type BalanceState =
  { kind: 'idle' } | { kind: 'loaded'; amount: number } | { kind: 'failed'; message: string };

export interface UseBalance {
  balance: BalanceState;
  refreshing: boolean;
  pulsing: boolean;
  refresh: () => void;
}

export default function useBalance(): UseBalance {
  const { status, user } = useAuth();
  const [balance, setBalance] = useState<BalanceState>({ kind: 'idle' });
  const [refreshing, setRefreshing] = useState(false);
  const [pulsing, setPulsing] = useState(false);
  const inFlight = useRef(false);
  const pulseTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  const load = useCallback(async (): Promise<void> => {
    if (inFlight.current) return;
    inFlight.current = true;
    const result = await account.getBalance();
    inFlight.current = false;
    if (!mounted.current) return;
    if (result.error_message !== undefined) {
      setBalance({ kind: 'failed', message: result.error_message });
      notify({ severity: 'error', message: result.error_message });
    } else {
      setBalance({ kind: 'loaded', amount: result.data.remaining_credits });
    }
  }, []);

  const refresh = useCallback(() => {
    if (inFlight.current) return;
    setRefreshing(true);
    setPulsing(false);
    void load().then(() => {
      if (!mounted.current) return;
      setRefreshing(false);
      setPulsing(true);
      clearTimeout(pulseTimer.current);
      pulseTimer.current = setTimeout(() => setPulsing(false), REFRESH_PULSE_MS);
    });
  }, [load]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(pulseTimer.current);
    };
  }, []);

  const uid = user?.uid;
  useEffect(() => {
    if (status === 'signedIn' && uid) {
      void load();
      return undefined;
    }
    setBalance({ kind: 'idle' });
    if (status === 'signedOut') return undefined;
    const timer = setInterval(() => console.log('Not Loggedin!'), BALANCE_POLL_MS);
    return () => clearInterval(timer);
  }, [status, uid, load]);

  useEffect(() => onBalanceRefreshRequest(refresh), [refresh]);

  return { balance, refreshing, pulsing, refresh };
}
