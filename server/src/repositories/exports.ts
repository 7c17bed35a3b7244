/**
 * Rows for CSV exports, read at constant memory whatever the range: on PostgreSQL one query on a
 * connection of its own, read through a server-side cursor (pg-query-stream) batch by batch as
 * the response drains; on PGlite (one connection, no portal streaming) the same query paged by
 * its keyset (time, id) in chunks. Each yields batches of rows in the query's order; a caller
 * that stops early (the client went away) releases the connection, which is then discarded.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { Pool, PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import type { Database } from '../db/client';
import type { Keyset } from '../lib/cursor';
import { rowsOf } from '../db/rows';

/** Rows fetched per round trip (a cursor's batch, or a PGlite chunk). */
export const EXPORT_BATCH = 2_000;

/**
 * A cursor's whole read counts as one statement (no Sync until it ends), so the pool's statement
 * timeout (10 s by default) would cut any long export: its own connection gets this one instead,
 * and is set back when it returns to the pool.
 */
export const EXPORT_STATEMENT_TIMEOUT_MS = 15 * 60_000;

/** Every exported row carries its keyset: `cursor_at` (microseconds, UTC text) and `cursor_id`. */
export interface KeysetRow {
  cursor_at: string;
  cursor_id: string | number;
}

/**
 * The export's query, ordered by its keyset: `after` limits it to rows after that keyset (in
 * the query's order), `limit` to so many rows.
 */
export type ExportQuery = (after: Keyset | null, limit: number) => SQL;

const dialect = new PgDialect();

function poolOf(db: Database): Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client as
    (Pool & { idleCount?: number }) | undefined;
  return client && typeof client.connect === 'function' && 'idleCount' in client ? client : null;
}

/**
 * `keysetOrdered`: the query is ordered by an index's keyset (time, id). The planner costs a
 * portal for its whole result, so over a range of many rows it prefers a bitmap scan and a sort
 * (on disk past work_mem), which sends nothing until every row is sorted: 30 days of a 1M-row
 * ledger (82k rows) waited 400 ms for the first byte. Sorting is disabled for this read (a plan
 * penalty, not a ban): the index is walked in order and the first batch leaves at once.
 */
async function* fromCursor<T>(pool: Pool, query: SQL, keysetOrdered = false): AsyncGenerator<T[]> {
  const compiled = dialect.sqlToQuery(query);
  const client: PoolClient = await pool.connect();
  let finished = false;
  try {
    await client.query(
      `select set_config('statement_timeout', $1, false), set_config('enable_sort', $2, false)`,
      [String(EXPORT_STATEMENT_TIMEOUT_MS), keysetOrdered ? 'off' : 'on'],
    );
  } catch (error) {
    client.release(true);
    throw error;
  }
  const stream = client.query(
    new QueryStream(compiled.sql, compiled.params as unknown[], { batchSize: EXPORT_BATCH }),
  );
  try {
    let batch: T[] = [];
    for await (const row of stream) {
      batch.push(row as T);
      if (batch.length >= EXPORT_BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
    finished = true;
  } finally {
    stream.destroy();
    // A cursor left open mid-read leaves the connection busy: discard it rather than reuse it.
    if (finished) {
      finished = await client.query('reset statement_timeout; reset enable_sort').then(
        () => true,
        () => false,
      );
    }
    client.release(finished ? undefined : true);
  }
}

async function* byKeyset<T extends KeysetRow>(
  db: Database,
  query: ExportQuery,
  max: number,
): AsyncGenerator<T[]> {
  let after: Keyset | null = null;
  let left = max;
  while (left > 0) {
    const chunk = Math.min(EXPORT_BATCH, left);
    const rows: T[] = rowsOf<T>(await db.execute(query(after, chunk)));
    if (rows.length > 0) yield rows;
    if (rows.length < chunk) return;
    left -= rows.length;
    const last: T = rows[rows.length - 1]!;
    after = { at: last.cursor_at, id: String(last.cursor_id) };
  }
}

/** At most `max` rows of `query`, in its order, in batches. */
export function exportRows<T extends KeysetRow>(
  db: Database,
  query: ExportQuery,
  max: number,
): AsyncGenerator<T[]> {
  const pool = poolOf(db);
  return pool ? fromCursor<T>(pool, query(null, max), true) : byKeyset<T>(db, query, max);
}

/** An aggregate bounded by its buckets (not keyset-ordered): a cursor on PostgreSQL, one read on PGlite. */
export async function* exportAggregate<T>(db: Database, query: SQL): AsyncGenerator<T[]> {
  const pool = poolOf(db);
  if (pool) {
    yield* fromCursor<T>(pool, query);
    return;
  }
  const rows = rowsOf<T>(await db.execute(query));
  for (let i = 0; i < rows.length; i += EXPORT_BATCH) yield rows.slice(i, i + EXPORT_BATCH);
}
