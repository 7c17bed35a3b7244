/**
 * Spend over time (one bar per day, week or month, with a value axis, a time axis and a tooltip
 * on hover and on keyboard focus) and per deployment (titles from the catalogue), drawn with CSS
 * in the brand's colours: no chart library. The same numbers are offered as a table.
 */
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { DailyUsage } from '@contract/billing';
import { grouped } from '@site/src/format/numbers';
import { usdCents } from '../shared/format';
import shared from '../shared/styles.module.css';
import {
  spendBars,
  spendPerDeployment,
  valueTicks,
  type Bar,
  type DeploymentSpend,
  type Granularity,
} from './chart';
import type { DayRange } from './range';
import styles from './styles.module.css';

const calls = (count: number) => `${grouped(count)} ${count === 1 ? 'call' : 'calls'}`;
const barText = (bar: Bar) => `${bar.longLabel}: ${usdCents(bar.spentUsd)}, ${calls(bar.calls)}`;
/** Bars, with their value written above them when there is room. */
const VALUES_UP_TO = 14;
/** Labels under the time axis, at most. */
const AXIS_LABELS = 7;

function TimeChart({ bars, granularity }: { bars: Bar[]; granularity: Granularity }): ReactNode {
  const [active, setActive] = useState<number | null>(null);
  const captionId = useId();
  const hintId = useId();
  const tooltipId = useId();
  const max = Math.max(0, ...bars.map((bar) => bar.spentUsd));
  const ticks = valueTicks(max);
  const top = ticks[ticks.length - 1]!;
  const labelEvery = Math.max(1, Math.ceil(bars.length / AXIS_LABELS));
  const highest = bars.reduce<Bar | null>((a, b) => (a && a.spentUsd >= b.spentUsd ? a : b), null);
  const current = active === null ? null : bars[active];

  const onKeyDown = (event: KeyboardEvent) => {
    const last = bars.length - 1;
    const from = active ?? last;
    const next = (
      {
        ArrowLeft: Math.max(0, from - 1),
        ArrowRight: Math.min(last, from + 1),
        Home: 0,
        End: last,
      } as Record<string, number>
    )[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Escape') {
      setActive(null);
    }
  };

  // Keeps the tooltip over its bar, inside the plot at both ends.
  const tooltipPlace = (index: number) => {
    const centre = ((index + 0.5) / bars.length) * 100;
    if (centre < 20) return { left: `${centre}%`, transform: 'translateX(-1rem)' };
    if (centre > 80) return { left: `${centre}%`, transform: 'translateX(calc(-100% + 1rem))' };
    return { left: `${centre}%`, transform: 'translateX(-50%)' };
  };

  return (
    <figure className={styles.figure}>
      <figcaption id={captionId}>Spend per {granularity}</figcaption>
      {max === 0 ? (
        <p className={styles.noData}>No spend in this range.</p>
      ) : (
        <>
          <div className={styles.timeChart}>
            <div className={styles.yAxis} aria-hidden="true" data-testid="value-axis">
              {ticks.map((tick) => (
                <span key={tick} style={{ bottom: `${(tick / top) * 100}%` }}>
                  {usdCents(tick)}
                </span>
              ))}
            </div>
            <div
              className={styles.plot}
              role="group"
              tabIndex={0}
              aria-labelledby={captionId}
              aria-describedby={hintId}
              onKeyDown={onKeyDown}
              onFocus={() => setActive((index) => index ?? bars.length - 1)}
              onBlur={() => setActive(null)}
              onMouseLeave={() => setActive(null)}
            >
              {ticks.map((tick) => (
                <span
                  key={tick}
                  className={styles.gridLine}
                  style={{ bottom: `${(tick / top) * 100}%` }}
                  aria-hidden="true"
                />
              ))}
              <div className={styles.columns} aria-hidden="true">
                {bars.map((bar, index) => (
                  <div
                    key={bar.start}
                    className={styles.column}
                    data-testid="chart-bar"
                    data-active={active === index ? 'true' : undefined}
                    onMouseEnter={() => setActive(index)}
                  >
                    <div
                      className={styles.columnBar}
                      style={{
                        height: bar.spentUsd > 0 ? `max(2px, ${(bar.spentUsd / top) * 100}%)` : '0',
                      }}
                    >
                      {bars.length <= VALUES_UP_TO && bar.spentUsd > 0 && (
                        <span className={styles.columnValue}>{usdCents(bar.spentUsd)}</span>
                      )}
                    </div>
                  </div>
                ))}
              </div>
              {current && (
                <div
                  id={tooltipId}
                  role="tooltip"
                  className={styles.chartTooltip}
                  style={tooltipPlace(active!)}
                >
                  <strong>{current.longLabel}</strong>
                  <span>
                    {usdCents(current.spentUsd)} · {calls(current.calls)}
                  </span>
                </div>
              )}
            </div>
            <div className={styles.xAxis} aria-hidden="true" data-testid="time-axis">
              {bars.map((bar, index) => (
                <span key={bar.start}>{index % labelEvery === 0 ? bar.label : ''}</span>
              ))}
            </div>
          </div>
          <p id={hintId} className={shared.visuallyHidden}>
            {bars.length} bars from {bars[0]!.longLabel} to {bars[bars.length - 1]!.longLabel}
            {highest && `; the highest is ${barText(highest)}`}. Use the left and right arrow keys
            to read each {granularity}; the table below lists them all.
          </p>
          <p className={shared.visuallyHidden} role="status">
            {current ? barText(current) : ''}
          </p>
        </>
      )}
    </figure>
  );
}

function DeploymentChart({ deployments }: { deployments: DeploymentSpend[] }): ReactNode {
  const max = Math.max(0, ...deployments.map((d) => d.spentUsd));
  return (
    <figure className={styles.figure}>
      <figcaption>Spend per deployment</figcaption>
      {deployments.length === 0 ? (
        <p className={styles.noData}>No calls in this range.</p>
      ) : (
        <ul className={styles.bars} aria-label="Spend per deployment">
          {deployments.map(({ deployment, title, spentUsd, calls: count }) => (
            <li key={deployment} className={styles.barRow}>
              <span className={styles.barLabel}>{title}</span>
              <span className={styles.barTrack} aria-hidden="true">
                <span
                  className={styles.bar}
                  style={{ width: `${max ? Math.max(1, (spentUsd / max) * 100) : 0}%` }}
                />
              </span>
              <span className={styles.barValue}>
                {usdCents(spentUsd)} · {calls(count)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

const PERIOD: Record<Granularity, string> = { day: 'Day', week: 'Week', month: 'Month' };

function ChartTable({
  bars,
  granularity,
  totals,
}: {
  bars: Bar[];
  granularity: Granularity;
  totals: DailyUsage['totals'];
}): ReactNode {
  return (
    <details className={styles.tableAlternative}>
      <summary>Show the chart as a table</summary>
      <div className={shared.tableWrap}>
        <table className={shared.table} aria-label={`Spend per ${granularity}`}>
          <thead>
            <tr>
              <th scope="col">{PERIOD[granularity]}</th>
              <th scope="col" className={shared.num}>
                Calls
              </th>
              <th scope="col" className={shared.num}>
                Spend
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.start}>
                <th scope="row">{bar.longLabel}</th>
                <td className={shared.num}>{grouped(bar.calls)}</td>
                <td className={shared.num}>{usdCents(bar.spentUsd)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className={shared.num}>{grouped(totals.calls)}</td>
              <td className={shared.num}>{usdCents(totals.spent_usd)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </details>
  );
}

export default function SpendChart({
  usage,
  range,
}: {
  usage: DailyUsage;
  range: DayRange;
}): ReactNode {
  const { bars, granularity } = spendBars(usage, range);
  return (
    <>
      <div className={styles.charts}>
        <TimeChart bars={bars} granularity={granularity} />
        <DeploymentChart deployments={spendPerDeployment(usage)} />
      </div>
      <ChartTable bars={bars} granularity={granularity} totals={usage.totals} />
    </>
  );
}
