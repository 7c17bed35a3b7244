/** What a payment step (sandbox or Stripe) reports back to the buy-credits page. */
import type { CreditOrder } from '@contract';

export interface PaymentHandlers {
  /**
   * The provider accepted the payment. The wallet is credited later, by the backend: the page
   * follows the order until it is fulfilled.
   */
  onConfirmed: (order: CreditOrder) => void;
  /** The payment did not go through (declined, or the call failed); nothing was charged. */
  onFailed: (message: string) => void;
  onCancel: () => void;
}

/** Query parameter that brings a buyer back to their order after a provider's redirect (3-D Secure). */
export const RETURN_ORDER_PARAM = 'order';

/** Where the provider sends the buyer back after a redirect: this page, naming the order. */
export function returnUrl(
  orderId: string,
  location: Pick<Location, 'origin' | 'pathname'>,
): string {
  return `${location.origin}${location.pathname}?${RETURN_ORDER_PARAM}=${encodeURIComponent(orderId)}`;
}

/**
 * Whether an order can still be paid (and so reused instead of opening another): unpaid and
 * not about to expire; with Stripe it needs its client secret; a declined sandbox order may be
 * paid again.
 */
export function isPayable(order: CreditOrder, now: number = Date.now()): boolean {
  if (Date.parse(order.expires_at) - now < 60_000) return false;
  if (order.status === 'requires_payment') {
    return order.provider === 'sandbox' || order.client_secret !== null;
  }
  return order.provider === 'sandbox' && order.status === 'failed';
}

/** The order named by a provider's redirect back to this page, and whether it failed there. */
export function readProviderReturn(search: string): { orderId: string; failed: boolean } | null {
  const params = new URLSearchParams(search);
  const orderId = params.get(RETURN_ORDER_PARAM);
  if (!orderId) return null;
  return { orderId, failed: params.get('redirect_status') === 'failed' };
}
