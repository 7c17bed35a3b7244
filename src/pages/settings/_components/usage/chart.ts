/**
 * The usage chart's model, from the server's daily aggregate (`GET /v1/usage/daily`): spend and
 * calls per bar (a day, a week or a month, so that a year stays readable), per deployment (named
 * by the contract's catalogue), the value axis, and the totals. Sums are made in micro-dollars so
 * that many small prices add up exactly.
 */
import dayjs from 'dayjs';
import { DEPLOYMENT_CATALOGUE } from '@contract/catalogue';
import type { DailyUsage } from '@contract/billing';
import { daysOf, type DayRange } from './range';

export type Granularity = 'day' | 'week' | 'month';

export interface Bar {
  /** First day of the bar within the range, `YYYY-MM-DD`. */
  start: string;
  /** Last day of the bar within the range. */
  end: string;
  /** Under the bar: "Mar 5", "Mar 3" (a week's first day), "Mar" or "Jan 2025". */
  label: string;
  /** In the tooltip and the table: "Wed, Mar 5, 2025", "Mar 3 – 9, 2025", "March 2025". */
  longLabel: string;
  calls: number;
  spentUsd: number;
}

export interface DeploymentSpend {
  deployment: string;
  /** The catalogue's title ("Object detection"); the raw path for one it does not list. */
  title: string;
  calls: number;
  spentUsd: number;
}

const toMicros = (usd: number) => Math.round(usd * 1_000_000);
const fromMicros = (micros: number) => micros / 1_000_000;

const TITLES = new Map<string, string>(DEPLOYMENT_CATALOGUE.map((e) => [e.slug, e.title]));

/** A deployment's title from the catalogue, or its path when the catalogue does not list it. */
export function deploymentTitle(deployment: string): string {
  return TITLES.get(deployment) ?? deployment;
}

/** Days up to six weeks are drawn one bar per day; up to about six months, per week; then per month. */
export function granularityFor(dayCount: number): Granularity {
  if (dayCount <= 45) return 'day';
  if (dayCount <= 190) return 'week';
  return 'month';
}

function bucketStart(day: dayjs.Dayjs, granularity: Granularity): dayjs.Dayjs {
  if (granularity === 'day') return day;
  if (granularity === 'month') return day.startOf('month');
  // Weeks start on Monday.
  return day.subtract((day.day() + 6) % 7, 'day');
}

function labels(
  start: dayjs.Dayjs,
  end: dayjs.Dayjs,
  granularity: Granularity,
  first: boolean,
): { label: string; longLabel: string } {
  switch (granularity) {
    case 'day':
      return { label: start.format('MMM D'), longLabel: start.format('ddd, MMM D, YYYY') };
    case 'week':
      return {
        label: start.format('MMM D'),
        longLabel: start.isSame(end, 'month')
          ? `${start.format('MMM D')} – ${end.format('D, YYYY')}`
          : `${start.format('MMM D')} – ${end.format('MMM D, YYYY')}`,
      };
    case 'month':
      return {
        label: first || start.month() === 0 ? start.format('MMM YYYY') : start.format('MMM'),
        longLabel: start.format('MMMM YYYY'),
      };
  }
}

/** Every bar of the range, empty ones included, oldest first. */
export function spendBars(
  usage: DailyUsage,
  range: DayRange,
): {
  granularity: Granularity;
  bars: Bar[];
} {
  const days = daysOf(range);
  const granularity = granularityFor(days.length);
  const perDay = new Map(usage.days.map((d) => [d.date, d]));
  const bars: (Omit<Bar, 'spentUsd'> & { micros: number })[] = [];
  let current: (typeof bars)[number] | undefined;
  let currentKey = '';
  for (const date of days) {
    const day = dayjs(date);
    const key = bucketStart(day, granularity).format('YYYY-MM-DD');
    if (!current || key !== currentKey) {
      currentKey = key;
      current = { start: date, end: date, label: '', longLabel: '', calls: 0, micros: 0 };
      bars.push(current);
    }
    current.end = date;
    const found = perDay.get(date);
    if (found) {
      current.calls += found.calls;
      current.micros += toMicros(found.spent_usd);
    }
  }
  return {
    granularity,
    bars: bars.map(({ micros, ...bar }, index) => ({
      ...bar,
      ...labels(dayjs(bar.start), dayjs(bar.end), granularity, index === 0),
      spentUsd: fromMicros(micros),
    })),
  };
}

/** Spend and calls per deployment over the range, most spent first. */
export function spendPerDeployment(usage: DailyUsage): DeploymentSpend[] {
  const sums = new Map<string, { micros: number; calls: number }>();
  for (const day of usage.days)
    for (const { deployment, calls, spent_usd } of day.deployments) {
      const entry = sums.get(deployment) ?? { micros: 0, calls: 0 };
      entry.micros += toMicros(spent_usd);
      entry.calls += calls;
      sums.set(deployment, entry);
    }
  return [...sums.entries()]
    .map(([deployment, { micros, calls }]) => ({
      deployment,
      title: deploymentTitle(deployment),
      calls,
      spentUsd: fromMicros(micros),
    }))
    .sort((a, b) => b.spentUsd - a.spentUsd || a.title.localeCompare(b.title));
}

/**
 * The value axis: from 0 to a round top at or above `max`, in 4 steps of 1, 2, 2.5 or 5 times a
 * power of ten ($0, $0.50, $1.00, $1.50, $2.00).
 */
export function valueTicks(max: number, steps = 4): number[] {
  if (!(max > 0)) return [0];
  const rough = max / steps;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const ticks: number[] = [];
  // Rounded to micro-dollars: 0.1 * 3 is 0.30000000000000004 otherwise.
  for (let i = 0; i <= steps; i += 1) ticks.push(Math.round(step * i * 1_000_000) / 1_000_000);
  while (ticks.length > 2 && ticks[ticks.length - 2]! >= max) ticks.pop();
  return ticks;
}
