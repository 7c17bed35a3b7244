/**
 * Errors that mean "the database cannot be reached right now" (a restart, a failover, an
 * administrator ending connections, a full connection table, a timeout), as opposed to a bug or a
 * constraint. A request that meets one answers 503 with `Retry-After`; the process keeps serving
 * and the pool opens new connections once the database is back.
 *
 * Drizzle wraps the driver's error (`DrizzleQueryError`, whose message carries the query's
 * parameters): only the codes and a fixed description are ever read from it here.
 */

/** SQLSTATE classes and codes of a lost or refused connection. */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: terminated by an administrator or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08P01',
  '57014', // query_canceled: statement_timeout
  // Network errors of the socket.
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** Messages node-postgres and pg-pool give a lost connection (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection error',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended',
  'the database system is',
];

function chain(error: unknown): Array<{ code?: unknown; message?: unknown }> {
  const seen: Array<{ code?: unknown; message?: unknown }> = [];
  let current = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    seen.push(current);
    current = current.cause as typeof current;
  }
  return seen;
}

/** True when the error means the database is unreachable for now (retry later). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of chain(error)) {
    if (typeof link.code === 'string' && UNAVAILABLE_CODES.has(link.code)) return true;
    const message = typeof link.message === 'string' ? link.message : '';
    // Only the driver's own message, never drizzle's "Failed query: …" (it holds parameters).
    if (message.startsWith('Failed query')) continue;
    if (UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
  }
  return false;
}

/**
 * A log-safe description: the SQLSTATE or socket code, and for a lost connection the driver's
 * fixed message; never the query, its parameters or the connection string.
 */
export function describeDatabaseError(error: unknown): { code: string; unavailable: boolean } {
  const codes = chain(error)
    .map((link) => link.code)
    .filter((code): code is string => typeof code === 'string');
  return { code: codes[0]?.slice(0, 16) ?? 'none', unavailable: isDatabaseUnavailable(error) };
}

/** Seconds a client should wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export const DATABASE_UNAVAILABLE_MESSAGE = `The service is temporarily unavailable: it lost its connection to the database. Retry in ${DATABASE_RETRY_AFTER_SECONDS} seconds.`;
