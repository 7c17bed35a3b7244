/**
 * Webhooks (issue 35), on PGlite and, with DATABASE_URL, on PostgreSQL (where the worker is woken
 * by LISTEN/NOTIFY): endpoints and their limits, roles and organizations, the Standard Webhooks
 * signature checked by an independent implementation (`standardwebhooks`), retries with the same
 * `webhook-id`, replay, the whole retry schedule on a moved clock ending with the endpoint
 * disabled and its owner e-mailed, SSRF refusals in production mode, exactly-once fan-out across
 * two workers, and the events published where they happen.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_SCHEDULE_SECONDS } from '@contract';
import { buildAccountApp } from '../../server/src/app';
import {
  events,
  organizations,
  webhookDeliveries,
  webhookEndpoints,
} from '../../server/src/db/schema';
import { publishEvent } from '../../server/src/services/events';
import { createWebhooks } from '../../server/src/services/webhooks';
import {
  addMember,
  buyCredits,
  createHarness,
  registerUser,
  type Harness,
  type TestUser,
} from './helpers';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver whose answers the test chooses: a status, or `hang` (never answers). */
async function receiver() {
  const received: Received[] = [];
  const plan: Array<number | 'hang'> = [];
  let fallback: number | 'hang' = 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = plan.shift() ?? fallback;
      if (answer === 'hang') return;
      res.writeHead(answer, { 'content-type': 'text/plain' });
      // A long answer with control characters: the log keeps 1 KB of it, sanitised.
      res.end(`answer ${answer}\u0007\u001b[31m ${'x'.repeat(5_000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    plan,
    always(answer: number | 'hang') {
      fallback = answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
type Receiver = Awaited<ReturnType<typeof receiver>>;

async function until<T>(what: () => Promise<T> | T, ok: (value: T) => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let h: Harness;
let owner: TestUser;
let orgId: string;
let headers: Record<string, string>;
let offsetMs = 0;
const receivers: Receiver[] = [];

beforeAll(async () => {
  h = await createHarness({ config: { webhooks: { pollMs: 200, timeoutMs: 400 } } });
  h.api.webhooks.useClock(() => Date.now() + offsetMs);
  owner = await registerUser(h);
  const [org] = await h.db.select({ id: organizations.id }).from(organizations);
  orgId = org!.id;
  headers = { ...owner.auth, 'x-organization-id': orgId };
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await h.close();
});

async function newReceiver() {
  const r = await receiver();
  receivers.push(r);
  return r;
}

async function createEndpoint(url: string, events: string[], extra: object = {}) {
  const res = await h.callApi({
    method: 'POST',
    url: '/v1/webhooks',
    headers,
    payload: { url, events, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; secret: string; secret_redacted: string };
}

async function deliveries(endpointId: string, auth = headers) {
  const res = await h.callApi({
    method: 'GET',
    url: `/v1/webhooks/${endpointId}/deliveries`,
    headers: auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deliveries as Array<{
    id: string;
    event_id: string;
    event_type: string;
    status: string;
    attempts_count: number;
    next_attempt_at: string | null;
    attempts: Array<{
      trigger: string;
      status_code: number | null;
      error: string | null;
      response_excerpt: string;
      duration_ms: number;
    }>;
  }>;
}

describe('endpoints', () => {
  it('shows the secret once, then only its last four characters', async () => {
    const r = await newReceiver();
    const created = await createEndpoint(r.url, ['balance.low', 'payment.succeeded'], {
      description: 'Billing alerts',
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.secret_redacted).toBe(`whsec_…${created.secret.slice(-4)}`);
    const list = await h.callApi({ method: 'GET', url: '/v1/webhooks', headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.json().webhooks.map((w: { id: string }) => w.id)).toContain(created.id);
    const one = await h.callApi({ method: 'GET', url: `/v1/webhooks/${created.id}`, headers });
    expect(one.json()).toMatchObject({
      url: r.url,
      events: ['balance.low', 'payment.succeeded'],
      description: 'Billing alerts',
      enabled: true,
    });
    expect(one.body).not.toContain(created.secret);
    // Deleted: gone, with its log.
    const deleted = await h.callApi({
      method: 'DELETE',
      url: `/v1/webhooks/${created.id}`,
      headers,
    });
    expect(deleted.json()).toEqual({ id: created.id, deleted: true });
    const again = await h.callApi({ method: 'GET', url: `/v1/webhooks/${created.id}`, headers });
    expect(again.statusCode).toBe(404);
  });

  it('refuses hostile input with a 4xx', async () => {
    const bad: Array<[object, number]> = [
      [{ url: `http://127.0.0.1/${'a'.repeat(2_100)}`, events: ['balance.low'] }, 400],
      [{ url: 'http://127.0.0.1/\u0000hook', events: ['balance.low'] }, 400],
      [{ url: 'http://127.0.0.1/hook\r\nx-injected: 1', events: ['balance.low'] }, 400],
      [{ url: 'http://127.0.0.1/hook', events: ['balance.high'] }, 400],
      [{ url: 'http://127.0.0.1/hook', events: [] }, 400],
      [{ url: 'http://127.0.0.1/hook', events: ['test'] }, 400],
      [{ url: 'http://127.0.0.1/hook', events: ['balance.low', 'balance.low'] }, 400],
      [{ url: 'ftp://127.0.0.1/hook', events: ['balance.low'] }, 400],
      [{ url: 'http://user:pw@127.0.0.1/hook', events: ['balance.low'] }, 400],
      [{ url: 'not a url', events: ['balance.low'] }, 400],
      [
        { url: 'http://127.0.0.1/hook', events: ['balance.low'], description: 'd'.repeat(300) },
        400,
      ],
      [{ secret: 'whsec_mine' }, 400],
    ];
    for (const [payload, status] of bad) {
      const res = await h.callApi({ method: 'POST', url: '/v1/webhooks', headers, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(res.json().code).toBe('invalid_request');
    }
    const patch = await h.callApi({
      method: 'PATCH',
      url: '/v1/webhooks/we_nope',
      headers,
      payload: {},
    });
    expect(patch.statusCode).toBe(400);
    const cursor = await h.callApi({
      method: 'GET',
      url: '/v1/webhooks/we_nope/deliveries?cursor=abc',
      headers,
    });
    expect([400, 404]).toContain(cursor.statusCode);
  });

  it('allows 16 endpoints per organization and refuses the 17th', async () => {
    const other = await registerUser(h, { name: 'Many hooks' });
    const list = await h.callApi({ method: 'GET', url: '/v1/organizations', headers: other.auth });
    const otherOrg = list
      .json()
      .organizations.find((o: { name: string }) => o.name === 'Many hooks');
    const auth = { ...other.auth, 'x-organization-id': otherOrg.id };
    const results = await Promise.all(
      Array.from({ length: 17 }, (_, i) =>
        h.callApi({
          method: 'POST',
          url: '/v1/webhooks',
          headers: auth,
          payload: { url: `http://127.0.0.1:9/hook-${i}`, events: ['balance.low'] },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(16);
    const refused = results.find((r) => r.statusCode !== 200)!;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_message).toContain('16 webhook endpoints');
  });

  it('lets viewers read, not manage; other organizations see nothing', async () => {
    const r = await newReceiver();
    const created = await createEndpoint(r.url, ['key.paused']);
    const viewer = await addMember(h, owner, orgId, 'viewer');
    const developer = await addMember(h, owner, orgId, 'developer');
    const viewerAuth = { ...viewer.auth, 'x-organization-id': orgId };
    const read = await h.callApi({ method: 'GET', url: '/v1/webhooks', headers: viewerAuth });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(created.secret);
    await deliveries(created.id, viewerAuth);
    for (const request of [
      {
        method: 'POST' as const,
        url: '/v1/webhooks',
        payload: { url: r.url, events: ['key.paused'] },
      },
      { method: 'PATCH' as const, url: `/v1/webhooks/${created.id}`, payload: { enabled: false } },
      { method: 'DELETE' as const, url: `/v1/webhooks/${created.id}` },
      { method: 'POST' as const, url: `/v1/webhooks/${created.id}/rotate-secret`, payload: {} },
      { method: 'POST' as const, url: `/v1/webhooks/${created.id}/test` },
    ]) {
      const res = await h.callApi({ ...request, headers: viewerAuth });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(res.json().code).toBe('role_forbidden');
    }
    const byDeveloper = await h.callApi({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { ...developer.auth, 'x-organization-id': orgId },
      payload: { url: r.url, events: ['job.failed'] },
    });
    expect(byDeveloper.statusCode, byDeveloper.body).toBe(200);

    const stranger = await registerUser(h, { name: 'Stranger Org' });
    for (const url of [`/v1/webhooks/${created.id}`, `/v1/webhooks/${created.id}/deliveries`]) {
      const res = await h.callApi({ method: 'GET', url, headers: stranger.auth });
      expect(res.statusCode, url).toBe(404);
    }
    const listed = await h.callApi({ method: 'GET', url: '/v1/webhooks', headers: stranger.auth });
    expect(listed.json().webhooks).toEqual([]);
    const tested = await h.callApi({
      method: 'POST',
      url: `/v1/webhooks/${created.id}/test`,
      headers: stranger.auth,
    });
    expect(tested.statusCode).toBe(404);
  });
});

describe('delivery', () => {
  it('signs with the Standard Webhooks scheme (verified by the standardwebhooks package)', async () => {
    const r = await newReceiver();
    const created = await createEndpoint(r.url, ['balance.low']);
    const res = await h.callApi({
      method: 'POST',
      url: `/v1/webhooks/${created.id}/test`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      event_type: 'test',
      status: 'succeeded',
      attempts_count: 1,
    });
    expect(r.received).toHaveLength(1);
    const [got] = r.received as [Received];
    expect(got.headers['webhook-id']).toBe(res.json().event_id);
    expect(got.headers['webhook-id']).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(got.headers['content-type']).toBe('application/json');
    const verified = new Webhook(created.secret).verify(got.body, {
      'webhook-id': got.headers['webhook-id'] as string,
      'webhook-timestamp': got.headers['webhook-timestamp'] as string,
      'webhook-signature': got.headers['webhook-signature'] as string,
    }) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(verified.type).toBe('test');
    expect(new Date(verified.timestamp).toISOString()).toBe(verified.timestamp);
    expect(verified.data.webhook_id).toBe(created.id);
    // A tampered body, or another secret, does not verify.
    expect(() =>
      new Webhook(created.secret).verify(got.body.replace('test', 'tost'), {
        'webhook-id': got.headers['webhook-id'] as string,
        'webhook-timestamp': got.headers['webhook-timestamp'] as string,
        'webhook-signature': got.headers['webhook-signature'] as string,
      }),
    ).toThrow();

    // Rotated: both secrets sign during the overlap; with 0 hours only the new one.
    const rotated = await h.callApi({
      method: 'POST',
      url: `/v1/webhooks/${created.id}/rotate-secret`,
      headers,
      payload: {},
    });
    const newSecret = rotated.json().secret as string;
    expect(newSecret).not.toBe(created.secret);
    await h.callApi({ method: 'POST', url: `/v1/webhooks/${created.id}/test`, headers });
    const second = r.received[1]!;
    expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [created.secret, newSecret]) {
      expect(() =>
        new Webhook(secret).verify(second.body, second.headers as Record<string, string>),
      ).not.toThrow();
    }
    await h.callApi({
      method: 'POST',
      url: `/v1/webhooks/${created.id}/rotate-secret`,
      headers,
      payload: { expire_previous_in_hours: 0 },
    });
    await h.callApi({ method: 'POST', url: `/v1/webhooks/${created.id}/test`, headers });
    const third = r.received[2]!;
    expect(String(third.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() =>
      new Webhook(newSecret).verify(third.body, third.headers as Record<string, string>),
    ).toThrow();
  });

  it('retries a 500 with the same webhook-id, logs each attempt, and replays from the log', async () => {
    const r = await newReceiver();
    r.plan.push(500);
    const created = await createEndpoint(r.url, ['balance.low']);
    const started = Date.now();
    const { id: eventId } = await publishEvent(h.db, orgId, 'balance.low', {
      balance_usd: 1.5,
      threshold_usd: 5,
    });
    await until(
      () => r.received.length,
      (n) => n >= 1,
    );
    const firstAttemptMs = Date.now() - started;
    console.log(
      `[webhooks] event → first delivery attempt: ${firstAttemptMs} ms (${process.env.DATABASE_URL ? 'PostgreSQL, LISTEN' : 'PGlite, poll 200 ms'})`,
    );
    const [pending] = await until(
      () => deliveries(created.id),
      (list) => list[0]?.status === 'pending',
    );
    expect(pending!.attempts[0]).toMatchObject({ trigger: 'scheduled', status_code: 500 });
    // The excerpt: at most 1 KB, control characters removed.
    const excerpt = pending!.attempts[0]!.response_excerpt;
    expect(excerpt.startsWith('answer 500[31m')).toBe(true);
    expect(Buffer.byteLength(excerpt)).toBeLessThanOrEqual(1024);
    expect(excerpt).not.toMatch(/\p{Cc}/u);
    // The first retry is due within 10 s.
    const due = new Date(pending!.next_attempt_at!).getTime() - Date.now();
    expect(due).toBeLessThanOrEqual(10_000);
    offsetMs += WEBHOOK_RETRY_SCHEDULE_SECONDS[0] * 1000;
    await h.api.webhooks.tick();
    await until(
      () => r.received.length,
      (n) => n >= 2,
    );
    const [done] = await until(
      () => deliveries(created.id),
      (list) => list[0]?.status === 'succeeded',
    );
    expect(done!.attempts.map((a) => a.status_code)).toEqual([200, 500]);
    expect(r.received.map((got) => got.headers['webhook-id'])).toEqual([eventId, eventId]);
    expect(r.received[0]!.body).toBe(r.received[1]!.body);

    const replay = await h.callApi({
      method: 'POST',
      url: `/v1/webhooks/deliveries/${done!.id}/replay`,
      headers,
    });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toMatchObject({ status: 'succeeded', attempts_count: 3 });
    expect(replay.json().attempts[0]).toMatchObject({ trigger: 'replay', status_code: 200 });
    expect(r.received).toHaveLength(3);
    expect(r.received[2]!.headers['webhook-id']).toBe(eventId);
    expect(r.received[2]!.body).toBe(r.received[0]!.body);
  });

  it('disables an endpoint that never answers after the whole schedule, and e-mails the owner', async () => {
    const r = await newReceiver();
    r.always('hang');
    const created = await createEndpoint(r.url, ['key.paused']);
    await publishEvent(h.db, orgId, 'key.paused', { api_key_id: 'k' });
    await until(
      () => r.received.length,
      (n) => n >= 1,
    );
    // Each retry is made when the moved clock reaches its time on the schedule.
    for (let attempt = 2; attempt <= WEBHOOK_RETRY_SCHEDULE_SECONDS.length + 1; attempt++) {
      const [row] = await until(
        () =>
          h.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.id)),
        (rows) => rows[0]?.status === 'pending' && rows[0].attempts === attempt - 1,
      );
      expect(row!.nextAttemptAt!.getTime() - row!.firstAttemptAt!.getTime()).toBe(
        WEBHOOK_RETRY_SCHEDULE_SECONDS[attempt - 2]! * 1000,
      );
      offsetMs += row!.nextAttemptAt!.getTime() - (Date.now() + offsetMs) + 1;
      await h.api.webhooks.tick();
    }
    const [failed] = await until(
      () => deliveries(created.id),
      (list) => list[0]?.status === 'failed',
    );
    expect(failed!.attempts_count).toBe(WEBHOOK_RETRY_SCHEDULE_SECONDS.length + 1);
    expect(
      failed!.attempts.every((a) => a.status_code === null && a.error?.startsWith('timeout')),
    ).toBe(true);
    expect(r.received).toHaveLength(WEBHOOK_RETRY_SCHEDULE_SECONDS.length + 1);
    const endpoint = await h.callApi({ method: 'GET', url: `/v1/webhooks/${created.id}`, headers });
    expect(endpoint.json()).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    const mail = (await until(
      () =>
        h.mail.messages.find((m: { subject: string }) =>
          m.subject.includes('webhook endpoint was disabled'),
        ),
      Boolean,
    )) as { to: string; text: string };
    expect(mail.to).toContain(`${owner.uid}@example.com`);
    expect(mail.text).toContain(created.id);
    expect(mail.text).not.toContain(created.secret);
    // Disabled: new events are not sent to it, a test is refused, replay too.
    const count = r.received.length;
    await publishEvent(h.db, orgId, 'key.paused', { api_key_id: 'k2' });
    await h.api.webhooks.tick();
    expect(r.received.length).toBe(count);
    const test = await h.callApi({
      method: 'POST',
      url: `/v1/webhooks/${created.id}/test`,
      headers,
    });
    expect(test.statusCode).toBe(409);
    const replay = await h.callApi({
      method: 'POST',
      url: `/v1/webhooks/deliveries/${failed!.id}/replay`,
      headers,
    });
    expect(replay.statusCode).toBe(409);
    // Enabled again and fixed: replay delivers.
    r.always(200);
    const enabled = await h.callApi({
      method: 'PATCH',
      url: `/v1/webhooks/${created.id}`,
      headers,
      payload: { enabled: true },
    });
    expect(enabled.json()).toMatchObject({ enabled: true, disabled_reason: null });
    const replayed = await h.callApi({
      method: 'POST',
      url: `/v1/webhooks/deliveries/${failed!.id}/replay`,
      headers,
    });
    expect(replayed.json()).toMatchObject({ status: 'succeeded' });
  }, 60_000);

  it('fans each event out exactly once per endpoint, with two workers at once', async () => {
    const a = await newReceiver();
    const b = await newReceiver();
    const ea = await createEndpoint(a.url, ['job.succeeded']);
    const eb = await createEndpoint(b.url, ['job.succeeded', 'job.failed']);
    const second = createWebhooks({
      db: h.db,
      keySecrets: h.deps.keySecrets,
      mailer: h.deps.mailer,
      local: true,
      siteUrl: h.config.siteUrl,
      settings: { timeoutMs: 400 },
    });
    second.useClock(() => Date.now() + offsetMs);
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        publishEvent(h.db, orgId, i % 3 === 0 ? 'job.failed' : 'job.succeeded', {
          job_id: `job_${i}`,
        }),
      ),
    );
    await Promise.all([h.api.webhooks.tick(), second.tick(), h.api.webhooks.tick(), second.tick()]);
    await until(
      () => a.received.length + b.received.length,
      (n) => n >= 20 + 30,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(a.received).toHaveLength(20);
    expect(b.received).toHaveLength(30);
    expect(new Set(b.received.map((got) => got.headers['webhook-id'])).size).toBe(30);
    const rows = await h.db
      .select({ count: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.endpointId} in (${ea.id}, ${eb.id})`);
    expect(rows[0]!.count).toBe(50);
    const undispatched = await h.db
      .select({ id: events.id })
      .from(events)
      .where(
        and(sql`${events.id} in ${ids.map((e) => e.id)}`, sql`${events.dispatchedAt} is null`),
      );
    expect(undispatched).toEqual([]);
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL: a lost LISTEN connection', () => {
  it('is reopened, and events are still delivered without waiting for the poll', async () => {
    await until(() => h.api.webhooks.listening(), Boolean);
    const r = await newReceiver();
    await createEndpoint(r.url, ['job.failed']);
    const measure = async (label: string) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const count = r.received.length;
        const started = Date.now();
        await publishEvent(h.db, orgId, 'job.failed', { job_id: `job_${label}_${i}` });
        await until(
          () => r.received.length,
          (n) => n > count,
        );
        times.push(Date.now() - started);
      }
      console.log(
        `[webhooks] PostgreSQL, LISTEN, ${label}: event → first attempt: ${times.join(', ')} ms`,
      );
      return times.sort((a, b) => a - b);
    };
    // Before: the pool's connections are still being opened (SCRAM), so these are slower.
    await measure('before the cut');
    // Every LISTEN connection of this database is cut, as a restart or failover would.
    await h.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
    );
    await until(() => !h.api.webhooks.listening(), Boolean);
    await until(() => h.api.webhooks.listening(), Boolean, 15_000);
    // The poll is made a minute long: what arrives within seconds was woken by NOTIFY.
    const { settings } = h.api.webhooks;
    const poll = settings.pollMs;
    settings.pollMs = 60_000;
    await new Promise((resolve) => setTimeout(resolve, poll + 100));
    const times = await measure('after the cut').finally(() => {
      settings.pollMs = poll;
    });
    expect(times[4]).toBeLessThan(5_000);
    expect(times[2]).toBeLessThan(1_000);
  });
});

describe('SSRF (production mode)', () => {
  it('refuses private, loopback, link-local and metadata endpoint URLs; http too', async () => {
    const names: Record<string, string> = {
      'internal.example.com': '10.1.2.3',
      'hooks.example.com': '93.184.216.34',
      'metadata.example.com': '169.254.169.254',
    };
    const prod = await buildAccountApp({
      ...h.deps,
      config: { ...h.config, local: false, webhooks: { worker: false } },
      webhookLookup: async (host) => [{ address: names[host] ?? '203.0.113.9', family: 4 }],
    });
    await prod.ready();
    try {
      const call = (url: string) =>
        prod.inject({
          method: 'POST',
          url: '/v1/webhooks',
          headers,
          payload: { url, events: ['balance.low'] },
        });
      for (const url of [
        'https://127.0.0.1/hook',
        'https://localhost.:8443/hook'.replace('localhost.', '127.0.0.2'),
        'https://10.0.0.1/hook',
        'https://192.168.1.10/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/hook',
        'https://[::ffff:127.0.0.1]/hook',
        'https://[::ffff:a9fe:a9fe]/hook',
        'https://[fd00:ec2::254]/hook',
        'https://internal.example.com/hook',
        'https://metadata.example.com/hook',
        'https://hooks.example.com:6379/hook',
        'http://hooks.example.com/hook',
      ]) {
        const res = await call(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().code).toBe('invalid_request');
      }
      const ok = await call('https://hooks.example.com/hook');
      expect(ok.statusCode, ok.body).toBe(200);
      // The name later resolves to a private address: the delivery is refused at connect time.
      names['hooks.example.com'] = '10.9.9.9';
      const test = await prod.inject({
        method: 'POST',
        url: `/v1/webhooks/${ok.json().id}/test`,
        headers,
      });
      expect(test.statusCode, test.body).toBe(200);
      expect(test.json().attempts[0].status_code).toBeNull();
      expect(test.json().attempts[0].error).toMatch(/^refused: .*private/);
      await prod.inject({ method: 'DELETE', url: `/v1/webhooks/${ok.json().id}`, headers });
    } finally {
      await prod.close();
    }
  });
});

describe('events where they happen', () => {
  it('payment.succeeded, balance.low and key.paused are published with ids and figures, no secrets', async () => {
    const buyer = await registerUser(h, { name: 'Event Org' });
    const [org] = await h.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Event Org'));
    await buyCredits(h, buyer, 10);
    const paid = await h.db
      .select()
      .from(events)
      .where(and(eq(events.organizationId, org!.id), eq(events.type, 'payment.succeeded')));
    expect(paid).toHaveLength(1);
    expect(paid[0]!.data).toMatchObject({ amount_usd: 10, provider: 'sandbox' });

    const settings = await h.callApi({
      method: 'PUT',
      url: '/v1/billing/settings',
      headers: buyer.auth,
      payload: { low_balance_threshold_usd: 50 },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const [fresh] = await h.db.select().from(organizations).where(eq(organizations.id, org!.id));
    h.deps.billing.afterUsage(fresh!, fresh!.balanceMicros);
    await h.deps.billing.idle();
    const low = await h.db
      .select()
      .from(events)
      .where(and(eq(events.organizationId, org!.id), eq(events.type, 'balance.low')));
    expect(low).toHaveLength(1);
    expect(low[0]!.data).toEqual({ balance_usd: 10, threshold_usd: 50 });

    expect(await h.deps.repos.apiKeys.pauseForSpendSpike(buyer.playgroundKey.id, org!.id)).toBe(
      true,
    );
    const paused = await h.db
      .select()
      .from(events)
      .where(and(eq(events.organizationId, org!.id), eq(events.type, 'key.paused')));
    expect(paused).toHaveLength(1);
    expect(paused[0]!.data).toMatchObject({
      api_key_id: buyer.playgroundKey.id,
      reason: 'spend_spike',
    });
    expect(JSON.stringify(paused[0]!.data)).not.toContain(buyer.playgroundKey.key);
    // Not twice: a second pause of a paused key publishes nothing.
    expect(await h.deps.repos.apiKeys.pauseForSpendSpike(buyer.playgroundKey.id, org!.id)).toBe(
      false,
    );
    const endpoints = await h.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.organizationId, org!.id));
    expect(endpoints).toEqual([]);
  });
});
