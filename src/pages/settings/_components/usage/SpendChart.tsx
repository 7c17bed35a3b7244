/** Spend per day (columns) and per deployment (bars), drawn with CSS: no chart library. */
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { usd } from '../shared/format';
import styles from './styles.module.css';

interface Props {
  perDay: { day: string; usd: number }[];
  perDeployment: { deployment: string; usd: number; calls: number }[];
}

export default function SpendChart({ perDay, perDeployment }: Props): ReactNode {
  const maxDay = Math.max(0, ...perDay.map((d) => d.usd));
  const maxDeployment = Math.max(0, ...perDeployment.map((d) => d.usd));
  const labelEvery = Math.max(1, Math.ceil(perDay.length / 5));
  return (
    <div className={styles.charts}>
      <figure className={styles.figure}>
        <figcaption>Spend per day</figcaption>
        {maxDay === 0 ? (
          <p className={styles.noData}>No spend in this range.</p>
        ) : (
          <div className={styles.columns} role="list" aria-label="Spend per day">
            {perDay.map(({ day, usd: amount }, index) => {
              const label = dayjs(day).format('MMM D');
              return (
                <div
                  key={day}
                  className={styles.column}
                  role="listitem"
                  aria-label={`${label}: ${usd(amount)}`}
                  title={`${label}: ${usd(amount)}`}
                >
                  <div className={styles.columnTrack}>
                    <div
                      className={styles.columnBar}
                      style={{
                        height: `${amount > 0 ? Math.max(2, (amount / maxDay) * 100) : 0}%`,
                      }}
                    />
                  </div>
                  <span className={styles.columnLabel} aria-hidden="true">
                    {index % labelEvery === 0 ? label : ''}
                  </span>
                </div>
              );
            })}
          </div>
        )}
      </figure>
      <figure className={styles.figure}>
        <figcaption>Spend per deployment</figcaption>
        {perDeployment.length === 0 ? (
          <p className={styles.noData}>No calls in this range.</p>
        ) : (
          <ul className={styles.bars} aria-label="Spend per deployment">
            {perDeployment.map(({ deployment, usd: amount, calls }) => (
              <li key={deployment} className={styles.barRow}>
                <span className={styles.barLabel}>{deployment}</span>
                <span className={styles.barTrack} aria-hidden="true">
                  <span
                    className={styles.bar}
                    style={{
                      width: `${maxDeployment ? Math.max(2, (amount / maxDeployment) * 100) : 0}%`,
                    }}
                  />
                </span>
                <span className={styles.barValue}>
                  {usd(amount)} · {calls} {calls === 1 ? 'call' : 'calls'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </figure>
    </div>
  );
}
