/**
 * Applies server/drizzle in order, with data steps between SQL migrations where a change needs
 * the application's secrets (which SQL cannot have): the migrations up to a step's tag run first,
 * then the step, then the rest. Each step checks whether it still has work, so running this on
 * every start is cheap and a fresh database passes straight through.
 *
 * Steps:
 * - after `0002_api_key_hashes`: every plain-text API key secret becomes its HMAC (and, for the
 *   in-browser key, its AES-256-GCM ciphertext); `0003` then drops the plain-text column.
 * - after `0005_billing`: every fulfilled payment made before invoices existed gets one, in
 *   payment order.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { backfillInvoices, DEFAULT_SELLER, type Seller } from '../billing/invoices';
import type { KeySecrets } from '../lib/keys';
import type { Database } from './client';

interface JournalEntry {
  idx: number;
  tag: string;
}

export interface MigrationHooks {
  /** Needed to move plain-text key secrets to hashes; absent: the step refuses to run. */
  keySecrets?: KeySecrets;
  /** The seller printed on invoices issued for payments made before invoices existed. */
  seller?: Seller;
}

type Migrator = (folder: string) => Promise<void>;

interface DataStep {
  after: string;
  run(db: Database, hooks: MigrationHooks): Promise<void>;
}

async function columnExists(db: Database, table: string, column: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from information_schema.columns where table_schema = current_schema() and table_name = ${table} and column_name = ${column}`,
  );
  return rowsOf(result).length > 0;
}

function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const DATA_STEPS: DataStep[] = [
  {
    after: '0002_api_key_hashes',
    async run(db, hooks) {
      if (!(await columnExists(db, 'api_keys', 'secret'))) return;
      const rows = rowsOf<{ id: string; secret: string; used_for_ui: boolean }>(
        await db.execute(
          sql`select id, secret, used_for_ui from api_keys where secret is not null for update`,
        ),
      );
      if (rows.length === 0) return;
      if (!hooks.keySecrets) throw new Error('API key secrets need hashing: key secrets missing');
      for (const row of rows) {
        const stored = hooks.keySecrets.store(row.secret, row.used_for_ui);
        await db.execute(
          sql`update api_keys set secret_hash = ${stored.secretHash}, prefix = ${stored.prefix}, last4 = ${stored.last4}, secret_encrypted = ${stored.secretEncrypted}, secret = null where id = ${row.id}`,
        );
      }
    },
  },
  {
    after: '0005_billing',
    async run(db, hooks) {
      await backfillInvoices(db, hooks.seller ?? DEFAULT_SELLER);
    },
  },
];

/** A copy of the migrations folder whose journal ends at `tag`. */
function folderUpTo(source: string, tag: string): string {
  const journalPath = path.join(source, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: JournalEntry[] };
  const end = journal.entries.findIndex((entry) => entry.tag === tag);
  if (end < 0) throw new Error(`migration ${tag} is not in the journal`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vapi-migrations-'));
  cpSync(source, dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }),
  );
  return dir;
}

export async function applyMigrations(
  db: Database,
  migrate: Migrator,
  folder: string,
  hooks: MigrationHooks,
): Promise<void> {
  for (const step of DATA_STEPS) {
    const partial = folderUpTo(folder, step.after);
    try {
      await migrate(partial);
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
    await db.transaction(async (tx) => step.run(tx as unknown as Database, hooks));
  }
  await migrate(folder);
}
