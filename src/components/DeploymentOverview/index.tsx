/**
 * The public-deployment overview: every deployment of the catalogue with its endpoint, price
 * and parameters (from the generated reference and the pricing data), the rate limits
 * the services host applies, and a quick start that carries the reader's key.
 */
import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { API_ORDER, deploymentDocsPath } from '@contract/catalogue';
import { useSiteConfig } from '@site/src/config';
import CodeSamples from '@site/src/components/CodeSamples';
import PricePerCall from '@site/src/components/PricePerCall';
// The generated reference's parameter names, not every deployment's full reference (and not the
// contract's schemas, which would bundle TypeBox).
import { PARAMETER_NAMES, SERVICES_RATE_LIMIT } from '@site/src/generated/reference/common';
import { DOC as OBJECT_DETECTION } from '@site/src/generated/reference/object-detection';
import styles from './styles.module.css';

export function OverviewTable(): ReactNode {
  const { servicesBaseUrl } = useSiteConfig();
  return (
    <>
      <p>
        Base URL of the services host: <code>{servicesBaseUrl}</code>
      </p>
      <table className={styles.table} aria-label="Public deployments">
        <thead>
          <tr>
            <th scope="col">Task</th>
            <th scope="col">Endpoint</th>
            <th scope="col">Price</th>
            <th scope="col">Parameters</th>
          </tr>
        </thead>
        <tbody>
          {API_ORDER.map((entry) => {
            const params = PARAMETER_NAMES[entry.slug];
            return (
              <tr key={entry.slug} data-deployment={entry.slug}>
                <td>
                  <Link to={deploymentDocsPath(entry)}>{entry.title}</Link>
                </td>
                <td>
                  <code>POST /{entry.slug}</code>
                </td>
                <td>
                  <PricePerCall priceKey={entry.priceKey} />
                </td>
                <td>
                  {params.length
                    ? params.map((name, i) => (
                        <span key={name}>
                          {i > 0 ? ', ' : null}
                          <code>{name}</code>
                        </span>
                      ))
                    : 'none'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

export function RateLimits(): ReactNode {
  const perMinute = SERVICES_RATE_LIMIT.windowMs === 60_000;
  return (
    <p>
      Each API key may make <strong>{SERVICES_RATE_LIMIT.max} calls</strong> per{' '}
      {perMinute ? 'minute' : `${SERVICES_RATE_LIMIT.windowMs / 1000} seconds`} to the services
      host, across all deployments. Over the limit, calls are refused with <code>429</code> and are
      not charged; the answer&apos;s <code>retry-after</code> header says how many seconds to wait.
      Use separate keys for separate services, and <Link to="/contact-us/">contact us</Link> for
      higher limits.
    </p>
  );
}

export function QuickStart(): ReactNode {
  return (
    <>
      <p>
        Detect objects in a photo with one request. Signed in, the samples carry your default API
        key; the answer lists each object with its label, score and box, plus the call&apos;s cost
        and your remaining balance.
      </p>
      <CodeSamples doc={OBJECT_DETECTION} />
    </>
  );
}

export default function DeploymentOverview(): ReactNode {
  return <OverviewTable />;
}
