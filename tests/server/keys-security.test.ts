/**
 * API keys as the best platforms keep them: a secret is shown once, stored only as a keyed hash
 * (and, for the in-browser key, encrypted), never listed again except the in-browser key for its
 * own organization, rolled with a chosen grace period; plain-text keys of older databases are
 * migrated; identity checks that move keys or money see revoked tokens.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SECRETS } from '../../server/src/config';
import { MIGRATIONS_DIR, openDatabase } from '../../server/src/db/client';
import { createKeySecrets } from '../../server/src/lib/keys';
import { createRepositories } from '../../server/src/repositories';
import {
  createHarness,
  emulatorToken,
  recordedAnswers,
  registerUser,
  revokedBefore,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';
import { expectAnswersMatchOpenApi } from './contract-check';

let h: Harness;
let png: string;
beforeAll(async () => {
  h = await createHarness();
  png = (await testImage()).toString('base64');
});
afterAll(async () => h?.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function apiKeyTable(): Promise<string> {
  return JSON.stringify(rowsOf(await h.db.execute(sql`select * from api_keys`)));
}

async function createKey(user: TestUser, name = 'Server key') {
  const res = await h.callApi({
    method: 'POST',
    url: '/v1/api-key',
    headers: user.auth,
    payload: { name },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; key: string; redacted: string };
}

const callWith = (secret: string) =>
  h.callServices({
    method: 'POST',
    url: '/object-detection',
    headers: { 'api-key': secret },
    payload: { image: png },
  });

async function fundedUser(): Promise<TestUser> {
  const user = await registerUser(h);
  const order = await h.callApi({
    method: 'POST',
    url: '/v1/credits',
    headers: user.auth,
    payload: { price_in_usd: 10 },
  });
  await h.callApi({
    method: 'POST',
    url: '/v1/credits/sandbox/confirm',
    headers: user.auth,
    payload: { order_id: order.json().order_id },
  });
  return user;
}

describe('secrets at rest', () => {
  it('the table holds no plain-text secret: only hashes, the UI key encrypted', async () => {
    const user = await fundedUser();
    const server = await createKey(user);
    const table = await apiKeyTable();
    expect(table).not.toContain(server.key);
    expect(table).not.toContain(user.playgroundKey.key);
    expect(table).not.toContain(server.key.slice(8));
    const columns = rowsOf<{ column_name: string }>(
      await h.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'api_keys'`,
      ),
    ).map((c) => c.column_name);
    expect(columns).not.toContain('secret');
    expect(columns).toEqual(expect.arrayContaining(['secret_hash', 'secret_encrypted']));
    // Both keys work, looked up by hash.
    expect((await callWith(server.key)).statusCode).toBe(200);
    expect((await callWith(user.playgroundKey.key)).statusCode).toBe(200);
  });

  it('shows a secret once: the create answer; lists carry only the UI key, to its own organization', async () => {
    const alice = await registerUser(h);
    const bob = await registerUser(h);
    const created = await createKey(alice, 'CI');
    const list = (
      await h.callApi({ method: 'GET', url: '/v1/api-key', headers: alice.auth })
    ).json().api_keys as Array<{
      id: string;
      key?: string;
      used_for_ui: boolean;
      redacted: string;
    }>;
    for (const key of list) {
      if (key.used_for_ui) expect(key.key).toBe(alice.playgroundKey.key);
      else expect(key).not.toHaveProperty('key');
      expect(key.redacted).toMatch(/^va_live_…[A-Za-z0-9_-]{4}$/);
    }
    expect(JSON.stringify(list)).not.toContain(created.key);
    // Set-default answers never carry a non-UI secret either.
    const setDefault = await h.callApi({
      method: 'POST',
      url: '/v1/api-key/set-default',
      headers: { ...alice.auth, 'x-api-key': created.id },
    });
    expect(setDefault.json()).not.toHaveProperty('key');
    // Bob never sees Alice's UI key, whatever he asks.
    const bobsView = JSON.stringify(
      (await h.callApi({ method: 'GET', url: '/v1/api-key', headers: bob.auth })).json(),
    );
    expect(bobsView).not.toContain(alice.playgroundKey.key);
    const steal = await h.callApi({
      method: 'POST',
      url: '/v1/api-key/roll',
      headers: { ...bob.auth, 'x-api-key': alice.playgroundKey.id },
      payload: { expire_previous_in_hours: 0 },
    });
    expect(steal.statusCode).toBe(404);
  });
});

describe('rolling a key', () => {
  it('revokes the old secret at once with no grace period', async () => {
    const user = await fundedUser();
    const key = await createKey(user);
    expect((await callWith(key.key)).statusCode).toBe(200);
    const rolled = await h.callApi({
      method: 'POST',
      url: '/v1/api-key/roll',
      headers: { ...user.auth, 'x-api-key': key.id },
      payload: { expire_previous_in_hours: 0 },
    });
    expect(rolled.statusCode).toBe(200);
    const fresh = rolled.json();
    expect(fresh.id).toBe(key.id);
    expect(fresh.key).toMatch(/^va_live_[A-Za-z0-9_-]{32}$/);
    expect(fresh.key).not.toBe(key.key);
    expect(fresh.previous_secret_expires_at).toBeNull();
    const old = await callWith(key.key);
    expect(old.statusCode).toBe(401);
    expect(old.json().error_message).toMatch(/Unknown API key/);
    expect((await callWith(fresh.key)).statusCode).toBe(200);
    expect(await apiKeyTable()).not.toContain(fresh.key);
  });

  it('keeps the old secret working through the grace period, then refuses it', async () => {
    const user = await fundedUser();
    const key = await createKey(user);
    const rolled = (
      await h.callApi({
        method: 'POST',
        url: '/v1/api-key/roll',
        headers: { ...user.auth, 'x-api-key': key.id },
        payload: { expire_previous_in_hours: 24 },
      })
    ).json();
    const expires = Date.parse(rolled.previous_secret_expires_at);
    expect(expires - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect((await callWith(key.key)).statusCode).toBe(200);
    expect((await callWith(rolled.key)).statusCode).toBe(200);
    // The grace period ends.
    await h.db.execute(
      sql`update api_keys set previous_secret_expires_at = now() - interval '1 second' where id = ${key.id}`,
    );
    expect((await callWith(key.key)).statusCode).toBe(401);
    expect((await callWith(rolled.key)).statusCode).toBe(200);
  });

  it('rolls the in-browser key too: the new secret is what its organization reads back', async () => {
    const user = await fundedUser();
    const rolled = (
      await h.callApi({
        method: 'POST',
        url: '/v1/api-key/roll',
        headers: { ...user.auth, 'x-api-key': user.playgroundKey.id },
        payload: { expire_previous_in_hours: 0 },
      })
    ).json();
    const listed = (
      await h.callApi({ method: 'GET', url: '/v1/api-key', headers: user.auth })
    ).json().api_keys;
    expect(listed[0].key).toBe(rolled.key);
    expect((await callWith(user.playgroundKey.key)).statusCode).toBe(401);
  });

  it('refuses a grace period that is not offered', async () => {
    const user = await registerUser(h);
    const res = await h.callApi({
      method: 'POST',
      url: '/v1/api-key/roll',
      headers: { ...user.auth, 'x-api-key': user.playgroundKey.id },
      payload: { expire_previous_in_hours: 5 },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('identity checks that hold', () => {
  it('deleting or rolling a key, buying credits and editing the organization refuse a revoked token', async () => {
    const user = await registerUser(h);
    const key = await createKey(user);
    // Signed out everywhere (password change, "sign out of all devices") after this token was issued.
    revokedBefore.set(user.uid, Date.now());
    const attempts = [
      { method: 'DELETE' as const, url: '/v1/api-key', headers: { 'x-api-key': key.id } },
      {
        method: 'POST' as const,
        url: '/v1/api-key/roll',
        headers: { 'x-api-key': key.id },
        payload: { expire_previous_in_hours: 0 },
      },
      { method: 'POST' as const, url: '/v1/credits', payload: { price_in_usd: 10 } },
      { method: 'PATCH' as const, url: '/v1/organization', payload: { name: 'Renamed' } },
    ];
    for (const attempt of attempts) {
      const res = await h.callApi({ ...attempt, headers: { ...user.auth, ...attempt.headers } });
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(401);
    }
    // Reading what discloses no secret still works with the cached, unexpired token (the key
    // list shows the in-browser key's secret: it checks revocation too); a fresh sign-in works
    // for everything.
    expect(
      (await h.callApi({ method: 'GET', url: '/v1/credits/balance', headers: user.auth }))
        .statusCode,
    ).toBe(200);
    const fresh = {
      authorization: `Bearer ${emulatorToken(user.uid, { email_verified: true, authTime: Math.floor(Date.now() / 1000) + 1 })}`,
    };
    const deleted = await h.callApi({
      method: 'DELETE',
      url: '/v1/api-key',
      headers: { ...fresh, 'x-api-key': key.id },
    });
    expect(deleted.statusCode).toBe(200);
    revokedBefore.delete(user.uid);
  });

  it('buying credits needs a verified e-mail address', async () => {
    const user = await registerUser(h, {}, { email_verified: false });
    const res = await h.callApi({
      method: 'POST',
      url: '/v1/credits',
      headers: user.auth,
      payload: { price_in_usd: 10 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error_message).toMatch(/Verify your e-mail address before buying credits/);
    const payments = await h.callApi({
      method: 'GET',
      url: '/v1/credits/payments',
      headers: user.auth,
    });
    expect(payments.json().total_count).toBe(0);
  });

  it('a signed-in message is sent as the token’s e-mail, whatever the body says', async () => {
    const user = await registerUser(h);
    const res = await h.callApi({
      method: 'POST',
      url: '/v1/email',
      headers: user.auth,
      payload: { subject: 'Hi', body: 'Hello', pageId: 'home', email: 'ceo@victim.example' },
    });
    expect(res.statusCode).toBe(200);
    const stored = rowsOf<{ email: string }>(
      await h.db.execute(sql`select email from feedback_messages where id = ${res.json().id}`),
    );
    expect(stored[0]!.email).toBe(`${user.uid}@example.com`);
  });
});

describe('plain-text keys of an older database', () => {
  it('are hashed (and the UI key encrypted) by the migration, keep working, and leave no plain text', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vapi-migrate-'));
    const oldMigrations = path.join(dir, 'migrations');
    try {
      // The database as the previous release left it: migrations 0000 and 0001 only.
      cpSync(MIGRATIONS_DIR, oldMigrations, { recursive: true });
      const journalPath = path.join(oldMigrations, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
      journal.entries = journal.entries.slice(0, 2);
      writeFileSync(journalPath, JSON.stringify(journal));
      const client = new PGlite(path.join(dir, 'db'));
      await migrate(drizzle({ client }), { migrationsFolder: oldMigrations });
      const uiSecret = 'vapi_OldPlaygroundKeySecretValue0000000';
      const serverSecret = 'vapi_OldServerKeySecretValue11111111111';
      const org = await client.query<{ id: string }>(
        `insert into organizations (owner_uid, name, website, country, state, balance_micros)
         values ('legacy-user', 'Legacy', 'https://l.example', 'India', 'Goa', 5000000) returning id`,
      );
      const orgId = org.rows[0]!.id;
      await client.query(
        `insert into api_keys (organization_id, name, secret, used_for_ui, is_default) values
         ($1, 'Playground key', $2, true, true), ($1, 'Server', $3, false, false)`,
        [orgId, uiSecret, serverSecret],
      );
      // Also: thirty repeated failed confirmations of one order (one payment row must remain).
      await client.query(
        `insert into credit_orders (id, organization_id, amount_micros, status, provider)
         values ('ord_legacy', $1, 5000000, 'failed', 'sandbox')`,
        [orgId],
      );
      for (let i = 0; i < 30; i++) {
        await client.query(
          `insert into payments (organization_id, order_id, provider_payment_id, amount_micros, status, provider)
           values ($1, 'ord_legacy', 'sandbox_ord_legacy', 5000000, 'failed', 'sandbox')`,
          [orgId],
        );
      }
      await client.close();

      const secrets = createKeySecrets({
        hmacSecret: LOCAL_SECRETS.apiKeyHmacSecret,
        encryptionKey: Buffer.from(LOCAL_SECRETS.uiKeyEncryptionKey, 'base64'),
      });
      const upgraded = await openDatabase({
        pgliteDir: path.join(dir, 'db'),
        migrationHooks: { keySecrets: secrets },
      });
      try {
        const dump = JSON.stringify(rowsOf(await upgraded.db.execute(sql`select * from api_keys`)));
        expect(dump).not.toContain(uiSecret);
        expect(dump).not.toContain(serverSecret);
        expect(dump).not.toContain('OldServerKey');
        const repos = createRepositories(upgraded.db, secrets);
        for (const secret of [uiSecret, serverSecret]) {
          const found = await repos.apiKeys.findForCall(
            secret,
            secrets.hash(secret),
            'object-detection',
          );
          expect(found?.organization.id).toBe(orgId);
          expect(found?.key).toMatchObject({ prefix: 'vapi_', last4: secret.slice(-4) });
        }
        const keys = await repos.apiKeys.list(orgId);
        expect(repos.apiKeys.uiSecret(keys.find((k) => k.usedForUi)!)).toBe(uiSecret);
        expect(repos.apiKeys.uiSecret(keys.find((k) => !k.usedForUi)!)).toBeNull();
        const failed = rowsOf<{ n: number }>(
          await upgraded.db.execute(
            sql`select count(*)::int as n from payments where order_id = 'ord_legacy'`,
          ),
        );
        expect(failed[0]!.n).toBe(1);
      } finally {
        await upgraded.close();
      }
      // Starting again changes nothing (the data step finds no work).
      const again = await openDatabase({
        pgliteDir: path.join(dir, 'db'),
        migrationHooks: { keySecrets: secrets },
      });
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('contract', () => {
  it('every answer in this file matches the OpenAPI document', async () => {
    await expectAnswersMatchOpenApi(h, recordedAnswers);
  });
});
