/** Calls → USD for one deployment. */
import { useId, useState, type ReactNode } from 'react';
import { estimateUsd, formatUsd, parseCalls } from './estimate';
import type { PricedDeployment } from './priced';
import styles from './styles.module.css';

export default function Estimator({ deployments }: { deployments: PricedDeployment[] }): ReactNode {
  const id = useId();
  const [slug, setSlug] = useState<string>(deployments[0]?.entry.slug ?? '');
  const [calls, setCalls] = useState('10000');
  const parsed = parseCalls(calls);
  const deployment = deployments.find((d) => d.entry.slug === slug);
  const total =
    deployment && parsed !== null ? estimateUsd(deployment.price.price_per_call_usd, parsed) : null;

  return (
    <section className={styles.estimator} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Estimate your cost</h2>
      <div className={styles.estimatorFields}>
        <label className={styles.field}>
          <span>Deployment</span>
          <select value={slug} onChange={(event) => setSlug(event.target.value)}>
            {deployments.map(({ entry }) => (
              <option key={entry.slug} value={entry.slug}>
                {entry.title}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Calls</span>
          <input
            id={`${id}-calls`}
            type="text"
            inputMode="numeric"
            value={calls}
            onChange={(event) => setCalls(event.target.value)}
            aria-invalid={parsed === null}
            aria-describedby={`${id}-calls-help`}
          />
          <small id={`${id}-calls-help`} className={parsed === null ? styles.invalid : undefined}>
            {parsed === null
              ? 'Enter a whole number of calls (up to 1,000,000,000).'
              : 'Whole calls'}
          </small>
        </label>
        <div className={styles.result} aria-live="polite">
          <span>Estimated cost</span>
          <output htmlFor={`${id}-calls`} data-testid="estimate">
            {total === null ? '—' : formatUsd(total)}
          </output>
        </div>
      </div>
    </section>
  );
}
