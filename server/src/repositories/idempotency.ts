/**
 * Answers remembered for an `Idempotency-Key` (the records themselves are written by the call's
 * own transactions: repositories/calls.ts and migration 0009): forgotten after the window.
 */
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idempotencyRecords } from '../db/schema';

export const IDEMPOTENCY_WINDOW_HOURS = 24;

export function createIdempotencyRepository(db: Database) {
  return {
    /** Forgets answers older than the window (on the database's clock). */
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
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
