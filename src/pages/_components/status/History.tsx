/**
 * The last 90 days from real traffic: per part, its state now, availability and latency over the
 * window and a bar per UTC day (drawn for the eye; the same figures in words for everyone), then
 * the incidents the gateway's circuits opened and closed, and the feed.
 */
import type { ReactNode } from 'react';
import type { StatusReport } from '@contract/status';
import { STATUS_WINDOW_DAYS } from '@contract/status-data';
import { dateTime } from '@site/src/format/dates';
import { barsSummary, dayBars, latencyText, percentText, STATE_WORDS, utcDay } from './report';
import styles from './styles.module.css';

interface Props {
  report: StatusReport | null;
  source: 'live' | 'saved' | null;
  failed: boolean;
  feedUrl: string;
}

function Bars({
  report,
  component,
}: {
  report: StatusReport;
  component: StatusReport['components'][number];
}) {
  const bars = dayBars(component, report.generated_at);
  return (
    <span className={styles.bars} role="img" aria-label={barsSummary(bars)}>
      {bars.map((bar) => (
        <span
          key={bar.date}
          className={`${styles.bar} ${styles[`bar_${bar.level}`]}`}
          title={`${utcDay(bar.date)}: ${percentText(bar.availability)}`}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}

export default function History({ report, source, failed, feedUrl }: Props): ReactNode {
  return (
    <section aria-labelledby="status-history" className="margin-top--xl">
      <h2 id="status-history">Last {STATUS_WINDOW_DAYS} days</h2>
      <p>
        From real traffic: every answer of the account API and every call of a live key to a
        deployment counts. A call that failed on our side (an upstream failure, a timeout, a
        deployment paused after repeated failures) counts against availability; a refused request (a
        wrong key, an empty wallet) does not. Latency is that of successful answers. Days are UTC
        days.
      </p>
      {source === 'saved' && report ? (
        <p className={styles.offline} role="note" data-testid="status-history-saved">
          {failed ? 'The latest figures could not be read. ' : ''}These figures were saved on this
          device; they are from {dateTime(report.generated_at)}.
        </p>
      ) : null}
      {!report ? (
        <p data-testid="status-history-empty">
          {failed
            ? 'The figures could not be read, and none were saved on this device yet.'
            : 'Reading the figures…'}
        </p>
      ) : (
        <>
          {/* Focusable, so a keyboard reader can scroll the table sideways on a narrow screen. */}
          <div
            className={styles.scroll}
            role="region"
            aria-label={`Last ${report.window_days} days, by part`}
            tabIndex={0}
          >
            <table className={styles.table} data-testid="status-history">
              <caption className={styles.caption}>
                Availability and latency of each part over the last {report.window_days} days, as of{' '}
                {dateTime(report.generated_at)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Part</th>
                  <th scope="col">Now</th>
                  <th scope="col">Availability</th>
                  <th scope="col">Median latency</th>
                  <th scope="col">95th percentile</th>
                  <th scope="col">Calls</th>
                  <th scope="col">Each day</th>
                </tr>
              </thead>
              <tbody>
                {report.components.map((component) => (
                  <tr key={component.id} data-state={component.state}>
                    <th scope="row">{component.name}</th>
                    <td className={styles.figure}>
                      <span className={styles[component.state]} aria-hidden="true" />
                      {STATE_WORDS[component.state]}
                    </td>
                    <td className={styles.figure}>{percentText(component.availability_percent)}</td>
                    <td className={styles.figure}>{latencyText(component.latency_p50_ms)}</td>
                    <td className={styles.figure}>{latencyText(component.latency_p95_ms)}</td>
                    <td>
                      {component.calls.toLocaleString('en-US')}
                      {component.failures
                        ? ` (${component.failures.toLocaleString('en-US')} failed)`
                        : ''}
                    </td>
                    <td>
                      <Bars report={report} component={component} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2 id="status-incidents">Incidents</h2>
          {report.incidents.length === 0 ? (
            <p>No incidents in the last {report.window_days} days.</p>
          ) : (
            <ul className={styles.incidents} aria-labelledby="status-incidents">
              {report.incidents.map((incident) => (
                <li key={incident.id} data-resolved={incident.resolved_at !== null}>
                  <h3 className={styles.incidentTitle}>{incident.title}</h3>
                  <p className={styles.incidentTime}>
                    Started {dateTime(incident.started_at)}
                    {incident.resolved_at
                      ? `, resolved ${dateTime(incident.resolved_at)}`
                      : ', ongoing'}
                  </p>
                  <p>{incident.message}</p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <p>
        <a href={feedUrl} type="application/atom+xml">
          Incidents as an Atom feed
        </a>{' '}
        · the same figures as JSON for programs: <code>GET /v1/status.json</code>
      </p>
    </section>
  );
}
