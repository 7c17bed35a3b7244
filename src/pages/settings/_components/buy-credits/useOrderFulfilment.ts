/**
 * After the payment provider confirms, the wallet is not credited yet: the backend's fulfilment
 * step does that (Stripe webhook, or the sandbox a moment later). This follows one order until
 * it is settled, polling `GET credits/orders/{id}` about every second for about a minute
 * (`waitForCreditOrder`), as an entry of the account cache: leaving the page drops the entry,
 * which stops the polling.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { account, waitForCreditOrder, type OrderWait } from '@site/src/api';
import { v1Key } from '@site/src/api/queries';
import type { CreditOrder } from '@contract';

export type Fulfilment =
  | { kind: 'idle' }
  | { kind: 'processing'; order: CreditOrder }
  | { kind: 'succeeded'; order: CreditOrder }
  | { kind: 'failed'; order: CreditOrder | null; message: string }
  | { kind: 'timeout'; order: CreditOrder };

export const DECLINED_MESSAGE = 'The payment was declined. No credits were added.';
export const EXPIRED_MESSAGE =
  'The order expired before it was paid. No credits were added: start a new purchase.';

export interface UseOrderFulfilment {
  fulfilment: Fulfilment;
  /** Follow an order the provider has confirmed (or that is already settled). */
  track: (order: CreditOrder) => void;
  /** The payment failed before it reached the backend (card declined by the provider). */
  fail: (message: string) => void;
  reset: () => void;
}

/** How a finished wait reads on the page. */
function fulfilmentOf(wait: OrderWait, order: CreditOrder): Fulfilment {
  switch (wait.kind) {
    case 'succeeded':
      return { kind: 'succeeded', order: wait.order };
    case 'failed':
      return {
        kind: 'failed',
        order: wait.order,
        message: wait.order.status === 'expired' ? EXPIRED_MESSAGE : DECLINED_MESSAGE,
      };
    case 'timeout':
      return { kind: 'timeout', order: wait.order ?? order };
    case 'cancelled':
      return { kind: 'processing', order };
  }
}

export default function useOrderFulfilment(
  onSettled: (fulfilment: Fulfilment) => void,
): UseOrderFulfilment {
  const [tracked, setTracked] = useState<CreditOrder | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const wait = useQuery({
    queryKey: [
      ...v1Key('GET /credits/orders/{order_id}', { order_id: tracked?.order_id }),
      'settled',
    ],
    // The cache aborts the signal when nobody follows the order any more.
    queryFn: ({ signal }) => waitForCreditOrder(account.getCreditOrder, tracked!, { signal }),
    enabled: tracked !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
  const { refetch } = wait;

  let fulfilment: Fulfilment = { kind: 'idle' };
  if (failure !== null) fulfilment = { kind: 'failed', order: null, message: failure };
  else if (tracked && wait.isFetching) fulfilment = { kind: 'processing', order: tracked };
  else if (tracked && wait.data) fulfilment = fulfilmentOf(wait.data, tracked);

  // Each finished wait is reported once: its answer is a new object.
  const settled = tracked && !wait.isFetching ? wait.data : undefined;
  useEffect(() => {
    if (settled && tracked && settled.kind !== 'cancelled')
      onSettled(fulfilmentOf(settled, tracked));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer, not per render
  }, [settled]);

  const track = useCallback(
    (order: CreditOrder) => {
      setFailure(null);
      if (tracked?.order_id === order.order_id) void refetch();
      else setTracked(order);
    },
    [tracked, refetch],
  );

  const fail = useCallback(
    (message: string) => {
      setTracked(null);
      setFailure(message);
      onSettled({ kind: 'failed', order: null, message });
    },
    [onSettled],
  );

  const reset = useCallback(() => {
    setTracked(null);
    setFailure(null);
  }, []);

  return { fulfilment, track, fail, reset };
}
