/**
 * Waiting for a credit order to be fulfilled. The payment provider's "confirmed" is not the
 * wallet's: the backend credits it in its own fulfilment step (Stripe webhook, or the sandbox a
 * moment later), so after confirming, the page polls `GET credits/orders/{id}` until the order
 * is settled or the wait is over.
 */
import type { CreditOrder } from '@contract/account';
import type { ApiResult } from './result';

/** About every second, for about a minute. */
export const ORDER_POLL_INTERVAL_MS = 1000;
export const ORDER_POLL_TIMEOUT_MS = 60_000;

export type OrderWait =
  /** The credits are in the wallet. */
  | { kind: 'succeeded'; order: CreditOrder }
  /** The payment failed, or the order expired unpaid: nothing was credited. */
  | { kind: 'failed'; order: CreditOrder }
  /** Still not settled when the wait ended; the last answer (or error) seen. */
  | { kind: 'timeout'; order: CreditOrder | null; error_message?: string }
  /** The caller stopped waiting (the page was left). */
  | { kind: 'cancelled' };

export interface WaitOptions {
  intervalMs?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Each answer while waiting (for example to show the order's state). */
  onUpdate?: (order: CreditOrder) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** True once nothing more will happen to the order. */
export function isOrderSettled(order: Pick<CreditOrder, 'status'>): boolean {
  return order.status === 'succeeded' || order.status === 'failed' || order.status === 'expired';
}

function settledWait(order: CreditOrder): OrderWait {
  return order.status === 'succeeded' ? { kind: 'succeeded', order } : { kind: 'failed', order };
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls the order until it is settled. `initial` is what the confirmation answered: when it is
 * already settled no call is made. A failed poll (network blip) does not end the wait.
 */
export async function waitForCreditOrder(
  getOrder: (orderId: string) => Promise<ApiResult<CreditOrder>>,
  initial: CreditOrder,
  {
    intervalMs = ORDER_POLL_INTERVAL_MS,
    timeoutMs = ORDER_POLL_TIMEOUT_MS,
    signal,
    onUpdate,
    sleep = defaultSleep,
    now = Date.now,
  }: WaitOptions = {},
): Promise<OrderWait> {
  if (isOrderSettled(initial)) return settledWait(initial);
  const deadline = now() + timeoutMs;
  let last: CreditOrder = initial;
  let lastError: string | undefined;
  while (now() + intervalMs <= deadline) {
    await sleep(intervalMs);
    if (signal?.aborted) return { kind: 'cancelled' };
    const result = await getOrder(initial.order_id);
    if (signal?.aborted) return { kind: 'cancelled' };
    if (result.error_message !== undefined) {
      lastError = result.error_message;
      continue;
    }
    lastError = undefined;
    last = result.data;
    onUpdate?.(last);
    if (isOrderSettled(last)) return settledWait(last);
  }
  return lastError === undefined
    ? { kind: 'timeout', order: last }
    : { kind: 'timeout', order: last, error_message: lastError };
}
