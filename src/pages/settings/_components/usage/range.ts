/**
 * Date ranges of the usage page, as local calendar days. The client turns
 * them into `start_date` (local midnight, ISO) and `end_date` (`…T23:59:59.999Z`).
 */
import dayjs from 'dayjs';

export interface DayRange {
  /** `YYYY-MM-DD`, local. */
  start: string;
  end: string;
}

export type QuickRange = 'today' | '7d' | '30d' | 'month';

export const QUICK_RANGES: { id: QuickRange; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: '7d', label: 'Last 7 days' },
  { id: '30d', label: 'Last 30 days' },
  { id: 'month', label: 'This month' },
];

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
  return null;
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
