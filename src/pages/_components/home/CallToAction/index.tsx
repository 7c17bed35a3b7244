import Link from '@docusaurus/Link';
import styles from './styles.module.css';

/** Closing band: pricing and sign-up. */
export default function CallToAction(): React.JSX.Element {
  return (
    <section className={styles.section} aria-labelledby="cta-heading">
      <div className="container">
        <div className={styles.band}>
          <div>
            <h2 id="cta-heading" className={styles.heading}>
              Pay only for the calls you make
            </h2>
            <p className={styles.body}>
              Buy credits in USD and spend them across every deployment. No subscription, no minimum
              commitment. Each deployment has its own price per call.
            </p>
          </div>
          <div className={styles.actions}>
            <Link className={`button button--lg ${styles.primary}`} to="/sign-up/">
              Create an account
            </Link>
            <Link className={`button button--lg ${styles.secondary}`} to="/pricing/">
              See pricing
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
