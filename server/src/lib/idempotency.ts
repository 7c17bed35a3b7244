/**
 * `Idempotency-Key`: the first request with a key runs; a retry with the same key and the same
 * request within 24 hours gets the first successful answer (marked `Idempotent-Replayed: true`)
 * without running again; a key still running answers 409 with the seconds until it may be retried,
 * a key reused for another request 422. A failed request is forgotten, so its retry runs afresh.
 *
 * The record and the work it guards commit together where the work is the database's (a metered
 * call's charge: services/metering.ts); a running request's record is leased (lib/leases.ts), so
 * one abandoned by a process that died is taken over by a retry within a lease, never after a day.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallsRepository } from '../repositories/calls';
import { describeDatabaseError } from './database-errors';
import { badRequest, HttpError } from './errors';
import type { LeaseKeeper } from './leases';

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

/** The stored answer of a finished request. */
export function replay(
  reply: FastifyReply,
  stored: { statusCode: number; response: unknown },
): FastifyReply {
  reply.header('idempotent-replayed', 'true');
  return reply.status(stored.statusCode).send(stored.response);
}

/** 409: the key's first request is still running (its lease has `seconds` left at most). */
export function stillRunning(seconds: number): HttpError {
  return new HttpError(
    409,
    'A request with this Idempotency-Key is still being processed. Retry when it has finished.',
    { 'retry-after': String(Math.max(1, Math.ceil(seconds))) },
  );
}

/** 422: the key was used for another request. */
export function keyReused(): HttpError {
  return new HttpError(
    422,
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  );
}

/**
 * 409: while this attempt could not reach the database, its lease lapsed and a retry with the same
 * key took the request over; that retry's answer is the one kept, and this attempt was not charged.
 */
export function superseded(): HttpError {
  return new HttpError(
    409,
    'A retry with this Idempotency-Key took this request over while it was running. Nothing was charged for this attempt; retry to get the answer that was kept.',
    { 'retry-after': '1' },
  );
}

/**
 * Runs a request that charges nothing itself (creating an order, say) under its
 * `Idempotency-Key`, when it sent one.
 */
export async function withIdempotency<T>(
  deps: { calls: CallsRepository; leases: LeaseKeeper; log?: FastifyRequest['log'] },
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  requestDigest: () => string,
  run: () => Promise<T>,
): Promise<T | FastifyReply> {
  const key = idempotencyKeyOf(request);
  if (!key) return run();
  const claim = { scope, key, requestHash: requestDigest() };
  const attempt = randomUUID();
  const leaseMs = deps.leases.leaseMs;
  const start = await deps.calls.begin({ claim, attempt, leaseMs, charge: null });
  if (start.kind === 'replay') return replay(reply, start);
  if (start.kind === 'in_progress') throw stillRunning(start.retryAfterSeconds);
  if (start.kind === 'mismatch') throw keyReused();
  const untrack = deps.leases.track({ attempt });
  let settled = false;
  try {
    const answer = await run();
    const stored = await deps.calls.capture({
      holdId: null,
      entryId: null,
      apiKeyName: null,
      claim,
      attempt,
      statusCode: 200,
      response: answer,
      leaseMs,
      spendSpike: { factor: 0, floorMicros: 0 },
    });
    if (stored.kind === 'superseded') throw superseded();
    settled = true;
    return answer;
  } finally {
    untrack();
    if (!settled) {
      await deps.calls
        .fail({ holdId: null, claim, attempt })
        .catch((error: unknown) =>
          (deps.log ?? request.log).warn(
            { db: describeDatabaseError(error) },
            'idempotency record not released; its lease will lapse',
          ),
        );
    }
  }
}
