/**
 * Replaces Docusaurus' fallback Loading (core's theme-fallback, which the
 * classic theme does not style): a branded spinner while a route chunk loads,
 * and the chunk-failure message with a Retry button (spec §2).
 */
import type { LoadingComponentProps as Props } from 'react-loadable';
import styles from './styles.module.css';

export default function Loading({ error, retry, pastDelay }: Props): React.JSX.Element | null {
  if (error) {
    return (
      <div className={styles.error} role="alert">
        <h1 className={styles.title}>This page could not be loaded.</h1>
        <p>
          A part of the site failed to download. Check your connection, then retry. If the site was
          just updated, retrying fetches the new version.
        </p>
        <p className={styles.detail}>{String(error)}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          Retry
        </button>
      </div>
    );
  }
  if (pastDelay) {
    return (
      <div className={styles.wrapper} role="status" aria-live="polite">
        <span className={styles.spinner} aria-hidden="true" />
        <span className={styles.label}>Loading page…</span>
      </div>
    );
  }
  return null;
}
