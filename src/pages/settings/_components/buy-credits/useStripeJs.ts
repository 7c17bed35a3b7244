/**
 * Stripe.js for a payment step (a purchase, or saving a card): fetched from Stripe only when a
 * step asks for it (`@stripe/stripe-js/pure` loads nothing until then). Stripe is unreachable
 * here and in CI, and may be for a reader: the step then says so, offers to try again, and stays
 * usable.
 */
import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';

export type StripeLoading =
  { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; stripe: Stripe };

/** What a step says when Stripe.js cannot load. */
export const STRIPE_LOAD_FAILED =
  'The card payment form could not be loaded (Stripe is unreachable). Check your connection and try again; nothing was charged.';

/**
 * Loads Stripe.js with the publishable key once there is a client secret to use it with;
 * `retry` loads it again.
 */
export default function useStripeJs(
  publishableKey: string,
  clientSecret: string | null,
): { loading: StripeLoading; retry: () => void } {
  const [loading, setLoading] = useState<StripeLoading>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoading({ kind: 'loading' });
    import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then(
        (stripe) => {
          if (!current) return;
          setLoading(stripe && clientSecret ? { kind: 'ready', stripe } : { kind: 'failed' });
        },
        () => current && setLoading({ kind: 'failed' }),
      );
    return () => {
      current = false;
    };
  }, [publishableKey, clientSecret, attempt]);

  return { loading, retry: () => setAttempt((n) => n + 1) };
}
