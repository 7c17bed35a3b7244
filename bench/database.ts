/**
 * A database of its own for a benchmark run on PostgreSQL (`DATABASE_URL`), created empty and
 * dropped afterwards; without `DATABASE_URL`, no URL (the caller's PGlite) and nothing to drop.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function freshBenchDatabase(
  prefix: string,
): Promise<{ url?: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { drop: async () => undefined };
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
