import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import { useEffect, useMemo, type ReactNode } from 'react';
import { notify } from '@site/src/components/Notifications';
import { usePricing } from '@site/src/pricing/store';
import { COMING_SOON_CATALOGUE, deploymentDocsPath } from '@contract/catalogue';
import Estimator from './_components/pricing/Estimator';
import PriceTable from './_components/pricing/PriceTable';
import { pricedDeployments } from './_components/pricing/priced';
import styles from './_components/pricing/styles.module.css';

/**
 * The part of the page that follows the pricing load. It holds the store subscription, so the load
 * settling re-renders the table alone, not the layout (navbar, footer) around it.
 */
function Prices(): ReactNode {
  const pricing = usePricing();
  const priced = useMemo(
    () => (pricing.kind === 'ready' ? pricedDeployments(pricing.pricing.deployments) : null),
    [pricing],
  );

  useEffect(() => {
    if (pricing.kind === 'failed') notify({ severity: 'error', message: pricing.message });
  }, [pricing]);

  return (
    <>
      {pricing.kind === 'loading' && (
        <div
          className={styles.skeleton}
          role="status"
          aria-busy="true"
          aria-label="Loading prices"
        />
      )}
      {pricing.kind === 'failed' && (
        <div className={styles.error} role="alert">
          <span>{pricing.message}</span>
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => window.location.reload()}
          >
            Refresh
          </button>
        </div>
      )}
      {priced && (
        <>
          <PriceTable deployments={priced} />
          <Estimator deployments={priced} />
        </>
      )}
    </>
  );
}

/** /pricing/ (spec §2): public; the prices come from the app's one pricing load (src/pricing). */
export default function PricingPage(): ReactNode {
  return (
    <Layout
      title="Pricing"
      description="Pay per call in USD for object detection, depth estimation, classification, segmentation and zero-shot vision APIs."
    >
      <main className={`container margin-vert--lg ${styles.page}`}>
        <h1>Pricing</h1>
        <p className={styles.lead}>
          Pay only for what you use. Buy credits in USD from $5, and each API call is charged at its
          deployment&apos;s price. No subscription, no minimum commitment.
        </p>

        <Prices />

        <section className={styles.comingSoon} aria-labelledby="coming-soon-heading">
          <h2 id="coming-soon-heading">Coming soon</h2>
          <p>These deployments are on their way; prices are announced at launch.</p>
          <ul>
            {COMING_SOON_CATALOGUE.map((entry) => (
              <li key={entry.slug}>
                <Link to={deploymentDocsPath(entry)}>{entry.title}</Link>
              </li>
            ))}
          </ul>
        </section>

        <p className={styles.note}>
          Need more volume, a private deployment or a custom model?{' '}
          <Link to="/contact-us/">Contact us</Link> or read about{' '}
          <Link to="/dashboard/private-deployment/">private deployments</Link>.
        </p>
      </main>
    </Layout>
  );
}
