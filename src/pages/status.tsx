import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';
import type { ReactNode } from 'react';
import { API_ORDER } from '@contract/catalogue';
import { useSiteConfig } from '@site/src/config';
import { dateTimeSeconds } from '@site/src/format/dates';
import {
  accountHealthUrl,
  deploymentStatus,
  servicesHealthUrl,
  type PartStatus,
  type Probe,
} from './_components/status/probe';
import { REFRESH_MS, useStatus } from './_components/status/useStatus';
import History from './_components/status/History';
import { statusFeedUrl, statusReportUrl } from './_components/status/report';
import { useStatusReport } from './_components/status/useStatusReport';
import styles from './_components/status/styles.module.css';

const WORDS: Record<PartStatus | 'checking' | 'unknown', string> = {
  up: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
  checking: 'Checking…',
  unknown: 'Not checked',
};

interface Row {
  name: string;
  status: PartStatus | 'checking' | 'unknown';
  probe: Probe | null;
  detail: string | null;
}

const time = (at: number) => dateTimeSeconds(at);

function summary(rows: Row[], online: boolean | null): string {
  if (online === false)
    return 'You are offline: the status cannot be checked until you are back online.';
  if (rows.some((row) => row.status === 'checking')) return 'Checking…';
  const down = rows.filter((row) => row.status === 'down').map((row) => row.name);
  if (down.length) return `Not operational: ${down.join(', ')}.`;
  if (rows.some((row) => row.status === 'degraded')) return 'Some deployments are degraded.';
  return 'All systems operational.';
}

/**
 * /status/: the account API, the services host and each public deployment, checked from here now;
 * then their last 90 days from real traffic (`/v1/status.json`), with the incidents and their feed.
 */
export default function StatusPage(): ReactNode {
  const { apiBaseUrl, servicesBaseUrl } = useSiteConfig();
  const { account, services, online, checking, checkNow } = useStatus(
    accountHealthUrl(apiBaseUrl),
    servicesHealthUrl(servicesBaseUrl),
  );
  const of = (probe: Probe | null): Row['status'] =>
    probe ? probe.status : online === false ? 'unknown' : 'checking';
  const rows: Row[] = [
    { name: 'Account API', status: of(account), probe: account, detail: account?.reason ?? null },
    {
      name: 'Services host',
      status: of(services),
      probe: services,
      detail: services?.reason ?? null,
    },
    ...API_ORDER.map((entry) => ({
      name: entry.title,
      status: services ? deploymentStatus(services, entry.slug) : of(null),
      probe: services,
      detail: null,
    })),
  ];
  const history = useStatusReport(statusReportUrl(apiBaseUrl));
  const feedUrl = statusFeedUrl(apiBaseUrl);
  const lastChecked = [account?.checkedAt, services?.checkedAt].filter(Boolean) as number[];
  const inactive = checking || online === false;
  return (
    <Layout
      title="Status"
      description="Live availability and response time of the VisionAPI account API, services host and public deployments."
    >
      <Head>
        <link
          rel="alternate"
          type="application/atom+xml"
          title="VisionAPI status: incidents"
          href={feedUrl}
        />
      </Head>
      <main className="container margin-vert--lg">
        <h1>Status</h1>
        <p>
          Now: checked from your browser against the public health endpoints of the account API and
          the services host, now and every {REFRESH_MS / 1000} seconds while this page is open. A
          deployment is available when the services host is and its inference upstream is not
          failing.
        </p>
        {online === false ? (
          <p className={styles.offline} role="alert">
            You are offline. The status cannot be checked until your connection is back
            {lastChecked.length
              ? `; the results below are from ${time(Math.max(...lastChecked))}`
              : ''}
            .
          </p>
        ) : null}
        <p className={styles.summary} role="status" aria-live="polite" data-testid="status-summary">
          {online === null ? 'Checking…' : summary(rows, online)}
        </p>
        <table className={styles.table} aria-label="Status of each part">
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Status</th>
              <th scope="col">Response time</th>
              <th scope="col">Last checked</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name} data-status={row.status}>
                <th scope="row">{row.name}</th>
                <td>
                  <span className={styles[row.status]} aria-hidden="true" />
                  {WORDS[row.status]}
                  {row.detail ? <span className={styles.detail}> {row.detail}</span> : null}
                </td>
                <td>{row.probe ? `${row.probe.ms} ms` : '—'}</td>
                <td>{row.probe ? time(row.probe.checkedAt) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          {/* aria-disabled, not disabled: a disabled button loses focus, so a keyboard reader who
              pressed it would be sent back to the top of the page. checkNow does nothing while a
              check runs or offline. */}
          <button
            type="button"
            className={`button button--secondary button--sm${inactive ? ' disabled' : ''}`}
            onClick={checkNow}
            aria-disabled={inactive}
          >
            {checking ? 'Checking…' : 'Check now'}
          </button>
        </p>
        <History
          report={history.report}
          source={history.source}
          failed={history.failed}
          feedUrl={feedUrl}
        />
      </main>
    </Layout>
  );
}
