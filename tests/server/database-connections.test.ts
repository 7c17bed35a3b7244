/**
 * PostgreSQL connections that the server cuts (a restart, a failover, an administrator, or a test
 * dropping its database) must not end the process: before, an idle connection's error reached a
 * pool without an 'error' listener and was thrown as an uncaught exception (run with DATABASE_URL;
 * `.ci/run` starts PostgreSQL).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client';
import { isDatabaseUnavailable } from '../../server/src/lib/database-errors';
import { freshDatabase } from './helpers';

const enabled = Boolean(process.env.DATABASE_URL);

describe.skipIf(!enabled)('PostgreSQL connections cut by the server', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function terminateOthers(url: string): Promise<number> {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [new URL(url).pathname.slice(1)],
      );
      return rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  it('reports a lost idle connection in one line without the password, and queries go on', async () => {
    const database = await freshDatabase();
    const errors: Array<Error & { code?: string }> = [];
    const handle: DatabaseHandle = await openDatabase({
      ...database.options,
      poolSize: 3,
      onIdleConnectionError: (error) => errors.push(error),
    });
    cleanups.push(async () => {
      await handle.close();
      await database.drop();
    });
    // Three idle connections in the pool.
    await Promise.all([1, 2, 3].map(() => handle.db.execute(sql`select pg_sleep(0.05)`)));
    const terminated = await terminateOthers(database.options.url!);
    expect(terminated).toBeGreaterThan(0);
    // Every idle connection reported (on a busy machine the reports trail the termination, and a
    // query given a connection not yet reported would fail with 57P01 itself).
    await expect.poll(() => errors.length, { timeout: 10_000 }).toBe(terminated);
    expect(errors[0]!.code).toBe('57P01');

    const { rows } = (await handle.db.execute(sql`select 41 + 1 as answer`)) as unknown as {
      rows: Array<{ answer: number }>;
    };
    expect(rows[0]!.answer).toBe(42);
  });

  it('the default report names the code and never the connection string', async () => {
    const database = await freshDatabase();
    const handle = await openDatabase({ ...database.options, poolSize: 2 });
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      await Promise.all([1, 2].map(() => handle.db.execute(sql`select pg_sleep(0.05)`)));
      await terminateOthers(database.options.url!);
      await expect
        .poll(() => written.join(''), { timeout: 10_000 })
        .toContain('[database] an idle connection was lost');
    } finally {
      process.stderr.write = write;
    }
    const text = written.join('');
    expect(text).toContain('57P01');
    expect(text).not.toContain(new URL(process.env.DATABASE_URL!).password);
    await handle.close();
    await database.drop();
  });

  it('a connection lost inside a transaction fails that transaction only: nothing escapes, the pool goes on', async () => {
    const database = await freshDatabase();
    const handle = await openDatabase({ ...database.options, poolSize: 2 });
    cleanups.push(async () => {
      await handle.close();
      await database.drop();
    });
    // Without a listener on the checked-out client, its 'error' event would end the process.
    const escaped: unknown[] = [];
    const onUncaught = (error: unknown) => escaped.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const inFlight = handle.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(10)`);
      });
      const outcome = inFlight.then(
        () => null,
        (error: unknown) => error,
      );
      // Wait until the transaction's statement runs, then cut every connection of the database.
      await expect
        .poll(async () => {
          const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
          await admin.connect();
          try {
            const { rows } = await admin.query(
              "select count(*)::int as n from pg_stat_activity where datname = $1 and query like '%pg_sleep%' and state = 'active'",
              [new URL(database.options.url!).pathname.slice(1)],
            );
            return rows[0].n as number;
          } finally {
            await admin.end();
          }
        })
        .toBeGreaterThan(0);
      await terminateOthers(database.options.url!);
      const error = await outcome;
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(escaped).toEqual([]);
      const { rows } = (await handle.db.execute(sql`select 6 * 7 as answer`)) as unknown as {
        rows: Array<{ answer: number }>;
      };
      expect(rows[0]!.answer).toBe(42);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
