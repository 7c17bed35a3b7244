/**
 * The usage numbers at scale (issue 34): after many concurrent metered calls, a fifth of them
 * failing (their holds given back, nothing charged), the hourly and daily rollups equal a
 * recomputation from the ledger; and the usage and cost API (`GET /v1/usage/buckets`), read by a
 * viewer admin key page by page, answers per bucket and group exactly what the ledger charged, to
 * the micro-dollar, and in total what the transactions list and the charges sum to.
 * 10,000 calls on PostgreSQL (DATABASE_URL: real concurrency), 400 on PGlite.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCredits, createHarness, registerUser, type Harness, type TestUser } from './helpers';
import { coarseAndLedger } from './rollup-helpers';

const CALLS = process.env.DATABASE_URL ? 10_000 : 400;
const CONCURRENCY = 32;
const DEPLOYMENTS = ['object-detection', 'depth-estimation', 'image-classification'];

let h: Harness;
let user: TestUser;
let organizationId: string;
const keyIds: string[] = [];

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

beforeAll(async () => {
  h = await createHarness();
  user = await registerUser(h);
  await buyCredits(h, user, 100);
  keyIds.push(user.playgroundKey.id);
  for (const name of ['server', 'batch']) {
    const res = await h.callApi({
      method: 'POST',
      url: '/v1/api-key',
      headers: user.auth,
      payload: { name },
    });
    expect(res.statusCode, res.body).toBe(200);
    keyIds.push(res.json().id);
  }
  const [org] = rowsOf<{ id: string }>(
    await h.db.execute(
      sql`select organization_id::text as id from api_keys where id = ${keyIds[0]}::uuid`,
    ),
  );
  organizationId = org!.id;
}, 60_000);
afterAll(async () => h?.close());

describe('usage at scale', () => {
  it(`rollups equal the ledger after ${CALLS} concurrent metered calls, a fifth refunded`, async () => {
    const ledger = h.deps.repos.ledger;
    let next = 0;
    let captured = 0;
    let released = 0;
    const worker = async () => {
      while (next < CALLS) {
        const i = next++;
        const hold = await ledger.reserve({
          organizationId,
          apiKeyId: keyIds[i % keyIds.length]!,
          deployment: DEPLOYMENTS[(i * 7) % DEPLOYMENTS.length]!,
          spendSpike: { factor: 1_000_000, floorMicros: 1e15 },
        });
        expect('id' in hold, JSON.stringify(hold)).toBe(true);
        if (!('id' in hold)) return;
        if (i % 5 === 4) {
          expect(await ledger.release(hold.id)).toBe(true);
          released += 1;
        } else {
          expect(await ledger.capture(hold.id, `key-${i % keyIds.length}`)).not.toBeNull();
          captured += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(captured + released).toBe(CALLS);
    for (const [table, unit] of [
      ['usage_hourly', 'hour'],
      ['usage_daily', 'day'],
    ] as const) {
      const fromLedger = rowsOf<Record<string, string>>(
        await h.db.execute(sql`
          select date_trunc(${unit}, l.created_at at time zone 'UTC')::text as bucket,
                 l.deployment, l.api_key_id::text as api_key_id, k.created_by_uid as member_uid,
                 count(*)::text as entries, sum(l.units)::text as calls,
                 (-sum(l.amount_micros))::text as spent
          from ledger_entries l left join api_keys k on k.id = l.api_key_id
          where l.organization_id = ${organizationId} and l.kind = 'usage'
          group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
      );
      const stored = rowsOf<Record<string, string>>(
        await h.db.execute(sql`
          select (bucket at time zone 'UTC')::text as bucket, deployment,
                 api_key_id::text as api_key_id, member_uid, sum(entries)::text as entries,
                 sum(calls)::text as calls, sum(spent_micros)::text as spent
          from ${sql.raw(table)} where organization_id = ${organizationId}
          -- A bucket's rows, one per shard (migration 0018), summed as every reader does.
          group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
      );
      expect(stored).toEqual(fromLedger);
      expect(stored.reduce((n, r) => n + Number(r.calls), 0)).toBe(captured);
    }
    // Migration 0025's coarser rollups, by deployment (day, hour) and by key (day).
    for (const { table, fromLedger, stored } of await coarseAndLedger(h.db, organizationId)) {
      expect(stored, table).toEqual(fromLedger);
    }
  }, 600_000);

  it('the usage API, paged by a viewer admin key, equals the ledger to the micro-dollar', async () => {
    // Older usage too, so day and hour buckets span weeks.
    await h.db.execute(sql`
      insert into ledger_entries (organization_id, kind, deployment, units, amount_micros,
          balance_after_micros, api_key_id, api_key_name, created_at)
        select ${organizationId}::uuid, 'usage', 'depth-estimation', 1, -(1234 + g % 3)::bigint,
               1000000, (array[${keyIds[1]!}::uuid, ${keyIds[2]!}::uuid])[1 + g % 2], 'k', now() - g * interval '37 minutes'
        from generate_series(1, 900) g`);
    const created = await h.callApi({
      method: 'POST',
      url: '/v1/admin-keys',
      headers: user.auth,
      payload: { name: 'usage reader', role: 'viewer' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const machine = { authorization: `Bearer ${created.json().key}` };
    const now = Date.now();
    const cases = [
      { width: 'day', days: 40, group: 'api_key', column: sql`coalesce(api_key_id::text, '')` },
      { width: 'day', days: 40, group: 'deployment', column: sql`deployment` },
      { width: 'hour', days: 3, group: 'member', column: sql`coalesce(k.created_by_uid, '')` },
      { width: 'hour', days: 2, group: '', column: sql`''` },
    ] as const;
    for (const c of cases) {
      const start = new Date(now - c.days * 86_400_000 + 1_234_567);
      const end = new Date(now + 60_000);
      const rows: Array<
        { start_time: string; calls: number; cost_micros: number; cost_usd: number } & Record<
          string,
          unknown
        >
      > = [];
      let cursor: string | null = null;
      do {
        const url: string =
          `/v1/usage/buckets?start_date=${start.toISOString()}&end_date=${end.toISOString()}` +
          `&bucket_width=${c.width}${c.group ? `&group_by=${c.group}` : ''}&limit=7` +
          (cursor ? `&cursor=${cursor}` : '');
        const res = await h.callApi({ method: 'GET', url, headers: machine });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        rows.push(...body.data);
        cursor = body.next_cursor;
      } while (cursor);
      const unit = c.width === 'day' ? 86_400_000 : 3_600_000;
      const from = new Date(Math.floor(start.getTime() / unit) * unit).toISOString();
      const to = new Date(Math.ceil(end.getTime() / unit) * unit).toISOString();
      const expected = rowsOf<{ bucket: string; grp: string; calls: string; spent: string }>(
        await h.db.execute(sql`
          select to_char(date_trunc(${c.width}, l.created_at at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') as bucket,
                 ${c.column} as grp, sum(l.units)::text as calls, (-sum(l.amount_micros))::text as spent
          from ledger_entries l left join api_keys k on k.id = l.api_key_id
          where l.organization_id = ${organizationId} and l.kind = 'usage'
            and l.created_at >= ${from} and l.created_at < ${to}
          group by 1, 2 order by 1, 2`),
      );
      const groupOf = (r: Record<string, unknown>) =>
        String(
          (c.group === 'api_key'
            ? r.api_key_id
            : c.group === 'deployment'
              ? r.deployment
              : c.group === 'member'
                ? r.member_uid
                : '') ?? '',
        );
      expect(
        rows.map((r) => [r.start_time, groupOf(r), r.calls, r.cost_micros]),
        `${c.width} by ${c.group || 'nothing'}`,
      ).toEqual(expected.map((e) => [e.bucket, e.grp, Number(e.calls), Number(e.spent)]));
      for (const r of rows) expect(Math.round(r.cost_usd * 1e6)).toBe(r.cost_micros);
      if (c.width === 'day') {
        const total = rows.reduce((n, r) => n + r.cost_micros, 0);
        const list = await h.callApi({
          method: 'GET',
          url: `/v1/transaction?start_date=${from}&end_date=${new Date(Date.parse(to) - 1).toISOString()}`,
          headers: user.auth,
        });
        expect(Math.round(list.json().totals.spent_usd * 1e6)).toBe(total);
      }
    }
    const tooLong = await h.callApi({
      method: 'GET',
      url: `/v1/usage/buckets?start_date=${new Date(now - 40 * 86_400_000).toISOString()}&end_date=${new Date(now).toISOString()}&bucket_width=hour`,
      headers: machine,
    });
    expect(tooLong.statusCode).toBe(400);
    const forged = await h.callApi({
      method: 'GET',
      url: `/v1/usage/buckets?start_date=${new Date(now - 86_400_000).toISOString()}&end_date=${new Date(now).toISOString()}&cursor=bm90LWEtY3Vyc29y`,
      headers: machine,
    });
    expect(forged.statusCode).toBe(400);
  }, 120_000);
});
