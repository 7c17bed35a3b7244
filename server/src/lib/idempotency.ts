/**
 * Runs a request under its `Idempotency-Key` (when it sent one): a retry with the same key and
 * the same request gets the first successful answer (marked `Idempotent-Replayed: true`) without
 * running again; a key still running answers 409, a key reused for another request 422. A failed
 * request is forgotten, so its retry runs afresh.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotencyRepository } from '../repositories/idempotency';
import { badRequest, HttpError } from './errors';

/** Longest `Idempotency-Key` accepted. */
export const MAX_IDEMPOTENCY_KEY = 255;

export const IDEMPOTENCY_HEADER_DESCRIPTION =
  'Retry safely: the same key and request within 24 hours returns the first answer and is charged once.';

/** The header's value, or null; 400 when it is not 1–255 visible ASCII characters. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? raw[0] : raw;
  let valid = Boolean(value) && value!.length <= MAX_IDEMPOTENCY_KEY;
  for (let i = 0; valid && i < value!.length; i++) {
    const code = value!.charCodeAt(i);
    if (code < 0x21 || code > 0x7e) valid = false;
  }
  if (!valid) {
    throw badRequest(
      `Invalid Idempotency-Key: 1 to ${MAX_IDEMPOTENCY_KEY} visible ASCII characters (a UUID is a good choice).`,
    );
  }
  return value!;
}

export async function withIdempotency<T>(
  repo: IdempotencyRepository,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  requestDigest: () => string,
  run: () => Promise<T>,
): Promise<T | FastifyReply> {
  const key = idempotencyKeyOf(request);
  if (!key) return run();
  const start = await repo.begin(scope, key, requestDigest());
  if (start.kind === 'replay') {
    reply.header('idempotent-replayed', 'true');
    return reply.status(start.statusCode).send(start.response);
  }
  if (start.kind === 'in_progress') {
    throw new HttpError(
      409,
      'A request with this Idempotency-Key is still being processed. Retry when it has finished.',
      { 'retry-after': '1' },
    );
  }
  if (start.kind === 'mismatch') {
    throw new HttpError(
      422,
      'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    );
  }
  try {
    const answer = await run();
    await repo.complete(scope, key, 200, answer);
    return answer;
  } catch (error) {
    await repo.abandon(scope, key).catch(() => undefined);
    throw error;
  }
}
