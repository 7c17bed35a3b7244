/**
 * Public pricing for the deployment pages: fetched once per page load and
 * shared (GET pricing/pubic-deployment, no sign-in). Kept in this one file
 * so it can point at the app-wide pricing store (issue 6) once that exists.
 */
import { useEffect, useState } from 'react';
import { account } from '@site/src/api';
import type { PublicPricing } from '@site/src/api/contract/account';

export type PricingState =
  | { status: 'loading' }
  | { status: 'loaded'; pricing: PublicPricing }
  | { status: 'failed'; error_message: string };

let pending: Promise<PricingState> | null = null;
let settled: PricingState | null = null;

function loadPricing(): Promise<PricingState> {
  pending ??= account.getPublicPricing().then((result) => {
    settled =
      result.error_message !== undefined
        ? { status: 'failed', error_message: result.error_message }
        : { status: 'loaded', pricing: result.data };
    // A failure may be transient: let the next page try again.
    if (settled.status === 'failed') pending = null;
    return settled;
  });
  return pending;
}

export function usePublicPricing(): PricingState {
  // Server render and hydration always see 'loading' (fixed-size placeholder).
  const [state, setState] = useState<PricingState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    if (settled?.status === 'loaded') setState(settled);
    else void loadPricing().then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** Price per call of one deployment, in USD, or null while unknown. */
export function priceOf(state: PricingState, path: string): number | null {
  if (state.status !== 'loaded') return null;
  return state.pricing.deployments.find((d) => d.path === path)?.price_per_call_usd ?? null;
}

/** `$0.004` (USD amounts are shown as the API returns them, no rounding). */
export const formatUsd = (amount: number): string => `$${amount}`;
