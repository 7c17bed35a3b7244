/**
 * The status page's plain data (no TypeBox: the site's status page imports it): the window, the
 * histogram's buckets and the words of an incident, shared by status.json, the feed and the page.
 */

/** Days the page and `status.json` cover. */
export const STATUS_WINDOW_DAYS = 90;

/** The account API's component id; each deployment's is its path (`object-detection`, …). */
export const ACCOUNT_API_COMPONENT = 'account-api';

/**
 * Upper bounds (ms) of the latency histogram's buckets; one more bucket counts anything slower.
 * Percentiles are read from it as the upper bound of the bucket that holds them.
 */
export const STATUS_LATENCY_BOUNDS_MS = [
  25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 30_000,
] as const;

/** A component is degraded when its last hour's availability is below this (and it had calls). */
export const STATUS_DEGRADED_BELOW_PERCENT = 99;

/** The words of an incident, shared by status.json, the feed and the page. */
export function incidentTitle(name: string, resolved: boolean): string {
  return resolved ? `${name}: failures resolved` : `${name}: calls failing`;
}

export function incidentMessage(name: string, cause: string | null, resolved: boolean): string {
  const what =
    `Calls to ${name} failed repeatedly, so the gateway stopped forwarding them for a moment ` +
    'and answered 503 with Retry-After.' +
    (cause ? ` Last failure: ${cause}` : '');
  const end = resolved ? ' Calls succeed again.' : ' We are retrying.';
  return `${what}${end} Failed calls were not charged.`;
}
