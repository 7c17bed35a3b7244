/**
 * What the logs may hold: never a secret. Database driver errors are logged as code, table and
 * constraint only (a failed query's message carries its bound parameters, and those can be API
 * key hashes, e-mails or, before hashing, secrets); credentials in headers are redacted; request
 * bodies (webhook payloads included) are never logged; anything that still looks like a key or a
 * token is masked.
 */
import type { FastifyServerOptions } from 'fastify';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["api-key"]',
  'req.headers["x-api-key"]',
  'req.headers["stripe-signature"]',
  'req.headers.cookie',
  'req.body',
  'res.headers["set-cookie"]',
];

// Fixed prefixes followed by one character class: linear on any input.
const SECRET_LIKE =
  /\b(?:va_live_|va_test_|va_admin_|vapi_|sk_live_|sk_test_|whsec_|pi_[A-Za-z0-9]+_secret_)[A-Za-z0-9_-]{4,}|\beyJ[A-Za-z0-9_-]{10,}(?:\.[A-Za-z0-9_-]*){1,2}/g;
const MAX_MESSAGE = 500;

/** Masks anything that looks like an API key, Stripe secret or JWT. */
export function scrub(text: string): string {
  return text
    .slice(0, 4 * MAX_MESSAGE)
    .replace(SECRET_LIKE, '[redacted]')
    .slice(0, MAX_MESSAGE);
}

interface DriverError {
  name?: string;
  code?: string;
  severity?: string;
  table?: string;
  constraint?: string;
  routine?: string;
  syscall?: string;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
}

function isDriverError(error: DriverError): boolean {
  return (
    error.name === 'DrizzleQueryError' ||
    'params' in error ||
    (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error)
  );
}

/** The log's view of an error. */
export function serializeError(value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object') return { message: scrub(String(value)) };
  const error = value as DriverError & Error;
  if (isDriverError(error)) {
    const cause = (
      error.cause && typeof error.cause === 'object' ? error.cause : error
    ) as DriverError;
    return {
      type: 'DatabaseError',
      code: cause.code ?? error.code,
      severity: cause.severity,
      table: cause.table,
      constraint: cause.constraint,
      routine: cause.routine,
      syscall: cause.syscall,
    };
  }
  const serialized: Record<string, unknown> = {
    type: error.name ?? error.constructor?.name,
    message: scrub(String(error.message ?? '')),
    stack: error.stack ? scrub(error.stack.split('\n').slice(0, 8).join('\n')) : undefined,
  };
  if (typeof error.code === 'string') serialized.code = error.code;
  if (error.cause) serialized.cause = serializeError(error.cause);
  return serialized;
}

/** Pino settings for both servers. */
export function loggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      err: serializeError as never,
      error: serializeError as never,
    },
  };
}
