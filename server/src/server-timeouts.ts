import type { ServerConfig } from './config';

/**
 * The server's own timeouts come after everything a request waits for, so a slow upstream or a
 * database outage ends in an answer (504 or 503 with Retry-After), never in a cut connection.
 * In order, with the defaults:
 *   1. the database's connect (DATABASE_CONNECT_TIMEOUT_MS, 3 s) and statement
 *      (DATABASE_STATEMENT_TIMEOUT_MS, 10 s) timeouts: 503;
 *   2. the upstream's connect (SERVICES_UPSTREAM_CONNECT_TIMEOUT_MS, 2 s) and whole-call
 *      (SERVICES_UPSTREAM_TIMEOUT_MS, 30 s, a trickling answer included) timeouts: 504;
 *   3. the socket's inactivity timeout: the longest of the above + 30 s (60 s);
 *   4. the whole request's timeout: the longest of the above + 60 s (90 s).
 */
export function serverTimeouts(
  config: Pick<ServerConfig, 'upstreams' | 'databaseStatementTimeoutMs'>,
) {
  const longestWork = Math.max(config.upstreams.timeoutMs, config.databaseStatementTimeoutMs);
  return {
    connectionTimeout: longestWork + 30_000,
    requestTimeout: longestWork + 60_000,
  };
}
