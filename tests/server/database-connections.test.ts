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
    expect(await terminateOthers(database.options.url!)).toBeGreaterThan(0);
    await expect.poll(() => errors.length).toBeGreaterThan(0);
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
      await expect.poll(() => written.join('')).toContain('[database] an idle connection was lost');
    } finally {
      process.stderr.write = write;
    }
    const text = written.join('');
    expect(text).toContain('57P01');
    expect(text).not.toContain(new URL(process.env.DATABASE_URL!).password);
    await handle.close();
    await database.drop();
  });
});
