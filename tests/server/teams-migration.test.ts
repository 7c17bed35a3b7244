/**
 * Migration 0006 on a database as the previous release left it (0000–0005, with data): every
 * organization becomes a team with its owner as the only member, its keys count as the owner's,
 * and nothing else moves or is lost.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { LOCAL_SECRETS } from '../../server/src/config';
import { MIGRATIONS_DIR, openDatabase } from '../../server/src/db/client';
import { createKeySecrets } from '../../server/src/lib/keys';
import { createRepositories } from '../../server/src/repositories';

const rowsOf = <T>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

describe('migration 0006: organizations become teams', () => {
  it('makes each owner the only member, keeps every row, and the owner can act at once', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vapi-teams-migrate-'));
    const oldMigrations = path.join(dir, 'migrations');
    const secrets = createKeySecrets({
      hmacSecret: LOCAL_SECRETS.apiKeyHmacSecret,
      encryptionKey: Buffer.from(LOCAL_SECRETS.uiKeyEncryptionKey, 'base64'),
    });
    try {
      cpSync(MIGRATIONS_DIR, oldMigrations, { recursive: true });
      const journalPath = path.join(oldMigrations, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
      const before = journal.entries.findIndex((e: { tag: string }) => e.tag === '0006_teams');
      expect(before).toBeGreaterThan(0);
      journal.entries = journal.entries.slice(0, before);
      writeFileSync(journalPath, JSON.stringify(journal));
      const client = new PGlite(path.join(dir, 'db'));
      await migrate(drizzle({ client }), { migrationsFolder: oldMigrations });
      const orgs: string[] = [];
      for (const [uid, name] of [
        ['owner-a', 'Alpha'],
        ['owner-b', 'Beta'],
      ] as const) {
        const org = await client.query<{ id: string }>(
          `insert into organizations (owner_uid, owner_email, name, website, country, state, balance_micros)
           values ($1, $2, $3, 'https://x.example', 'India', 'Goa', 7000000) returning id`,
          [uid, `${uid}@example.com`, name],
        );
        orgs.push(org.rows[0]!.id);
        const stored = secrets.generate(true).stored;
        await client.query(
          `insert into api_keys (organization_id, name, secret_hash, prefix, last4, secret_encrypted, used_for_ui, is_default)
           values ($1, 'Playground key', $2, $3, $4, $5, true, true)`,
          [org.rows[0]!.id, stored.secretHash, stored.prefix, stored.last4, stored.secretEncrypted],
        );
        await client.query(
          `insert into ledger_entries (organization_id, kind, units, amount_micros, balance_after_micros)
           values ($1, 'purchase', 1, 7000000, 7000000)`,
          [org.rows[0]!.id],
        );
      }
      const count = async (table: string) =>
        (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
      const counts = {
        organizations: await count('organizations'),
        api_keys: await count('api_keys'),
        ledger_entries: await count('ledger_entries'),
      };
      await client.close();

      const upgraded = await openDatabase({
        pgliteDir: path.join(dir, 'db'),
        migrationHooks: { keySecrets: secrets },
      });
      try {
        const members = rowsOf<{
          organization_id: string;
          uid: string;
          role: string;
          email: string;
        }>(
          await upgraded.db.execute(
            sql`select organization_id, uid, role, email from memberships order by uid`,
          ),
        );
        expect(members).toEqual([
          { organization_id: orgs[0], uid: 'owner-a', role: 'owner', email: 'owner-a@example.com' },
          { organization_id: orgs[1], uid: 'owner-b', role: 'owner', email: 'owner-b@example.com' },
        ]);
        const keys = rowsOf<{ created_by_uid: string }>(
          await upgraded.db.execute(
            sql`select created_by_uid from api_keys order by created_by_uid`,
          ),
        );
        expect(keys.map((k) => k.created_by_uid)).toEqual(['owner-a', 'owner-b']);
        for (const [table, n] of Object.entries(counts)) {
          const [row] = rowsOf<{ n: number }>(
            await upgraded.db.execute(sql.raw(`select count(*)::int as n from ${table}`)),
          );
          expect(row!.n, table).toBe(n);
        }
        const repos = createRepositories(upgraded.db, secrets);
        const found = await repos.teams.membershipFor('owner-a', null);
        expect(found?.organization).toMatchObject({
          id: orgs[0],
          name: 'Alpha',
          balanceMicros: 7_000_000,
        });
        expect(found?.membership.role).toBe('owner');
      } finally {
        await upgraded.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
