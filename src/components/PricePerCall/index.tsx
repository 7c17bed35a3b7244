/**
 * A deployment's price per call from the public pricing data. Renders a
 * fixed-width placeholder on the server and until pricing arrives.
 */
import type { ReactNode } from 'react';
import { formatUsd, priceOf, usePublicPricing } from '@site/src/playground/pricing';
import styles from './styles.module.css';

/** `priceKey`: the deployment's row in the public pricing (its path on the services host). */
export default function PricePerCall({ priceKey }: { priceKey: string }): ReactNode {
  const pricing = usePublicPricing();
  const price = priceOf(pricing, priceKey);
  if (pricing.status === 'failed') {
    return (
      <span className={styles.price} data-price-state="failed">
        {pricing.error_message}
      </span>
    );
  }
  return (
    <span
      className={styles.price}
      data-price-state={price === null ? 'loading' : 'loaded'}
      data-price-usd={price ?? undefined}
      aria-busy={price === null}
    >
      {price === null ? (
        <span className={styles.skeleton} role="status" aria-label="Loading price" />
      ) : (
        `${formatUsd(price)} per call`
      )}
    </span>
  );
}
