/**
 * The services host remembers live keys while it LISTENs for their changes (PostgreSQL; migration
 * 0029), and forgets them at every change a call's checks read. Without DATABASE_URL (PGlite) it
 * remembers nothing: every call reads its key. The hold reads the key's own limits under lock,
 * so a key paused or restricted before its change is notified still charges nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKeyCache } from '../../server/src/services/key-cache';
import {
  buyCredits,
  createHarness,
  registerUser,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';

describe('the key cache (unit)', () => {
  it('remembers only while live, forgets on invalidation, and drops a fill that raced a change', () => {
    let live = false;
    let clock = 1_000;
    const cache = createKeyCache<string>({ isLive: () => live, now: () => clock });
    cache.set('h', 'd', 'row', cache.generation());
    expect(cache.get('h', 'd')).toBeUndefined();
    live = true;
    cache.set('h', 'd', 'row', cache.generation());
    expect(cache.get('h', 'd')).toBe('row');
    expect(cache.get('h', 'other-deployment')).toBeUndefined();
    // The listener went away: nothing remembered is trusted.
    live = false;
    expect(cache.get('h', 'd')).toBeUndefined();
    live = true;
    cache.invalidate();
    expect(cache.get('h', 'd')).toBeUndefined();
    // A read that began before a change and ended after it is not kept.
    const since = cache.generation();
    cache.invalidate();
    cache.set('h', 'd', 'stale', since);
    expect(cache.get('h', 'd')).toBeUndefined();
    // No entry outlives 10 s, notified or not.
    cache.set('h', 'd', 'row', cache.generation());
    clock += 9_999;
    expect(cache.get('h', 'd')).toBe('row');
    clock += 2;
    expect(cache.get('h', 'd')).toBeUndefined();
  });

  it('is bounded: the oldest entries go first', () => {
    const cache = createKeyCache<number>({ isLive: () => true, maxEntries: 3 });
    for (let i = 0; i < 5; i++) cache.set(`h${i}`, 'd', i, cache.generation());
    expect(cache.size()).toBe(3);
    expect(cache.get('h0', 'd')).toBeUndefined();
    expect(cache.get('h4', 'd')).toBe(4);
    for (let i = 0; i < 5; i++) cache.rememberMissing(`junk${i}`);
    expect(cache.isKnownMissing('junk0')).toBe(false);
    expect(cache.isKnownMissing('junk4')).toBe(true);
  });
});

const postgres = Boolean(process.env.DATABASE_URL);

describe('the services host and its remembered keys (PostgreSQL when DATABASE_URL is set)', () => {
  let h: Harness;
  let image: string;
  let user: TestUser;
  let secret: string;
  let keyId: string;
  let reads: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    h = await createHarness();
    image = (await testImage('png', 24, 24)).toString('base64');
    user = await registerUser(h);
    await buyCredits(h, user, 5);
    secret = user.playgroundKey.key;
    keyId = user.playgroundKey.id;
    reads = vi.spyOn(h.deps.repos.apiKeys, 'findForCall');
  });
  afterAll(async () => {
    reads?.mockRestore();
    await h?.close();
  });

  const call = (path = 'image-classification') =>
    h.callServices({
      method: 'POST',
      url: `/${path}`,
      headers: { 'api-key': secret },
      payload: { image },
    });
  const execute = (query: ReturnType<typeof sql>) => h.db.execute(query);
  const balance = async () => {
    const result = await execute(
      sql`select balance_micros as b from organizations o join api_keys k on k.organization_id = o.id where k.id = ${keyId}`,
    );
    const [row] = ((result as { rows?: Array<{ b: string }> }).rows ?? result) as Array<{
      b: string;
    }>;
    return Number(row!.b);
  };
  /** Calls until one is answered without reading its key (the listener is up), at most 5 s. */
  async function remembered() {
    for (let i = 0; i < 50; i++) {
      const before = reads.mock.calls.length;
      expect((await call()).statusCode).toBe(200);
      if (reads.mock.calls.length === before) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  }
  /** Waits until the next call reads its key again (a change was notified), at most 5 s. */
  async function forgotten(path = 'image-classification') {
    for (let i = 0; i < 50; i++) {
      const before = reads.mock.calls.length;
      const answer = await call(path);
      if (reads.mock.calls.length > before) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the change was never notified');
  }

  it('every column of a key or an organization either notifies its change or is written per call', async () => {
    // A new column fails here until it is classified: a call's check that reads it needs its
    // change notified (add it to the trigger's UPDATE OF list in a migration).
    const perCall: Record<string, string[]> = {
      api_keys: [
        'month_spend_micros',
        'spend_month',
        'day_spend_micros',
        'spend_day',
        'trailing_daily_micros',
        'last_used_at',
        'refused_calls',
        'last_refused_at',
        'last_refused_reason',
      ],
      organizations: ['balance_micros'],
    };
    const triggers = {
      api_keys: 'api_keys_notify_change',
      organizations: 'organizations_notify_change',
    };
    for (const [table, trigger] of Object.entries(triggers)) {
      const columns = (
        (await execute(
          sql`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${table}`,
        )) as { rows?: Array<{ name: string }> }
      ).rows!.map((row) => row.name);
      const notified = (
        (await execute(
          sql`select a.attname as name from pg_trigger t join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any (t.tgattr::int2[]) where t.tgname = ${trigger}`,
        )) as { rows?: Array<{ name: string }> }
      ).rows!.map((row) => row.name);
      expect(notified.length).toBeGreaterThan(5);
      expect(notified.filter((name) => perCall[table]!.includes(name))).toEqual([]);
      expect([...notified, ...perCall[table]!].sort()).toEqual([...columns].sort());
    }
  });

  it.skipIf(postgres)('on PGlite every call reads its key (nothing is remembered)', async () => {
    const before = reads.mock.calls.length;
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
    expect(reads.mock.calls.length - before).toBe(3);
  });

  it.runIf(postgres)(
    "a live key is read once, not per call; a call's own spend and balance do not make it read again",
    async () => {
      expect(await remembered()).toBe(true);
      const before = reads.mock.calls.length;
      const wallet = await balance();
      for (let i = 0; i < 5; i++) expect((await call()).statusCode).toBe(200);
      expect(reads.mock.calls.length).toBe(before);
      expect(wallet - (await balance())).toBeGreaterThan(0);
    },
  );

  it.runIf(postgres)(
    'a change to the key, its organization or a price is notified: the next call reads them again',
    async () => {
      const changes = [
        sql`update api_keys set name = ${`renamed-${randomUUID().slice(0, 8)}`} where id = ${keyId}`,
        sql`update organizations set name = 'Renamed Labs' where id = (select organization_id from api_keys where id = ${keyId})`,
        sql`update deployments set price_per_call_micros = price_per_call_micros where path = 'image-classification'`,
      ];
      for (const change of changes) {
        expect(await remembered()).toBe(true);
        await execute(change);
        expect((await forgotten()).statusCode).toBe(200);
      }
    },
  );

  it.runIf(postgres)(
    'a key paused before its change reaches the host is refused by the hold: 403, nothing held or charged',
    async () => {
      expect(await remembered()).toBe(true);
      const wallet = await balance();
      // The notification is withheld: the host still remembers the key as enabled.
      await execute(sql`alter table api_keys disable trigger api_keys_notify_change`);
      try {
        await execute(
          sql`update api_keys set disabled_at = now(), disabled_reason = 'owner' where id = ${keyId}`,
        );
        const before = reads.mock.calls.length;
        const refused = await call();
        expect(reads.mock.calls.length).toBe(before);
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json()).toMatchObject({
          code: 'key_restricted',
          details: { limit: 'disabled' },
        });
        expect(refused.json().error_message).toMatch(/This API key is disabled/);
        expect(await balance()).toBe(wallet);
        // Restricted to another deployment, the same.
        await execute(
          sql`update api_keys set disabled_at = null, disabled_reason = null, allowed_deployments = '{depth-estimation}' where id = ${keyId}`,
        );
        const elsewhere = await call();
        expect(elsewhere.statusCode, elsewhere.body).toBe(403);
        expect(elsewhere.json().details).toEqual({ limit: 'deployment' });
        expect(elsewhere.json().error_message).toMatch(
          /may call only depth-estimation, not image-classification/,
        );
        expect(await balance()).toBe(wallet);
        const held = await execute(
          sql`select count(*)::int as n from usage_reservations where api_key_id = ${keyId} and status = 'held'`,
        );
        expect(((held as { rows?: Array<{ n: number }> }).rows ?? held) as unknown).toEqual([
          { n: 0 },
        ]);
      } finally {
        await execute(sql`alter table api_keys enable trigger api_keys_notify_change`);
        await execute(sql`update api_keys set allowed_deployments = null where id = ${keyId}`);
      }
      expect((await forgotten()).statusCode).toBe(200);
    },
  );

  it.runIf(postgres)(
    'a refusal read from memory is decided again on the key and wallet read now',
    async () => {
      // Remembered while disabled (the refusal read it), then enabled without a notification.
      await execute(
        sql`update api_keys set disabled_at = now(), disabled_reason = 'owner' where id = ${keyId}`,
      );
      expect((await forgotten()).statusCode).toBe(403);
      await execute(sql`alter table api_keys disable trigger api_keys_notify_change`);
      try {
        await execute(
          sql`update api_keys set disabled_at = null, disabled_reason = null where id = ${keyId}`,
        );
        expect((await call()).statusCode).toBe(200);
      } finally {
        await execute(sql`alter table api_keys enable trigger api_keys_notify_change`);
      }
      // Remembered with an empty wallet (balances are not notified), then credits bought.
      const wallet = await balance();
      await execute(
        sql`update organizations set balance_micros = 0 where id = (select organization_id from api_keys where id = ${keyId})`,
      );
      await execute(sql`update api_keys set name = 'wallet-test' where id = ${keyId}`);
      expect((await forgotten()).statusCode).toBe(402);
      await execute(
        sql`update organizations set balance_micros = ${wallet} where id = (select organization_id from api_keys where id = ${keyId})`,
      );
      const before = reads.mock.calls.length;
      expect((await call()).statusCode).toBe(200);
      expect(reads.mock.calls.length).toBe(before + 1);
    },
  );
});
