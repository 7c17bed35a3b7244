/**
 * Opens the database: PostgreSQL (node-postgres pool) when a URL is given,
 * otherwise embedded PGlite (a directory, or in memory for tests). Migrations
 * from server/drizzle are applied before the handle is returned.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { applyMigrations, type MigrationHooks } from './migrate';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A handle usable both outside and inside a transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections now (for `/metrics`); PGlite has one, and no pool. */
  poolStats?: () => PoolStats;
}

export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; absent means in memory. */
  pgliteDir?: string;
  /**
   * PGlite in memory only: start from this data directory (a `dumpDataDir()` tarball of a
   * database that these migrations were applied to) instead of an empty one. Migrations are then
   * applied as always, which finds nothing left to do (or only migrations newer than the
   * template). For tests: one database migrated per run instead of one per test database.
   */
  pgliteTemplate?: Blob;
  /** Connections in the PostgreSQL pool (per process). */
  poolSize?: number;
  /** What data steps between migrations need (see ./migrate.ts). */
  migrationHooks?: MigrationHooks;
  /** An idle PostgreSQL connection was lost; by default one line on stderr. */
  onIdleConnectionError?: (error: Error & { code?: string }) => void;
  /** PostgreSQL: cancel a statement that runs longer (ms; 0 or absent: no limit). */
  statementTimeoutMs?: number;
  /** PostgreSQL: fail a query that waits longer for a new connection (ms; absent: 3 s). */
  connectTimeoutMs?: number;
}

function reportIdleConnectionError(error: Error & { code?: string }): void {
  const code = typeof error.code === 'string' ? ` (${error.code.slice(0, 16)})` : '';
  process.stderr.write(
    `[database] an idle connection was lost${code}: ${String(error.message).slice(0, 200)}\n`,
  );
}

/** Any number for pg_advisory_lock, the same in every process: migrations run one at a time. */
const MIGRATION_LOCK_ID = 472_016_001;

export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const hooks = options.migrationHooks ?? {};
  if (options.url) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 3_000,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    let closing = false;
    // A connection can be cut by the server (restart, failover, an administrator). An idle one:
    // pg-pool emits 'error' on the pool, and an EventEmitter without a listener throws, which
    // would end the process; the pool drops that connection and opens a new one on the next
    // query. Only the code and message are written: the error object carries the connection
    // parameters, password included.
    pool.on('error', (error: Error & { code?: string }) => {
      if (closing) return;
      (options.onIdleConnectionError ?? reportIdleConnectionError)(error);
    });
    // One checked out (a transaction, a query in flight): pg-pool removes its idle listener, so
    // the client itself emits 'error' with nobody listening, and the process would exit. Every
    // client gets a listener when it connects; the error also rejects the query in flight, which
    // fails that one request with 503 (and is logged there, once), and pg-pool discards the
    // client when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    // Several processes may start at once on one database: one migrates, the others wait.
    const client = await pool.connect();
    try {
      // Migrations and their data steps may take longer than a request's statement may.
      await client.query('set statement_timeout = 0');
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      const migrator = drizzle({ client, schema });
      await applyMigrations(
        migrator as unknown as Database,
        (folder) => migrate(migrator, { migrationsFolder: folder }),
        MIGRATIONS_DIR,
        hooks,
      );
    } finally {
      await client
        .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
        .catch(() => undefined);
      await client.query('reset statement_timeout').catch(() => undefined);
      client.release();
    }
    const db = drizzle({ client: pool, schema });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      poolStats: () => ({
        max: options.poolSize ?? 10,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (options.pgliteDir && options.pgliteTemplate) {
    throw new Error('pgliteTemplate is for a database in memory, not a data directory');
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = options.pgliteDir
    ? new PGlite(options.pgliteDir)
    : new PGlite(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {});
  const db = drizzle({ client, schema });
  await applyMigrations(
    db as unknown as Database,
    (folder) => migrate(db, { migrationsFolder: folder }),
    MIGRATIONS_DIR,
    hooks,
  );
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}
