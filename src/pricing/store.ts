/**
 * Public pricing, loaded once per app start for every visitor (spec §7:
 * `GET pricing/pubic-deployment`, no sign-in). Started by the pricing client
 * module; pages read it with `usePricing()`. Tiny and free of UI libraries, so
 * it costs docs pages nothing but one request.
 */
import { useHydratedSyncExternalStore } from '@site/src/browser/hydratedStore';
import { publicApi } from '@site/src/api/public';
import type { PublicPricing } from '@contract';

export type PricingState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; pricing: PublicPricing };

const LOADING: PricingState = { kind: 'loading' };

let state: PricingState = LOADING;
let started: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: PricingState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

/** Starts the one load of this app run; later calls return the same promise. */
export function startPricing(): Promise<void> {
  if (!started) {
    started = publicApi.getPublicPricing().then((result) => {
      set(
        result.error_message !== undefined
          ? { kind: 'failed', message: result.error_message }
          : { kind: 'ready', pricing: result.data },
      );
    });
  }
  return started;
}

export function getPricingState(): PricingState {
  return state;
}

export function subscribePricing(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getServerPricing = (): PricingState => LOADING;

/** The pricing: 'loading' on the server and until the app's one load answers. */
export function usePricing(): PricingState {
  return useHydratedSyncExternalStore(subscribePricing, getPricingState, getServerPricing);
}

/** Test hook. */
export function resetPricingForTests(): void {
  started = null;
  state = LOADING;
}
