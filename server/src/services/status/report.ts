/**
 * The status report (`GET /v1/status.json`, the Atom feed, the status page) from the rollups:
 * per component, 90 UTC days of availability and latency, its state now, and the incidents.
 * Reads at most 91 × components daily rows and two hours of hourly ones; kept for
 * REPORT_CACHE_MS (a public, unauthenticated answer) and dropped as soon as this process flushes
 * new outcomes.
 */
import { API_ORDER } from '@contract/catalogue';
import {
  ACCOUNT_API_COMPONENT,
  incidentMessage,
  incidentTitle,
  STATUS_DEGRADED_BELOW_PERCENT,
  STATUS_LATENCY_BOUNDS_MS,
  STATUS_WINDOW_DAYS,
  type StatusComponent,
  type StatusReport,
  type StatusState,
} from '@contract/status';
import type { RollupRow, StatusRepository } from '../../repositories/status';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
export const REPORT_CACHE_MS = 15_000;
const MAX_INCIDENTS = 100;

/** The components of the page, in its order: the account API, then each public deployment. */
export const STATUS_COMPONENTS: ReadonlyArray<{ id: string; name: string }> = [
  { id: ACCOUNT_API_COMPONENT, name: 'Account API' },
  ...API_ORDER.map((entry) => ({ id: entry.slug, name: entry.title })),
];
const NAMES = new Map(STATUS_COMPONENTS.map((c) => [c.id, c.name]));
export const isStatusComponent = (id: string) => NAMES.has(id);

/** The p-th percentile (0–1) of a histogram: the upper bound of the bucket that holds it. */
export function percentile(histogram: readonly number[], p: number): number | null {
  const total = histogram.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i]!;
    if (seen >= rank)
      return STATUS_LATENCY_BOUNDS_MS[Math.min(i, STATUS_LATENCY_BOUNDS_MS.length - 1)]!;
  }
  return STATUS_LATENCY_BOUNDS_MS[STATUS_LATENCY_BOUNDS_MS.length - 1]!;
}

export function availability(calls: number, failures: number): number | null {
  if (calls === 0) return null;
  return Math.round(((calls - failures) / calls) * 100_000) / 1_000;
}

function sum(rows: RollupRow[]) {
  const latency = new Array<number>(STATUS_LATENCY_BOUNDS_MS.length + 1).fill(0);
  let calls = 0;
  let failures = 0;
  for (const row of rows) {
    calls += row.calls;
    failures += row.failures;
    row.latency.forEach((n, i) => {
      if (i < latency.length) latency[i]! += n;
    });
  }
  return { calls, failures, latency };
}

const WORST: Record<StatusState, number> = { operational: 0, degraded: 1, outage: 2 };

export async function buildStatusReport(
  repo: StatusRepository,
  now = new Date(),
): Promise<StatusReport> {
  const today = now.getTime() - (now.getTime() % DAY_MS);
  const since = new Date(today - (STATUS_WINDOW_DAYS - 1) * DAY_MS);
  const lastHour = new Date(now.getTime() - HOUR_MS);
  const [{ days, hours }, incidents] = await Promise.all([
    repo.read(since, new Date(lastHour.getTime() - (lastHour.getTime() % HOUR_MS))),
    repo.incidents(since, MAX_INCIDENTS),
  ]);
  const open = new Set(incidents.filter((i) => i.resolvedAt === null).map((i) => i.component));
  const components: StatusComponent[] = STATUS_COMPONENTS.map(({ id, name }) => {
    const own = days.filter((row) => row.component === id);
    const whole = sum(own);
    const recent = sum(hours.filter((row) => row.component === id));
    const recentAvailability = availability(recent.calls, recent.failures);
    const state: StatusState = open.has(id)
      ? 'outage'
      : recentAvailability !== null && recentAvailability < STATUS_DEGRADED_BELOW_PERCENT
        ? 'degraded'
        : 'operational';
    return {
      id,
      name,
      state,
      calls: whole.calls,
      failures: whole.failures,
      availability_percent: availability(whole.calls, whole.failures),
      latency_p50_ms: percentile(whole.latency, 0.5),
      latency_p95_ms: percentile(whole.latency, 0.95),
      days: own
        .filter((row) => row.calls > 0)
        .map((row) => {
          const day = sum([row]);
          return {
            date: row.bucket.toISOString().slice(0, 10),
            calls: row.calls,
            failures: row.failures,
            availability_percent: availability(row.calls, row.failures),
            latency_p50_ms: percentile(day.latency, 0.5),
            latency_p95_ms: percentile(day.latency, 0.95),
          };
        }),
    };
  });
  const state = components.reduce<StatusState>(
    (worst, c) => (WORST[c.state] > WORST[worst] ? c.state : worst),
    'operational',
  );
  return {
    generated_at: now.toISOString(),
    window_days: STATUS_WINDOW_DAYS,
    state,
    components,
    incidents: incidents.map((incident) => {
      const name = NAMES.get(incident.component) ?? incident.component;
      const resolved = incident.resolvedAt !== null;
      return {
        id: incident.id,
        component: incident.component,
        title: incidentTitle(name, resolved),
        message: incidentMessage(name, incident.cause, resolved),
        started_at: incident.startedAt.toISOString(),
        resolved_at: incident.resolvedAt?.toISOString() ?? null,
      };
    }),
  };
}

/** The report, cached for REPORT_CACHE_MS and dropped when `invalidate` is called. */
export function createStatusReports(repo: StatusRepository) {
  let cached: { at: number; report: Promise<StatusReport> } | null = null;
  return {
    get(): Promise<StatusReport> {
      const now = Date.now();
      if (!cached || now - cached.at > REPORT_CACHE_MS) {
        const report = buildStatusReport(repo);
        cached = { at: now, report };
        // A failed read is not kept: the next request tries again.
        report.catch(() => {
          if (cached?.report === report) cached = null;
        });
      }
      return cached.report;
    },
    invalidate() {
      cached = null;
    },
  };
}
export type StatusReports = ReturnType<typeof createStatusReports>;
