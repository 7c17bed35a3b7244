/**
 * Public pricing for the deployment pages, read from the app-wide pricing
 * store (src/pricing/store.ts: loaded once at app start, no sign-in), in the
 * shape these pages use.
 */
import type { PublicPricing } from '@contract/account';
import { usePricing } from '@site/src/pricing/store';

export type PricingState =
  | { status: 'loading' }
  | { status: 'loaded'; pricing: PublicPricing }
  | { status: 'failed'; error_message: string };

/** 'loading' on the server and until the store's one load answers. */
export function usePublicPricing(): PricingState {
  const state = usePricing();
  if (state.kind === 'ready') return { status: 'loaded', pricing: state.pricing };
  if (state.kind === 'failed') return { status: 'failed', error_message: state.message };
  return { status: 'loading' };
}

/** Price per call of one deployment, in USD, or null while unknown. */
export function priceOf(state: PricingState, path: string): number | null {
  if (state.status !== 'loaded') return null;
  return state.pricing.deployments.find((d) => d.path === path)?.price_per_call_usd ?? null;
}

/** `$0.004` (USD amounts are shown as the API returns them, no rounding). */
export const formatUsd = (amount: number): string => `$${amount}`;
