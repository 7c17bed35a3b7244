/**
 * What both servers share: security headers, CORS for the site's origins,
 * rate limits, and one error format (`{ error_message }`, never a stack trace).
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitConfig } from '../config';
import { HttpError } from '../lib/errors';

export interface HttpOptions {
  corsOrigins: string[];
  rateLimit: RateLimitConfig;
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

/** `body/name must NOT have fewer than 1 characters` → a sentence naming the field. */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  const part = PART_LABELS[error.validationContext ?? 'body'] ?? 'request';
  if (!first) return `Invalid ${part}.`;
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = (first.params as { missingProperty?: string }).missingProperty;
  if (missing) return `Invalid ${part}: ${field ? `${field}.` : ''}${missing} is required.`;
  return `Invalid ${part}: ${field ? `${field} ` : ''}${first.message ?? 'is not valid'}.`;
}

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
    methods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', ...options.allowedHeaders],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    max: options.rateLimit.max,
    timeWindow: options.rateLimit.timeWindowMs,
    keyGenerator: options.rateLimitKey,
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
      return reply.status(error.statusCode).send({ error_message: error.message });
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

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error_message: options.notFoundMessage(request) });
  });
}
