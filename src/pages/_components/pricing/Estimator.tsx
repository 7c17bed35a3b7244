/** Calls → USD for one deployment. */
import { useId, useState, type ReactNode } from 'react';
import type { DeploymentPrice } from '@contract';
import { estimateUsd, formatUsd, parseCalls } from './estimate';
import styles from './styles.module.css';

export default function Estimator({ deployments }: { deployments: DeploymentPrice[] }): ReactNode {
  const id = useId();
  const [path, setPath] = useState(deployments[0]?.path ?? '');
  const [calls, setCalls] = useState('10000');
  const parsed = parseCalls(calls);
  const deployment = deployments.find((d) => d.path === path);
  const total =
    deployment && parsed !== null ? estimateUsd(deployment.price_per_call_usd, parsed) : null;

  return (
    <section className={styles.estimator} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Estimate your cost</h2>
      <div className={styles.estimatorFields}>
        <label className={styles.field}>
          <span>Deployment</span>
          <select value={path} onChange={(event) => setPath(event.target.value)}>
            {deployments.map((d) => (
              <option key={d.path} value={d.path}>
                {d.name}
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
