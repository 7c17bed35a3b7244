import Link from '@docusaurus/Link';
import type { ReactNode } from 'react';
import { deploymentDocsPath } from '@contract/catalogue';
import ScrollTable from '@site/src/components/ScrollTable';
import { grouped } from '@site/src/format/numbers';
import { estimateUsd, formatUsd } from './estimate';
import type { PricedDeployment } from './priced';
import styles from './styles.module.css';

export default function PriceTable({
  deployments,
}: {
  deployments: PricedDeployment[];
}): ReactNode {
  return (
    <ScrollTable className={styles.tableWrap} label="Public deployments, prices in USD">
      <table className={styles.table}>
        <caption className={styles.caption}>Public deployments, prices in USD</caption>
        <thead>
          <tr>
            <th scope="col">Deployment</th>
            <th scope="col" className={styles.endpoint}>
              Endpoint
            </th>
            <th scope="col" className={styles.num}>
              Per call
            </th>
            <th scope="col" className={styles.num}>
              Per 1,000 calls
            </th>
          </tr>
        </thead>
        <tbody>
          {deployments.map(({ entry, price }) => (
            <tr key={entry.slug}>
              <th scope="row">
                <Link to={deploymentDocsPath(entry)}>{entry.title}</Link>
                {/* On narrow screens the endpoint column folds in here (styles.module.css). */}
                <code className={styles.endpointInline}>POST /{entry.slug}</code>
                {price.free_tier && (
                  <span className={styles.free}>
                    {grouped(price.free_tier.calls_per_month)} free calls a month
                  </span>
                )}
              </th>
              <td className={styles.endpoint}>
                <code>POST /{entry.slug}</code>
              </td>
              <td className={styles.num}>{formatUsd(price.price_per_call_usd)}</td>
              <td className={styles.num}>
                {formatUsd(estimateUsd(price.price_per_call_usd, 1000))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
