/**
 * The sample upstream: the sample answerer (worker pool, sandbox/) behind a small HTTP server that
 * speaks the gateway's upstream protocol (upstream-body.ts), as an inference deployment does. In
 * local mode the services host starts it on the loopback interface, on a port the system picks,
 * and its gateway forwards every live key's call to it: local mode takes the production path
 * (hold, forward through undici, validate the answer, capture or release).
 *
 * Answers: 200 `{ image, ...result }` (no `sandbox`, `task`, `model` or `usage`: the gateway adds
 * those); a refused image 400/413/415 with `error_message`; a full worker queue 503 with
 * `Retry-After` (the gateway passes it on, nothing charged); a fault 500.
 *
 * Every input is bounded before it is read: one file of at most MAX_IMAGE_BYTES, one `params` field
 * of at most MAX_UPSTREAM_PARAMS_BYTES, two parts, then the contract's parameter schema.
 *
 * With a `secret` (always in the local stack: the services host makes one per process), a call
 * without `X-VisionAPI-Gateway-Secret: <secret>` is answered 401 before its body is read: only
 * the gateway, which meters, may call it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import multipart, { type MultipartFile } from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { DEPLOYMENT_PATHS, MAX_IMAGE_BYTES, PUBLIC_DEPLOYMENTS } from '@contract';
import { GATEWAY_SECRET_HEADER } from '../config';
import { ApiError, invalidRequest } from '../lib/errors';
import { validateParams } from './input';
import type { Renderer } from './render/pool';
import {
  MAX_UPSTREAM_PARAMS_BYTES,
  UPSTREAM_IMAGE_FIELD,
  UPSTREAM_PARAMS_FIELD,
} from './upstream-body';

/** The sample upstream as a Fastify instance, not listening (tests inject into it). */
/** Compares a presented secret with the expected one in constant time (digests of equal length). */
export function secretMatches(presented: string | string[] | undefined, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

export async function buildSampleUpstream(
  answer: Renderer,
  log: FastifyBaseLogger,
  options: { secret?: string | null } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  const secret = options.secret ?? null;
  if (secret) {
    // Before the body is read: a caller without the gateway's secret costs a header check.
    app.addHook('onRequest', async (request, reply) => {
      if (!secretMatches(request.headers[GATEWAY_SECRET_HEADER], secret)) {
        return reply
          .code(401)
          .send({ error_message: 'Only the metering gateway may call this upstream.' });
      }
    });
  }
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: 1,
      fields: 1,
      fieldSize: MAX_UPSTREAM_PARAMS_BYTES,
      parts: 2,
      headerPairs: 10,
    },
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send({ error_message: error.message });
    }
    const status = error.statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ error_message: error.message.slice(0, 200) });
    }
    log.error({ err: error }, 'sample upstream: the sample answerer failed');
    return reply.code(500).send({ error_message: 'The sample answerer failed.' });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ error_message: 'Unknown deployment.' }),
  );

  for (const path of DEPLOYMENT_PATHS) {
    const schema = PUBLIC_DEPLOYMENTS[path].params;
    app.post(`/${path}`, async (request, reply) => {
      if (!request.isMultipart()) {
        return reply.code(415).send({ error_message: 'Send multipart/form-data.' });
      }
      let image: Buffer | null = null;
      // @fastify/multipart parses an `application/json` field itself (secure-json-parse).
      let raw: unknown = '{}';
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const file = part as MultipartFile;
            if (file.fieldname !== UPSTREAM_IMAGE_FIELD || image) {
              file.file.resume();
              throw invalidRequest('Send one image in the "image" part.');
            }
            image = await file.toBuffer();
          } else if (part.fieldname === UPSTREAM_PARAMS_FIELD) {
            raw = part.value;
          } else {
            throw invalidRequest(`Unexpected part "${part.fieldname.slice(0, 64)}".`);
          }
        }
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if ((error as { statusCode?: number }).statusCode === 413) {
          throw new ApiError('payload_too_large', 'The image or the parameters are too large.');
        }
        throw invalidRequest('Malformed multipart/form-data body.');
      }
      if (!image || image.length === 0) throw invalidRequest('The "image" part is missing.');
      let params = raw;
      if (typeof raw === 'string') {
        try {
          params = JSON.parse(raw);
        } catch {
          throw invalidRequest('The "params" part is not JSON.');
        }
      }
      if (!params || typeof params !== 'object' || Array.isArray(params)) {
        throw invalidRequest('The "params" part must be a JSON object.');
      }
      const valid = validateParams(schema, path, params as Record<string, unknown>);
      const outcome = await answer({ path, image, params: valid });
      if (!outcome.ok) {
        return reply.code(outcome.statusCode).send({ error_message: outcome.message });
      }
      return { image: outcome.image, ...outcome.result };
    });
  }
  return app;
}

/** Starts the sample upstream on 127.0.0.1 (a free port); its base URL and how to stop it. */
export async function startSampleUpstream(
  answer: Renderer,
  log: FastifyBaseLogger,
  options: { secret?: string | null } = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = await buildSampleUpstream(answer, log, options);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: address, close: () => app.close() };
}
