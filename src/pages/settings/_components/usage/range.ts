/**
 * Date ranges of the usage page, as local calendar days. The client turns
 * them into `start_date` (local midnight, ISO) and `end_date` (`…T23:59:59.999Z`) for the
 * transactions (spec §7), and into the instants of the local days with the browser's offset for
 * the daily aggregate.
 */
import dayjs from 'dayjs';
import type { DailyUsageQuery } from '@contract/billing';
import { startOfLocalDayIso } from '@site/src/api/account';

export interface DayRange {
  /** `YYYY-MM-DD`, local. */
  start: string;
  end: string;
}

export type QuickRange = 'today' | '7d' | '30d' | 'month' | '12m';

export const QUICK_RANGES: { id: QuickRange; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: '7d', label: 'Last 7 days' },
  { id: '30d', label: 'Last 30 days' },
  { id: 'month', label: 'This month' },
  { id: '12m', label: 'Last 12 months' },
];

/**
 * The longest range, in days. The server reads at most 366 days per request (MAX_USAGE_DAYS),
 * measured between the instants sent; the transactions' end (`…T23:59:59.999Z`, spec §7) can
 * lie up to 14 hours past the local day, so a range keeps one day below it.
 */
export const MAX_RANGE_DAYS = 365;

const DAY = 'YYYY-MM-DD';

export function quickRange(id: QuickRange, now: Date = new Date()): DayRange {
  const today = dayjs(now).startOf('day');
  const end = today.format(DAY);
  switch (id) {
    case 'today':
      return { start: end, end };
    case '7d':
      return { start: today.subtract(6, 'day').format(DAY), end };
    case '30d':
      return { start: today.subtract(29, 'day').format(DAY), end };
    case 'month':
      return { start: today.startOf('month').format(DAY), end };
    case '12m':
      return { start: today.subtract(MAX_RANGE_DAYS - 1, 'day').format(DAY), end };
  }
}

/** The local calendar day of a `YYYY-MM-DD` string, as a Date at local midnight. */
export function dayToDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}

export function isValidDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && dayjs(day, DAY).format(DAY) === day;
}

/** A problem with the range in words, or null. */
export function rangeProblem(range: DayRange): string | null {
  if (!isValidDay(range.start)) return 'Choose a start date.';
  if (!isValidDay(range.end)) return 'Choose an end date.';
  if (range.start > range.end) return 'The start date must be on or before the end date.';
  if (dayjs(range.end).diff(dayjs(range.start), 'day') + 1 > MAX_RANGE_DAYS)
    return `Choose a range of at most ${MAX_RANGE_DAYS} days.`;
  return null;
}

/**
 * The daily aggregate's query for a range: from local midnight of the first day to the last
 * instant of the last day, with days counted in the browser's offset from UTC on the last day.
 */
export function dailyUsageQuery(range: DayRange): DailyUsageQuery {
  const start = dayToDate(range.start);
  const end = dayjs(dayToDate(range.end)).endOf('day').toDate();
  return {
    start_date: startOfLocalDayIso(start),
    end_date: end.toISOString(),
    utc_offset_minutes: -end.getTimezoneOffset(),
  };
}

/** Every local day of the range, in order (for the chart's axis). */
export function daysOf(range: DayRange, max = 400): string[] {
  const days: string[] = [];
  let day = dayjs(dayToDate(range.start));
  const last = dayjs(dayToDate(range.end));
  while (!day.isAfter(last) && days.length < max) {
    days.push(day.format(DAY));
    day = day.add(1, 'day');
  }
  return days;
}

/** Usage of one key and/or one deployment; '' for all. */
export interface UsageFilter {
  apiKeyId: string;
  /** What the chosen key is called (kept for a range in which it made no call). */
  keyName: string;
  deployment: string;
}

export const NO_FILTER: UsageFilter = { apiKeyId: '', keyName: '', deployment: '' };

/** The filter's part of a daily aggregate query (`api_key_id`, `deployment`). */
export function filterQuery(
  filter: UsageFilter,
): Pick<DailyUsageQuery, 'api_key_id' | 'deployment'> {
  return {
    ...(filter.apiKeyId && { api_key_id: filter.apiKeyId }),
    ...(filter.deployment && { deployment: filter.deployment }),
  };
}

/** A file name's part for a filter: `-object-detection`, `-key-1a2b3c4d`; '' for none. */
export function filterFileSuffix(filter: UsageFilter): string {
  const parts: string[] = [];
  if (filter.deployment) parts.push(filter.deployment.replace(/[^a-z0-9-]/gi, '-'));
  if (filter.apiKeyId) parts.push(`key-${filter.apiKeyId.replace(/[^a-z0-9]/gi, '').slice(0, 8)}`);
  return parts.map((part) => `-${part}`).join('');
}
