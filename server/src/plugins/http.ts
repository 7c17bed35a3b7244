/**
 * What both servers share: security headers, CORS for the site's origins, rate limits (in memory
 * for one process, in Valkey/Redis when several share them), and one error format
 * (`{ error_message }`, never a stack trace). Every 4xx carries a message the caller can act on;
 * only a real fault is a 500, and its log line holds no secret (lib/log.ts).
 */
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
import { HttpError } from '../lib/errors';

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
  /** Prefix of this server's counters in Redis. */
  rateLimitNamespace: string;
  /** Header names the browser may send besides the CORS-safelisted ones. */
  allowedHeaders: string[];
  rateLimitKey?: (request: FastifyRequest) => string;
  notFoundMessage: (request: FastifyRequest) => string;
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
      ? (first as { parentSchema?: { errorMessage?: string } }).parentSchema?.errorMessage
      : undefined;
  const detail = own ?? first.message;
  return `Invalid ${part}: ${field ? `${field} ` : ''}${detail ?? 'is not valid'}.`;
}

/**
 * Errors the router raises before any plugin runs (a malformed URL, a path parameter over
 * Fastify's length limit): the same `{ error_message }` as every other answer.
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
  void (reply as unknown as FastifyReply).status(status).send({ error_message: message });
};

export async function registerHttpBasics(
  app: FastifyInstance,
  options: HttpOptions,
): Promise<void> {
  await app.register(helmet, {
    // JSON APIs read by the site from another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, {
    origin: options.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key', ...options.allowedHeaders],
    exposedHeaders: ['Retry-After', 'Idempotent-Replayed'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    max: options.rateLimit.max,
    timeWindow: options.rateLimit.timeWindowMs,
    keyGenerator: options.rateLimitKey,
    ...(options.redis
      ? {
          redis: options.redis,
          nameSpace: `visionapi:${options.rateLimitNamespace}:`,
          // Redis unreachable: serve rather than refuse everyone (a limit protects, it does not
          // bill); the client reconnects by itself.
          skipOnError: true,
        }
      : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error_message: `Too many requests. Try again in ${context.after}.`,
    }),
  });

  // Clients that always send `Content-Type: application/json` may post no body
  // (verify, set-default, delete): treat an empty body as none.
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });

  app.setErrorHandler((error: FastifyError & { error_message?: string }, request, reply) => {
    if (error.validation) {
      return reply.status(400).send({ error_message: validationMessage(error) });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ error_message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      // The database restarted, failed over or ended this connection: this request fails, the
      // process goes on, and the pool connects again. One line, with the code only.
      request.log.warn({ db: describeDatabaseError(error) }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ error_message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error_message: error.error_message ?? error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ error_message: 'An internal error occurred. Please try again later.' });
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
    reply.status(404).send({ error_message: options.notFoundMessage(request) });
  });
}
