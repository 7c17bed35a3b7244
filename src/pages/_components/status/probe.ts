/**
 * The status page's checks, no React: each part's public health endpoint is fetched from the
 * reader's browser and timed. The account API's /health sits beside its /v1 base; the services
 * host's at its root. In production the services host's answer also lists each upstream's
 * circuit (`upstreams`), from which each deployment's availability follows.
 */
import { joinUrl, withoutTrailingSlashes } from '@site/src/api/url';

export type PartStatus = 'up' | 'degraded' | 'down';

export interface Probe {
  status: 'up' | 'down';
  /** Time from the request to the full answer, in ms. */
  ms: number;
  checkedAt: number;
  /** Deployment paths whose upstream circuit is open (down) or half open (degraded). */
  open: string[];
  halfOpen: string[];
  /** Why it is down, in words. */
  reason: string | null;
}

interface HealthAnswer {
  status?: string;
  upstreams?: { deployments?: string[]; state?: string }[];
}

/** `http://localhost:4010/v1` → `http://localhost:4010/health`. */
export function accountHealthUrl(apiBaseUrl: string): string {
  return new URL('../health', `${withoutTrailingSlashes(apiBaseUrl)}/`).toString();
}

export function servicesHealthUrl(servicesBaseUrl: string): string {
  return joinUrl(servicesBaseUrl, 'health');
}

export const PROBE_TIMEOUT_MS = 8000;

export async function probe(url: string): Promise<Probe> {
  const started = performance.now();
  const result = (status: Probe['status'], reason: string | null, answer?: HealthAnswer): Probe => {
    const upstreams = answer?.upstreams ?? [];
    const inState = (state: string) =>
      upstreams.filter((u) => u.state === state).flatMap((u) => u.deployments ?? []);
    return {
      status,
      ms: Math.round(performance.now() - started),
      checkedAt: Date.now(),
      open: inState('open'),
      halfOpen: inState('half_open'),
      reason,
    };
  };
  try {
    const response = await fetch(url, {
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    if (!response.ok) return result('down', `It answered ${response.status}.`);
    const answer = (await response.json()) as HealthAnswer;
    return answer.status === 'ok'
      ? result('up', null, answer)
      : result('down', 'It answered without "ok".');
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return result('down', timedOut ? 'No answer within 8 seconds.' : 'It could not be reached.');
  }
}

/** A deployment's status: its host's, unless its own upstream's circuit says otherwise. */
export function deploymentStatus(services: Probe, path: string): PartStatus {
  if (services.status === 'down' || services.open.includes(path)) return 'down';
  if (services.halfOpen.includes(path)) return 'degraded';
  return 'up';
}
