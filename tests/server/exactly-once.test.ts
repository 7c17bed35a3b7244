/**
 * Exactly once, piece by piece (PGlite, and PostgreSQL with DATABASE_URL; the whole thing under
 * real faults is tests/faults). A call abandoned by a process that died is recognised by the
 * database's clock (a lapsed lease, or a legacy record's microsecond timestamp), its hold goes
 * back and a retry runs it once; a capture is fenced by its attempt, takes a swept hold again
 * rather than answering uncharged, and never charges a hold twice; the lease keeper renews what
 * runs and sweeps what lapsed; a refused hold names the figures read under lock; a lost database
 * connection answers 503 with Retry-After and one log line without parameters.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_DEPLOYMENTS } from '@contract';
import { describeDatabaseError } from '../../server/src/lib/database-errors';
import { createLeaseKeeper } from '../../server/src/lib/leases';
import { createCallsRepository } from '../../server/src/repositories/calls';
import { registerHttpBasics } from '../../server/src/plugins/http';
import { requestDigest } from '../../server/src/services/app';
import { validateParams } from '../../server/src/services/input';
import {
  buyCredits,
  createHarness,
  registerUser,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';

const PATH = 'image-classification' as const;
/** Image classification's price, micro-dollars (read from the pricing table). */
let PRICE = 0;
let h: Harness;
let user: TestUser;
let image: string;
let keyId: string;
let organizationId: string;

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  return rows<T>(await h.db.execute(query))[0]!;
}
const balance = async () =>
  Number(
    (
      await one<{ b: string }>(
        sql`select balance_micros as b from organizations where id = ${organizationId}`,
      )
    ).b,
  );
const charges = async () =>
  Number(
    (
      await one<{ n: string }>(
        sql`select count(*) as n from ledger_entries where organization_id = ${organizationId} and kind = 'usage'`,
      )
    ).n,
  );
const held = async () =>
  Number(
    (
      await one<{ n: string }>(
        sql`select count(*) as n from usage_reservations where organization_id = ${organizationId} and status = 'held'`,
      )
    ).n,
  );

const call = (idempotencyKey?: string) =>
  h.callServices({
    method: 'POST',
    url: `/${PATH}`,
    headers: {
      'api-key': user.playgroundKey.key,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    payload: { image },
  });

/** One call as `vapi_begin_many` reads it (migration 0026): a hold of PATH's price for the key. */
const beginManyItem = (scope: string, key: string, hash: string, attempt: string) => ({
  scope,
  key,
  hash,
  attempt,
  lease_ms: 10000,
  hold: true,
  organization: organizationId,
  api_key: keyId,
  deployment: PATH,
  spike_factor: 10,
  spike_floor: 1000000000,
});

/** The claim the route makes for `call(key)`: the same scope and request digest. */
function claimOf(key: string) {
  const params = validateParams(PUBLIC_DEPLOYMENTS[PATH].params, PATH, {});
  return {
    scope: `services:${keyId}`,
    key,
    requestHash: requestDigest(PATH, Buffer.from(image, 'base64'), params),
  };
}

/** A call begun by a process that then died: its record and hold, as it left them. */
async function abandonedCall(key: string, leaseMs = 60_000) {
  const attempt = randomUUID();
  const begun = await h.deps.repos.calls.begin({
    claim: claimOf(key),
    attempt,
    leaseMs,
    charge: {
      organizationId,
      apiKeyId: keyId,
      deployment: PATH,
      spendSpike: h.config.spendSpike,
    },
  });
  if (begun.kind !== 'new' || !begun.hold) throw new Error(`begin: ${JSON.stringify(begun)}`);
  return { attempt, hold: begun.hold };
}

beforeAll(async () => {
  h = await createHarness();
  user = await registerUser(h);
  await buyCredits(h, user, 10);
  image = (await testImage('png', 48, 32)).toString('base64');
  keyId = user.playgroundKey.id;
  PRICE = Number(
    (
      await one<{ p: string }>(
        sql`select price_per_call_micros as p from deployments where path = ${PATH}`,
      )
    ).p,
  );
  organizationId = (
    await one<{ id: string }>(sql`select organization_id as id from api_keys where id = ${keyId}`)
  ).id;
});
afterAll(async () => {
  await h?.close();
});

describe('an abandoned call is recognised by the database clock', () => {
  it('while its lease runs, a retry is told how long to wait (409, Retry-After within the lease)', async () => {
    const key = `running-${randomUUID()}`;
    const { hold } = await abandonedCall(key, 8_000);
    const retry = await call(key);
    expect(retry.statusCode).toBe(409);
    const wait = Number(retry.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(8);
    await h.deps.repos.calls.release(hold.id);
  });

  it('once its lease lapsed, a retry takes it over: the old hold goes back, the call is charged once', async () => {
    const key = `lapsed-${randomUUID()}`;
    const before = { balance: await balance(), charges: await charges() };
    const { hold } = await abandonedCall(key);
    await h.db.execute(
      sql`update usage_reservations set lease_until = now() - interval '1 millisecond' where id = ${hold.id}`,
    );
    await h.db.execute(
      sql`update idempotency_records set lease_until = now() - interval '1 millisecond' where key = ${key}`,
    );
    const retry = await call(key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await charges()).toBe(before.charges + 1);
    expect(await balance()).toBe(before.balance - PRICE);
    const old = await one<{ status: string }>(
      sql`select status from usage_reservations where id = ${hold.id}`,
    );
    expect(old.status).toBe('released');
    // And the answer is now stored: the same key replays it, uncharged.
    const again = await call(key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().usage.transaction_id).toBe(retry.json().usage.transaction_id);
    expect(await charges()).toBe(before.charges + 1);
  });

  it('a record from before leases, 5 minutes old to the microsecond, is taken over (not blocked for a day)', async () => {
    const key = `legacy-${randomUUID()}`;
    const claim = claimOf(key);
    // As the old code left it: no lease, no attempt, a microsecond created_at.
    await h.db.execute(sql`
      insert into idempotency_records (scope, key, request_hash, state, created_at)
      values (${claim.scope}, ${key}, ${claim.requestHash}, 'in_progress',
        now() - interval '5 minutes 0.000123 seconds')`);
    const retry = await call(key);
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it('a legacy record younger than 5 minutes still answers 409 with the seconds left', async () => {
    const key = `legacy-young-${randomUUID()}`;
    const claim = claimOf(key);
    await h.db.execute(sql`
      insert into idempotency_records (scope, key, request_hash, state, created_at)
      values (${claim.scope}, ${key}, ${claim.requestHash}, 'in_progress', now() - interval '4 minutes')`);
    const retry = await call(key);
    expect(retry.statusCode).toBe(409);
    const wait = Number(retry.headers['retry-after']);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(61);
  });

  it('an answer older than 24 hours is forgotten: the key runs again', async () => {
    const key = `old-${randomUUID()}`;
    const first = await call(key);
    expect(first.statusCode).toBe(200);
    await h.db.execute(
      sql`update idempotency_records set created_at = now() - interval '24 hours 1 second' where key = ${key}`,
    );
    const before = await charges();
    const again = await call(key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await charges()).toBe(before + 1);
  });
});

describe('the capture is fenced', () => {
  it('an attempt whose key was taken over cannot charge or store its answer', async () => {
    const key = `fenced-${randomUUID()}`;
    const before = await charges();
    const first = await abandonedCall(key);
    await h.db.execute(
      sql`update idempotency_records set lease_until = now() - interval '1 millisecond' where key = ${key}`,
    );
    const second = await h.deps.repos.calls.begin({
      claim: claimOf(key),
      attempt: randomUUID(),
      leaseMs: 60_000,
      charge: {
        organizationId,
        apiKeyId: keyId,
        deployment: PATH,
        spendSpike: h.config.spendSpike,
      },
    });
    expect(second.kind).toBe('new');
    const late = await h.deps.repos.calls.capture({
      holdId: first.hold.id,
      entryId: randomUUID(),
      apiKeyName: 'late',
      claim: claimOf(key),
      attempt: first.attempt,
      statusCode: 200,
      response: { late: true },
      leaseMs: 60_000,
      spendSpike: h.config.spendSpike,
    });
    expect(late.kind).toBe('superseded');
    expect(await charges()).toBe(before);
    // The takeover released the first attempt's hold: only the second one is held.
    const status = await one<{ status: string }>(
      sql`select status from usage_reservations where id = ${first.hold.id}`,
    );
    expect(status.status).toBe('released');
    if (second.kind === 'new') await h.deps.repos.calls.release(second.hold!.id);
  });

  it('a hold swept while its process could not renew it is taken again at capture: charged once, answer stored with its transaction', async () => {
    const key = `swept-${randomUUID()}`;
    const before = { balance: await balance(), charges: await charges() };
    const { attempt, hold } = await abandonedCall(key);
    // The sweep of another process released it (the lease lapsed during an outage).
    expect(await h.deps.repos.calls.release(hold.id)).toBe(true);
    expect(await balance()).toBe(before.balance);
    const entryId = randomUUID();
    const captured = await h.deps.repos.calls.capture({
      holdId: hold.id,
      entryId,
      apiKeyName: 'playground',
      claim: claimOf(key),
      attempt,
      statusCode: 200,
      response: {
        predictions: [],
        usage: { cost_usd: 0.004, remaining_credits: 1, transaction_id: entryId },
      },
      leaseMs: 60_000,
      spendSpike: h.config.spendSpike,
    });
    expect(captured.kind).toBe('captured');
    expect(await charges()).toBe(before.charges + 1);
    expect(await balance()).toBe(before.balance - PRICE);
    if (captured.kind === 'captured') {
      expect(captured.usage?.transaction_id).toBe(entryId);
      expect(captured.usage?.remaining_credits).toBe((before.balance - PRICE) / 1_000_000);
    }
    const stored = await one<{ response: { usage: { remaining_credits: number } } }>(
      sql`select response from idempotency_records where key = ${key}`,
    );
    expect(stored.response.usage.remaining_credits).toBe((before.balance - PRICE) / 1_000_000);
  });

  it('a hold already captured is never charged again', async () => {
    const hold = await h.deps.repos.ledger.reserve({
      organizationId,
      apiKeyId: keyId,
      deployment: PATH,
      spendSpike: h.config.spendSpike,
    });
    if (!('id' in hold)) throw new Error('refused');
    const before = await charges();
    expect(await h.deps.repos.ledger.capture(hold.id, 'first')).not.toBeNull();
    expect(await h.deps.repos.ledger.capture(hold.id, 'second')).toBeNull();
    const twice = await h.deps.repos.calls.capture({
      holdId: hold.id,
      entryId: randomUUID(),
      apiKeyName: 'third',
      claim: null,
      attempt: randomUUID(),
      statusCode: 200,
      response: null,
      leaseMs: 60_000,
      spendSpike: h.config.spendSpike,
    });
    expect(twice.kind).toBe('settled');
    expect(await charges()).toBe(before + 1);
  });
});

describe('the lease keeper', () => {
  it('renews what runs, and its sweep gives back only what lapsed', async () => {
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const keeper = createLeaseKeeper({ calls: h.deps.repos.calls, leaseMs: 1_000, log });
    const start = await balance();
    const heldBefore = await held();
    const hold = async () => {
      const taken = await h.deps.repos.ledger.reserve({
        organizationId,
        apiKeyId: keyId,
        deployment: PATH,
        spendSpike: h.config.spendSpike,
        leaseMs: 1_000,
      });
      if (!('id' in taken)) throw new Error('refused');
      return taken;
    };
    const running = await hold();
    const orphaned = await hold();
    const untrack = keeper.track({ holdId: running.id });
    expect(keeper.size()).toBe(1);
    const leaseOf = async (id: string) =>
      (
        await one<{ ms: string }>(
          sql`select extract(epoch from lease_until - now()) * 1000 as ms from usage_reservations where id = ${id}`,
        )
      ).ms;
    // Past the lease: the running one is renewed by the heartbeat, the orphaned one lapses.
    for (let beat = 0; beat < 6; beat++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await keeper.renew();
    }
    expect(Number(await leaseOf(running.id))).toBeGreaterThan(0);
    expect(Number(await leaseOf(orphaned.id))).toBeLessThan(0);
    expect(await keeper.sweep()).toBeGreaterThanOrEqual(1);
    const status = async (id: string) =>
      (await one<{ status: string }>(sql`select status from usage_reservations where id = ${id}`))
        .status;
    expect(await status(orphaned.id)).toBe('released');
    expect(await status(running.id)).toBe('held');
    expect(await balance()).toBe(start - PRICE);
    // Once the call ends (untracked), its lease lapses too and the sweep gives it back.
    untrack();
    expect(keeper.size()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await keeper.sweep();
    expect(await status(running.id)).toBe('released');
    expect(await balance()).toBe(start);
    expect(await held()).toBe(heldBefore);
  });
});

describe('refusals name the figures read under lock', () => {
  it('under concurrency, every cap refusal names what the key has spent when it was refused', async () => {
    const capped = await h.callApi({
      method: 'POST',
      url: '/v1/api-key',
      headers: user.auth,
      payload: { name: `capped-${randomUUID().slice(0, 8)}` },
    });
    expect(capped.statusCode, capped.body).toBe(200);
    const { id, key: secret } = capped.json() as { id: string; key: string };
    const cap = await h.callApi({
      method: 'POST',
      url: '/v1/api-key/cap',
      headers: { ...user.auth, 'x-api-key': id },
      payload: { monthly_cap_usd: 0.01 },
    });
    expect(cap.statusCode, cap.body).toBe(200);
    const fit = Math.floor(10_000 / PRICE);
    const answers = await Promise.all(
      Array.from({ length: fit + 6 }, () =>
        h.callServices({
          method: 'POST',
          url: `/${PATH}`,
          headers: { 'api-key': secret },
          payload: { image },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(fit);
    expect(statuses.filter((s) => s === 403)).toHaveLength(6);
    for (const refused of answers.filter((a) => a.statusCode === 403)) {
      expect(refused.json().error_message).toContain(
        `($${(fit * PRICE) / 1_000_000} spent this month`,
      );
    }
  });
});

describe('a lost database connection', () => {
  it('answers 503 with Retry-After and one log line with the code, never the parameters', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    await registerHttpBasics(app, {
      corsOrigins: [],
      rateLimit: { max: 100, timeWindowMs: 60_000 },
      rateLimitNamespace: 'test',
      allowedHeaders: [],
      notFoundMessage: () => 'no',
    });
    app.get('/lost', async () => {
      // As drizzle wraps node-postgres's error: the message carries the bound parameters.
      const cause = Object.assign(
        new Error('terminating connection due to administrator command'),
        {
          code: '57P01',
        },
      );
      throw Object.assign(new Error('Failed query: select 1\nparams: va_live_secret-value'), {
        name: 'DrizzleQueryError',
        cause,
      });
    });
    app.get('/cut', async () => {
      throw new Error('Connection terminated unexpectedly');
    });
    for (const url of ['/lost', '/cut']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json().error_message).toMatch(/temporarily unavailable.*Retry in 2 seconds/);
    }
    const logged = lines.filter((line) => line.includes('database unavailable'));
    expect(logged).toHaveLength(2);
    expect(lines.join('\n')).not.toContain('va_live_secret-value');
    expect(logged[0]).toContain('57P01');
    await app.close();
  });

  it('any 502, 503 or 504 without its own Retry-After gets one', async () => {
    const app = Fastify();
    await registerHttpBasics(app, {
      corsOrigins: [],
      rateLimit: { max: 100, timeWindowMs: 60_000 },
      rateLimitNamespace: 'test',
      allowedHeaders: [],
      notFoundMessage: () => 'no',
    });
    app.get('/:status', async (request, reply) =>
      reply
        .status(Number((request.params as { status: string }).status))
        .send({ error_message: 'x' }),
    );
    for (const status of [502, 503, 504]) {
      const res = await app.inject({ url: `/${status}` });
      expect(res.statusCode).toBe(status);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect((await app.inject({ url: '/500' })).headers['retry-after']).toBeUndefined();
    await app.close();
  });
});

describe('which commits wait for the disk (migration 0018)', () => {
  /** The `synchronous_commit` a statement leaves for the commit of its transaction. */
  async function commitModeAfter(statement: ReturnType<typeof sql>): Promise<string> {
    return h.db
      .transaction(async (tx) => {
        await tx.execute(statement);
        const [row] = rows<{ mode: string }>(
          await tx.execute(sql`select current_setting('synchronous_commit') as mode`),
        );
        // Nothing of this probe is kept.
        await tx.execute(sql`select set_config('synchronous_commit', 'on', true)`);
        throw Object.assign(new Error('rollback'), { mode: row!.mode });
      })
      .catch((error: { mode?: string }) => {
        if (!error.mode) throw error;
        return error.mode;
      });
  }

  it('the hold and the release commit without waiting; the capture, which charges, waits', async () => {
    const key = `durability-${randomUUID()}`;
    const claim = claimOf(key);
    const attempt = randomUUID();
    const args = sql`${claim.scope}, ${claim.key}, ${claim.requestHash}, ${attempt}::uuid, 10000,
      true, ${organizationId}::uuid, ${keyId}::uuid, ${PATH}, 10::float8, 1000000000::bigint`;
    expect(await commitModeAfter(sql`select vapi_begin(${args})`)).toBe('off');
    expect(
      await commitModeAfter(
        sql`select vapi_fail(${randomUUID()}::uuid, ${claim.scope}, ${claim.key}, ${attempt}::uuid)`,
      ),
    ).toBe('off');
    expect(
      await commitModeAfter(
        sql`select vapi_capture(null, null, null, ${claim.scope}, ${claim.key}, ${attempt}::uuid,
          200, '{}'::jsonb, 10000, 10::float8, 1000000000::bigint)`,
      ),
    ).toBe('on');
    // Calls begun and captured together (migration 0026) keep each kind's commit.
    const item = beginManyItem(claim.scope, `${claim.key}-many`, claim.requestHash, attempt);
    expect(
      await commitModeAfter(sql`select vapi_begin_many(${JSON.stringify([item])}::jsonb)`),
    ).toBe('off');
    expect(
      await commitModeAfter(
        sql`select vapi_capture_many(${JSON.stringify([
          {
            scope: claim.scope,
            key: claim.key,
            attempt,
            status: 200,
            response: {},
            lease_ms: 10000,
          },
        ])}::jsonb)`,
      ),
    ).toBe('on');
    // And the whole call still charges exactly once.
    const before = await charges();
    const first = await call(key);
    const again = await call(key);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await charges()) - before).toBe(1);
    expect(await held()).toBe(0);
  });
});

describe('calls begun and captured together (migration 0026)', () => {
  it('concurrent calls share statements, and each is charged once with its own answer', async () => {
    const stats = () => h.deps.repos.calls.batchStats();
    const before = { charges: await charges(), balance: await balance(), stats: stats() };
    const keys = Array.from({ length: 24 }, () => `batched-${randomUUID()}`);
    const answers = await Promise.all(keys.map((key) => call(key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(keys.map(() => 200));
    const ids = answers.map((answer) => answer.json().usage.transaction_id as string);
    expect(new Set(ids).size).toBe(keys.length);
    expect((await charges()) - before.charges).toBe(keys.length);
    expect(before.balance - (await balance())).toBe(keys.length * PRICE);
    expect(await held()).toBe(0);
    const after = stats();
    const begun = after.begin!.items - before.stats.begin!.items;
    const captured = after.capture!.items - before.stats.capture!.items;
    expect(begun).toBe(keys.length);
    expect(captured).toBe(keys.length);
    // Fewer statements than calls: the calls that arrived together went out together.
    expect(after.begin!.batches - before.stats.begin!.batches).toBeLessThan(keys.length);
    // Every retry replays its own stored answer, charging nothing.
    const replays = await Promise.all(keys.map((key) => call(key)));
    replays.forEach((replay, index) => expect(replay.json()).toEqual(answers[index]!.json()));
    expect((await charges()) - before.charges).toBe(keys.length);
  });

  it('with METERING_BATCH_SIZE=1 each call goes alone, with the same outcomes', async () => {
    const alone = createCallsRepository(h.db, { batch: { maxSize: 1, maxInFlight: 1 } });
    expect(alone.batchStats()).toEqual({ begin: null, capture: null });
    const claim = { scope: 'test:alone', key: `alone-${randomUUID()}`, requestHash: 'h' };
    const attempt = randomUUID();
    const spendSpike = { factor: 10, floorMicros: 1_000_000_000 };
    const before = { charges: await charges(), balance: await balance() };
    const begun = await alone.begin({
      claim,
      attempt,
      leaseMs: 10_000,
      charge: { organizationId, apiKeyId: keyId, deployment: PATH, spendSpike },
    });
    expect(begun.kind).toBe('new');
    const hold = (begun as { hold: { id: string; amountMicros: number } }).hold;
    expect(hold.amountMicros).toBe(PRICE);
    const captured = await alone.capture({
      holdId: hold.id,
      entryId: randomUUID(),
      apiKeyName: 'alone',
      claim,
      attempt,
      statusCode: 200,
      response: { ok: true },
      leaseMs: 10_000,
      spendSpike,
    });
    expect(captured.kind).toBe('captured');
    expect((await charges()) - before.charges).toBe(1);
    expect(before.balance - (await balance())).toBe(PRICE);
    const replay = await alone.begin({
      claim,
      attempt: randomUUID(),
      leaseMs: 10_000,
      charge: null,
    });
    expect(replay).toEqual({ kind: 'replay', statusCode: 200, response: { ok: true } });
  });

  it("one call's error rolls back that call alone; the others of its statement commit", async () => {
    const good = (key: string) => beginManyItem('test:batch', key, 'h', randomUUID());
    const [first, second] = [`many-${randomUUID()}`, `many-${randomUUID()}`];
    const heldBefore = await held();
    const [row] = rows<{ result: Array<Record<string, unknown>> }>(
      await h.db.execute(
        sql`select vapi_begin_many(${JSON.stringify([
          good(first),
          { ...good(`many-${randomUUID()}`), attempt: 'not-a-uuid' },
          good(second),
        ])}::jsonb) as result`,
      ),
    );
    const outcomes = row!.result;
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['held', 'error', 'held']);
    expect(outcomes[1]!.sqlstate).toBe('22P02');
    expect(await held()).toBe(heldBefore + 2);
    const records = await one<{ n: string }>(
      sql`select count(*) as n from idempotency_records where scope = 'test:batch' and key in (${first}, ${second})`,
    );
    expect(Number(records.n)).toBe(2);
    // Give both holds back (and their records), as a failed call would.
    for (const [index, key] of [first, second].entries()) {
      const outcome = outcomes[index * 2]!;
      await h.db.execute(
        sql`select vapi_fail(${String(outcome.reservation_id)}::uuid, 'test:batch', ${key}, (select attempt from idempotency_records where scope = 'test:batch' and key = ${key}))`,
      );
    }
    expect(await held()).toBe(heldBefore);
  });

  it("a capture statement inserts its calls' ledger rows together; one call's error charges nothing of it", async () => {
    const keys = [0, 1, 2].map(() => `capture-many-${randomUUID()}`);
    const attempts = keys.map(() => randomUUID());
    const [begun] = rows<{ result: Array<Record<string, unknown>> }>(
      await h.db.execute(
        sql`select vapi_begin_many(${JSON.stringify(
          keys.map((key, index) => beginManyItem('test:capture', key, 'h', attempts[index]!)),
        )}::jsonb) as result`,
      ),
    );
    expect(begun!.result.map((outcome) => outcome.outcome)).toEqual(['held', 'held', 'held']);
    const rollup = async () =>
      Number(
        (
          await one<{ n: string }>(
            sql`select coalesce(sum(entries), 0) as n from usage_daily where organization_id = ${organizationId}`,
          )
        ).n,
      );
    const before = { charges: await charges(), held: await held(), rollup: await rollup() };
    const entries = keys.map(() => randomUUID());
    const item = (index: number) => ({
      reservation: begun!.result[index]!.reservation_id,
      entry: entries[index],
      api_key_name: 'many',
      scope: 'test:capture',
      key: keys[index],
      attempt: attempts[index],
      status: 200,
      response: { index },
      lease_ms: 10000,
      spike_factor: 10,
      spike_floor: 1000000000,
    });
    const [captured] = rows<{ result: Array<Record<string, unknown>> }>(
      await h.db.execute(
        sql`select vapi_capture_many(${JSON.stringify([
          item(0),
          { ...item(1), entry: 'not-a-uuid' },
          item(2),
        ])}::jsonb) as result`,
      ),
    );
    expect(captured!.result.map((outcome) => outcome.outcome)).toEqual([
      'captured',
      'error',
      'captured',
    ]);
    // The statement's own bookkeeping stays inside it.
    expect(captured!.result.every((outcome) => !('ledger_row' in outcome))).toBe(true);
    const ledger = rows<{ reservation_id: string; amount_micros: string }>(
      await h.db.execute(
        sql`select reservation_id, amount_micros from ledger_entries where id in (${entries[0]}, ${entries[2]})`,
      ),
    );
    expect(ledger.map((row) => row.reservation_id).sort()).toEqual(
      [begun!.result[0]!.reservation_id, begun!.result[2]!.reservation_id].sort(),
    );
    expect(ledger.every((row) => Number(row.amount_micros) === -PRICE)).toBe(true);
    expect((await charges()) - before.charges).toBe(2);
    // The failed call keeps its hold (its process gives it back), and the rollup counts 2.
    expect(await held()).toBe(before.held - 2);
    expect((await rollup()) - before.rollup).toBe(2);
    const records = rows<{ key: string; state: string }>(
      await h.db.execute(
        sql`select key, state from idempotency_records where scope = 'test:capture' and key in (${keys[0]}, ${keys[1]}, ${keys[2]})`,
      ),
    );
    expect(Object.fromEntries(records.map((record) => [record.key, record.state]))).toEqual({
      [keys[0]!]: 'done',
      [keys[1]!]: 'in_progress',
      [keys[2]!]: 'done',
    });
    await h.db.execute(
      sql`select vapi_fail(${String(begun!.result[1]!.reservation_id)}::uuid, 'test:capture', ${keys[1]}, ${attempts[1]}::uuid)`,
    );
    expect(await held()).toBe(before.held - 3);
  });

  it('an organization is never deleted: its ledger rows and holds refer to it without a foreign key', async () => {
    const refused = await h.db
      .execute(sql`delete from organizations where id = ${organizationId}`)
      .then(
        () => null,
        (error: { code?: string; cause?: { code?: string }; message: string }) => error,
      );
    expect(refused).not.toBeNull();
    expect(refused!.code ?? refused!.cause?.code).toBe('23001');
    expect(await balance()).toBeGreaterThanOrEqual(0);
  });

  it("when a batch's holds fail together, each call is held again alone and only the failing one errs", async () => {
    const repo = createCallsRepository(h.db, { batch: { maxSize: 32, maxInFlight: 1 } });
    const spendSpike = { factor: 10, floorMicros: 1_000_000_000 };
    await h.db.execute(
      sql`update api_keys set month_spend_micros = 0, spend_month = date_trunc('month', now() at time zone 'UTC')::date where id = ${keyId}`,
    );
    // A ceiling on the key's spend this month that the third hold crosses: the group's one
    // update of the key fails, and alone only the third call's does.
    await h.db.execute(
      sql.raw(`create or replace function test_spend_ceiling() returns trigger as $$
      begin raise exception 'test ceiling' using errcode = 'P0001'; end; $$ language plpgsql`),
    );
    await h.db.execute(
      sql.raw(`create trigger test_spend_ceiling before update of month_spend_micros on api_keys
        for each row when (new.month_spend_micros > ${2 * PRICE}) execute function test_spend_ceiling()`),
    );
    const heldBefore = await held();
    try {
      const begins = [0, 1, 2].map(() =>
        repo.begin({
          claim: null,
          attempt: randomUUID(),
          leaseMs: 10_000,
          charge: { organizationId, apiKeyId: keyId, deployment: PATH, spendSpike },
        }),
      );
      const outcomes = await Promise.allSettled(begins);
      expect(repo.batchStats().begin).toEqual({ batches: 1, items: 3 });
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
      ]);
      expect(describeDatabaseError((outcomes[2] as PromiseRejectedResult).reason).code).toBe(
        'P0001',
      );
      expect(await held()).toBe(heldBefore + 2);
      for (const outcome of outcomes.slice(0, 2)) {
        const begun = (outcome as PromiseFulfilledResult<{ kind: string; hold: { id: string } }>)
          .value;
        expect(begun.kind).toBe('new');
        await repo.fail({ holdId: begun.hold.id, claim: null, attempt: randomUUID() });
      }
      expect(await held()).toBe(heldBefore);
    } finally {
      await h.db.execute(sql.raw('drop trigger test_spend_ceiling on api_keys'));
    }
  });
});
