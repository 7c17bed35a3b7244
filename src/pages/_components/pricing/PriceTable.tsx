import Link from '@docusaurus/Link';
import type { ReactNode } from 'react';
import type { DeploymentPrice } from '@contract';
import { grouped } from '@site/src/format/numbers';
import { estimateUsd, formatUsd } from './estimate';
import styles from './styles.module.css';

export default function PriceTable({ deployments }: { deployments: DeploymentPrice[] }): ReactNode {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>Public deployments, prices in USD</caption>
        <thead>
          <tr>
            <th scope="col">Deployment</th>
            <th scope="col">Endpoint</th>
            <th scope="col" className={styles.num}>
              Per call
            </th>
            <th scope="col" className={styles.num}>
              Per 1,000 calls
            </th>
          </tr>
        </thead>
        <tbody>
          {deployments.map((deployment) => (
            <tr key={deployment.path}>
              <th scope="row">
                <Link to={`/dashboard/public-deployment/${deployment.path}/`}>
                  {deployment.name}
                </Link>
                {deployment.free_tier && (
                  <span className={styles.free}>
                    {grouped(deployment.free_tier.calls_per_month)} free calls a month
                  </span>
                )}
              </th>
              <td>
                <code>POST /{deployment.path}</code>
              </td>
              <td className={styles.num}>{formatUsd(deployment.price_per_call_usd)}</td>
              <td className={styles.num}>
                {formatUsd(estimateUsd(deployment.price_per_call_usd, 1000))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
