/**
 * Issue 31, inside one team: every spend binds a member (each member's own in-browser key, a
 * rolled key held by whoever was shown its new secret), leaving or demotion ends every secret
 * the member was shown (api_key_secret_views), admin keys act with at most their holder's current
 * role, and a removal racing a key's creation never leaves a key of the removed member (the race
 * on PostgreSQL only: PGlite runs one statement at a time).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buyCredits,
  createHarness,
  registerUser,
  testImage,
  type Harness,
  type Person,
  type TestUser,
} from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Auth = Record<string, string>;
const rows = <T>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

async function organizationId(user: { auth: Auth }): Promise<string> {
  return (await h.callApi({ method: 'GET', url: '/v1/organization', headers: user.auth })).json()
    .id;
}

interface ListedKey {
  id: string;
  name: string;
  key?: string;
  used_for_ui: boolean;
  created_by: string | null;
}

async function listKeys(auth: Auth): Promise<ListedKey[]> {
  const res = await h.callApi({ method: 'GET', url: '/v1/api-key', headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().api_keys;
}

/** The in-browser key whose secret the caller's list shows them (the site's pick). */
async function ownUiSecret(auth: Auth): Promise<string | undefined> {
  return (await listKeys(auth)).find((k) => k.used_for_ui && k.key)?.key;
}

async function createKey(auth: Auth, name: string, mode: 'live' | 'test' = 'live') {
  const res = await h.callApi({
    method: 'POST',
    url: '/v1/api-key',
    headers: auth,
    payload: { name, mode },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; key: string };
}

let image: string;
beforeAll(async () => {
  image = (await testImage('png', 24, 24)).toString('base64');
});

const call = (secret: string) =>
  h.callServices({
    method: 'POST',
    url: '/image-classification',
    headers: { 'api-key': secret, origin: 'http://localhost:3000' },
    payload: { image },
  });
const refused = async (secret: string) => (await call(secret)).statusCode === 401;

const setLimit = (owner: TestUser, uid: string, usd: number | null) =>
  h.callApi({
    method: 'PATCH',
    url: `/v1/team/members/${uid}`,
    headers: owner.auth,
    payload: { monthly_limit_usd: usd },
  });

const setRole = (owner: TestUser, uid: string, role: string) =>
  h.callApi({
    method: 'PATCH',
    url: `/v1/team/members/${uid}`,
    headers: owner.auth,
    payload: { role },
  });

async function audit(owner: TestUser, action: string): Promise<string> {
  const log = await h.callApi({
    method: 'GET',
    url: `/v1/audit-log?action=${action}`,
    headers: owner.auth,
  });
  return JSON.stringify(log.json());
}

describe('every spend binds a member', () => {
  it("an admin limited to $0 reads no other member's live in-browser secret, and their own is refused", async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    await buyCredits(h, owner, 10);
    const admin = await addMember(h, owner, orgId, 'admin');
    expect((await setLimit(owner, admin.uid, 0)).statusCode).toBe(200);

    const list = await h.callApi({ method: 'GET', url: '/v1/api-key', headers: admin.auth });
    expect(list.body).not.toContain(owner.playgroundKey.key);
    const own = await ownUiSecret(admin.auth);
    expect(own).toEqual(expect.stringMatching(/^va_live_/));
    const res = await call(own!);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('member_limit_reached');
    // The owner's in-browser key still works for the owner.
    expect((await call(owner.playgroundKey.key)).statusCode).toBe(200);
  });

  it('a developer limited to $0 has their own in-browser key, bound by their limit', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    await buyCredits(h, owner, 10);
    const dev = await addMember(h, owner, orgId, 'developer');
    expect((await setLimit(owner, dev.uid, 0)).statusCode).toBe(200);
    const own = await ownUiSecret(dev.auth);
    expect(own).toEqual(expect.stringMatching(/^va_live_/));
    expect(own).not.toBe(owner.playgroundKey.key);
    const res = await call(own!);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('member_limit_reached');
    // One in-browser key per member: a second look makes no other.
    const again = (await listKeys(dev.auth)).filter((k) => k.used_for_ui);
    expect(again).toHaveLength(2);
  });

  it("a key rolled by an admin becomes the admin's: its spend counts towards the admin's limit", async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    await buyCredits(h, owner, 10);
    const dev = await addMember(h, owner, orgId, 'developer');
    const admin = await addMember(h, owner, orgId, 'admin');
    const devKey = await createKey(dev.auth, 'dev production');
    expect((await call(devKey.key)).statusCode).toBe(200);
    expect((await setLimit(owner, admin.uid, 0)).statusCode).toBe(200);
    const rolled = await h.callApi({
      method: 'POST',
      url: '/v1/api-key/roll',
      headers: { ...admin.auth, 'x-api-key': devKey.id },
      payload: { expire_previous_in_hours: 0 },
    });
    expect(rolled.statusCode, rolled.body).toBe(200);
    const res = await call(rolled.json().key);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('member_limit_reached');
    const listed = (await listKeys(owner.auth)).find((k) => k.id === devKey.id)!;
    expect(listed.created_by).toBe(admin.email);
    expect(await audit(owner, 'api_key.rolled')).toContain('holder_changed');
  });

  it('a key made without a holder (by the system) belongs to the owner', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    await buyCredits(h, owner, 10);
    const { secret } = await h.deps.repos.apiKeys.create(orgId, 'system key', {
      kind: 'system',
      id: null,
      label: null,
      ip: null,
    });
    expect((await setLimit(owner, owner.uid, 0)).statusCode).toBe(200);
    const res = await call(secret);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('member_limit_reached');
  });
});

describe('leaving ends every secret the member was shown', () => {
  it('demoting a developer to viewer rotates their keys and in-browser key at once; their keys pass to the owner', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const dev = await addMember(h, owner, orgId, 'developer');
    const devKey = await createKey(dev.auth, 'dev service');
    const devUi = (await ownUiSecret(dev.auth))!;
    expect(await refused(devKey.key)).toBe(false);
    expect(await refused(devUi)).toBe(false);

    const demoted = await setRole(owner, dev.uid, 'viewer');
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await refused(devKey.key)).toBe(true);
    expect(await refused(devUi)).toBe(true);
    const log = await audit(owner, 'member.role_changed');
    expect(log).toContain('dev service (');
    const listed = (await listKeys(owner.auth)).find((k) => k.id === devKey.id)!;
    expect(listed.created_by).not.toBe(dev.email);
    // The owner's own in-browser key, which the developer never saw, is untouched.
    expect(await refused(owner.playgroundKey.key)).toBe(false);
  });

  it("removing an admin rotates what they were shown, not the owner's in-browser key; time to the last secret refused", async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const admin = await addMember(h, owner, orgId, 'admin');
    const shared = await createKey(owner.auth, 'shared test', 'test');
    const seen = await h.callApi({ method: 'GET', url: '/v1/api-key', headers: admin.auth });
    expect(seen.body).toContain(shared.key);
    const adminUi = (await ownUiSecret(admin.auth))!;
    const made = await createKey(admin.auth, 'admin live');
    const secrets = [shared.key, adminUi, made.key];
    for (const secret of secrets) expect(await refused(secret)).toBe(false);

    const start = performance.now();
    const removed = await h.callApi({
      method: 'DELETE',
      url: `/v1/team/members/${admin.uid}`,
      headers: owner.auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const results = await Promise.all(secrets.map(refused));
    const ms = performance.now() - start;
    expect(results).toEqual([true, true, true]);
    console.log(
      `[issue 31] removal to the last of ${secrets.length} secrets refused: ${ms.toFixed(0)} ms (removal ${removed.json().api_keys_rotated.length} rotated)`,
    );
    expect(removed.json().api_keys_rotated).toEqual(
      expect.arrayContaining([expect.stringMatching(/^shared test \(/)]),
    );
    expect(await audit(owner, 'member.removed')).toContain('shared test (');
    expect(await refused(owner.playgroundKey.key)).toBe(false);
  });
});

describe('an admin key acts with at most its holder’s current role', () => {
  async function adminKeyOf(member: Person, role: string) {
    const res = await h.callApi({
      method: 'POST',
      url: '/v1/admin-keys',
      headers: member.auth,
      payload: { name: `${role} machine`, role },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { authorization: `Bearer ${res.json().key}` };
  }

  it('demoting the holder lowers the key; removing them ends it', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const admin = await addMember(h, owner, orgId, 'admin');
    const machine = await adminKeyOf(admin, 'admin');
    const invitations = () =>
      h.callApi({ method: 'GET', url: '/v1/team/invitations', headers: machine });
    expect((await invitations()).statusCode).toBe(200);

    expect((await setRole(owner, admin.uid, 'developer')).statusCode).toBe(200);
    const asDeveloper = await invitations();
    expect(asDeveloper.statusCode, asDeveloper.body).toBe(403);
    expect(asDeveloper.json().code).toBe('role_forbidden');
    // As a developer it manages only its holder's keys.
    const ownersKey = await createKey(owner.auth, 'owner key', 'test');
    const cap = await h.callApi({
      method: 'POST',
      url: '/v1/api-key/cap',
      headers: { ...machine, 'x-api-key': ownersKey.id },
      payload: { monthly_cap_usd: 0 },
    });
    expect(cap.statusCode, cap.body).toBe(403);
    expect(cap.json().code).toBe('not_key_owner');
    expect((await createKey(machine, 'pipeline key', 'test')).id).toEqual(expect.any(String));

    expect((await setRole(owner, admin.uid, 'viewer')).statusCode).toBe(200);
    const asViewer = await h.callApi({
      method: 'POST',
      url: '/v1/api-key',
      headers: machine,
      payload: { name: 'more' },
    });
    expect(asViewer.statusCode, asViewer.body).toBe(403);
    const listed = await h.callApi({ method: 'GET', url: '/v1/api-key', headers: machine });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().api_keys.some((k: ListedKey) => k.key)).toBe(false);

    const removed = await h.callApi({
      method: 'DELETE',
      url: `/v1/team/members/${admin.uid}`,
      headers: owner.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (await h.callApi({ method: 'GET', url: '/v1/api-key', headers: machine })).statusCode,
    ).toBe(401);
  });

  it("a key whose holder's role is lower than the key's never exceeds the holder's", async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const admin = await addMember(h, owner, orgId, 'admin');
    const billingKey = await adminKeyOf(admin, 'billing');
    expect((await setRole(owner, admin.uid, 'developer')).statusCode).toBe(200);
    // Billing settings: a billing key may, a developer may not: refused.
    const settings = await h.callApi({
      method: 'GET',
      url: '/v1/billing/settings',
      headers: billingKey,
    });
    expect(settings.statusCode, settings.body).toBe(403);
    expect(settings.json().code).toBe('role_forbidden');
    // Usage: both may.
    expect(
      (
        await h.callApi({
          method: 'GET',
          url: '/v1/credits/balance',
          headers: billingKey,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  'membership re-checked under the team lock (PostgreSQL)',
  () => {
    it('a removal racing key creations never leaves a key, an admin key or an invitation of the removed member', async () => {
      for (let round = 0; round < 6; round++) {
        const owner = await registerUser(h);
        const orgId = await organizationId(owner);
        const dev = await addMember(h, owner, orgId, 'developer');
        const admin = await addMember(h, owner, orgId, 'admin');
        const creations = Array.from({ length: 4 }, (_, i) =>
          h.callApi({
            method: 'POST',
            url: '/v1/api-key',
            headers: dev.auth,
            payload: { name: `race ${round}.${i}`, mode: 'test' },
          }),
        );
        const adminMade = [
          h.callApi({
            method: 'POST',
            url: '/v1/api-key',
            headers: admin.auth,
            payload: { name: `admin race ${round}`, mode: 'test' },
          }),
          h.callApi({
            method: 'POST',
            url: '/v1/admin-keys',
            headers: admin.auth,
            payload: { name: `machine ${round}`, role: 'developer' },
          }),
          h.callApi({
            method: 'POST',
            url: '/v1/team/invitations',
            headers: admin.auth,
            payload: { email: `race-${round}-${Date.now()}@example.com`, role: 'viewer' },
          }),
        ];
        const removals = [dev.uid, admin.uid].map((uid) =>
          h.callApi({ method: 'DELETE', url: `/v1/team/members/${uid}`, headers: owner.auth }),
        );
        const settled = await Promise.all([...creations, ...adminMade, ...removals]);
        for (const res of settled.slice(-2)) expect(res.statusCode, res.body).toBe(200);
        const left = rows<{ n: number }>(
          await h.db.execute(
            sql`select count(*)::int as n from api_keys where organization_id = ${orgId}
              and created_by_uid in (${dev.uid}, ${admin.uid})`,
          ),
        )[0]!.n;
        expect(left).toBe(0);
        const machines = rows<{ n: number }>(
          await h.db.execute(
            sql`select count(*)::int as n from admin_keys where organization_id = ${orgId}
              and secret_holder_uid = ${admin.uid}`,
          ),
        )[0]!.n;
        expect(machines).toBe(0);
        // Anything the admin did is recorded before their removal (audit ids follow the team
        // lock's order; timestamps are each transaction's start and do not).
        const after = rows<{ n: number }>(
          await h.db.execute(
            sql`select count(*)::int as n from audit_log a where a.organization_id = ${orgId}
              and a.actor_id = ${admin.uid}
              and a.id > (select max(id) from audit_log r where r.organization_id = ${orgId}
                and r.action = 'member.removed' and r.target = ${admin.email})`,
          ),
        )[0]!.n;
        expect(after).toBe(0);
        const invites = rows<{ n: number }>(
          await h.db.execute(
            sql`select count(*)::int as n from invitations i where i.organization_id = ${orgId}
              and i.invited_by_uid = ${admin.uid} and i.revoked_at is null
              and not exists (select 1 from audit_log a where a.organization_id = ${orgId}
                and a.actor_id = ${admin.uid} and a.action = 'member.invited')`,
          ),
        )[0]!.n;
        expect(invites).toBe(0);
      }
    });
  },
);
