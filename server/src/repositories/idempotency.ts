/**
 * `Idempotency-Key`: the first request with a key runs; a retry with the same key and the same
 * request within 24 hours gets the first answer (and is not charged again); the same key with a
 * different request is refused. Only successful answers are remembered: after a failure nothing
 * was charged, and a retry runs afresh.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idempotencyRecords } from '../db/schema';

export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** A request still marked in progress after this long was abandoned by a process that died. */
const ABANDONED_AFTER_MS = 5 * 60_000;

export type IdempotencyStart =
  | { kind: 'new' }
  | { kind: 'replay'; statusCode: number; response: unknown }
  | { kind: 'in_progress' }
  | { kind: 'mismatch' };

export function createIdempotencyRepository(db: Database) {
  const repo = {
    async begin(scope: string, key: string, requestHash: string): Promise<IdempotencyStart> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const [inserted] = await db
          .insert(idempotencyRecords)
          .values({ scope, key, requestHash, state: 'in_progress' })
          .onConflictDoNothing()
          .returning({ key: idempotencyRecords.key });
        if (inserted) return { kind: 'new' };
        const [existing] = await db
          .select()
          .from(idempotencyRecords)
          .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)));
        if (!existing) continue;
        const age = Date.now() - existing.createdAt.getTime();
        const stale =
          age > IDEMPOTENCY_WINDOW_HOURS * 3_600_000 ||
          (existing.state === 'in_progress' && age > ABANDONED_AFTER_MS);
        if (stale) {
          await db
            .delete(idempotencyRecords)
            .where(
              and(
                eq(idempotencyRecords.scope, scope),
                eq(idempotencyRecords.key, key),
                eq(idempotencyRecords.createdAt, existing.createdAt),
              ),
            );
          continue;
        }
        if (existing.requestHash !== requestHash) return { kind: 'mismatch' };
        if (existing.state === 'done') {
          return {
            kind: 'replay',
            statusCode: existing.statusCode ?? 200,
            response: existing.response,
          };
        }
        return { kind: 'in_progress' };
      }
      return { kind: 'in_progress' };
    },

    async complete(
      scope: string,
      key: string,
      statusCode: number,
      response: unknown,
    ): Promise<void> {
      await db
        .update(idempotencyRecords)
        .set({ state: 'done', statusCode, response })
        .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)));
    },

    async abandon(scope: string, key: string): Promise<void> {
      await db
        .delete(idempotencyRecords)
        .where(
          and(
            eq(idempotencyRecords.scope, scope),
            eq(idempotencyRecords.key, key),
            eq(idempotencyRecords.state, 'in_progress'),
          ),
        );
    },

    /** Forgets answers older than the window. */
    async sweep(): Promise<void> {
      await db
        .delete(idempotencyRecords)
        .where(
          lt(
            idempotencyRecords.createdAt,
            sql`now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`,
          ),
        );
    },
  };
  return repo;
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
