/**
 * After the payment provider confirms, the wallet is not credited yet: the backend's fulfilment
 * step does that (Stripe webhook, or the sandbox a moment later). This follows one order until
 * it is settled, polling `GET credits/orders/{id}` about every second for about a minute, and
 * stops when the page is left.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { account, waitForCreditOrder } from '@site/src/api';
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

export default function useOrderFulfilment(
  onSettled: (fulfilment: Fulfilment) => void,
): UseOrderFulfilment {
  const [fulfilment, setFulfilment] = useState<Fulfilment>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  }, [onSettled]);

  useEffect(() => () => controller.current?.abort(), []);

  const finish = useCallback((next: Fulfilment) => {
    setFulfilment(next);
    settled.current(next);
  }, []);

  const track = useCallback(
    (order: CreditOrder) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setFulfilment({ kind: 'processing', order });
      void waitForCreditOrder(account.getCreditOrder, order, {
        signal: current.signal,
        onUpdate: (latest) => {
          if (!current.signal.aborted) setFulfilment({ kind: 'processing', order: latest });
        },
      }).then((wait) => {
        if (current.signal.aborted) return;
        switch (wait.kind) {
          case 'succeeded':
            finish({ kind: 'succeeded', order: wait.order });
            break;
          case 'failed':
            finish({
              kind: 'failed',
              order: wait.order,
              message: wait.order.status === 'expired' ? EXPIRED_MESSAGE : DECLINED_MESSAGE,
            });
            break;
          case 'timeout':
            finish({ kind: 'timeout', order: wait.order ?? order });
            break;
          case 'cancelled':
            break;
        }
      });
    },
    [finish],
  );

  const fail = useCallback(
    (message: string) => {
      controller.current?.abort();
      finish({ kind: 'failed', order: null, message });
    },
    [finish],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    setFulfilment({ kind: 'idle' });
  }, []);

  return { fulfilment, track, fail, reset };
}
