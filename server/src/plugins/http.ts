/**
 * What both servers share: request ids, security headers, CORS for the site's origins, rate
 * limits (in memory for one process, in Valkey/Redis when several share them), and one error
 * format: `{ error_message, code, request_id, details? }` (contract/errors.ts), never a stack
 * trace, with `x-should-retry` and, where waiting helps, `Retry-After`. Every 4xx carries a
 * message the caller can act on; only a real fault is a 500, and its log line holds no secret
 * (lib/log.ts).
 */
import { pooledRandomBytes } from '../lib/random-pool';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import type { RateLimitConfig } from '../config';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  describeDatabaseError,
  isDatabaseUnavailable,
} from '../lib/database-errors';
import {
  ERROR_CODES,
  REQUEST_ID_HEADER,
  SHOULD_RETRY_HEADER,
  type ErrorCode,
} from '@contract/errors';
import { ApiError, type ErrorDetails } from '../lib/errors';
import { firstLoneSurrogate, loneSurrogateMessage } from '../lib/unicode';

/** A 502, 503 or 504 without its own `Retry-After` gets this one (seconds). */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

export interface HttpOptions {
  corsOrigins: string[];
  rateLimit: RateLimitConfig;
  /**
   * Valkey/Redis shared by every process (`REDIS_URL`), so N processes enforce one limit; absent:
   * each process counts in its own memory. Never the database: no write per request there.
   */
  redis?: Redis | null;
  /** Prefix of this server's counters in Redis (the deployment's REDIS_KEY_PREFIX, then api or services). */
  rateLimitNamespace: string;
  /** Header names the browser may send besides the CORS-safelisted ones. */
  allowedHeaders: string[];
  rateLimitKey?: (request: FastifyRequest) => string;
  notFoundMessage: (request: FastifyRequest) => string;
  /** The code of an unknown path (`not_found`; the services host: `unknown_deployment`). */
  notFoundCode?: ErrorCode;
}

const REQUEST_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `req_` and 20 random characters (about 119 bits). */
export function newRequestId(): string {
  const bytes = pooledRandomBytes(20);
  let id = 'req_';
  for (const byte of bytes) id += REQUEST_ID_ALPHABET[byte % REQUEST_ID_ALPHABET.length];
  return id;
}

/** A caller's own `x-request-id` is kept when it is 1–128 safe characters (letters, digits, `._:-`). */
export function acceptedRequestId(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 128) return null;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const ok =
      (c >= 48 && c <= 57) ||
      (c >= 65 && c <= 90) ||
      (c >= 97 && c <= 122) ||
      c === 46 ||
      c === 95 ||
      c === 58 ||
      c === 45;
    if (!ok) return null;
  }
  return value;
}

/**
 * Server options both apps take: each request's id is the caller's `x-request-id` when it is
 * safe, else a new `req_…`; the logs carry it as `reqId`, every answer as `x-request-id`, every
 * error body as `request_id`.
 */
export const requestIdOptions = {
  requestIdHeader: false,
  genReqId: (request: { headers: Record<string, string | string[] | undefined> }) =>
    acceptedRequestId(request.headers[REQUEST_ID_HEADER]) ?? newRequestId(),
} satisfies Partial<FastifyServerOptions>;

/** The error body and headers of a code, for every path that answers one. */
export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  options: { details?: ErrorDetails; retryAfterSeconds?: number } = {},
): FastifyReply {
  const spec = ERROR_CODES[code];
  reply.header(REQUEST_ID_HEADER, reply.request.id);
  reply.header(SHOULD_RETRY_HEADER, spec.retryable ? 'true' : 'false');
  if (options.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(options.retryAfterSeconds))));
  }
  return reply.status(spec.status).send({
    error_message: message,
    code,
    request_id: reply.request.id,
    ...(options.details ? { details: options.details } : {}),
  });
}

/** The code of an error Fastify or a plugin raised with only a status. */
function codeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
    case 405:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 414:
      return 'uri_too_long';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    default:
      return status >= 500 ? 'internal_error' : 'invalid_request';
  }
}

const PART_LABELS: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  headers: 'headers',
  params: 'path',
};

/** Longest part of a path echoed back in a message. */
export const MAX_ECHOED_PATH = 120;

/** The request path without its query, cut to a length worth echoing. */
export function echoedPath(request: FastifyRequest): string {
  const url = request.url.length > 2048 ? request.url.slice(0, 2048) : request.url;
  const query = url.indexOf('?');
  const path = query >= 0 ? url.slice(0, query) : url;
  return path.length > MAX_ECHOED_PATH ? `${path.slice(0, MAX_ECHOED_PATH)}…` : path;
}

/** `body/name must NOT have fewer than 1 characters` → a sentence naming the field. */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  const part = PART_LABELS[error.validationContext ?? 'body'] ?? 'request';
  if (!first) return `Invalid ${part}.`;
  const field = first.instancePath.split('/').filter(Boolean).join('.');
  const params = first.params as { missingProperty?: string };
  if (params.missingProperty) {
    return `Invalid ${part}: ${field ? `${field}.` : ''}${params.missingProperty} is required.`;
  }
  // A field's own wording for a failed pattern or format (e.g. "must not contain control
  // characters"); other keywords keep Ajv's message ("must NOT have fewer than 1 characters").
  const own =
    first.keyword === 'pattern' || first.keyword === 'format'
      ? (first as { parentSchema?: { 'x-error-message'?: string } }).parentSchema?.[
          'x-error-message'
        ]
      : undefined;
  const detail = own ?? first.message;
  return `Invalid ${part}: ${field ? `${field} ` : ''}${detail ?? 'is not valid'}.`;
}

/**
 * Errors the router raises before any plugin runs (a malformed URL, a path parameter over
 * Fastify's length limit): the same error body as every other answer.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  _request,
  reply,
) => {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long.'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The URL is malformed.'
        : 'The request could not be routed.';
  void sendError(reply as unknown as FastifyReply, codeOfStatus(status), message);
};

export async function registerHttpBasics(
  app: FastifyInstance,
  options: HttpOptions,
): Promise<void> {
  // Every answer names its request, the errors and the 429s of the limits below included.
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  await app.register(helmet, {
    // JSON APIs read by the site from another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, {
    origin: options.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'Content-Type',
      'Authorization',
      'Idempotency-Key',
      'X-Request-Id',
      ...options.allowedHeaders,
    ],
    exposedHeaders: [
      'Retry-After',
      'Idempotent-Replayed',
      'X-Request-Id',
      'X-Should-Retry',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'X-Spend-Cap-Limit',
      'X-Spend-Cap-Remaining',
      'X-Spend-Cap-Reset',
    ],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    max: options.rateLimit.max,
    timeWindow: options.rateLimit.timeWindowMs,
    keyGenerator: options.rateLimitKey,
    ...(options.redis
      ? {
          redis: options.redis,
          nameSpace: `${options.rateLimitNamespace}:`,
          // Redis unreachable: serve rather than refuse everyone (a limit protects, it does not
          // bill); the client reconnects by itself.
          skipOnError: true,
        }
      : {}),
    errorResponseBuilder: (_request, context) =>
      new ApiError('rate_limited', `Too many requests. Try again in ${context.after}.`, {
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  });

  // Clients that always send `Content-Type: application/json` may post no body
  // (verify, set-default, delete): treat an empty body as none.
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      // `"\ud800"` is valid JSON but not text: refused here, for every route of both servers,
      // before it reaches a database column, an e-mail or an upstream.
      const bad = firstLoneSurrogate(value);
      if (bad !== null) {
        return done(new ApiError('invalid_request', loneSurrogateMessage('request body', bad)));
      }
      done(null, value);
    });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const first = error.validation[0];
      const field = first?.instancePath.split('/').filter(Boolean).join('.') ?? '';
      const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
      return sendError(reply, 'invalid_request', validationMessage(error), {
        details: {
          part: error.validationContext ?? 'body',
          field: [field, missing].filter(Boolean).join('.') || null,
        },
      });
    }
    if (error instanceof ApiError) {
      return sendError(reply, error.code, error.message, {
        details: error.details,
        retryAfterSeconds: error.retryAfterSeconds,
      });
    }
    if (isDatabaseUnavailable(error)) {
      // The database restarted, failed over or ended this connection: this request fails, the
      // process goes on, and the pool connects again. One line, with the code only.
      request.log.warn({ db: describeDatabaseError(error) }, 'database unavailable');
      return sendError(reply, 'service_unavailable', DATABASE_UNAVAILABLE_MESSAGE, {
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, codeOfStatus(status), error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(
      reply,
      'internal_error',
      'An internal error occurred. Please try again later.',
    );
  });

  // Every answer a client may retry says when: a 502, 503 or 504 that no code path gave a
  // Retry-After gets a default one.
  app.addHook('onSend', async (_request, reply) => {
    const status = reply.statusCode;
    if ((status === 502 || status === 503 || status === 504) && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
    }
  });

  // Unknown paths cost a client as much as any request: they count against the same limit.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    sendError(reply, options.notFoundCode ?? 'not_found', options.notFoundMessage(request));
  });
}
