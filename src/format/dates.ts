/**
 * The site's one way of writing a moment: "Jan 31, 2025, 2:05 PM UTC" — date, time and the
 * reader's time zone, which it states, since teams read the same pages from several zones. A
 * day without a time (a chart's day, a key's last day) is "Jan 31, 2025". One formatter each.
 */
const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

const DATE_TIME_SECONDS = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

const DATE_ONLY = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

function valid(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A moment with its time zone: "Jan 31, 2025, 2:05 PM UTC"; an unreadable value as it came. */
export function dateTime(value: string | number | Date): string {
  const date = valid(value);
  return date ? DATE_TIME.format(date) : String(value);
}

/** The same style to the second, where seconds matter (the status page's last check). */
export function dateTimeSeconds(value: string | number | Date): string {
  const date = valid(value);
  return date ? DATE_TIME_SECONDS.format(date) : String(value);
}

/** A day: "Jan 31, 2025". */
export function dateOnly(value: string | number | Date): string {
  const date = valid(value);
  return date ? DATE_ONLY.format(date) : String(value);
}
