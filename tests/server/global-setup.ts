/**
 * Migrates one database per run: the template every test database is made from (freshDatabase
 * in ./helpers.ts). Applying every migration to each harness's new database cost seconds per
 * harness. A database made from the template is what migrating an empty database gives (the
 * data steps between migrations find nothing to do in an empty database), and openDatabase still
 * applies the migrations to it (finding none left), so tests see the same schema and rows as
 * before. Tests that migrate from an older schema open a PGlite data directory of their own and
 * migrate it for real.
 *
 * - PGlite: the template is a data directory (checkpointed, closed cleanly) named by
 *   VAPI_TEST_PGLITE_TEMPLATE, in /dev/shm where it has room (memory, no disk); each test
 *   database is a copy of it beside it, opened by PGlite from disk. Measured on 2 cores: a copy
 *   and its start take 0.6–0.9 s, where loading the 30 MB `dumpDataDir()` tarball into PGlite's
 *   in-memory file system took 1.8–2.1 s (its file-system calls, once per file of the directory);
 *   queries run as fast either way. A harness is made for most test files, several for some.
 * - PostgreSQL (DATABASE_URL): the template is a database of its own named by
 *   VAPI_TEST_PG_TEMPLATE; each test database is `CREATE DATABASE ... TEMPLATE` it. Nothing
 *   connects to the template after this setup (CREATE DATABASE ... TEMPLATE requires that), and
 *   any number of workers may copy it at once.
 *
 * The variables are set in vitest's main process before the test processes start, which inherit
 * them. Outside vitest (bench/) they are unset, and every database is migrated from empty.
 */
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { readServerConfig } from '../../server/src/config';
import { openDatabase, type DatabaseOptions } from '../../server/src/db/client';
import { createKeySecrets } from '../../server/src/lib/keys';

/** The migration hooks a harness's createDeps passes (see createHarness). */
function migrationHooks(): DatabaseOptions['migrationHooks'] {
  const config = readServerConfig({
    STACK_MODE: 'local',
    FIREBASE_PROJECT_ID: 'demo-visionapi',
  } as NodeJS.ProcessEnv);
  const keySecrets = createKeySecrets({
    hmacSecret: config.apiKeyHmacSecret,
    encryptionKey: config.uiKeyEncryptionKey,
  });
  return { keySecrets, seller: config.seller };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** Room the template (about 30 MB) and the copies open at once need, with a wide margin. */
const MEMORY_DIR_MIN_FREE = 2 * 1024 ** 3;

/**
 * Where the PGlite template and its copies live: memory (/dev/shm) where the system has it with
 * room to spare (a container's is often 64 MB), else the temporary directory.
 */
function memoryDir(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize >= MEMORY_DIR_MIN_FREE) return '/dev/shm';
  } catch {
    // No /dev/shm here.
  }
  return os.tmpdir();
}

export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `vapi_test_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    try {
      const handle = await openDatabase({
        url: target.toString(),
        migrationHooks: migrationHooks(),
      });
      await handle.close();
    } catch (error) {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      throw error;
    }
    process.env.VAPI_TEST_PG_TEMPLATE = name;
    return async () => {
      delete process.env.VAPI_TEST_PG_TEMPLATE;
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  const dir = mkdtempSync(path.join(memoryDir(), 'vapi-pglite-template-'));
  const template = path.join(dir, 'template');
  try {
    const handle = await openDatabase({ pgliteDir: template, migrationHooks: migrationHooks() });
    try {
      // Written out, so a copy starts without replaying the migrations' log.
      const client = (handle.db as unknown as { $client: PGlite }).$client;
      await client.query('CHECKPOINT');
    } finally {
      await handle.close();
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  process.env.VAPI_TEST_PGLITE_TEMPLATE = template;
  return async () => {
    delete process.env.VAPI_TEST_PGLITE_TEMPLATE;
    rmSync(dir, { recursive: true, force: true });
  };
}
