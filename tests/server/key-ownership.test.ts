/**
 * Issue 31, key ownership: who may change which API key (contract: `own_keys` beside the roles),
 * who reads which secret, and who sets whose monthly spend limit.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_MANAGERS, MANAGERS, ROLES } from '@contract';
import { NOT_KEY_OWNER } from '../../server/src/repositories/apiKeys';
import { MANAGER_LIMIT_OWNER_ONLY } from '../../server/src/repositories/teams/shared';
import {
  createHarness,
  addMember,
  registerUser,
  type Harness,
  type Person,
  type TestUser,
} from './helpers';
import { MEMBER_OPERATIONS } from './operations';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Auth = Record<string, string>;

async function organizationId(user: { auth: Auth }): Promise<string> {
  const list = await h.callApi({ method: 'GET', url: '/v1/organizations', headers: user.auth });
  return list.json().organizations.find((o: { selected: boolean }) => o.selected).id;
}

async function createKey(auth: Auth, orgId: string, name: string) {
  const res = await h.callApi({
    method: 'POST',
    url: '/v1/api-key',
    headers: { ...auth, 'x-organization-id': orgId },
    payload: { name, mode: 'test' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; key: string };
}

/** The key operations that act on one key: each declares who may act on whose key. */
const KEY_OPERATIONS = MEMBER_OPERATIONS.filter((op) => op.headers?.['x-api-key'] !== undefined);

describe('key ownership, declared in the contract', () => {
  it('every operation on one key declares that developers act only on their own keys', () => {
    expect(KEY_OPERATIONS.map((op) => op.key).sort()).toEqual(
      [
        'DELETE /api-key',
        'POST /api-key/cap',
        'POST /api-key/disable',
        'POST /api-key/enable',
        'POST /api-key/restrictions',
        'POST /api-key/roll',
        'POST /api-key/set-default',
      ].sort(),
    );
    for (const op of KEY_OPERATIONS) expect(op.access.own_keys).toEqual(['developer']);
  });

  it('the OpenAPI document says so on each key operation', async () => {
    const doc = (await h.callApi({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(doc.paths['/v1/api-key/roll'].post.description).toContain(
      'A developer acts only on the keys they created',
    );
  });
});

describe('key ownership: each role × each key operation on its own key and on another member’s', () => {
  let owner: TestUser;
  let orgId: string;
  /** The member whose key is "another member's" for every caller but them. */
  let other: Person;
  const callers = new Map<string, Auth>();
  const uids = new Map<string, string>();

  beforeAll(async () => {
    owner = await registerUser(h);
    orgId = await organizationId(owner);
    callers.set('person:owner', owner.auth);
    for (const role of ['admin', 'developer', 'billing', 'viewer'] as const) {
      const member = await addMember(h, owner, orgId, role);
      callers.set(`person:${role}`, member.auth);
      uids.set(`person:${role}`, member.uid);
      // An admin key held by the member of that role (an admin makes it; a developer's is
      // made by the owner and so held by the owner: its own keys are the owner's).
      const res = await h.callApi({
        method: 'POST',
        url: '/v1/admin-keys',
        headers: { ...owner.auth, 'x-organization-id': orgId },
        payload: { name: `${role} machine`, role },
      });
      expect(res.statusCode, res.body).toBe(200);
      callers.set(`admin_key:${role}`, { authorization: `Bearer ${res.json().key}` });
    }
    other = await addMember(h, owner, orgId, 'developer');
  });

  const cases = KEY_OPERATIONS.flatMap((op) =>
    ROLES.flatMap((role) =>
      (['person', 'admin_key'] as const)
        .filter((kind) => !(kind === 'admin_key' && role === 'owner'))
        .flatMap((kind) =>
          (['own', 'other'] as const).map((whose) => ({
            name: `${op.key} as ${kind} ${role} on ${whose} key`,
            op,
            role,
            kind,
            whose,
          })),
        ),
    ),
  );

  it.each(cases)('$name', async ({ op, role, kind, whose }) => {
    const auth = callers.get(`${kind}:${role}`)!;
    // "Own": made by the caller (through an admin key: it belongs to the key's holder). A role
    // that may not make keys holds one it made before a demotion (set in the database).
    const holdsKeys = KEY_MANAGERS.includes(role);
    const target = await createKey(
      whose === 'own' && holdsKeys
        ? auth
        : whose === 'own' && kind === 'admin_key'
          ? owner.auth
          : other.auth,
      orgId,
      `${op.key}`,
    );
    if (whose === 'own' && !holdsKeys && kind === 'person') {
      await h.db.execute(
        sql`update api_keys set created_by_uid = ${uids.get(`person:${role}`)!} where id = ${target.id}`,
      );
    }
    const res = await h.callApi({
      method: op.method,
      url: op.url,
      headers: { ...auth, 'x-organization-id': orgId, 'x-api-key': target.id },
      ...(op.payload && { payload: op.payload }),
    });
    if (!holdsKeys) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('role_forbidden');
    } else if (whose === 'own' || MANAGERS.includes(role)) {
      expect(res.statusCode, res.body).toBe(200);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'not_key_owner', error_message: NOT_KEY_OWNER });
      // Nothing changed: the key still answers with its secret.
      const still = await h.callServices({
        method: 'POST',
        url: '/object-detection',
        headers: { 'api-key': target.key },
        payload: {},
      });
      expect(still.statusCode).not.toBe(401);
    }
    // An organization holds at most 25 keys: leave room for the next case.
    await h.callApi({
      method: 'DELETE',
      url: '/v1/api-key',
      headers: { ...owner.auth, 'x-organization-id': orgId, 'x-api-key': target.id },
    });
  });
});

describe('secrets are shown to who may use them', () => {
  it("a developer reads only the secrets of the keys they created, never the owner's in-browser key", async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const dev = await addMember(h, owner, orgId, 'developer');
    const admin = await addMember(h, owner, orgId, 'admin');
    const own = await createKey(dev.auth, orgId, 'dev test key');
    const ownersTest = await createKey(owner.auth, orgId, 'owner test key');

    const asDev = await h.callApi({ method: 'GET', url: '/v1/api-key', headers: dev.auth });
    expect(asDev.statusCode).toBe(200);
    expect(asDev.body).not.toContain(owner.playgroundKey.key);
    expect(asDev.body).not.toContain(ownersTest.key);
    const listed = asDev.json().api_keys.find((k: { id: string }) => k.id === own.id);
    expect(listed.key).toBe(own.key);

    // An admin reads every test key's secret (free), but no other member's live in-browser
    // secret: its spend counts towards that member's limit (issue 31).
    const asAdmin = await h.callApi({ method: 'GET', url: '/v1/api-key', headers: admin.auth });
    expect(asAdmin.body).not.toContain(owner.playgroundKey.key);
    expect(asAdmin.body).toContain(own.key);
  });

  it('a key made through an admin key belongs to its holder', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const made = await h.callApi({
      method: 'POST',
      url: '/v1/admin-keys',
      headers: owner.auth,
      payload: { name: 'ci', role: 'developer' },
    });
    const key = await createKey({ authorization: `Bearer ${made.json().key}` }, orgId, 'ci key');
    const mine = await createKey(owner.auth, orgId, 'my key');
    const list = await h.callApi({ method: 'GET', url: '/v1/api-key', headers: owner.auth });
    const createdBy = (id: string) =>
      list.json().api_keys.find((k: { id: string }) => k.id === id).created_by;
    expect(createdBy(mine.id)).toEqual(expect.any(String));
    expect(createdBy(key.id)).toBe(createdBy(mine.id));
  });
});

describe('who sets whose monthly spend limit', () => {
  it("only the owner sets an owner's or an admin's limit, an admin's own included", async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const admin = await addMember(h, owner, orgId, 'admin');
    const otherAdmin = await addMember(h, owner, orgId, 'admin');
    const dev = await addMember(h, owner, orgId, 'developer');
    const setLimit = (auth: Auth, uid: string, usd: number | null) =>
      h.callApi({
        method: 'PATCH',
        url: `/v1/team/members/${uid}`,
        headers: auth,
        payload: { monthly_limit_usd: usd },
      });

    for (const uid of [owner.uid, admin.uid, otherAdmin.uid]) {
      const res = await setLimit(admin.auth, uid, uid === admin.uid ? null : 0);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error_message).toBe(MANAGER_LIMIT_OWNER_ONLY);
    }
    expect((await setLimit(admin.auth, dev.uid, 5)).statusCode).toBe(200);
    expect((await setLimit(owner.auth, admin.uid, 10)).statusCode).toBe(200);
    expect((await setLimit(owner.auth, owner.uid, 50)).statusCode).toBe(200);
  });
});

describe('leaving ends every secret the member read', () => {
  const refused = async (secret: string) =>
    (
      await h.callServices({
        method: 'POST',
        url: '/object-detection',
        headers: { 'api-key': secret },
        payload: {},
      })
    ).statusCode === 401;

  const auditDetails = async (owner: TestUser, action: string) => {
    const log = await h.callApi({
      method: 'GET',
      url: `/v1/audit-log?action=${action}`,
      headers: owner.auth,
    });
    return JSON.stringify(log.json());
  };

  it('removing an admin rotates the in-browser and test keys they were shown, at once, and names them', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const admin = await addMember(h, owner, orgId, 'admin');
    const test = await createKey(owner.auth, orgId, 'shared test key');
    // Before issue 31's per-member in-browser keys an admin could read the owner's: the
    // migration records such secrets as shown to every owner and admin (as here).
    await h.db.execute(
      sql`insert into api_key_secret_views (api_key_id, organization_id, uid)
        values (${owner.playgroundKey.id}, ${orgId}, ${admin.uid})`,
    );
    const seen = await h.callApi({ method: 'GET', url: '/v1/api-key', headers: admin.auth });
    expect(seen.body).toContain(test.key);
    expect(await refused(owner.playgroundKey.key)).toBe(false);

    const removedAt = Date.now();
    const removed = await h.callApi({
      method: 'DELETE',
      url: `/v1/team/members/${admin.uid}`,
      headers: owner.auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const rotated: string[] = removed.json().api_keys_rotated;
    expect(rotated.some((name) => name.startsWith('Playground key ('))).toBe(true);
    expect(rotated.some((name) => name.startsWith('shared test key ('))).toBe(true);
    expect(await refused(owner.playgroundKey.key)).toBe(true);
    expect(await refused(test.key)).toBe(true);
    const lastRefusedMs = Date.now() - removedAt;
    console.log(`[issue 31] removal to the last secret refused: ${lastRefusedMs} ms`);
    expect(await auditDetails(owner, 'member.removed')).toContain('Playground key (');

    // The owner's site reads the new in-browser secret, which works.
    const after = await h.callApi({ method: 'GET', url: '/v1/api-key', headers: owner.auth });
    const ui = after.json().api_keys.find((k: { used_for_ui: boolean }) => k.used_for_ui);
    expect(ui.key).not.toBe(owner.playgroundKey.key);
    expect(await refused(ui.key)).toBe(false);
  });

  it('demoting an admin to viewer rotates what they read; a developer keeps the keys they created rotated when handed over', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const admin = await addMember(h, owner, orgId, 'admin');
    await h.db.execute(
      sql`insert into api_key_secret_views (api_key_id, organization_id, uid)
        values (${owner.playgroundKey.id}, ${orgId}, ${admin.uid})`,
    );
    await h.callApi({ method: 'GET', url: '/v1/api-key', headers: admin.auth });
    const demoted = await h.callApi({
      method: 'PATCH',
      url: `/v1/team/members/${admin.uid}`,
      headers: owner.auth,
      payload: { role: 'viewer' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await refused(owner.playgroundKey.key)).toBe(true);
    expect(await auditDetails(owner, 'member.role_changed')).toContain('Playground key (');

    const dev = await addMember(h, owner, orgId, 'developer');
    const devKey = await createKey(dev.auth, orgId, 'dev key');
    const removed = await h.callApi({
      method: 'DELETE',
      url: `/v1/team/members/${dev.uid}?hand_keys_to=${owner.uid}`,
      headers: owner.auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ api_keys_handed_over: 1 });
    expect(removed.json().api_keys_rotated).toEqual([expect.stringMatching(/^dev key \(/)]);
    expect(await refused(devKey.key)).toBe(true);
  });
});
