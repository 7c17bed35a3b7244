import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNABLE_ROLES, ROLES, type AssignableRole, type Role } from '@contract';
import {
  accessControl,
  INVALID_ADMIN_KEY_MESSAGE,
  ORGANIZATION_NOT_FOUND_MESSAGE,
  PEOPLE_ONLY_MESSAGE,
  PERSONAL_ONLY_MESSAGE,
} from '../../server/src/plugins/access';
import { authHooks } from '../../server/src/plugins/auth';
import {
  INVITATION_LINK_EXPIRED,
  INVITATION_LINK_INVALID,
  INVITATION_LINK_REVOKED,
  INVITATION_LINK_USED,
} from '../../server/src/repositories/teams';
import {
  buyCredits,
  createHarness,
  emulatorTokenVerifier,
  invitationToken as invitationTokenIn,
  person,
  registerUser,
  testImage,
  type Harness,
  type Person,
  type TestUser,
} from './helpers';
import { MEMBER_OPERATIONS, USER_OPERATIONS, type Operation } from './operations';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const rows = <T>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** The single-use token of the newest invitation e-mail to `email`. */
const invitationToken = (email: string) => invitationTokenIn(h, email);

async function invite(
  owner: { auth: Record<string, string> },
  orgId: string,
  email: string,
  role: AssignableRole,
) {
  return h.callApi({
    method: 'POST',
    url: '/v1/team/invitations',
    headers: { ...owner.auth, 'x-organization-id': orgId },
    payload: { email, role },
  });
}

async function accept(who: Person, token: string) {
  return h.callApi({
    method: 'POST',
    url: '/v1/invitations/accept',
    headers: who.auth,
    payload: { token },
  });
}

/** A new member of the owner's organization with a role, through a real invitation. */
async function addMember(owner: TestUser, orgId: string, role: AssignableRole): Promise<Person> {
  const member = person();
  const sent = await invite(owner, orgId, member.email, role);
  expect(sent.statusCode, sent.body).toBe(200);
  const joined = await accept(member, invitationToken(member.email));
  expect(joined.statusCode, joined.body).toBe(200);
  expect(joined.json()).toMatchObject({ organization_id: orgId, role });
  return member;
}

async function organizationId(user: { auth: Record<string, string> }): Promise<string> {
  const list = await h.callApi({ method: 'GET', url: '/v1/organizations', headers: user.auth });
  return list.json().organizations.find((o: { selected: boolean }) => o.selected).id;
}

async function createAdminKey(
  owner: { auth: Record<string, string> },
  orgId: string,
  role: AssignableRole,
) {
  const res = await h.callApi({
    method: 'POST',
    url: '/v1/admin-keys',
    headers: { ...owner.auth, 'x-organization-id': orgId },
    payload: { name: `${role} machine`, role },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; key: string };
}

const call = (op: Operation, headers: Record<string, string>) =>
  h.callApi({
    method: op.method,
    url: op.url,
    headers: { ...op.headers, ...headers },
    ...(op.payload && { payload: op.payload }),
  });

describe('the role matrix, generated from the contract', () => {
  let owner: TestUser;
  let orgId: string;
  const callers = new Map<string, Record<string, string>>();
  let outsider: TestUser;

  beforeAll(async () => {
    owner = await registerUser(h);
    orgId = await organizationId(owner);
    callers.set('person:owner', owner.auth);
    for (const role of ASSIGNABLE_ROLES) {
      callers.set(`person:${role}`, (await addMember(owner, orgId, role)).auth);
      const key = await createAdminKey(owner, orgId, role);
      callers.set(`admin_key:${role}`, { authorization: `Bearer ${key.key}` });
    }
    outsider = await registerUser(h);
  });

  // Leaving runs last: afterwards the member is gone.
  const operations = [...MEMBER_OPERATIONS].sort(
    (a, b) => Number(a.key === 'POST /team/leave') - Number(b.key === 'POST /team/leave'),
  );
  const cases = operations.flatMap((op) =>
    ROLES.flatMap((role) =>
      (['person', 'admin_key'] as const)
        .filter((kind) => !(kind === 'admin_key' && role === 'owner'))
        .map((kind) => ({ name: `${op.key} as ${kind} ${role}`, op, role, kind })),
    ),
  );

  it.each(cases)('$name', async ({ op, role, kind }) => {
    const res = await call(op, { ...callers.get(`${kind}:${role}`)!, 'x-organization-id': orgId });
    const message: string = res.statusCode >= 400 ? res.json().error_message : '';
    if (kind === 'admin_key' && op.access.people_only) {
      expect(res.statusCode).toBe(403);
      expect(message).toBe(PEOPLE_ONLY_MESSAGE);
    } else if (op.access.roles.includes(role as Role)) {
      // Allowed: the call may still fail on its own terms (an unknown id), never on the role.
      expect([401, 403].includes(res.statusCode) && /role/.test(message), message).toBe(false);
      expect(message).not.toBe(ORGANIZATION_NOT_FOUND_MESSAGE);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      for (const needed of op.access.roles) expect(message).toContain(needed);
      expect(message).toContain(`your role in`);
    }
  });

  // Operations on a person's own account (their organizations, accepting an invitation): an
  // admin key is a member of one organization, never a person, whatever its role.
  const personal = USER_OPERATIONS.flatMap((op) =>
    ASSIGNABLE_ROLES.map((role) => ({ name: `${op.key} as admin_key ${role}`, op, role })),
  );
  it('covers every operation on a personal account', () => {
    expect(USER_OPERATIONS.map((op) => op.key).sort()).toEqual(
      [
        'GET /organizations',
        'POST /invitations/accept',
        'POST /organization',
        'POST /organizations',
        'POST /organizations/select',
      ].sort(),
    );
  });
  it.each(personal)(
    '$name is refused with 403: admin keys are not people',
    async ({ op, role }) => {
      for (const headers of [
        callers.get(`admin_key:${role}`)!,
        { ...callers.get(`admin_key:${role}`)!, 'x-organization-id': orgId },
      ]) {
        const res = await call(op, headers);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error_message).toBe(PERSONAL_ONLY_MESSAGE);
      }
    },
  );

  it.each(operations)('$key for a non-member answers 404 and leaks nothing', async (op) => {
    const res = await call(op, { ...outsider.auth, 'x-organization-id': orgId });
    expect(res.statusCode).toBe(404);
    expect(res.json().error_message).toBe(ORGANIZATION_NOT_FOUND_MESSAGE);
  });

  it('an admin key acts on its own organization only', async () => {
    const other = await organizationId(outsider);
    const res = await h.callApi({
      method: 'GET',
      url: '/v1/api-key',
      headers: { ...callers.get('admin_key:admin')!, 'x-organization-id': other },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('admin keys', () => {
  it('a deleted or expired admin key answers 401 at once; a rolled one stops working', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const key = await createAdminKey(owner, orgId, 'developer');
    const list = () =>
      h.callApi({
        method: 'GET',
        url: '/v1/api-key',
        headers: { authorization: `Bearer ${key.key}` },
      });
    expect((await list()).statusCode).toBe(200);
    // The listing never shows the secret.
    const keys = await h.callApi({
      method: 'GET',
      url: '/v1/admin-keys',
      headers: owner.auth,
    });
    expect(keys.body).not.toContain(key.key);
    expect(keys.json().admin_keys[0]).toMatchObject({
      role: 'developer',
      last_used_at: expect.any(String),
    });

    await h.db.execute(
      sql`update admin_keys set expires_at = now() - interval '1 second' where id = ${key.id}`,
    );
    const expired = await list();
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error_message).toBe(INVALID_ADMIN_KEY_MESSAGE);

    await h.db.execute(sql`update admin_keys set expires_at = null where id = ${key.id}`);
    const rolled = await h.callApi({
      method: 'POST',
      url: `/v1/admin-keys/${key.id}/roll`,
      headers: owner.auth,
    });
    expect(rolled.statusCode).toBe(200);
    expect((await list()).statusCode).toBe(401);
    const fresh = rolled.json().key as string;
    const withNew = await h.callApi({
      method: 'GET',
      url: '/v1/api-key',
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(withNew.statusCode).toBe(200);

    const deleted = await h.callApi({
      method: 'DELETE',
      url: `/v1/admin-keys/${key.id}`,
      headers: owner.auth,
    });
    expect(deleted.statusCode).toBe(200);
    const after = await h.callApi({
      method: 'GET',
      url: '/v1/api-key',
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('accepts an admin key whose expiry is in the future', async () => {
    const owner = await registerUser(h);
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = await h.callApi({
      method: 'POST',
      url: '/v1/admin-keys',
      headers: owner.auth,
      payload: { name: 'nightly export', role: 'billing', expires_at: expiresAt },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().expires_at).toBe(expiresAt);
    const res = await h.callApi({
      method: 'GET',
      url: '/v1/credits/payments',
      headers: { authorization: `Bearer ${created.json().key}` },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('stop with the member who holds their secret: made or last rolled by a removed or leaving member', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const admin = await addMember(owner, orgId, 'admin');
    const other = await addMember(owner, orgId, 'admin');
    const make = async (who: { auth: Record<string, string> }, name: string) => {
      const res = await h.callApi({
        method: 'POST',
        url: '/v1/admin-keys',
        headers: { ...who.auth, 'x-organization-id': orgId },
        payload: { name, role: 'viewer' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: string; key: string; created_by: string };
    };
    const works = async (key: string) =>
      (
        await h.callApi({
          method: 'GET',
          url: '/v1/api-key',
          headers: { authorization: `Bearer ${key}` },
        })
      ).statusCode;
    const theirs = await make(admin, 'made by the admin');
    const handedOver = await make(admin, 'rolled by the owner');
    expect(handedOver.created_by).toBe(admin.email);
    // Rolled by the owner: the admin never saw the new secret.
    const rolled = await h.callApi({
      method: 'POST',
      url: `/v1/admin-keys/${handedOver.id}/roll`,
      headers: owner.auth,
    });
    expect(rolled.statusCode).toBe(200);
    const ownersKey = await make(owner, "the owner's");
    const othersKey = await make(other, "the other admin's");

    const removed = await h.callApi({
      method: 'DELETE',
      url: `/v1/team/members/${admin.uid}`,
      headers: owner.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(await works(theirs.key)).toBe(401);
    expect(await works(rolled.json().key)).toBe(200);
    expect(await works(ownersKey.key)).toBe(200);
    expect(await works(othersKey.key)).toBe(200);
    const listed = await h.callApi({ method: 'GET', url: '/v1/admin-keys', headers: owner.auth });
    const names = listed.json().admin_keys.map((k: { name: string }) => k.name);
    expect(names).not.toContain('made by the admin');
    // The survivor still names who created it.
    expect(
      listed.json().admin_keys.find((k: { id: string }) => k.id === handedOver.id).created_by,
    ).toBe(admin.email);

    // Leaving takes theirs too.
    const left = await h.callApi({
      method: 'POST',
      url: '/v1/team/leave',
      headers: { ...other.auth, 'x-organization-id': orgId },
    });
    expect(left.statusCode).toBe(200);
    expect(await works(othersKey.key)).toBe(401);
    expect(await works(ownersKey.key)).toBe(200);

    const log = await h.callApi({
      method: 'GET',
      url: '/v1/audit-log?limit=100',
      headers: owner.auth,
    });
    const details = (action: string) =>
      log.json().entries.find((e: { action: string }) => e.action === action).details;
    expect(details('member.removed')).toMatchObject({ admin_keys_deleted: 1 });
    expect(details('member.left')).toMatchObject({ admin_keys_deleted: 1 });
  });

  it('refuses a past expiry, a role of owner and hostile names', async () => {
    const owner = await registerUser(h);
    for (const payload of [
      { name: 'x', role: 'viewer', expires_at: '2001-01-01T00:00:00Z' },
      { name: 'x', role: 'owner' },
      { name: 'a\u0000b', role: 'viewer' },
      { name: 'x'.repeat(65), role: 'viewer' },
    ]) {
      const res = await h.callApi({
        method: 'POST',
        url: '/v1/admin-keys',
        headers: owner.auth,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const huge = await h.callApi({
      method: 'GET',
      url: '/v1/api-key',
      headers: { authorization: `Bearer va_admin_${'x'.repeat(10_000)}` },
    });
    expect(huge.statusCode).toBe(401);
  });
});

describe('a route that is no operation of the table (so declares no role)', () => {
  it('is refused when the app is built', async () => {
    const app = Fastify();
    const access = accessControl({
      hooks: authHooks(emulatorTokenVerifier),
      teams: h.deps.repos.teams,
      keySecrets: h.deps.keySecrets,
    });
    const build = async () => {
      await app.register(
        async (v1) => {
          v1.addHook('onRoute', access.onRoute);
          v1.get('/undeclared', async () => ({}));
        },
        { prefix: '/v1' },
      );
      await app.ready();
    };
    await expect(build()).rejects.toThrow(
      /GET \/undeclared is no operation of the table: add it to contract\/operations\.ts/,
    );
  });
});

describe('invitations', () => {
  it('a link works once, for the invited address, within 7 days; resend and revoke end it', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const invitee = person();
    expect((await invite(owner, orgId, invitee.email.toUpperCase(), 'developer')).statusCode).toBe(
      200,
    );
    const first = invitationToken(invitee.email);
    // The token is stored only as a hash.
    const stored = rows<{ token_hash: string }>(
      await h.db.execute(sql`select token_hash from invitations where organization_id = ${orgId}`),
    );
    expect(stored[0]!.token_hash).not.toContain(first);

    const preview = await h.callApi({
      method: 'POST',
      url: '/v1/invitations/preview',
      payload: { token: first },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      organization_name: 'Acme Vision Labs',
      email: invitee.email,
      role: 'developer',
    });

    // Resend: the old link stops working.
    const pending = await h.callApi({
      method: 'GET',
      url: '/v1/team/invitations',
      headers: owner.auth,
    });
    const [row] = pending.json().invitations;
    h.mail.messages.length = 0;
    const resent = await h.callApi({
      method: 'POST',
      url: `/v1/team/invitations/${row.id}/resend`,
      headers: owner.auth,
    });
    expect(resent.statusCode).toBe(200);
    const second = invitationToken(invitee.email);
    expect(second).not.toBe(first);
    const old = await accept(invitee, first);
    expect(old.statusCode).toBe(404);
    expect(old.json().error_message).toBe(INVITATION_LINK_INVALID);

    // Another address cannot use it.
    const stranger = person();
    const wrong = await accept(stranger, second);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error_message).toContain(invitee.email);
    expect(wrong.json().error_message).toContain('Sign in with the invited address');

    expect((await accept(invitee, second)).statusCode).toBe(200);
    const reused = await accept(invitee, second);
    expect(reused.statusCode).toBe(410);
    expect(reused.json().error_message).toBe(INVITATION_LINK_USED);

    // Revoked.
    const other = person();
    await invite(owner, orgId, other.email, 'viewer');
    const revokedToken = invitationToken(other.email);
    const list = await h.callApi({
      method: 'GET',
      url: '/v1/team/invitations',
      headers: owner.auth,
    });
    const toRevoke = list
      .json()
      .invitations.find((i: { email: string }) => i.email === other.email);
    expect(
      (
        await h.callApi({
          method: 'DELETE',
          url: `/v1/team/invitations/${toRevoke.id}`,
          headers: owner.auth,
        })
      ).statusCode,
    ).toBe(200);
    const revoked = await accept(other, revokedToken);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().error_message).toBe(INVITATION_LINK_REVOKED);

    // Expired.
    const late = person();
    await invite(owner, orgId, late.email, 'viewer');
    const lateToken = invitationToken(late.email);
    await h.db.execute(
      sql`update invitations set expires_at = now() - interval '1 second' where email = ${late.email}`,
    );
    const expired = await accept(late, lateToken);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error_message).toBe(INVITATION_LINK_EXPIRED);
  });

  it('a new invitation expires exactly 7 days after it is sent; a resend starts the 7 days again', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const invitee = person();
    const WEEK_MS = 7 * 86_400_000;
    const before = Date.now();
    expect((await invite(owner, orgId, invitee.email, 'billing')).statusCode).toBe(200);
    const after = Date.now();
    const pending = async () =>
      (await h.callApi({ method: 'GET', url: '/v1/team/invitations', headers: owner.auth })).json()
        .invitations[0] as { id: string; created_at: string; expires_at: string };
    const first = await pending();
    const sent = Date.parse(first.created_at);
    expect(sent).toBeGreaterThanOrEqual(before);
    expect(sent).toBeLessThanOrEqual(after);
    expect(Date.parse(first.expires_at) - sent).toBe(WEEK_MS);
    // The link's page and the e-mail say the same moment.
    const token = invitationToken(invitee.email);
    const preview = await h.callApi({
      method: 'POST',
      url: '/v1/invitations/preview',
      payload: { token },
    });
    expect(preview.json().expires_at).toBe(first.expires_at);
    const mail = h.mail.messages.find((m: { to: string }) => m.to.includes(invitee.email));
    expect(mail.text).toContain(new Date(first.expires_at).toUTCString());

    await new Promise((resolve) => setTimeout(resolve, 20));
    const resent = await h.callApi({
      method: 'POST',
      url: `/v1/team/invitations/${first.id}/resend`,
      headers: owner.auth,
    });
    expect(resent.statusCode).toBe(200);
    const second = await pending();
    expect(Date.parse(second.created_at)).toBeGreaterThan(sent);
    expect(Date.parse(second.expires_at) - Date.parse(second.created_at)).toBe(WEEK_MS);
  });

  it('refuses hostile tokens and addresses, and limits a flood per organization', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    for (const token of ['', 'short', 'x'.repeat(129), `${'a'.repeat(40)}\u0000`, 'é'.repeat(50)]) {
      const res = await h.callApi({
        method: 'POST',
        url: '/v1/invitations/preview',
        payload: { token },
      });
      expect([400, 404]).toContain(res.statusCode);
    }
    for (const email of ['not-an-email', `${'a'.repeat(300)}@example.com`, 'a@b\u0000.com']) {
      expect((await invite(owner, orgId, email, 'viewer')).statusCode).toBe(400);
    }
    expect(
      (await invite(owner, orgId, 'x@example.com', 'owner' as AssignableRole)).statusCode,
    ).toBe(400);
    // 20 per hour: the 21st is refused with 429 and nothing is sent.
    const sent = await Promise.all(
      Array.from({ length: 24 }, (_, i) => invite(owner, orgId, `flood${i}@example.com`, 'viewer')),
    );
    const codes = sent.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
    const mails = h.mail.messages.filter((m: { to: string }) => m.to.startsWith('flood'));
    expect(mails).toHaveLength(20);
  });
});

describe('members', () => {
  it('the last owner can neither leave nor be demoted or removed; transfer moves ownership', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const admin = await addMember(owner, orgId, 'admin');
    const ownerUid = owner.uid;
    const demote = await h.callApi({
      method: 'PATCH',
      url: `/v1/team/members/${ownerUid}`,
      headers: admin.auth,
      payload: { role: 'viewer' },
    });
    expect(demote.statusCode).toBe(409);
    const remove = await h.callApi({
      method: 'DELETE',
      url: `/v1/team/members/${ownerUid}`,
      headers: admin.auth,
    });
    expect(remove.statusCode).toBe(409);
    const leave = await h.callApi({ method: 'POST', url: '/v1/team/leave', headers: owner.auth });
    expect(leave.statusCode).toBe(409);
    const byAdmin = await h.callApi({
      method: 'POST',
      url: '/v1/team/transfer',
      headers: admin.auth,
      payload: { uid: admin.uid },
    });
    expect(byAdmin.statusCode).toBe(403);

    const transfer = await h.callApi({
      method: 'POST',
      url: '/v1/team/transfer',
      headers: owner.auth,
      payload: { uid: admin.uid },
    });
    expect(transfer.statusCode).toBe(200);
    const roles = Object.fromEntries(
      transfer.json().members.map((m: { uid: string; role: string }) => [m.uid, m.role]),
    );
    expect(roles).toEqual({ [admin.uid]: 'owner', [owner.uid]: 'admin' });
    // The previous owner can now leave.
    expect(
      (await h.callApi({ method: 'POST', url: '/v1/team/leave', headers: owner.auth })).statusCode,
    ).toBe(200);
  });

  it('the new owner receives the transfer: an e-mail through the product mail path, audited once', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const heir = await addMember(owner, orgId, 'developer');
    h.mail.messages.length = 0;
    const transfer = await h.callApi({
      method: 'POST',
      url: '/v1/team/transfer',
      headers: owner.auth,
      payload: { uid: heir.uid },
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    const mails = h.mail.messages.filter((m: { to: string }) => m.to.includes(heir.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('You are now the owner of an organization on VisionAPI');
    expect(mails[0].text).toContain(`${owner.uid}@example.com transferred the ownership`);
    expect(mails[0].text).toContain(`${h.config.siteUrl}/settings/team/`);
    // Nobody else is mailed.
    expect(h.mail.messages).toHaveLength(1);
    const log = await h.callApi({
      method: 'GET',
      url: '/v1/audit-log?action=member.ownership_transferred',
      headers: heir.auth,
    });
    expect(log.json().total).toBe(1);
    expect(log.json().entries[0]).toMatchObject({
      target: heir.email,
      actor: { kind: 'user', id: owner.uid },
    });
  });

  it('a removed member loses access at once and the keys they created stop working', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const dev = await addMember(owner, orgId, 'developer');
    const created = await h.callApi({
      method: 'POST',
      url: '/v1/api-key',
      headers: dev.auth,
      payload: { name: 'dev key' },
    });
    expect(created.statusCode).toBe(200);
    const removed = await h.callApi({
      method: 'DELETE',
      url: `/v1/team/members/${dev.uid}`,
      headers: owner.auth,
    });
    expect(removed.statusCode).toBe(200);
    const next = await h.callApi({ method: 'GET', url: '/v1/api-key', headers: dev.auth });
    expect(next.statusCode).toBe(404);
    const keyCall = await h.callServices({
      method: 'POST',
      url: '/object-detection',
      headers: { 'api-key': created.json().key },
      payload: {},
    });
    expect(keyCall.statusCode).toBe(401);
  });

  it('a viewer reads the keys but never a secret', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const viewer = await addMember(owner, orgId, 'viewer');
    const res = await h.callApi({ method: 'GET', url: '/v1/api-key', headers: viewer.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().api_keys.length).toBeGreaterThan(0);
    for (const key of res.json().api_keys) expect(key.key).toBeUndefined();
    expect(res.body).not.toContain(owner.playgroundKey.key);
  });
});

describe('organizations of a user', () => {
  it('creates another organization, switches by header and by selection', async () => {
    const owner = await registerUser(h);
    const first = await organizationId(owner);
    const second = await h.callApi({
      method: 'POST',
      url: '/v1/organizations',
      headers: owner.auth,
      payload: {
        name: 'Second Org',
        website: 'https://two.example.com',
        country: 'India',
        state: 'Goa',
      },
    });
    expect(second.statusCode).toBe(200);
    const secondId = second.json().id;
    const name = async (headers: Record<string, string>) =>
      (
        await h.callApi({
          method: 'GET',
          url: '/v1/organization',
          headers: { ...owner.auth, ...headers },
        })
      ).json().name;
    expect(await name({})).toBe('Second Org');
    expect(await name({ 'x-organization-id': first })).toBe('Acme Vision Labs');
    await h.callApi({
      method: 'POST',
      url: '/v1/organizations/select',
      headers: owner.auth,
      payload: { organization_id: first },
    });
    expect(await name({})).toBe('Acme Vision Labs');
    // Each organization keeps its own in-browser key.
    const keysOf = async (org: string) =>
      (
        await h.callApi({
          method: 'GET',
          url: '/v1/api-key',
          headers: { ...owner.auth, 'x-organization-id': org },
        })
      ).json().api_keys as Array<{ used_for_ui: boolean; id: string }>;
    const [a, b] = [await keysOf(first), await keysOf(secondId)];
    expect(a.some((k) => k.used_for_ui)).toBe(true);
    expect(b.some((k) => k.used_for_ui)).toBe(true);
    expect(a[0]!.id).not.toBe(b[0]!.id);
    // The first-organization form still refuses a second one.
    const again = await h.callApi({
      method: 'POST',
      url: '/v1/organization',
      headers: owner.auth,
      payload: { name: 'x', website: 'https://x.example.com', country: 'India', state: 'Goa' },
    });
    expect(again.statusCode).toBe(409);
    for (const header of ['not-a-uuid', 'x'.repeat(65), randomUUID()]) {
      const res = await h.callApi({
        method: 'GET',
        url: '/v1/organization',
        headers: { ...owner.auth, 'x-organization-id': header },
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('the audit log', () => {
  it('records every audited action exactly once, with actor and time; it cannot be changed', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    const headers = owner.auth;
    const key = await h.callApi({
      method: 'POST',
      url: '/v1/api-key',
      headers,
      payload: { name: 'audited' },
    });
    const keyId = key.json().id;
    await h.callApi({
      method: 'POST',
      url: '/v1/api-key/set-default',
      headers: { ...headers, 'x-api-key': keyId },
    });
    await h.callApi({
      method: 'POST',
      url: '/v1/api-key/cap',
      headers: { ...headers, 'x-api-key': keyId },
      payload: { monthly_cap_usd: 3 },
    });
    await h.callApi({
      method: 'POST',
      url: '/v1/api-key/roll',
      headers: { ...headers, 'x-api-key': keyId },
      payload: { expire_previous_in_hours: 0 },
    });
    await h.callApi({
      method: 'DELETE',
      url: '/v1/api-key',
      headers: { ...headers, 'x-api-key': keyId },
    });
    await h.callApi({
      method: 'PATCH',
      url: '/v1/organization',
      headers,
      payload: { name: 'Renamed Co' },
    });
    await h.callApi({
      method: 'PUT',
      url: '/v1/billing/settings',
      headers,
      payload: { low_balance_threshold_usd: 5 },
    });
    const member = await addMember(owner, orgId, 'viewer');
    await h.callApi({
      method: 'PATCH',
      url: `/v1/team/members/${member.uid}`,
      headers,
      payload: { role: 'developer' },
    });
    await h.callApi({ method: 'DELETE', url: `/v1/team/members/${member.uid}`, headers });
    await createAdminKey(owner, orgId, 'viewer');
    await buyCredits(h, owner, 10);
    // Switching into the organization (from another one) is a sign-in to it.
    await h.callApi({
      method: 'POST',
      url: '/v1/organizations',
      headers,
      payload: { name: 'Other', website: 'https://o.example.com', country: 'India', state: 'Goa' },
    });
    await h.callApi({
      method: 'POST',
      url: '/v1/organizations/select',
      headers,
      payload: { organization_id: orgId },
    });

    const page = await h.callApi({
      method: 'GET',
      url: '/v1/audit-log?limit=100',
      headers: { ...headers, 'x-organization-id': orgId },
    });
    expect(page.statusCode).toBe(200);
    const actions = (page.json().entries as Array<{ action: string }>).map((e) => e.action).sort();
    expect(actions).toEqual(
      [
        'organization.created',
        'api_key.created',
        'api_key.default_set',
        'api_key.cap_set',
        'api_key.rolled',
        'api_key.deleted',
        'organization.updated',
        'billing.alert_updated',
        'member.invited',
        'member.joined',
        'member.role_changed',
        'member.removed',
        'admin_key.created',
        'credits.purchase_started',
        'credits.purchased',
        'member.signed_in',
      ].sort(),
    );
    for (const entry of page.json().entries) {
      expect(entry.at).toEqual(expect.any(String));
      if (entry.action === 'credits.purchased') {
        expect(entry.actor).toEqual({ kind: 'system', id: null, label: null });
      } else {
        expect(entry.actor.kind).toBe('user');
        expect(entry.actor.label).toEqual(expect.stringContaining('@'));
      }
    }
    // Secrets never appear in it.
    expect(page.body).not.toContain(key.json().key);
    expect(page.body).not.toMatch(/va_admin_[\w-]{20}/);

    const filtered = await h.callApi({
      method: 'GET',
      url: '/v1/audit-log?action=member.joined',
      headers: { ...headers, 'x-organization-id': orgId },
    });
    expect(filtered.json().entries).toHaveLength(1);
    expect(filtered.json().entries[0].actor.label).toBe(member.email);

    const csv = await h.callApi({
      method: 'GET',
      url: '/v1/audit-log.csv',
      headers: { ...headers, 'x-organization-id': orgId },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('at,actor_kind,actor,action,target,details,ip');

    await expect(
      h.db.execute(sql`update audit_log set action = 'x' where organization_id = ${orgId}`),
    ).rejects.toThrow();
    await expect(
      h.db.execute(sql`delete from audit_log where organization_id = ${orgId}`),
    ).rejects.toThrow();
  });

  it('defuses formulas in the CSV', async () => {
    const owner = await registerUser(h);
    await h.callApi({
      method: 'POST',
      url: '/v1/api-key',
      headers: owner.auth,
      payload: { name: '=HYPERLINK("http://evil")' },
    });
    const csv = await h.callApi({ method: 'GET', url: '/v1/audit-log.csv', headers: owner.auth });
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });
});

describe('per-member monthly spend limits', () => {
  it("refuses a call past the limit of the key's creator, charges nothing, and counts every key they made", async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    await buyCredits(h, owner, 10);
    const dev = await addMember(owner, orgId, 'developer');
    const keys = await Promise.all(
      ['one', 'two'].map(async (name) =>
        (
          await h.callApi({
            method: 'POST',
            url: '/v1/api-key',
            headers: dev.auth,
            payload: { name },
          })
        ).json(),
      ),
    );
    const image = (await testImage('png', 24, 24)).toString('base64');
    const callWith = (key: string) =>
      h.callServices({
        method: 'POST',
        url: '/image-classification',
        headers: { 'api-key': key },
        payload: { image },
      });
    const first = await callWith(keys[0].key);
    expect(first.statusCode, first.body).toBe(200);
    const price = first.json().usage.cost_usd as number;
    // A limit of $0.01: calls on either key count until it is reached, then refused.
    const limit = await h.callApi({
      method: 'PATCH',
      url: `/v1/team/members/${dev.uid}`,
      headers: owner.auth,
      payload: { monthly_limit_usd: 0.01 },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const allowed = Math.floor(0.01 / price + 1e-9);
    for (let i = 1; i < allowed; i++) {
      const next = await callWith(keys[i % 2].key);
      expect(next.statusCode, next.body).toBe(200);
    }
    const balance = async () =>
      (await h.callApi({ method: 'GET', url: '/v1/credits/balance', headers: owner.auth })).json()
        .remaining_credits as number;
    const before = await balance();
    const refused = await callWith(keys[0].key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('member_limit_reached');
    expect(refused.json().error_message).toMatch(/monthly spend limit/);
    expect(refused.headers['x-should-retry']).toBe('false');
    expect(await balance()).toBe(before);
    // The owner's own key is not limited by it.
    expect((await callWith(owner.playgroundKey.key)).statusCode).toBe(200);
    const members = await h.callApi({
      method: 'GET',
      url: '/v1/team/members',
      headers: owner.auth,
    });
    const row = members.json().members.find((m: { uid: string }) => m.uid === dev.uid);
    expect(row.month_to_date_usd).toBeCloseTo(price * allowed, 6);
  });

  it("deleting a key at the limit and making another does not reset the member's spend", async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    await buyCredits(h, owner, 10);
    const dev = await addMember(owner, orgId, 'developer');
    const createKey = async (name: string) => {
      const res = await h.callApi({
        method: 'POST',
        url: '/v1/api-key',
        headers: dev.auth,
        payload: { name },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: string; key: string };
    };
    const image = (await testImage('png', 24, 24)).toString('base64');
    const callWith = (key: string) =>
      h.callServices({
        method: 'POST',
        url: '/image-classification',
        headers: { 'api-key': key },
        payload: { image },
      });
    expect(
      (
        await h.callApi({
          method: 'PATCH',
          url: `/v1/team/members/${dev.uid}`,
          headers: owner.auth,
          payload: { monthly_limit_usd: 0.01 },
        })
      ).statusCode,
    ).toBe(200);
    const first = await createKey('first');
    let spent = 0;
    for (;;) {
      const res = await callWith(first.key);
      if (res.statusCode === 403) break;
      expect(res.statusCode, res.body).toBe(200);
      spent += res.json().usage.cost_usd as number;
    }
    expect(spent).toBeGreaterThan(0);
    const monthToDate = async () =>
      (await h.callApi({ method: 'GET', url: '/v1/team/members', headers: owner.auth }))
        .json()
        .members.find((m: { uid: string }) => m.uid === dev.uid).month_to_date_usd as number;
    expect(await monthToDate()).toBeCloseTo(spent, 6);

    const deleted = await h.callApi({
      method: 'DELETE',
      url: '/v1/api-key',
      headers: { ...dev.auth, 'x-api-key': first.id },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const second = await createKey('second');
    const refused = await callWith(second.key);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('member_limit_reached');
    expect(refused.json().error_message).toMatch(/monthly spend limit/);
    // The team page still shows what the deleted key spent.
    expect(await monthToDate()).toBeCloseTo(spent, 6);
    // Removed and invited again the same month, the member's spend is still theirs.
    await h.callApi({ method: 'DELETE', url: `/v1/team/members/${dev.uid}`, headers: owner.auth });
    h.mail.messages.length = 0;
    expect((await invite(owner, orgId, dev.email, 'developer')).statusCode).toBe(200);
    expect((await accept(dev, invitationToken(dev.email))).statusCode).toBe(200);
    expect(await monthToDate()).toBeCloseTo(spent, 6);
  });

  it('a call released after its key was deleted gives its share back to the member', async () => {
    const owner = await registerUser(h);
    const orgId = await organizationId(owner);
    await buyCredits(h, owner, 10);
    const dev = await addMember(owner, orgId, 'developer');
    const make = async (name: string) =>
      (
        await h.callApi({
          method: 'POST',
          url: '/v1/api-key',
          headers: dev.auth,
          payload: { name },
        })
      ).json() as { id: string };
    const [{ price }] = rows<{ price: string | number }>(
      await h.db.execute(
        sql`select price_per_call_micros as price from deployments where path = 'image-classification'`,
      ),
    );
    const priceMicros = Number(price);
    // A limit of $0.01: room for `fits` calls.
    const fits = Math.floor(10_000 / priceMicros);
    expect(fits).toBeGreaterThan(0);
    const limit = await h.callApi({
      method: 'PATCH',
      url: `/v1/team/members/${dev.uid}`,
      headers: owner.auth,
      payload: { monthly_limit_usd: 0.01 },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const ledger = h.deps.repos.ledger;
    const hold = (apiKeyId: string) =>
      ledger.reserve({
        organizationId: orgId,
        apiKeyId,
        deployment: 'image-classification',
        spendSpike: h.config.spendSpike,
      });
    const first = await make('first');
    // Calls in flight up to the limit (held, not yet answered); one more is refused.
    const held: string[] = [];
    for (let i = 0; i < fits; i++) {
      const r = await hold(first.id);
      if (!('id' in r)) throw new Error(`not held: ${JSON.stringify(r)}`);
      held.push(r.id);
    }
    expect(await hold(first.id)).toMatchObject({ refused: 'member_limit' });
    // The key is deleted while they are in flight; a new key is still at the limit.
    await h.callApi({
      method: 'DELETE',
      url: '/v1/api-key',
      headers: { ...dev.auth, 'x-api-key': first.id },
    });
    const second = await make('second');
    expect(await hold(second.id)).toMatchObject({ refused: 'member_limit' });
    // One call fails: its share comes back, so one more call fits, and no more.
    const [failed, ...answered] = held;
    expect(await ledger.release(failed!)).toBe(true);
    const c = await hold(second.id);
    expect(c).toMatchObject({ amountMicros: priceMicros });
    expect(await hold(second.id)).toMatchObject({ refused: 'member_limit' });
    for (const id of answered) expect(await ledger.capture(id, 'first')).not.toBeNull();
    if ('id' in c) expect(await ledger.capture(c.id, 'second')).not.toBeNull();
    const members = await h.callApi({
      method: 'GET',
      url: '/v1/team/members',
      headers: owner.auth,
    });
    const row = members.json().members.find((m: { uid: string }) => m.uid === dev.uid);
    expect(row.month_to_date_usd).toBeCloseTo((fits * priceMicros) / 1_000_000, 6);
  });
});

describe('the OpenAPI document', () => {
  it('says who may call each operation, from the contract', async () => {
    const doc = (await h.api.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    for (const op of MEMBER_OPERATIONS) {
      const operation = doc.paths[op.openapiPath][op.method.toLowerCase()];
      expect(operation.description, op.key).toContain('**Who may call it:**');
      for (const role of op.access.roles) expect(operation.description, op.key).toContain(role);
      const schemes = (operation.security as object[]).flatMap((s) => Object.keys(s));
      expect(schemes.includes('adminKey'), op.key).toBe(!op.access.people_only);
    }
  });

  it('lets browsers send the organization header', async () => {
    const res = await h.api.inject({
      method: 'OPTIONS',
      url: '/v1/organization',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,x-organization-id',
      },
    });
    expect(res.headers['access-control-allow-headers']).toContain('x-organization-id');
  });
});
