/**
 * The audit log records every audited action exactly once, with who did it (a person, an admin
 * key or the system), when and from which IP. Driven by the contract's AUDIT_ACTIONS: each action
 * has a case below that performs it through the API (Stripe's webhook for what Stripe reports),
 * and the entries the action added must be that one entry. A new action without a case fails
 * `tsc` (the cases' type) and this file (the walk over the list). Then the filters (actor, action,
 * dates) and paging.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@contract';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/src/db/rows';
import {
  createHarness,
  invitationToken,
  person,
  registerUser,
  STRIPE_TEST_CONFIG,
  type Harness,
  type Person,
  type TestUser,
} from './helpers';

const stripe = new Stripe(STRIPE_TEST_CONFIG.secretKey);
/** What an injected request comes from. */
const IP = '127.0.0.1';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    stripe: true,
    createPaymentIntent: async ({ orderId }) => ({
      providerReference: `pi_test_${orderId}`,
      clientSecret: `pi_test_${orderId}_secret_abc`,
    }),
    createSetupIntent: async ({ customerId }) => ({
      clientSecret: 'seti_audit_secret_abc',
      customerId: customerId ?? 'cus_audit',
    }),
    describePaymentMethod: async () => 'Visa ending 4242',
  });
});
afterAll(async () => h?.close());

let eventCounter = 0;
/** A signed Stripe event delivered to the webhook. */
async function deliver(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_audit_${Date.now()}_${eventCounter++}`,
    object: 'event',
    type,
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const res = await h.callApi({
    method: 'POST',
    url: '/v1/credits/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_TEST_CONFIG.webhookSecret,
      }),
    },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().duplicate).toBe(false);
}

/** What the cases share: the organization, its people, its keys, an order. */
interface World {
  owner: TestUser & { email: string };
  orgId: string;
  /** The owner's calls, on this organization. */
  headers: Record<string, string>;
  invitee: Person;
  keyId: string;
  adminKey: { id: string; key: string; name: string };
  orderId: string;
  invitationId: (email: string) => Promise<string>;
  webhook?: { id: string; secret: string };
}
const world = {} as World;

type ExpectedActor =
  | { kind: 'user'; who: () => { uid: string; email: string } }
  | { kind: 'admin_key' }
  | { kind: 'system' };

interface Case {
  /** Calls whose own entries are not what this case checks (an invitation before a revoke). */
  setup?: () => Promise<void>;
  /** The action, performed once. */
  act: () => Promise<void>;
  actor: ExpectedActor;
}

async function ok(request: Parameters<Harness['callApi']>[0]) {
  const res = await h.callApi(request);
  expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(200);
  return res;
}

const owner: ExpectedActor = { kind: 'user', who: () => world.owner };
const invitee: ExpectedActor = { kind: 'user', who: () => world.invitee };

async function invite(email: string, role = 'viewer') {
  await ok({
    method: 'POST',
    url: '/v1/team/invitations',
    headers: world.headers,
    payload: { email, role },
  });
}

async function join(who: Person) {
  await ok({
    method: 'POST',
    url: '/v1/invitations/accept',
    headers: who.auth,
    payload: { token: invitationToken(h, who.email) },
  });
}

/** In this order; the type makes a new action without a case fail to compile. */
const CASES: { readonly [A in AuditAction]: Case } = {
  'organization.created': {
    act: async () => {
      const user = await registerUser(h);
      world.owner = { ...user, email: `${user.uid}@example.com` };
      const list = await ok({ method: 'GET', url: '/v1/organizations', headers: user.auth });
      world.orgId = list.json().organizations[0].id;
      world.headers = { ...user.auth, 'x-organization-id': world.orgId };
      world.invitationId = async (email) => {
        const pending = await ok({
          method: 'GET',
          url: '/v1/team/invitations',
          headers: world.headers,
        });
        return pending.json().invitations.find((i: { email: string }) => i.email === email).id;
      };
    },
    actor: owner,
  },
  'organization.updated': {
    act: async () => {
      await ok({
        method: 'PATCH',
        url: '/v1/organization',
        headers: world.headers,
        payload: { name: 'Audited Co' },
      });
    },
    actor: owner,
  },
  'member.signed_in': {
    // Creating another organization selects it; switching back is a sign-in to this one.
    setup: async () => {
      await ok({
        method: 'POST',
        url: '/v1/organizations',
        headers: world.owner.auth,
        payload: {
          name: 'Elsewhere',
          website: 'https://elsewhere.example.com',
          country: 'India',
          state: 'Goa',
        },
      });
    },
    act: async () => {
      await ok({
        method: 'POST',
        url: '/v1/organizations/select',
        headers: world.owner.auth,
        payload: { organization_id: world.orgId },
      });
    },
    actor: owner,
  },
  'admin_key.created': {
    act: async () => {
      const res = await ok({
        method: 'POST',
        url: '/v1/admin-keys',
        headers: world.headers,
        payload: { name: 'deploy pipeline', role: 'developer' },
      });
      world.adminKey = { id: res.json().id, key: res.json().key, name: 'deploy pipeline' };
    },
    actor: owner,
  },
  'api_key.created': {
    act: async () => {
      const res = await ok({
        method: 'POST',
        url: '/v1/api-key',
        headers: world.headers,
        payload: { name: 'audited key' },
      });
      world.keyId = res.json().id;
    },
    actor: owner,
  },
  'api_key.default_set': {
    act: async () => {
      await ok({
        method: 'POST',
        url: '/v1/api-key/set-default',
        headers: { ...world.headers, 'x-api-key': world.keyId },
      });
    },
    actor: owner,
  },
  'api_key.cap_set': {
    act: async () => {
      await ok({
        method: 'POST',
        url: '/v1/api-key/cap',
        headers: { ...world.headers, 'x-api-key': world.keyId },
        payload: { monthly_cap_usd: 3 },
      });
    },
    actor: owner,
  },
  // The machine member acts: the entry names the admin key, never its secret.
  'api_key.restricted': {
    act: async () => {
      await ok({
        method: 'POST',
        url: '/v1/api-key/restrictions',
        headers: { authorization: `Bearer ${world.adminKey.key}`, 'x-api-key': world.keyId },
        payload: { allowed_deployments: ['object-detection'] },
      });
    },
    actor: { kind: 'admin_key' },
  },
  'api_key.disabled': {
    act: async () => {
      await ok({
        method: 'POST',
        url: '/v1/api-key/disable',
        headers: { authorization: `Bearer ${world.adminKey.key}`, 'x-api-key': world.keyId },
      });
    },
    actor: { kind: 'admin_key' },
  },
  'api_key.enabled': {
    act: async () => {
      await ok({
        method: 'POST',
        url: '/v1/api-key/enable',
        headers: { ...world.headers, 'x-api-key': world.keyId },
      });
    },
    actor: owner,
  },
  'api_key.rolled': {
    act: async () => {
      await ok({
        method: 'POST',
        url: '/v1/api-key/roll',
        headers: { ...world.headers, 'x-api-key': world.keyId },
        payload: { expire_previous_in_hours: 0 },
      });
    },
    actor: owner,
  },
  'api_key.deleted': {
    act: async () => {
      await ok({
        method: 'DELETE',
        url: '/v1/api-key',
        headers: { ...world.headers, 'x-api-key': world.keyId },
      });
    },
    actor: owner,
  },
  'admin_key.rolled': {
    act: async () => {
      const res = await ok({
        method: 'POST',
        url: `/v1/admin-keys/${world.adminKey.id}/roll`,
        headers: world.headers,
      });
      world.adminKey.key = res.json().key;
    },
    actor: owner,
  },
  'admin_key.deleted': {
    act: async () => {
      await ok({
        method: 'DELETE',
        url: `/v1/admin-keys/${world.adminKey.id}`,
        headers: world.headers,
      });
    },
    actor: owner,
  },
  'webhook.created': {
    act: async () => {
      const res = await ok({
        method: 'POST',
        url: '/v1/webhooks',
        headers: world.headers,
        payload: { url: 'http://127.0.0.1:9/hook', events: ['balance.low'] },
      });
      world.webhook = { id: res.json().id, secret: res.json().secret };
    },
    actor: owner,
  },
  'webhook.updated': {
    act: async () => {
      await ok({
        method: 'PATCH',
        url: `/v1/webhooks/${world.webhook!.id}`,
        headers: world.headers,
        payload: { enabled: false },
      });
    },
    actor: owner,
  },
  'webhook.secret_rotated': {
    act: async () => {
      const res = await ok({
        method: 'POST',
        url: `/v1/webhooks/${world.webhook!.id}/rotate-secret`,
        headers: world.headers,
        payload: {},
      });
      expect(res.json().secret).not.toBe(world.webhook!.secret);
    },
    actor: owner,
  },
  'webhook.deleted': {
    act: async () => {
      await ok({
        method: 'DELETE',
        url: `/v1/webhooks/${world.webhook!.id}`,
        headers: world.headers,
      });
    },
    actor: owner,
  },
  'credits.purchase_started': {
    act: async () => {
      const res = await ok({
        method: 'POST',
        url: '/v1/credits',
        headers: world.headers,
        payload: { price_in_usd: 42 },
      });
      world.orderId = res.json().order_id;
    },
    actor: owner,
  },
  'credits.purchased': {
    act: () =>
      deliver('payment_intent.succeeded', {
        id: `pi_test_${world.orderId}`,
        object: 'payment_intent',
        amount: 4200,
        amount_received: 4200,
        currency: 'usd',
        status: 'succeeded',
        latest_charge: `ch_test_${world.orderId}`,
        metadata: { order_id: world.orderId },
      }),
    actor: { kind: 'system' },
  },
  'credits.refunded': {
    act: () =>
      deliver('charge.refunded', {
        id: `ch_test_${world.orderId}`,
        object: 'charge',
        amount: 4200,
        amount_refunded: 1000,
        currency: 'usd',
        payment_intent: `pi_test_${world.orderId}`,
        refunded: false,
      }),
    actor: { kind: 'system' },
  },
  'billing.alert_updated': {
    act: async () => {
      await ok({
        method: 'PUT',
        url: '/v1/billing/settings',
        headers: world.headers,
        payload: { low_balance_threshold_usd: 5 },
      });
    },
    actor: owner,
  },
  'billing.payment_method_saved': {
    setup: async () => {
      await ok({
        method: 'POST',
        url: '/v1/billing/payment-method/setup',
        headers: world.headers,
      });
    },
    // Stripe reports the saved card to the webhook.
    act: () =>
      deliver('setup_intent.succeeded', {
        id: 'seti_audit',
        object: 'setup_intent',
        customer: 'cus_audit',
        payment_method: 'pm_card_visa',
        status: 'succeeded',
        metadata: { organization_id: world.orgId },
      }),
    actor: { kind: 'system' },
  },
  'billing.auto_recharge_updated': {
    act: async () => {
      await ok({
        method: 'PUT',
        url: '/v1/billing/settings',
        headers: world.headers,
        payload: { auto_recharge: { enabled: true, threshold_usd: 5, amount_usd: 25 } },
      });
    },
    actor: owner,
  },
  'billing.payment_method_removed': {
    act: async () => {
      await ok({ method: 'DELETE', url: '/v1/billing/payment-method', headers: world.headers });
    },
    actor: owner,
  },
  'member.invited': {
    act: async () => {
      world.invitee = person();
      await invite(world.invitee.email);
    },
    actor: owner,
  },
  'member.invitation_resent': {
    act: async () => {
      const id = await world.invitationId(world.invitee.email);
      await ok({
        method: 'POST',
        url: `/v1/team/invitations/${id}/resend`,
        headers: world.headers,
      });
    },
    actor: owner,
  },
  'member.joined': {
    act: () => join(world.invitee),
    actor: invitee,
  },
  'member.role_changed': {
    act: async () => {
      await ok({
        method: 'PATCH',
        url: `/v1/team/members/${world.invitee.uid}`,
        headers: world.headers,
        payload: { role: 'developer' },
      });
    },
    actor: owner,
  },
  'member.limit_set': {
    act: async () => {
      await ok({
        method: 'PATCH',
        url: `/v1/team/members/${world.invitee.uid}`,
        headers: world.headers,
        payload: { monthly_limit_usd: 12.5 },
      });
    },
    actor: owner,
  },
  'member.invitation_revoked': {
    setup: () => invite('revoked@example.com'),
    act: async () => {
      const id = await world.invitationId('revoked@example.com');
      await ok({ method: 'DELETE', url: `/v1/team/invitations/${id}`, headers: world.headers });
    },
    actor: owner,
  },
  'member.removed': {
    setup: async () => {
      const removed = person('removed@example.com');
      await invite(removed.email);
      await join(removed);
    },
    act: async () => {
      const members = await ok({ method: 'GET', url: '/v1/team/members', headers: world.headers });
      const removed = members
        .json()
        .members.find((m: { email: string }) => m.email === 'removed@example.com');
      await ok({
        method: 'DELETE',
        url: `/v1/team/members/${removed.uid}`,
        headers: world.headers,
      });
    },
    actor: owner,
  },
  'member.left': {
    act: async () => {
      await ok({
        method: 'POST',
        url: '/v1/team/leave',
        headers: { ...world.invitee.auth, 'x-organization-id': world.orgId },
      });
    },
    actor: invitee,
  },
  'member.ownership_transferred': {
    setup: async () => {
      const heir = person('heir@example.com');
      await invite(heir.email, 'admin');
      await join(heir);
    },
    act: async () => {
      const members = await ok({ method: 'GET', url: '/v1/team/members', headers: world.headers });
      const heir = members
        .json()
        .members.find((m: { email: string }) => m.email === 'heir@example.com');
      await ok({
        method: 'POST',
        url: '/v1/team/transfer',
        headers: world.headers,
        payload: { uid: heir.uid },
      });
    },
    actor: owner,
  },
};

async function allEntries(): Promise<AuditEntry[]> {
  const res = await ok({ method: 'GET', url: '/v1/audit-log?limit=100', headers: world.headers });
  const page = res.json() as { entries: AuditEntry[]; total: number };
  expect(page.total).toBeLessThanOrEqual(100);
  return page.entries;
}

/** An instant right after each case, for the date filters. */
const after = new Map<AuditAction, Date>();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('every audited action', () => {
  it('has a case here', () => {
    expect(Object.keys(CASES).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  // Run in order: each case builds on the ones before it.
  it.each(Object.keys(CASES) as AuditAction[])(
    '%s is recorded exactly once, with actor, time and IP',
    async (action) => {
      const c = CASES[action];
      await c.setup?.();
      const before = world.orgId ? new Set((await allEntries()).map((e) => e.id)) : new Set();
      const started = Date.now();
      await c.act();
      const added = (await allEntries()).filter((e) => !before.has(e.id));
      expect(added.map((e) => e.action)).toEqual([action]);
      const [entry] = added as [AuditEntry];
      const at = new Date(entry.at).getTime();
      expect(at).toBeGreaterThanOrEqual(started - 1_000);
      expect(at).toBeLessThanOrEqual(Date.now() + 1_000);
      if (c.actor.kind === 'user') {
        const who = c.actor.who();
        expect(entry.actor).toEqual({ kind: 'user', id: who.uid, label: who.email });
        expect(entry.ip).toBe(IP);
      } else if (c.actor.kind === 'admin_key') {
        expect(entry.actor).toEqual({
          kind: 'admin_key',
          id: world.adminKey.id,
          label: world.adminKey.name,
        });
        expect(entry.ip).toBe(IP);
      } else {
        // Stripe's webhook: the system's doing, from no person's address.
        expect(entry.actor).toEqual({ kind: 'system', id: null, label: null });
        expect(entry.ip).toBeNull();
      }
      // Secrets never appear in it.
      if (world.adminKey) expect(JSON.stringify(entry)).not.toContain(world.adminKey.key);
      if (world.webhook) expect(JSON.stringify(entry)).not.toContain(world.webhook.secret);
      await pause(15);
      after.set(action, new Date());
      await pause(15);
    },
  );

  it('holds each action exactly once in the whole log', async () => {
    const entries = await allEntries();
    const counts = new Map<string, number>();
    for (const e of entries) counts.set(e.action, (counts.get(e.action) ?? 0) + 1);
    // Setup steps invited and added three more people (invited, joined) and made one more
    // organization (its own log); everything else happened once.
    const extra: Partial<Record<AuditAction, number>> = { 'member.invited': 3, 'member.joined': 2 };
    for (const action of AUDIT_ACTIONS) {
      expect(counts.get(action), action).toBe(1 + (extra[action] ?? 0));
    }
    expect(entries.length).toBe(AUDIT_ACTIONS.length + 5);
  });
});

describe('filters and paging', () => {
  const query = async (params: Record<string, string | number>) => {
    const search = new URLSearchParams(
      Object.entries(params).map(([k, v]) => [k, String(v)]),
    ).toString();
    const res = await ok({
      method: 'GET',
      url: `/v1/audit-log?${search}`,
      headers: world.headers,
    });
    return res.json() as { entries: AuditEntry[]; total: number };
  };

  it('filters by actor: a person by uid or e-mail, an admin key by id or name', async () => {
    const all = await allEntries();
    const byInvitee = all.filter((e) => e.actor.id === world.invitee.uid);
    expect(byInvitee.map((e) => e.action).sort()).toEqual(['member.joined', 'member.left']);
    for (const actor of [world.invitee.uid, world.invitee.email]) {
      const page = await query({ actor, limit: 100 });
      expect(page.total).toBe(2);
      expect(page.entries).toEqual(byInvitee);
    }
    for (const actor of [world.adminKey.id, world.adminKey.name]) {
      const page = await query({ actor, limit: 100 });
      expect(page.entries.map((e) => e.action).sort()).toEqual([
        'api_key.disabled',
        'api_key.restricted',
      ]);
    }
    expect((await query({ actor: 'nobody@example.com' })).total).toBe(0);
  });

  it('filters by action', async () => {
    for (const action of AUDIT_ACTIONS) {
      const page = await query({ action, limit: 100 });
      expect(page.entries.length, action).toBe(page.total);
      expect(page.entries.every((e) => e.action === action)).toBe(true);
    }
    const invited = await query({ action: 'member.invited' });
    expect(invited.total).toBe(4);
    expect((await query({ action: 'no.such_action' })).total).toBe(0);
  });

  it('filters by date, from and until an instant', async () => {
    const all = await allEntries();
    const from = after.get('api_key.enabled')!;
    const until = after.get('billing.auto_recharge_updated')!;
    const expected = all.filter((e) => {
      const at = new Date(e.at).getTime();
      return at >= from.getTime() && at <= until.getTime();
    });
    expect(expected.length).toBeGreaterThan(5);
    const page = await query({ start: from.toISOString(), end: until.toISOString(), limit: 100 });
    expect(page.total).toBe(expected.length);
    expect(page.entries).toEqual(expected);
    const since = await query({ start: until.toISOString(), limit: 100 });
    expect(since.entries).toEqual(all.filter((e) => new Date(e.at) >= until));
    const before = await query({ end: from.toISOString(), limit: 100 });
    expect(before.entries).toEqual(all.filter((e) => new Date(e.at) <= from));
    // Filters combine.
    const joinedAt = after.get('member.joined')!;
    const both = await query({ start: joinedAt.toISOString(), action: 'member.invited' });
    // The invitations of the revoked, removed and heir cases.
    expect(both.total).toBe(3);
    expect(both.entries).toEqual(
      all.filter((e) => e.action === 'member.invited' && new Date(e.at) >= joinedAt),
    );
  });

  it('pages newest first with skip and limit; the total counts every match', async () => {
    const all = await allEntries();
    const pages: AuditEntry[] = [];
    for (let skip = 0; skip < all.length; skip += 7) {
      const page = await query({ skip, limit: 7 });
      expect(page.total).toBe(all.length);
      expect(page.entries.length).toBe(Math.min(7, all.length - skip));
      pages.push(...page.entries);
    }
    expect(pages).toEqual(all);
    const times = all.map((e) => new Date(e.at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await query({ skip: all.length })).entries).toEqual([]);
    for (const bad of [{ skip: -1 }, { limit: 0 }, { limit: 101 }, { start: 'yesterday' }]) {
      const res = await h.callApi({
        method: 'GET',
        url: `/v1/audit-log?${new URLSearchParams(Object.entries(bad).map(([k, v]) => [k, String(v)]))}`,
        headers: world.headers,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('totals at scale (migration 0027)', () => {
  it('sums whole UTC days from audit_daily and counts the partial days at the ends, exactly', async () => {
    const user = await registerUser(h);
    const list = await ok({ method: 'GET', url: '/v1/organizations', headers: user.auth });
    const orgId: string = list.json().organizations[0].id;
    const headers = { ...user.auth, 'x-organization-id': orgId };
    // What registering wrote (the organization's creation, its keys): now, after every range.
    const before = (
      await ok({ method: 'GET', url: '/v1/audit-log?limit=100', headers })
    ).json() as { entries: AuditEntry[] };
    const all: { at: number; action: string; actors: (string | null)[] }[] = before.entries.map(
      (e) => ({
        at: new Date(e.at).getTime(),
        action: e.action,
        actors: [e.actor.id, e.actor.label],
      }),
    );
    // 240 entries over 10 days, 6 h 7 min apart, in two statements (the trigger sums a
    // statement's rows per day and action), three actions, two actors.
    const day0 = Date.UTC(2026, 9, 1);
    for (const half of [0, 1]) {
      await h.db.execute(sql`
        insert into audit_log (organization_id, at, actor_kind, actor_id, actor_label, action, details)
          select ${orgId}::uuid,
                 ${new Date(day0).toISOString()}::timestamptz + (g * interval '367 minutes'),
                 'user', 'actor-' || (g % 2), 'actor-' || (g % 2) || '@example.com',
                 (array['api_key.created','api_key.rolled','member.role_changed'])[1 + g % 3],
                 '{}'::jsonb
          from generate_series(${half * 120}::int, ${half * 120 + 119}::int) g`);
    }
    const [rolled] = rowsOf<{ n: string }>(
      await h.db.execute(
        sql`select sum(entries)::text as n from audit_daily where organization_id = ${orgId}`,
      ),
    );
    const [counted] = rowsOf<{ n: string }>(
      await h.db.execute(
        sql`select count(*)::text as n from audit_log where organization_id = ${orgId}`,
      ),
    );
    expect(rolled!.n).toBe(counted!.n);
    for (let g = 0; g < 240; g++) {
      all.push({
        at: day0 + g * 367 * 60_000,
        action: ['api_key.created', 'api_key.rolled', 'member.role_changed'][g % 3]!,
        actors: [`actor-${g % 2}`, `actor-${g % 2}@example.com`],
      });
    }
    const hour = 3_600_000;
    const instants = [
      undefined,
      day0 - hour,
      day0,
      day0 + 367 * 60_000, // exactly an entry
      day0 + 30 * hour,
      day0 + 2 * 24 * hour,
      day0 + 4 * 24 * hour + 1,
      day0 + 9 * 24 * hour - 1,
      day0 + 12 * 24 * hour,
    ];
    let compared = 0;
    for (const start of instants) {
      for (const end of instants) {
        if (start !== undefined && end !== undefined && end < start) continue;
        for (const action of [undefined, 'api_key.rolled']) {
          for (const actor of [undefined, 'actor-1@example.com']) {
            const params = new URLSearchParams({ limit: '1' });
            if (start !== undefined) params.set('start', new Date(start).toISOString());
            if (end !== undefined) params.set('end', new Date(end).toISOString());
            if (action) params.set('action', action);
            if (actor) params.set('actor', actor);
            const page = (
              await ok({ method: 'GET', url: `/v1/audit-log?${params}`, headers })
            ).json() as { total: number };
            const expected = all.filter(
              (e) =>
                (start === undefined || e.at >= start) &&
                (end === undefined || e.at <= end) &&
                (!action || e.action === action) &&
                (!actor || e.actors.includes(actor)),
            ).length;
            expect(page.total, params.toString()).toBe(expected);
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(150);
  });
});
