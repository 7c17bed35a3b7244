/**
 * The usage rollups (migrations 0012 and 0025) against the ledger they summarise: after random
 * usage rows over forty days and concurrent metered calls and batches (some failing, so their
 * holds are given back uncharged), the hourly and daily buckets, and the coarser ones by
 * deployment and by key, equal a recomputation from the ledger, and the usage chart (days by
 * deployment, the range by key) equals the ledger's own aggregate for ranges with ragged ends and
 * any UTC offset.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (real concurrency).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCredits, createHarness, registerUser, testImage, type Harness } from './helpers';
import { coarseAndLedger } from './rollup-helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** The rollups recomputed from the ledger, and as stored, in one comparable form. */
async function rollupsAndLedger(organizationId: string, table: 'usage_hourly' | 'usage_daily') {
  const unit = table === 'usage_hourly' ? 'hour' : 'day';
  const fromLedger = rowsOf<Record<string, unknown>>(
    await h.db.execute(sql`
      select date_trunc(${unit}, l.created_at at time zone 'UTC')::text as bucket,
             l.deployment, l.api_key_id::text as api_key_id, k.created_by_uid as member_uid,
             count(*)::text as entries, sum(l.units)::text as calls,
             (-sum(l.amount_micros))::text as spent
      from ledger_entries l left join api_keys k on k.id = l.api_key_id
      where l.organization_id = ${organizationId} and l.kind = 'usage'
      group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
  );
  const stored = rowsOf<Record<string, unknown>>(
    await h.db.execute(sql`
      select (bucket at time zone 'UTC')::text as bucket, deployment,
             api_key_id::text as api_key_id, member_uid,
             sum(entries)::text as entries, sum(calls)::text as calls,
             sum(spent_micros)::text as spent
      from ${sql.raw(table)} where organization_id = ${organizationId}
      group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
  );
  return { fromLedger, stored };
}

/** What the chart showed before rollups: the ledger grouped by local day, deployment and key. */
async function ledgerDaily(organizationId: string, start: Date, end: Date, offset: number) {
  return rowsOf<{
    day: string;
    deployment: string;
    api_key_id: string;
    calls: string;
    spent: string;
  }>(
    await h.db.execute(sql`
      select to_char(created_at + make_interval(mins => ${offset}), 'YYYY-MM-DD') as day,
             deployment, api_key_id::text as api_key_id, sum(units)::text as calls,
             (-sum(amount_micros))::text as spent
      from ledger_entries
      where organization_id = ${organizationId} and kind = 'usage'
        and created_at >= ${start.toISOString()} and created_at <= ${end.toISOString()}
      group by 1, 2, 3 order by 1, 2, 3`),
  );
}

describe('usage rollups', () => {
  it('equal the ledger after random usage and concurrent calls, and the chart equals the ledger for any range and offset', async () => {
    const user = await registerUser(h);
    await buyCredits(h, user, 50);
    const keys = [user.playgroundKey];
    for (const name of ['server', 'batch']) {
      const created = await h.callApi({
        method: 'POST',
        url: '/v1/api-key',
        headers: user.auth,
        payload: { name },
      });
      expect(created.statusCode, created.body).toBe(200);
      keys.push(created.json());
    }
    const [org] = rowsOf<{ organization_id: string }>(
      await h.db.execute(
        sql`select organization_id::text from api_keys where id = ${keys[0]!.id}::uuid`,
      ),
    );
    const organizationId = org!.organization_id;

    // 3,000 usage rows spread over the last forty days, at random keys and deployments (the
    // trigger rolls each up as it is inserted, as it does for a capture).
    const keyIds = sql.raw(`array[${keys.map((k) => `'${k.id}'::uuid`).join(',')}]`);
    await h.db.execute(sql`
      insert into ledger_entries (organization_id, kind, deployment, units, amount_micros,
          balance_after_micros, api_key_id, api_key_name, created_at)
        select ${organizationId}::uuid, 'usage',
               (array['object-detection','depth-estimation','image-classification'])[1 + floor(random() * 3)::int],
               1, -(1000 + floor(random() * 9000))::bigint, 1000000,
               (${keyIds})[1 + floor(random() * ${keys.length})::int], 'k',
               now() - random() * interval '40 days'
        from generate_series(1, 3000)`);

    // Concurrent metered calls; a bad body fails after the hold, which is given back. Batches
    // among them: each image is held, the failing ones given back, the others captured together.
    const image = (await testImage('png', 16, 16)).toString('base64');
    const junk = Buffer.from('junk').toString('base64');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        h.callServices({
          method: 'POST',
          url: i % 2 ? '/object-detection' : '/depth-estimation',
          headers: { 'api-key': keys[i % 3 === 0 ? 1 : 2]!.key! },
          payload: i % 5 === 4 ? { image: 'not an image' } : { image },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200).length).toBe(24);
    const batches = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        h.callServices({
          method: 'POST',
          url: i % 2 ? '/depth-estimation' : '/object-detection',
          headers: { 'api-key': keys[1 + (i % 2)]!.key! },
          payload: { images: [{ image }, { image: junk }, { image }] },
        }),
      ),
    );
    for (const batch of batches) {
      expect(batch.statusCode, batch.body).toBe(200);
      expect(batch.json().usage.charged_images).toBe(2);
    }

    for (const table of ['usage_hourly', 'usage_daily'] as const) {
      const { fromLedger, stored } = await rollupsAndLedger(organizationId, table);
      expect(stored).toEqual(fromLedger);
    }
    for (const { table, fromLedger, stored } of await coarseAndLedger(h.db, organizationId)) {
      expect(stored, table).toEqual(fromLedger);
    }

    const now = Date.now();
    const ranges: Array<[number, number]> = [
      [now - 30 * 86_400_000 - 1_234_567, now + 60_000],
      [now - 365 * 86_400_000, now],
      [now - 3 * 86_400_000 + 17, now - 2 * 86_400_000 - 3_600_123],
      [now - 1_800_000, now],
    ];
    for (const [from, to] of ranges) {
      for (const offset of [0, 60, -300, 330]) {
        const start = new Date(from);
        const end = new Date(to);
        const res = await h.callApi({
          method: 'GET',
          url: `/v1/usage/daily?start_date=${start.toISOString()}&end_date=${end.toISOString()}&utc_offset_minutes=${offset}`,
          headers: user.auth,
        });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as {
          days: Array<{
            date: string;
            deployments: Array<{ deployment: string; calls: number; spent_usd: number }>;
          }>;
          by_key: Array<{ api_key_id: string; calls: number; spent_usd: number }>;
        };
        const expected = await ledgerDaily(organizationId, start, end, offset);
        const byDayDeployment = new Map<string, [number, number]>();
        const byKey = new Map<string, [number, number]>();
        const addTo = (
          map: Map<string, [number, number]>,
          id: string,
          calls: number,
          spent: number,
        ) => {
          const [c, s] = map.get(id) ?? [0, 0];
          map.set(id, [c + calls, s + spent]);
        };
        for (const r of expected) {
          addTo(byDayDeployment, `${r.day} ${r.deployment}`, Number(r.calls), Number(r.spent));
          addTo(byKey, r.api_key_id, Number(r.calls), Number(r.spent));
        }
        const shown = new Map<string, [number, number]>();
        for (const day of body.days)
          for (const d of day.deployments)
            shown.set(`${day.date} ${d.deployment}`, [d.calls, Math.round(d.spent_usd * 1e6)]);
        const range = `${start.toISOString()} … ${end.toISOString()} at ${offset}`;
        expect(shown, range).toEqual(byDayDeployment);
        const shownKeys = new Map(
          body.by_key.map((k) => [k.api_key_id, [k.calls, Math.round(k.spent_usd * 1e6)]]),
        );
        expect(shownKeys, range).toEqual(byKey);
      }
    }

    const onlyBatch = await h.callApi({
      method: 'GET',
      url: `/v1/usage/daily?start_date=${new Date(now - 50 * 86_400_000).toISOString()}&end_date=${new Date(now + 60_000).toISOString()}&api_key_id=${keys[2]!.id}`,
      headers: user.auth,
    });
    const [batch] = rowsOf<{ calls: string }>(
      await h.db.execute(sql`select count(*)::text as calls from ledger_entries
        where kind = 'usage' and api_key_id = ${keys[2]!.id}::uuid`),
    );
    expect(onlyBatch.json().totals.calls).toBe(Number(batch!.calls));
    const notAKey = await h.callApi({
      method: 'GET',
      url: `/v1/usage/daily?start_date=${new Date(now - 86_400_000).toISOString()}&end_date=${new Date(now).toISOString()}&api_key_id=not-a-key`,
      headers: user.auth,
    });
    expect(notAKey.statusCode).toBe(200);
    expect(notAKey.json().totals.calls).toBe(0);
  });
});
