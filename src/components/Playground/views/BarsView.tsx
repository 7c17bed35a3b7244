/** Ranked labels as horizontal bars, best first. */
import type { ReactNode } from 'react';
import { formatScore } from '@site/src/playground/overlay';
import styles from '../styles.module.css';

export default function BarsView({
  imageUrl,
  predictions,
}: {
  /** Null: the page may not show the image (an `image_url` on another host); the bars alone. */
  imageUrl: string | null;
  predictions: ReadonlyArray<{ label: string; score: number }>;
}): ReactNode {
  const ranked = [...predictions].sort((a, b) => b.score - a.score);
  return (
    <div className={imageUrl ? styles.barsLayout : undefined}>
      {imageUrl ? <img className={styles.thumb} src={imageUrl} alt="Input image" /> : null}
      <ol className={styles.bars} aria-label="Predictions" data-count={ranked.length}>
        {ranked.map((p) => (
          <li key={p.label} aria-label={`${p.label} ${formatScore(p.score)}`}>
            <span className={styles.barLabel}>{p.label}</span>
            <span className={styles.barTrack} aria-hidden="true">
              <span
                className={styles.barFill}
                style={{ width: `${Math.max(0.5, p.score * 100)}%` }}
              />
            </span>
            <span className={styles.barScore}>{(p.score * 100).toFixed(1)}%</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
