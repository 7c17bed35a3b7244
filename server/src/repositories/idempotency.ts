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

    /**
     * The answers stored for an organization's API keys (view organization_stored_answers,
     * migration 0015): how many records and how many bytes of JSON they hold.
     */
    async storedAnswers(organizationId: string): Promise<{ records: number; bytes: number }> {
      const result: unknown = await db.execute(
        sql`select records, stored_bytes from organization_stored_answers
            where organization_id = ${organizationId}::uuid`,
      );
      // PGlite and node-postgres both answer `{ rows }`; bigint columns may come back as strings.
      type Row = { records: string | number; stored_bytes: string | number };
      const row = ((result as { rows?: Row[] }).rows ?? (result as Row[]))[0];
      return { records: Number(row?.records ?? 0), bytes: Number(row?.stored_bytes ?? 0) };
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
