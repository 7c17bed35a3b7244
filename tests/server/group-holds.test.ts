/**
 * A batch's holds are taken per key in one go (vapi_hold_group, migration 0031) instead of one
 * vapi_hold per call. The outcomes must be exactly those of vapi_hold called one call after the
 * other. Two organizations are given the same state (wallet, the key's cap, spend this month and
 * today, its usual daily spend and age for the leak breaker, its limits, the member's monthly
 * limit and a deleted key's spend), then the same random sequence of calls is held in one
 * vapi_begin_many statement for one and in single vapi_begin statements for the other; the
 * outcomes, the wallets, the keys' figures and the holds written must be equal. Runs on PGlite
 * and, with DATABASE_URL, on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, registerUser, type Harness } from './helpers';

let h: Harness;
const rows = <T>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

interface Side {
  organization: string;
  key: string;
  uid: string;
}
let sides: [Side, Side];
let prices: Record<string, number>;

beforeAll(async () => {
  h = await createHarness();
  const made: Side[] = [];
  for (let i = 0; i < 2; i++) {
    const user = await registerUser(h);
    const [row] = rows<{ organization: string }>(
      await h.db.execute(
        sql`select organization_id as organization from api_keys where id = ${user.playgroundKey.id}`,
      ),
    );
    made.push({ organization: row!.organization, key: user.playgroundKey.id, uid: user.uid });
  }
  sides = made as [Side, Side];
  prices = Object.fromEntries(
    rows<{ path: string; price: string }>(
      await h.db.execute(sql`select path, price_per_call_micros as price from deployments`),
    ).map((row) => [row.path, Number(row.price)]),
  );
});
afterAll(async () => h?.close());

/** A small deterministic generator (mulberry32), so a failure can be replayed by its seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}

interface State {
  balance: number;
  cap: number | null;
  monthSpend: number;
  daySpend: number;
  trailing: number;
  spendDay: 'today' | 'yesterday' | 'week' | null;
  oldKey: boolean;
  disabled: boolean;
  allowed: string[] | null;
  expired: boolean;
  memberLimit: number | null;
  deletedSpend: number;
}

async function give(side: Side, state: State) {
  const day = {
    today: sql`(now() at time zone 'UTC')::date`,
    yesterday: sql`(now() at time zone 'UTC')::date - 1`,
    week: sql`(now() at time zone 'UTC')::date - 7`,
  };
  await h.db.execute(sql`update organizations set balance_micros = ${state.balance}
    where id = ${side.organization}`);
  await h.db.execute(sql`update api_keys set
      monthly_cap_micros = ${state.cap},
      month_spend_micros = ${state.monthSpend},
      spend_month = date_trunc('month', now() at time zone 'UTC')::date,
      day_spend_micros = ${state.daySpend},
      trailing_daily_micros = ${state.trailing},
      spend_day = ${state.spendDay ? day[state.spendDay] : null},
      created_at = ${state.oldKey ? sql`now() - interval '3 days'` : sql`now()`},
      disabled_at = ${state.disabled ? sql`now()` : null},
      disabled_reason = ${state.disabled ? 'owner' : null},
      expires_at = ${state.expired ? sql`'2026-01-01T00:00:00Z'::timestamptz` : null},
      allowed_deployments = ${state.allowed ? sql`${`{${state.allowed.join(',')}}`}::text[]` : null}
    where id = ${side.key}`);
  await h.db.execute(sql`update memberships set monthly_limit_micros = ${state.memberLimit}
    where organization_id = ${side.organization} and uid = ${side.uid}`);
  await h.db.execute(
    sql`delete from deleted_key_spend where organization_id = ${side.organization}`,
  );
  if (state.deletedSpend > 0) {
    await h.db.execute(sql`insert into deleted_key_spend
        (api_key_id, organization_id, created_by_uid, spend_month, month_spend_micros)
      values (${randomUUID()}, ${side.organization}, ${side.uid},
        date_trunc('month', now() at time zone 'UTC')::date, ${state.deletedSpend})`);
  }
  await h.db.execute(sql`update usage_reservations set status = 'released'
    where organization_id = ${side.organization} and status = 'held'`);
}

const item = (side: Side, deployment: string) => ({
  scope: null,
  key: null,
  hash: null,
  attempt: randomUUID(),
  lease_ms: 10000,
  hold: true,
  organization: side.organization,
  api_key: side.key,
  deployment,
  spike_factor: 3,
  spike_floor: 100,
});

/** An outcome without what differs by nature (the holds' ids). */
const comparable = (outcome: Record<string, unknown>) => {
  const { reservation_id: id, ...rest } = outcome;
  return { ...rest, ...(id ? { reservation_id: 'id' } : {}) };
};

async function after(side: Side) {
  const [wallet] = rows<{ balance: string }>(
    await h.db.execute(
      sql`select balance_micros as balance from organizations where id = ${side.organization}`,
    ),
  );
  const [key] = rows<Record<string, unknown>>(
    await h.db.execute(sql`select month_spend_micros, day_spend_micros, trailing_daily_micros,
        spend_day::text as spend_day, spend_month::text as spend_month
      from api_keys where id = ${side.key}`),
  );
  const holds = rows<Record<string, unknown>>(
    await h.db.execute(sql`select deployment, amount_micros, balance_after_micros
      from usage_reservations where organization_id = ${side.organization} and status = 'held'
      order by balance_after_micros desc, deployment`),
  );
  return { balance: Number(wallet!.balance), key, holds };
}

describe('holds taken per key in one statement', () => {
  it('decide as vapi_hold does one call after the other, on 120 random batches', async () => {
    const deployments = [...Object.keys(prices), 'no-such-deployment'];
    const price = Math.max(...Object.values(prices));
    const reasons = new Set<string>();
    for (let seed = 1; seed <= 120; seed++) {
      const random = generator(seed);
      const state: State = {
        balance: random.pick([0, price, 3 * price, 5 * price + 1, 1_000_000_000]),
        cap: random.pick([null, null, 2 * price, 4 * price]),
        monthSpend: random.pick([0, price, 3 * price]),
        daySpend: random.pick([0, 50, price]),
        trailing: random.pick([0, 40, 1_000_000]),
        spendDay: random.pick(['today', 'yesterday', 'week', null] as const),
        oldKey: random.chance(0.5),
        disabled: random.chance(0.08),
        expired: random.chance(0.05),
        allowed: random.chance(0.15) ? [random.pick(Object.keys(prices))] : null,
        memberLimit: random.pick([null, price, 2 * price, 5 * price]),
        deletedSpend: random.pick([0, 0, price]),
      };
      const calls = Array.from(
        { length: 1 + Math.floor(random.pick([0, 1, 2, 3, 4, 5, 6, 7])) },
        () => random.pick(deployments),
      );
      await give(sides[0], state);
      await give(sides[1], state);

      const [many] = rows<{ result: Array<Record<string, unknown>> }>(
        await h.db.execute(
          sql`select vapi_begin_many(${JSON.stringify(calls.map((d) => item(sides[0], d)))}::jsonb) as result`,
        ),
      );
      const one: Array<Record<string, unknown>> = [];
      for (const deployment of calls) {
        const i = item(sides[1], deployment);
        const [row] = rows<{ result: Record<string, unknown> }>(
          await h.db
            .execute(sql`select vapi_begin(null, null, null, ${i.attempt}::uuid, 10000, true,
            ${i.organization}::uuid, ${i.api_key}::uuid, ${deployment}, 3, 100) as result`),
        );
        one.push(row!.result);
      }
      const context = `seed ${seed}: ${JSON.stringify({ state, calls })}`;
      expect(many!.result.map(comparable), context).toEqual(one.map(comparable));
      expect(await after(sides[0]), context).toEqual(await after(sides[1]));
      for (const outcome of one) reasons.add(String(outcome.reason ?? outcome.outcome));
    }
    // The batches reached every decision.
    expect([...reasons].sort()).toEqual(
      [
        'cap',
        'held',
        'insufficient',
        'key_limit',
        'member_limit',
        'spend_spike',
        'unknown_deployment',
      ].sort(),
    );
  });
});
