/**
 * Reads that stay fast at scale (issue 34), checked for what they answer: the transactions list's
 * totals (read from the rollups) equal sums over the ledger for any range; the transactions and
 * the audit log page by cursor without skipping or repeating a row while rows are inserted
 * between pages (ties on the timestamp included); `skip` still works; a forged cursor is a 400.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCredits, createHarness, registerUser, type Harness, type TestUser } from './helpers';

let h: Harness;
let user: TestUser;
let organizationId: string;
beforeAll(async () => {
  h = await createHarness();
  user = await registerUser(h);
  await buyCredits(h, user, 20);
  const [org] = rowsOf<{ organization_id: string }>(
    await h.db.execute(
      sql`select organization_id::text from api_keys where id = ${user.playgroundKey.id}::uuid`,
    ),
  );
  organizationId = org!.organization_id;
  // 600 usage rows over sixty days, three to a timestamp (ties that only the id orders).
  await h.db.execute(sql`
    insert into ledger_entries (organization_id, kind, deployment, units, amount_micros,
        balance_after_micros, api_key_id, api_key_name, created_at)
      select ${organizationId}::uuid, 'usage', 'object-detection', 1,
             -(1000 + (g % 7) * 1000)::bigint, 1000000, ${user.playgroundKey.id}::uuid, 'k',
             date_trunc('second', now()) - ((g / 3) * interval '2 hours 17 minutes 3.123457 seconds')
      from generate_series(1, 600) g`);
}, 60_000);
afterAll(async () => h?.close());

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

async function insertUsage(count: number) {
  await h.db.execute(sql`
    insert into ledger_entries (organization_id, kind, deployment, units, amount_micros,
        balance_after_micros, api_key_id, api_key_name)
      select ${organizationId}::uuid, 'usage', 'depth-estimation', 1, -2000, 1000000,
             ${user.playgroundKey.id}::uuid, 'k'
      from generate_series(1, ${count})`);
}

async function insertAudit(count: number, at = sql`now()`) {
  await h.db.execute(sql`
    insert into audit_log (organization_id, actor_kind, action, target, details, at)
      select ${organizationId}::uuid, 'system', 'key.created', 'k' || g, '{}'::jsonb, ${at}
      from generate_series(1, ${count}) g`);
}

describe('transactions at scale', () => {
  it('pages by cursor without skipping or repeating a row while rows arrive', async () => {
    const before = rowsOf<{ id: string }>(
      await h.db.execute(sql`select id::text from ledger_entries
        where organization_id = ${organizationId} order by created_at desc, id desc`),
    ).map((r) => r.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let first = true;
    let pages = 0;
    while (first || cursor) {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const res = await h.callApi({
        method: 'GET',
        url: `/v1/transaction?limit=7${query}`,
        headers: user.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as {
        transactions: Array<{ id: string }>;
        next_cursor: string | null;
        has_more: boolean;
      };
      // New rows after the first page: newer than every row already listed.
      if (first) for (const id of body.transactions.map((t) => t.id)) expect(before).toContain(id);
      seen.push(...body.transactions.map((t) => t.id));
      expect(body.has_more).toBe(body.next_cursor !== null);
      cursor = body.next_cursor;
      first = false;
      pages += 1;
      await insertUsage(3);
    }
    expect(pages).toBe(Math.ceil(before.length / 7));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(before);
  });

  it('answers totals equal to the ledger for any range, and skip still pages', async () => {
    const now = Date.now();
    const ranges: Array<[string, string]> = [
      ['', ''],
      [`&start_date=${new Date(now - 10 * 86_400_000 - 1_234_567).toISOString()}`, ''],
      [
        `&start_date=${new Date(now - 40 * 86_400_000 + 17).toISOString()}`,
        `&end_date=${new Date(now - 3 * 86_400_000 - 3_600_123).toISOString()}`,
      ],
      ['', `&end_date=${new Date(now - 30 * 86_400_000).toISOString()}`],
    ];
    for (const [start, end] of ranges) {
      const res = await h.callApi({
        method: 'GET',
        url: `/v1/transaction?limit=5&skip=3${start}${end}`,
        headers: user.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const from = start ? new Date(decodeURIComponent(start.split('=')[1]!)) : new Date(0);
      const to = end
        ? new Date(decodeURIComponent(end.split('=')[1]!))
        : new Date(now + 86_400_000);
      const [expected] = rowsOf<Record<string, string>>(
        await h.db.execute(sql`
          select count(*)::text as total,
                 coalesce(sum(case when kind = 'usage' then -amount_micros end), 0)::text as spent,
                 coalesce(sum(case when kind = 'purchase' then amount_micros end), 0)::text as purchased,
                 coalesce(sum(case when kind = 'usage' then units end), 0)::text as calls
          from ledger_entries where organization_id = ${organizationId}
            and created_at >= ${from.toISOString()} and created_at <= ${to.toISOString()}`),
      );
      expect(body.total_count, start + end).toBe(Number(expected!.total));
      expect(body.totals).toEqual({
        spent_usd: Number(expected!.spent) / 1e6,
        purchased_usd: Number(expected!.purchased) / 1e6,
        calls: Number(expected!.calls),
      });
      const ids = rowsOf<{ id: string }>(
        await h.db.execute(sql`select id::text from ledger_entries
          where organization_id = ${organizationId}
            and created_at >= ${from.toISOString()} and created_at <= ${to.toISOString()}
          order by created_at desc, id desc offset 3 limit 5`),
      ).map((r) => r.id);
      expect(body.transactions.map((t: { id: string }) => t.id)).toEqual(ids);
    }
  });

  it('refuses a cursor it did not write', async () => {
    for (const cursor of [
      'abc',
      Buffer.from('2026-01-01T00:00:00.000000Z|x').toString('base64url'),
    ]) {
      const res = await h.callApi({
        method: 'GET',
        url: `/v1/transaction?cursor=${cursor}`,
        headers: user.auth,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
  });
});

describe('CSV exports at scale', () => {
  it('stream every row of a range in order, past many batches, formula-safe', async () => {
    await h.db.execute(sql`
      insert into ledger_entries (organization_id, kind, deployment, units, amount_micros,
          balance_after_micros, api_key_id, api_key_name, created_at)
        select ${organizationId}::uuid, 'usage', 'image-classification', 1, -3000, 1000000,
               ${user.playgroundKey.id}::uuid, '=cmd|calc', now() - interval '1 day' - (g / 2) * interval '1 second'
        from generate_series(1, 4500) g`);
    const start = new Date(Date.now() - 70 * 86_400_000).toISOString();
    const end = new Date(Date.now() + 60_000).toISOString();
    const res = await h.callApi({
      method: 'GET',
      url: `/v1/transaction.csv?start_date=${start}&end_date=${end}`,
      headers: user.auth,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'created_at,kind,deployment,units,amount_usd,balance_after_usd,api_key_name',
    );
    const expected = rowsOf<{ at: string; amount: string }>(
      await h.db.execute(sql`
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
               amount_micros::text as amount
        from ledger_entries where organization_id = ${organizationId}
          and created_at >= ${start} and created_at <= ${end}
        order by created_at, id`),
    );
    expect(expected.length).toBeGreaterThan(5000);
    expect(lines.length - 1).toBe(expected.length);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(expected.map((e) => e.at));
    expect(lines.slice(1).map((l) => Number(l.split(',')[4]))).toEqual(
      expected.map((e) => Number(e.amount) / 1e6),
    );
    expect(res.body).toContain(`,'=cmd|calc\r\n`);
    expect(res.body).not.toContain(',=cmd');

    const usage = await h.callApi({
      method: 'GET',
      url: `/v1/usage/daily.csv?start_date=${start}&end_date=${end}&group_by=key`,
      headers: user.auth,
    });
    expect(usage.statusCode).toBe(200);
    const chart = await h.callApi({
      method: 'GET',
      url: `/v1/usage/daily?start_date=${start}&end_date=${end}`,
      headers: user.auth,
    });
    // The CSV by key, summed over its days, is the chart's spend by key; the CSV by deployment
    // is the chart's days by deployment.
    const csvByKey = new Map<string, number>();
    for (const f of usage.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')))
      csvByKey.set(f[1]!, (csvByKey.get(f[1]!) ?? 0) + Number(f[3]));
    expect(csvByKey).toEqual(
      new Map(
        chart
          .json()
          .by_key.map((k: { api_key_id: string; calls: number }) => [k.api_key_id, k.calls]),
      ),
    );
    const byDeployment = await h.callApi({
      method: 'GET',
      url: `/v1/usage/daily.csv?start_date=${start}&end_date=${end}`,
      headers: user.auth,
    });
    const perDay = chart
      .json()
      .days.flatMap(
        (d: { date: string; deployments: Array<{ deployment: string; calls: number }> }) =>
          d.deployments.map((x) => `${d.date},${x.deployment},${x.calls}`),
      );
    const csvDays = byDeployment.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(','))
      .map((f) => `${f[0]},${f[1]},${f[2]}`);
    expect(csvDays).toEqual(perDay);
  });
});

describe('audit log at scale', () => {
  it('pages by cursor without skipping or repeating an entry while entries arrive', async () => {
    // Fifty entries sharing one instant, then more spread out: ties ordered by id.
    await insertAudit(50, sql`now() - interval '3 days'`);
    await insertAudit(120, sql`now() - g * interval '37 minutes'`);
    const before = rowsOf<{ entry: string }>(
      await h.db.execute(sql`select id::text as entry from audit_log
        where organization_id = ${organizationId} order by at desc, id desc`),
    ).map((r) => r.entry);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await h.callApi({
        method: 'GET',
        url: `/v1/audit-log?limit=9${cursor ? `&cursor=${cursor}` : ''}`,
        headers: user.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { entries: Array<{ id: string }>; next_cursor: string | null };
      seen.push(...body.entries.map((e) => e.id));
      cursor = body.next_cursor;
      await insertAudit(2);
    } while (cursor);
    expect(seen.slice(before.length)).toEqual([]);
    expect(seen).toEqual(before);

    const csv = await h.callApi({ method: 'GET', url: '/v1/audit-log.csv', headers: user.auth });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines.length - 1).toBe(before.length + 2 * Math.ceil(before.length / 9));
  });
});
