/**
 * Teams under concurrency. Runs on PGlite and, with DATABASE_URL (as `.ci/run` does), on a real
 * PostgreSQL where the requests truly overlap: changes of one team serialise on its lock and
 * re-read the acting member's role under it, and the database refuses an organization without
 * its one owner whatever the application does.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignableRole } from '@contract';
import {
  buyCredits,
  createHarness,
  emulatorToken,
  registerUser,
  testImage,
  type Harness,
} from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const rows = <T>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

async function orgOf(auth: Record<string, string>): Promise<string> {
  return (await h.callApi({ method: 'GET', url: '/v1/organization', headers: auth })).json().id;
}

async function member(ownerAuth: Record<string, string>, orgId: string, role: AssignableRole) {
  const email = `${randomUUID()}@example.com`;
  const uid = `user-${randomUUID()}`;
  const auth = {
    authorization: `Bearer ${emulatorToken(uid, { email, email_verified: true })}`,
  };
  const sent = await h.callApi({
    method: 'POST',
    url: '/v1/team/invitations',
    headers: { ...ownerAuth, 'x-organization-id': orgId },
    payload: { email, role },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const text = h.mail.messages.find((m: { to: string }) => m.to.includes(email))!.text as string;
  const token = decodeURIComponent(/token=([\w-]+)/.exec(text)![1]!);
  const joined = await h.callApi({
    method: 'POST',
    url: '/v1/invitations/accept',
    headers: auth,
    payload: { token },
  });
  expect(joined.statusCode, joined.body).toBe(200);
  return { uid, email, auth };
}

async function roles(orgId: string): Promise<Record<string, string>> {
  const result = rows<{ uid: string; role: string }>(
    await h.db.execute(sql`select uid, role from memberships where organization_id = ${orgId}`),
  );
  return Object.fromEntries(result.map((r) => [r.uid, r.role]));
}

const owners = (map: Record<string, string>) => Object.values(map).filter((r) => r === 'owner');

describe('teams under concurrency', () => {
  it('two admins demoting each other at once: one wins, never both', async () => {
    for (let round = 0; round < 5; round++) {
      const owner = await registerUser(h);
      const orgId = await orgOf(owner.auth);
      const a = await member(owner.auth, orgId, 'admin');
      const b = await member(owner.auth, orgId, 'admin');
      const [ab, ba] = await Promise.all([
        h.callApi({
          method: 'PATCH',
          url: `/v1/team/members/${b.uid}`,
          headers: a.auth,
          payload: { role: 'viewer' },
        }),
        h.callApi({
          method: 'PATCH',
          url: `/v1/team/members/${a.uid}`,
          headers: b.auth,
          payload: { role: 'viewer' },
        }),
      ]);
      expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 403]);
      const after = await roles(orgId);
      expect([after[a.uid], after[b.uid]].sort()).toEqual(['admin', 'viewer']);
      expect(owners(after)).toHaveLength(1);
    }
  });

  it('transfer, leave and demotions racing never leave an organization without exactly one owner', async () => {
    for (let round = 0; round < 5; round++) {
      const owner = await registerUser(h);
      const orgId = await orgOf(owner.auth);
      const heir = await member(owner.auth, orgId, 'admin');
      const other = await member(owner.auth, orgId, 'admin');
      await Promise.all([
        h.callApi({
          method: 'POST',
          url: '/v1/team/transfer',
          headers: owner.auth,
          payload: { uid: heir.uid },
        }),
        h.callApi({ method: 'POST', url: '/v1/team/leave', headers: heir.auth }),
        h.callApi({ method: 'POST', url: '/v1/team/leave', headers: owner.auth }),
        h.callApi({
          method: 'PATCH',
          url: `/v1/team/members/${owner.uid}`,
          headers: other.auth,
          payload: { role: 'viewer' },
        }),
        h.callApi({
          method: 'DELETE',
          url: `/v1/team/members/${heir.uid}`,
          headers: other.auth,
        }),
      ]);
      const after = await roles(orgId);
      expect(owners(after), JSON.stringify(after)).toHaveLength(1);
      const [ownerRow] = rows<{ owner_uid: string }>(
        await h.db.execute(sql`select owner_uid from organizations where id = ${orgId}`),
      );
      expect(after[ownerRow!.owner_uid]).toBe('owner');
    }
  });

  it('the database itself refuses to remove or demote the one owner', async () => {
    const owner = await registerUser(h);
    const orgId = await orgOf(owner.auth);
    await expect(
      h.db.execute(
        sql`delete from memberships where organization_id = ${orgId} and role = 'owner'`,
      ),
    ).rejects.toThrow();
    await expect(
      h.db.execute(
        sql`update memberships set role = 'admin' where organization_id = ${orgId} and role = 'owner'`,
      ),
    ).rejects.toThrow();
    expect(owners(await roles(orgId))).toHaveLength(1);
  });

  it("a removed member's calls and keys stop at once, whatever was in flight", async () => {
    const owner = await registerUser(h);
    const orgId = await orgOf(owner.auth);
    const dev = await member(owner.auth, orgId, 'developer');
    const key = (
      await h.callApi({
        method: 'POST',
        url: '/v1/api-key',
        headers: dev.auth,
        payload: { name: 'pipeline' },
      })
    ).json().key as string;
    const image = (await testImage('png', 24, 24)).toString('base64');
    const metered = () =>
      h.callServices({
        method: 'POST',
        url: '/image-classification',
        headers: { 'api-key': key },
        payload: { image },
      });
    const listing = () => h.callApi({ method: 'GET', url: '/v1/api-key', headers: dev.auth });
    // Calls in flight while the owner removes the member.
    const inFlight = Array.from({ length: 20 }, (_, i) => (i % 2 ? listing() : metered()));
    const removal = await h.callApi({
      method: 'DELETE',
      url: `/v1/team/members/${dev.uid}`,
      headers: owner.auth,
    });
    expect(removal.statusCode).toBe(200);
    const answers = await Promise.all(inFlight);
    // Nothing in flight failed in a way that leaks or breaks: answered, refused, or unpaid.
    for (const res of answers) expect([200, 401, 402, 404]).toContain(res.statusCode);
    // Every call made after the removal is refused.
    const after = await Promise.all([listing(), metered(), listing(), metered()]);
    expect(after.map((r) => r.statusCode)).toEqual([404, 401, 404, 401]);
    // No hold is left behind and nothing was charged for a refused call.
    const held = rows<{ n: string | number }>(
      await h.db.execute(
        sql`select count(*) as n from usage_reservations where organization_id = ${orgId} and status = 'held'`,
      ),
    );
    expect(Number(held[0]!.n)).toBe(0);
  });

  it("concurrent calls on several of a member's keys never pass the member's monthly limit", async () => {
    const owner = await registerUser(h);
    const orgId = await orgOf(owner.auth);
    await buyCredits(h, owner, 10);
    const dev = await member(owner.auth, orgId, 'developer');
    const keys = await Promise.all(
      ['a', 'b', 'c'].map(
        async (name) =>
          (
            await h.callApi({
              method: 'POST',
              url: '/v1/api-key',
              headers: dev.auth,
              payload: { name },
            })
          ).json().key as string,
      ),
    );
    await h.callApi({
      method: 'PATCH',
      url: `/v1/team/members/${dev.uid}`,
      headers: owner.auth,
      payload: { monthly_limit_usd: 0.01 },
    });
    const image = (await testImage('png', 24, 24)).toString('base64');
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        h.callServices({
          method: 'POST',
          url: '/image-classification',
          headers: { 'api-key': keys[i % 3]! },
          payload: { image },
        }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    const price = ok[0]!.json().usage.cost_usd as number;
    expect(ok.length).toBe(Math.floor(0.01 / price + 1e-9));
    expect(answers.filter((a) => a.statusCode === 403)).toHaveLength(24 - ok.length);
    const members = await h.callApi({
      method: 'GET',
      url: '/v1/team/members',
      headers: owner.auth,
    });
    const row = members.json().members.find((m: { uid: string }) => m.uid === dev.uid);
    expect(row.month_to_date_usd).toBeLessThanOrEqual(0.01);
    expect(row.month_to_date_usd).toBeCloseTo(price * ok.length, 6);
  });
  it("deleting a member's keys while their calls are in flight never passes the limit or deadlocks", async () => {
    const owner = await registerUser(h);
    const orgId = await orgOf(owner.auth);
    await buyCredits(h, owner, 10);
    const dev = await member(owner.auth, orgId, 'developer');
    const makeKey = async (name: string) =>
      (
        await h.callApi({
          method: 'POST',
          url: '/v1/api-key',
          headers: dev.auth,
          payload: { name },
        })
      ).json() as { id: string; key: string };
    const keys = await Promise.all(['a', 'b', 'c'].map(makeKey));
    await h.callApi({
      method: 'PATCH',
      url: `/v1/team/members/${dev.uid}`,
      headers: owner.auth,
      payload: { monthly_limit_usd: 0.01 },
    });
    const image = (await testImage('png', 24, 24)).toString('base64');
    const metered = (key: string) =>
      h.callServices({
        method: 'POST',
        url: '/image-classification',
        headers: { 'api-key': key },
        payload: { image },
      });
    // Calls on every key while two of them are deleted and a new one is made and used.
    const calls = Array.from({ length: 18 }, (_, i) => metered(keys[i % 3]!.key));
    const deletions = keys.slice(0, 2).map((key) =>
      h.callApi({
        method: 'DELETE',
        url: '/v1/api-key',
        headers: { ...dev.auth, 'x-api-key': key.id },
      }),
    );
    const fresh = await makeKey('d');
    const more = Array.from({ length: 8 }, () => metered(fresh.key));
    const answers = await Promise.all([...calls, ...more]);
    for (const res of await Promise.all(deletions)) expect(res.statusCode, res.body).toBe(200);
    // Answered, refused at the limit, or refused because the key was just deleted.
    for (const res of answers) expect([200, 401, 403]).toContain(res.statusCode);
    const ok = answers.filter((a) => a.statusCode === 200);
    const [{ price }] = rows<{ price: string | number }>(
      await h.db.execute(
        sql`select price_per_call_micros as price from deployments where path = 'image-classification'`,
      ),
    );
    expect(ok.length).toBeLessThanOrEqual(Math.floor(10_000 / Number(price)));
    // Whatever was deleted, the member's spend is what their answered calls cost.
    const members = await h.callApi({
      method: 'GET',
      url: '/v1/team/members',
      headers: owner.auth,
    });
    const row = members.json().members.find((m: { uid: string }) => m.uid === dev.uid);
    expect(row.month_to_date_usd).toBeCloseTo((ok.length * Number(price)) / 1_000_000, 6);
    expect(row.month_to_date_usd).toBeLessThanOrEqual(0.01);
    const held = rows<{ n: string | number }>(
      await h.db.execute(
        sql`select count(*) as n from usage_reservations where organization_id = ${orgId} and status = 'held'`,
      ),
    );
    expect(Number(held[0]!.n)).toBe(0);
  });
});
