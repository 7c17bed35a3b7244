/**
 * The events API (issue 35): `GET /v1/events` (newest first, keyset pages, filters), one event,
 * and the live stream `GET /v1/events/stream` (Server-Sent Events) that `visionapi listen`
 * forwards: an event published after connecting arrives as a webhook would carry it, a stream
 * resumed with Last-Event-ID gets exactly the events after that one, the streams of one
 * organization are capped, a deleted admin key's stream ends, and events older than the
 * retention are swept with their deliveries. Runs on PGlite and, with DATABASE_URL, on
 * PostgreSQL (where NOTIFY wakes the hub without waiting for its poll).
 */
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountApp } from '../../server/src/app';
import { rowsOf } from '../../server/src/db/rows';
import {
  events,
  organizations,
  webhookDeliveries,
  webhookEndpoints,
} from '../../server/src/db/schema';
import { publishEvent, sweepEvents } from '../../server/src/services/events';
import { webhookBody } from '../../server/src/services/webhooks';
import { addMember, createHarness, registerUser, type Harness, type TestUser } from './helpers';

async function until<T>(what: () => Promise<T> | T, ok: (value: T) => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

interface Frame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

/** A Server-Sent Events client over fetch: the frames as they arrive. */
async function openStream(url: string, headers: Record<string, string>) {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const frames: Frame[] = [];
  let ended = false;
  if (response.ok && response.body) {
    void (async () => {
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const frame: Frame = {};
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) frame.comment = line.slice(1).trim();
              else if (line.startsWith('id: ')) frame.id = line.slice(4);
              else if (line.startsWith('event: ')) frame.event = line.slice(7);
              else if (line.startsWith('data: ')) frame.data = line.slice(6);
            }
            frames.push(frame);
          }
        }
      } catch {
        // Aborted by the test.
      } finally {
        ended = true;
      }
    })();
  }
  return {
    response,
    frames,
    events: () => frames.filter((frame) => frame.id),
    ended: () => ended,
    close: () => abort.abort(),
  };
}
type Stream = Awaited<ReturnType<typeof openStream>>;

let h: Harness;
let app: FastifyInstance;
let base: string;
let owner: TestUser;
let orgId: string;
let headers: Record<string, string>;
let admin: { authorization: string };
let adminKeyId: string;
const streams: Stream[] = [];

async function stream(query = '', extra: Record<string, string> = {}) {
  const opened = await openStream(`${base}/v1/events/stream${query}`, { ...admin, ...extra });
  streams.push(opened);
  return opened;
}

const get = (url: string, auth: Record<string, string> = headers) =>
  h.callApi({ method: 'GET', url, headers: auth });

beforeAll(async () => {
  h = await createHarness();
  owner = await registerUser(h);
  const [org] = await h.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.ownerUid, owner.uid));
  orgId = org!.id;
  headers = { ...owner.auth, 'x-organization-id': orgId };
  const made = await h.callApi({
    method: 'POST',
    url: '/v1/admin-keys',
    headers,
    payload: { name: 'listen', role: 'developer' },
  });
  expect(made.statusCode, made.body).toBe(200);
  admin = { authorization: `Bearer ${made.json().key}` };
  adminKeyId = made.json().id;
  // An API that listens, with a fast heartbeat and credential re-check (the harness's own
  // answers app.inject only, which cannot read a stream).
  app = await buildAccountApp({
    ...h.deps,
    config: { ...h.config, webhooks: { worker: false } },
    eventStreamSettings: { heartbeatMs: 300, recheckMs: 300, pollMs: 200 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

// A test that fails midway leaves no stream open for the next (the per-organization cap).
afterEach(() => {
  for (const opened of streams.splice(0)) opened.close();
});

afterAll(async () => {
  for (const s of streams) s.close();
  await app?.close();
  await h?.close();
});

describe('GET /v1/events', () => {
  let published: string[] = [];

  beforeAll(async () => {
    published = [];
    const types = [
      'job.succeeded',
      'job.failed',
      'balance.low',
      'key.paused',
      'payment.succeeded',
    ] as const;
    for (let i = 0; i < 25; i++) {
      const { id } = await publishEvent(h.db, orgId, types[i % 5]!, { n: i });
      published.push(id);
    }
  });

  it('lists newest first in pages that neither skip nor repeat, by cursor or by starting_after', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await get(`/v1/events?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.statusCode, page.body).toBe(200);
      const body = page.json();
      seen.push(...body.events.map((e: { id: string }) => e.id));
      expect(body.has_more).toBe(body.next_cursor !== null);
      cursor = body.next_cursor;
    } while (cursor);
    const ours = seen.filter((id) => published.includes(id));
    // Newest first: by time, then id. Events published within one tick of the database's clock
    // (PGlite's is coarser than PostgreSQL's microseconds) share a time, and their ids decide.
    const stored = rowsOf<{ id: string }>(
      await h.db.execute(
        sql`select id from events where organization_id = ${orgId}
            order by created_at desc, id desc`,
      ),
    )
      .map((row) => row.id)
      .filter((id) => published.includes(id));
    expect(stored).toHaveLength(published.length);
    expect(ours).toEqual(stored);
    // And that order is the order of publication wherever the clock told them apart.
    const times = new Map(
      rowsOf<{ id: string; us: string }>(
        await h.db.execute(
          sql`select id, (extract(epoch from created_at) * 1000000)::bigint::text as us
              from events where organization_id = ${orgId}`,
        ),
      ).map((row) => [row.id, BigInt(row.us)]),
    );
    const publishedUs = published.map((id) => times.get(id)!);
    for (let i = 1; i < publishedUs.length; i++)
      expect(publishedUs[i]! >= publishedUs[i - 1]!).toBe(true);
    expect(new Set(seen).size).toBe(seen.length);

    const byId: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await get(`/v1/events?limit=10${after ? `&starting_after=${after}` : ''}`);
      const body = page.json();
      byId.push(...body.events.map((e: { id: string }) => e.id));
      if (!body.has_more) break;
      after = body.events.at(-1).id;
    }
    expect(byId).toEqual(seen);
  });

  it('shows each event as a webhook delivery carries it, and filters by type and time', async () => {
    const newest = (await get('/v1/events?limit=1')).json().events[0];
    const [row] = await h.db.select().from(events).where(eq(events.id, newest.id));
    expect(newest).toEqual({
      id: row!.id,
      type: row!.type,
      created_at: row!.createdAt.toISOString(),
      data: row!.data,
    });
    const failed = (await get('/v1/events?type=job.failed&limit=100')).json().events;
    expect(failed.length).toBe(5);
    expect(failed.every((e: { type: string }) => e.type === 'job.failed')).toBe(true);
    const middle = (await get(`/v1/events/${published[12]}`)).json();
    const later = (
      await get(`/v1/events?limit=100&created_after=${encodeURIComponent(middle.created_at)}`)
    ).json().events;
    // Times are kept to the microsecond (PGlite's clock ticks by the millisecond) and shown to
    // the millisecond, and created_after is exclusive: an event after the middle one is left out
    // only when it was stored at exactly the middle one's shown instant (the same tick); the
    // middle event itself may be just after its own millisecond; nothing before it is.
    const laterIds = later.map((e: { id: string }) => e.id);
    const shownUs = BigInt(new Date(middle.created_at).getTime()) * 1000n;
    const stored = new Map(
      rowsOf<{ id: string; us: string }>(
        await h.db.execute(
          sql`select id, (extract(epoch from created_at) * 1000000)::bigint::text as us
              from events where organization_id = ${orgId}`,
        ),
      ).map((row) => [row.id, BigInt(row.us)]),
    );
    const after = published.slice(13).filter((id) => stored.get(id)! > shownUs);
    expect(laterIds).toEqual(expect.arrayContaining(after));
    expect(published.slice(13).filter((id) => !after.includes(id))).toEqual(
      published.slice(13).filter((id) => stored.get(id) === shownUs),
    );
    expect(after.length).toBeGreaterThan(0);
    expect(laterIds.filter((id: string) => published.slice(0, 12).includes(id))).toEqual([]);
    expect(later.every((e: { created_at: string }) => e.created_at >= middle.created_at)).toBe(
      true,
    );
    const one = await get(`/v1/events/${published[3]}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: published[3], type: 'key.paused', data: { n: 3 } });
  });

  it('refuses hostile limits, cursors, ids and types with a 400, and unknown ids with a 404', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=-1',
      'limit=abc',
      'limit=1e9',
      `cursor=${'A'.repeat(5000)}`,
      'cursor=bm90IGEgY3Vyc29y',
      'cursor=%00%01',
      'type=nope',
      'type=job.failed&type=job.succeeded',
      'starting_after=evt_XYZ',
      `starting_after=evt_${'0'.repeat(10_000)}`,
      'created_after=yesterday',
      'created_after=2026-13-45T00:00:00Z',
    ]) {
      const res = await get(`/v1/events?${query}`);
      expect(res.statusCode, `${query.slice(0, 40)}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
    for (const id of [
      'nope',
      'evt_%00',
      `evt_${'a'.repeat(5000)}`,
      'evt_ZZZZZZZZZZZZZZZZZZZZZZZZ',
    ]) {
      const res = await get(`/v1/events/${id}`);
      expect([400, 414], `${id.slice(0, 40)}: ${res.body}`).toContain(res.statusCode);
    }
    expect((await get('/v1/events/evt_000000000000000000000000')).statusCode).toBe(404);
    const unknownAfter = await get('/v1/events?starting_after=evt_000000000000000000000000');
    expect(unknownAfter.statusCode).toBe(404);
  });

  it('answers viewers and developers (and their admin keys), not billing members; never another organization', async () => {
    const viewer = await addMember(h, owner, orgId, 'viewer');
    const billing = await addMember(h, owner, orgId, 'billing');
    expect(
      (await get('/v1/events', { ...viewer.auth, 'x-organization-id': orgId })).statusCode,
    ).toBe(200);
    expect((await get('/v1/events', admin)).statusCode).toBe(200);
    const refused = await get('/v1/events', { ...billing.auth, 'x-organization-id': orgId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('role_forbidden');
    const streamRefused = await openStream(`${base}/v1/events/stream`, {
      ...billing.auth,
      'x-organization-id': orgId,
    });
    expect(streamRefused.response.status).toBe(403);

    // Another organization and its admin key see none of these events.
    const other = await registerUser(h);
    const otherKey = await h.callApi({
      method: 'POST',
      url: '/v1/admin-keys',
      headers: other.auth,
      payload: { name: 'other', role: 'admin' },
    });
    const otherAuth = { authorization: `Bearer ${otherKey.json().key}` };
    const theirs = (await get('/v1/events?limit=100', otherAuth)).json().events;
    expect(theirs.filter((e: { id: string }) => published.includes(e.id))).toEqual([]);
    expect((await get(`/v1/events/${published[0]}`, otherAuth)).statusCode).toBe(404);
    expect((await get(`/v1/events?starting_after=${published[0]}`, otherAuth)).statusCode).toBe(
      404,
    );
    const named = await get('/v1/events', { ...otherAuth, 'x-organization-id': orgId });
    expect(named.statusCode).toBe(404);
    expect(named.json().code).toBe('organization_not_found');
    const resume = await openStream(`${base}/v1/events/stream`, {
      ...otherAuth,
      'last-event-id': published[0]!,
    });
    expect(resume.response.status).toBe(404);
  });
});

/** Event ids in the order the API gives them: by stored time, then id. */
async function storedOrder(ids: string[]): Promise<string[]> {
  const stored = new Map(
    rowsOf<{ id: string; us: string }>(
      await h.db.execute(
        sql`select id, (extract(epoch from created_at) * 1000000)::bigint::text as us from events where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    ).map((row) => [row.id, BigInt(row.us)]),
  );
  return [...ids].sort((a, b) => {
    const [x, y] = [stored.get(a)!, stored.get(b)!];
    return x < y ? -1 : x > y ? 1 : a < b ? -1 : 1;
  });
}

describe('GET /v1/events/stream', () => {
  it('sends an event published after connecting as a webhook would carry it, and heartbeats', async () => {
    const s = await stream();
    expect(s.response.status).toBe(200);
    expect(s.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.response.headers.get('cache-control')).toContain('no-cache');
    await until(
      () => s.frames.length,
      (n) => n > 0,
    );
    const { id } = await publishEvent(h.db, orgId, 'job.succeeded', { object: 'job', id: 'job_1' });
    const [frame] = await until(s.events, (list) => list.length > 0);
    const [row] = await h.db.select().from(events).where(eq(events.id, id));
    expect(frame).toEqual({ id, event: 'job.succeeded', data: webhookBody(row!) });
    expect(JSON.parse(frame!.data!)).toEqual({
      type: 'job.succeeded',
      timestamp: row!.createdAt.toISOString(),
      data: { object: 'job', id: 'job_1' },
    });
    await until(
      () => s.frames.filter((f) => f.comment === 'keep-alive').length,
      (n) => n >= 2,
    );
    expect(s.events()).toHaveLength(1);
    s.close();
  });

  it('sends only the types asked for, and none of another organization', async () => {
    const s = await stream('?types=balance.low,test');
    await until(
      () => s.frames.length,
      (n) => n > 0,
    );
    const other = await registerUser(h);
    const [otherOrg] = await h.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.ownerUid, other.uid));
    await publishEvent(h.db, otherOrg!.id, 'balance.low', { theirs: true });
    await publishEvent(h.db, orgId, 'job.failed', { skipped: true });
    const low = await publishEvent(h.db, orgId, 'balance.low', { ours: true });
    const test = await publishEvent(h.db, orgId, 'test', { ours: true });
    const got = await until(s.events, (list) => list.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // In the stream's order: by time, then id (two events in one tick of PGlite's clock).
    const order = await storedOrder([low.id, test.id]);
    expect(s.events().map((f) => f.id)).toEqual(order);
    expect(got.map((f) => f.event)).toEqual(
      order.map((id) => (id === low.id ? 'balance.low' : 'test')),
    );
    s.close();
  });

  it('resumes after Last-Event-ID (or ?after=) with exactly the events after that one', async () => {
    const first = await stream();
    await until(
      () => first.frames.length,
      (n) => n > 0,
    );
    const a = await publishEvent(h.db, orgId, 'job.succeeded', { n: 'a' });
    const b = await publishEvent(h.db, orgId, 'job.succeeded', { n: 'b' });
    await until(first.events, (list) => list.length === 2);
    first.close();
    // Published while no stream was open.
    const missed: string[] = [];
    for (const n of ['c', 'd', 'e'])
      missed.push((await publishEvent(h.db, orgId, 'job.failed', { n })).id);

    const resumed = await stream('', { 'last-event-id': a.id });
    expect(resumed.response.status).toBe(200);
    await until(resumed.events, (list) => list.length >= 4);
    const live = await publishEvent(h.db, orgId, 'job.succeeded', { n: 'f' });
    await until(resumed.events, (list) => list.length >= 5);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Caught up by time, then id (events in one tick of PGlite's clock), then the live one.
    expect(resumed.events().map((f) => f.id)).toEqual([
      ...(await storedOrder([b.id, ...missed])),
      live.id,
    ]);
    resumed.close();

    const byQuery = await stream(`?after=${missed[1]}&types=job.failed`);
    await until(byQuery.events, (list) => list.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(byQuery.events().map((f) => f.id)).toEqual([missed[2]]);
    byQuery.close();
  });

  it('refuses a resume point it cannot honour, and hostile parameters', async () => {
    const unknown = await stream('', { 'last-event-id': 'evt_000000000000000000000000' });
    expect(unknown.response.status).toBe(404);
    // An event older than the catch-up window: 410, read it with GET /v1/events.
    const { id: old } = await publishEvent(h.db, orgId, 'test', { old: true });
    await h.db
      .update(events)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(events.id, old));
    const gone = await stream('', { 'last-event-id': old });
    expect(gone.response.status).toBe(410);
    expect((await gone.response.json()).code).toBe('gone');
    for (const query of [
      '?types=nope',
      '?types=job.failed,',
      `?types=${'job.failed,'.repeat(40)}job.failed`,
      '?types=job.failed&types=test',
      '?types=%0a',
      '?after=evt_1',
      '?after=../../etc',
    ]) {
      const res = await stream(query);
      res.close();
      expect(res.response.status, query).toBe(400);
    }
    for (const value of ['evt_1', 'x'.repeat(300), 'evt_00000000000000000000000g']) {
      const res = await stream('', { 'last-event-id': value });
      expect(res.response.status, value.slice(0, 20)).toBe(400);
    }
  });

  it('holds at most 5 streams per organization: the 6th gets 429 with Retry-After', async () => {
    await until(
      () => app.eventStreams.openStreams(orgId),
      (n) => n === 0,
    );
    const open: Stream[] = [];
    for (let i = 0; i < 5; i++) {
      const s = await stream();
      expect(s.response.status).toBe(200);
      open.push(s);
    }
    const sixth = await stream();
    expect(sixth.response.status).toBe(429);
    expect(Number(sixth.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await sixth.response.json()).code).toBe('rate_limited');
    // Another organization is not held back by this one's streams.
    const other = await registerUser(h);
    const otherKey = await h.callApi({
      method: 'POST',
      url: '/v1/admin-keys',
      headers: other.auth,
      payload: { name: 'other', role: 'viewer' },
    });
    const theirs = await openStream(`${base}/v1/events/stream`, {
      authorization: `Bearer ${otherKey.json().key}`,
    });
    streams.push(theirs);
    expect(theirs.response.status).toBe(200);
    theirs.close();
    open[0]!.close();
    await until(
      () => app.eventStreams.openStreams(orgId),
      (n) => n === 4,
    );
    const again = await stream();
    expect(again.response.status).toBe(200);
    for (const s of [...open, again]) s.close();
    await until(
      () => app.eventStreams.openStreams(orgId),
      (n) => n === 0,
    );

    // Opened all at once: still exactly 5.
    const burst = await Promise.all(Array.from({ length: 8 }, () => stream()));
    expect(burst.filter((s) => s.response.status === 200)).toHaveLength(5);
    expect(burst.filter((s) => s.response.status === 429)).toHaveLength(3);
    for (const s of burst) s.close();
    await until(
      () => app.eventStreams.openStreams(orgId),
      (n) => n === 0,
    );
  });

  it('ends the stream of an admin key that is deleted, and of a member who is removed', async () => {
    const made = await h.callApi({
      method: 'POST',
      url: '/v1/admin-keys',
      headers,
      payload: { name: 'short-lived', role: 'viewer' },
    });
    const s = await openStream(`${base}/v1/events/stream`, {
      authorization: `Bearer ${made.json().key}`,
    });
    streams.push(s);
    expect(s.response.status).toBe(200);
    await until(
      () => s.frames.length,
      (n) => n > 0,
    );
    const deleted = await h.callApi({
      method: 'DELETE',
      url: `/v1/admin-keys/${made.json().id}`,
      headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await until(s.ended, Boolean, 5_000);

    const viewer = await addMember(h, owner, orgId, 'viewer');
    const v = await openStream(`${base}/v1/events/stream`, {
      ...viewer.auth,
      'x-organization-id': orgId,
    });
    streams.push(v);
    expect(v.response.status).toBe(200);
    await until(
      () => v.frames.length,
      (n) => n > 0,
    );
    const removed = await h.callApi({
      method: 'DELETE',
      url: `/v1/team/members/${viewer.uid}`,
      headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await until(v.ended, Boolean, 5_000);
    expect(adminKeyId).toBeTruthy();
  });
});

describe('retention', () => {
  it('deletes events older than 30 days with their deliveries, by the database clock', async () => {
    const { id: old } = await publishEvent(h.db, orgId, 'balance.low', { old: true });
    const { id: recent } = await publishEvent(h.db, orgId, 'balance.low', { recent: true });
    const [endpoint] = await h.db
      .insert(webhookEndpoints)
      .values({
        id: 'we_retention00000000000000',
        organizationId: orgId,
        url: 'https://example.com/hook',
        events: ['balance.low'],
        // Disabled: the webhook worker fans nothing out to it; this test writes its delivery.
        enabled: false,
        secretEncrypted: h.deps.keySecrets.encrypt('whsec_AAAA'),
      })
      .returning();
    await h.db.insert(webhookDeliveries).values({
      id: 'whd_retention000000',
      organizationId: orgId,
      endpointId: endpoint!.id,
      eventId: old,
      eventType: 'balance.low',
      status: 'succeeded',
    });
    await h.db
      .update(events)
      .set({ createdAt: sql`now() - interval '30 days 1 minute'` })
      .where(eq(events.id, old));
    await h.db
      .update(events)
      .set({ createdAt: sql`now() - interval '29 days 23 hours'` })
      .where(eq(events.id, recent));
    expect(await sweepEvents(h.db)).toBeGreaterThanOrEqual(1);
    expect(await h.db.select().from(events).where(eq(events.id, old))).toEqual([]);
    expect(
      await h.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, old)),
    ).toEqual([]);
    expect(await h.db.select().from(events).where(eq(events.id, recent))).toHaveLength(1);
    expect((await get(`/v1/events/${old}`)).statusCode).toBe(404);
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL: NOTIFY wakes the hub', () => {
  it('sends an event within a second while the poll is a minute long', async () => {
    const settings = app.eventStreams.settings;
    const poll = settings.pollMs;
    settings.pollMs = 60_000;
    const s = await stream();
    try {
      await until(
        () => s.frames.length,
        (n) => n > 0,
      );
      // The hub's first poll was scheduled with the short poll: let it pass.
      await new Promise((resolve) => setTimeout(resolve, poll + 100));
      const started = Date.now();
      const { id } = await publishEvent(h.db, orgId, 'job.succeeded', { notify: true });
      await until(s.events, (list) => list.some((f) => f.id === id), 5_000);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      settings.pollMs = poll;
      s.close();
    }
  });
});
