/**
 * npm run bench:usage -- --calls 10000,100000: the usage, transactions and audit-log calls of
 * issue 34 against one organization seeded on PostgreSQL (DATABASE_URL; each size in a database
 * of its own, dropped afterwards) with N metered calls over the last 365 days across 25 keys and
 * 8 deployments, plus N/10 audit entries. The seed is bulk SQL; the rollups (migration 0012) are
 * built from it as the migration's backfill does. Every call goes over HTTP to the account app
 * listening on an ephemeral port; prints the median of 5 per call and size. Not a test: numbers
 * depend on the machine (2 shared cores here).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';

Object.assign(process.env, {
  // firebase-admin accepts the emulator's unsigned tokens (as the server tests do); no emulator runs.
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  FIREBASE_PROJECT_ID: 'demo-visionapi',
  LOG_LEVEL: 'warn',
});
const { buyCredits, createHarness, registerUser } = await import('../tests/server/helpers');

const args = process.argv.slice(2);
const argValue = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const SIZES = (argValue('--calls') ?? '10000,100000').split(',').map(Number);
const RUNS = 5;
const DEPLOYMENTS = [
  'object-detection',
  'depth-estimation',
  'image-classification',
  'zero-shot-image-classification',
  'zero-shot-object-detection',
  'image-segmentation/semantic',
  'image-segmentation/instance',
  'image-segmentation/panoptic',
];

if (!process.env.DATABASE_URL) {
  console.error(
    'bench:usage needs DATABASE_URL (PostgreSQL): eval "$(bash scripts/ci/postgres.sh)"',
  );
  process.exit(1);
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function benchSize(calls: number): Promise<Record<string, string>> {
  const h = await createHarness();
  try {
    const user = await registerUser(h);
    await buyCredits(h, user, 100);
    const keyIds: string[] = [user.playgroundKey.id];
    for (let i = 1; i < 25; i++) {
      const res = await h.callApi({
        method: 'POST',
        url: '/v1/api-key',
        headers: user.auth,
        payload: { name: `key-${i}` },
      });
      keyIds.push(res.json().id);
    }
    const [org] = rowsOf<{ id: string }>(
      await h.db.execute(
        sql`select organization_id::text as id from api_keys where id = ${keyIds[0]}::uuid`,
      ),
    );
    const organizationId = org!.id;
    const hasRollups =
      rowsOf(await h.db.execute(sql`select 1 from pg_tables where tablename = 'usage_daily'`))
        .length > 0;
    const seedStart = performance.now();
    // The bulk seed skips the per-row rollup trigger and builds the rollups once, as 0012 does.
    if (hasRollups) {
      await h.db.execute(
        sql`alter table ledger_entries disable trigger ledger_entries_usage_rollup`,
      );
    }
    const keys = sql.raw(`array[${keyIds.map((k) => `'${k}'::uuid`).join(',')}]`);
    const deployments = sql.raw(`array[${DEPLOYMENTS.map((d) => `'${d}'`).join(',')}]`);
    await h.db.execute(sql`
      insert into ledger_entries (organization_id, kind, deployment, units, amount_micros,
          balance_after_micros, api_key_id, api_key_name, created_at)
        select ${organizationId}::uuid, 'usage', (${deployments})[1 + (g % 8)], 1,
               -(1000 + (g % 7) * 500)::bigint, 50000000, (${keys})[1 + (g % 25)],
               'key-' || (g % 25), now() - (random() * interval '365 days')
        from generate_series(1, ${calls}) g`);
    if (hasRollups) {
      await h.db.execute(
        sql`alter table ledger_entries enable trigger ledger_entries_usage_rollup`,
      );
      await h.db.execute(sql`
        insert into usage_hourly (organization_id, bucket, deployment, api_key_id, member_uid,
            api_key_name, entries, calls, spent_micros)
          select l.organization_id, date_trunc('hour', l.created_at at time zone 'UTC') at time zone 'UTC',
                 l.deployment, l.api_key_id, k.created_by_uid, max(l.api_key_name), count(*),
                 sum(l.units), -sum(l.amount_micros)
          from ledger_entries l left join api_keys k on k.id = l.api_key_id
          where l.organization_id = ${organizationId}::uuid and l.kind = 'usage'
          group by 1, 2, 3, 4, 5
        on conflict (organization_id, bucket, deployment, api_key_id, member_uid, shard) do update
          set entries = usage_hourly.entries + excluded.entries,
              calls = usage_hourly.calls + excluded.calls,
              spent_micros = usage_hourly.spent_micros + excluded.spent_micros`);
      await h.db.execute(
        sql`delete from usage_daily where organization_id = ${organizationId}::uuid`,
      );
      await h.db.execute(sql`
        insert into usage_daily (organization_id, bucket, deployment, api_key_id, member_uid,
            api_key_name, entries, calls, spent_micros)
          select organization_id, date_trunc('day', bucket at time zone 'UTC') at time zone 'UTC',
                 deployment, api_key_id, member_uid, max(api_key_name), sum(entries), sum(calls),
                 sum(spent_micros)
          from usage_hourly where organization_id = ${organizationId}::uuid
          group by 1, 2, 3, 4, 5`);
    }
    await h.db.execute(sql`
      insert into audit_log (organization_id, at, actor_kind, actor_id, actor_label, action, target)
        select ${organizationId}::uuid, now() - (random() * interval '365 days'), 'user',
               ${user.uid}, 'owner@example.com', 'api_key.created', 'key-' || g
        from generate_series(1, ${Math.floor(calls / 10)}) g`);
    await h.db.execute(sql`analyze`);
    const seedSeconds = ((performance.now() - seedStart) / 1000).toFixed(1);

    const address = await h.api.listen({ port: 0, host: '127.0.0.1' });
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const yearAgo = new Date(now.getTime() - 365 * 86_400_000);
    const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
    const q = (start: Date, extra = '') =>
      `start_date=${start.toISOString()}&end_date=${now.toISOString()}${extra}`;
    const calls_: Array<[string, string]> = [
      ['usage chart, this month', `/v1/usage/daily?${q(monthStart)}`],
      ['the same for one key', `/v1/usage/daily?${q(monthStart, `&api_key_id=${keyIds[3]}`)}`],
      ['usage chart, 365 days', `/v1/usage/daily?${q(yearAgo)}`],
      ['transactions, first page of 10', `/v1/transaction?${q(yearAgo)}&skip=0&limit=10`],
      [
        'transactions, deep page',
        `/v1/transaction?${q(yearAgo)}&skip=${Math.min(100_000, Math.floor(calls / 2))}&limit=10`,
      ],
      ['transactions CSV, last 30 days', `/v1/transaction.csv?${q(monthAgo)}`],
      ['audit log CSV', `/v1/audit-log.csv`],
    ];
    const result: Record<string, string> = { seed: `${seedSeconds} s` };
    for (const [label, url] of calls_) {
      const times: number[] = [];
      let detail = '';
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const res = await fetch(`${address}${url}`, { headers: user.auth });
        const body = await res.arrayBuffer();
        times.push(performance.now() - t0);
        detail =
          res.status === 200 ? `${(body.byteLength / 1024).toFixed(0)} KB` : `HTTP ${res.status}`;
      }
      result[label] = `${Math.round(median(times))} ms (${detail})`;
    }
    return result;
  } finally {
    await h.close();
  }
}

const table: Record<string, Record<string, string>> = {};
for (const size of SIZES) {
  const column = size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`;
  const result = await benchSize(size);
  for (const [label, value] of Object.entries(result)) (table[label] ??= {})[column] = value;
  console.error(`${column} done`);
}
const columns = SIZES.map((s) => (s >= 1_000_000 ? `${s / 1_000_000}M` : `${s / 1000}k`));
console.log(`| call | ${columns.join(' | ')} |`);
console.log(`|---|${columns.map(() => '---').join('|')}|`);
for (const [label, values] of Object.entries(table)) {
  console.log(`| ${label} | ${columns.map((c) => values[c] ?? '').join(' | ')} |`);
}
process.exit(0);
