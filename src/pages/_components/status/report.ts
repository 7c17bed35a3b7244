/**
 * The status page's 90 days from real traffic, no React: `GET /v1/status.json` (the servers' own
 * outcomes, rolled up), a copy kept on this device so the page still shows the last figures
 * offline, and the words and bars the page draws from it.
 */
import type { StatusComponent, StatusReport, StatusState } from '@contract/status';
import { STATUS_WINDOW_DAYS } from '@contract/status-data';
import { joinUrl } from '@site/src/api/url';

export const REPORT_TIMEOUT_MS = 8000;
/** Where the last report read is kept (localStorage). */
export const SAVED_REPORT_KEY = 'visionapi.status.report';

export function statusReportUrl(apiBaseUrl: string): string {
  return joinUrl(apiBaseUrl, 'status.json');
}

export function statusFeedUrl(apiBaseUrl: string): string {
  return joinUrl(apiBaseUrl, 'status.atom');
}

function isReport(value: unknown): value is StatusReport {
  const report = value as StatusReport | null;
  return (
    !!report &&
    typeof report.generated_at === 'string' &&
    Array.isArray(report.components) &&
    Array.isArray(report.incidents)
  );
}

export async function fetchStatusReport(url: string): Promise<StatusReport | null> {
  try {
    const response = await fetch(url, {
      credentials: 'omit',
      signal: AbortSignal.timeout(REPORT_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const answer: unknown = await response.json();
    return isReport(answer) ? answer : null;
  } catch {
    return null;
  }
}

export function saveReport(report: StatusReport): void {
  try {
    localStorage.setItem(SAVED_REPORT_KEY, JSON.stringify(report));
  } catch {
    // Storage full or refused (private mode): the page works, only not offline.
  }
}

export function savedReport(): StatusReport | null {
  try {
    const raw = localStorage.getItem(SAVED_REPORT_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isReport(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export const STATE_WORDS: Record<StatusState, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  outage: 'Outage',
};

const UTC_DAY = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A UTC day ("2026-11-26") as "Nov 26, 2026". */
export function utcDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : UTC_DAY.format(parsed);
}

/** "99.95 %", "100 %", or an em dash without calls. */
export function percentText(value: number | null): string {
  if (value === null) return '—';
  return `${Number(value.toFixed(value === 100 ? 0 : 2))} %`;
}

/** "≤ 250 ms": the figure is the upper bound of a histogram bucket. */
export function latencyText(value: number | null): string {
  return value === null ? '—' : `≤ ${value.toLocaleString('en-US')} ms`;
}

export type BarLevel = 'full' | 'partial' | 'low' | 'none';

export interface DayBar {
  date: string;
  level: BarLevel;
  availability: number | null;
}

/** Under this a day's bar shows as low (red); between it and 100 % as partial (amber). */
export const LOW_AVAILABILITY = 95;

/** The window's days, oldest first, ending on the report's UTC day: one bar each. */
export function dayBars(component: StatusComponent, generatedAt: string): DayBar[] {
  const byDate = new Map(component.days.map((day) => [day.date, day]));
  const end = new Date(generatedAt);
  const endDay = Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate());
  const bars: DayBar[] = [];
  for (let i = STATUS_WINDOW_DAYS - 1; i >= 0; i--) {
    const date = new Date(endDay - i * 86_400_000).toISOString().slice(0, 10);
    const day = byDate.get(date);
    const availability = day?.availability_percent ?? null;
    bars.push({
      date,
      availability,
      level:
        availability === null
          ? 'none'
          : availability === 100
            ? 'full'
            : availability >= LOW_AVAILABILITY
              ? 'partial'
              : 'low',
    });
  }
  return bars;
}

/** The bars in words, for readers who do not see them. */
export function barsSummary(bars: DayBar[]): string {
  const full = bars.filter((bar) => bar.level === 'full').length;
  const none = bars.filter((bar) => bar.level === 'none').length;
  const failing = bars.filter((bar) => bar.level === 'partial' || bar.level === 'low');
  const parts = [`${bars.length} days: ${full} without failures`];
  if (failing.length) {
    const worst = failing.reduce((a, b) => (b.availability! < a.availability! ? b : a));
    parts.push(
      `${failing.length} with failures (lowest ${percentText(worst.availability)} on ${utcDay(worst.date)})`,
    );
  }
  if (none) parts.push(`${none} without calls`);
  return `${parts.join(', ')}.`;
}
