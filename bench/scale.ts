/**
 * npm run bench:scale -- --calls 10000,100000[,1000000]: every call of issue 34's table against
 * one organization seeded on PostgreSQL (DATABASE_URL; each size in a database of its own, dropped
 * afterwards) by the seed of `npm run seed:scale` (scripts/scale/seed-organization.ts): N metered
 * calls over the last 365 days across 25 keys, 8 deployments and 50 members, N/10 audit entries.
 * Every call goes over HTTP to the account app listening on an ephemeral port; prints the median
 * of 5 per call and size, and for each CSV its rows/s, time to first byte and the process's peak
 * RSS while it streamed (the body is counted, never kept). Not a test: numbers depend on the
 * machine (2 shared cores here).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { encodeCursor } from '../server/src/lib/cursor';
import { SCALE_KEYS, seedOrganization } from '../scripts/scale/seed-organization';

Object.assign(process.env, {
  // firebase-admin accepts the emulator's unsigned tokens (as the server tests do); no emulator runs.
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  FIREBASE_PROJECT_ID: 'demo-visionapi',
  LOG_LEVEL: 'warn',
});
// Loaded after the environment above is set: the harness reads it when it loads.
const helpers = () => import('../tests/server/helpers');

const args = process.argv.slice(2);
const argValue = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const SIZES = (argValue('--calls') ?? '10000,100000').split(',').map(Number);
const RUNS = 5;

if (!process.env.DATABASE_URL) {
  console.error(
    'bench:scale needs DATABASE_URL (PostgreSQL): eval "$(bash scripts/ci/postgres.sh)"',
  );
  process.exit(1);
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One streamed download: total time, first byte, lines, and the peak RSS while it ran. */
async function download(url: string, headers: Record<string, string>) {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  let firstByte = 0;
  let bytes = 0;
  let lines = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - t0;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines += 1;
  }
  const ms = performance.now() - t0;
  clearInterval(sampler);
  return { status: res.status, ms, firstByte, bytes, rows: lines - 1, peakRss: peak, rssBefore };
}

async function benchSize(calls: number): Promise<Record<string, string>> {
  const { buyCredits, createHarness, registerUser } = await helpers();
  const h = await createHarness();
  try {
    const user = await registerUser(h);
    await buyCredits(h, user, 100);
    const keyIds: string[] = [user.playgroundKey.id];
    for (let i = 1; i < SCALE_KEYS; i++) {
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
    const seedStart = performance.now();
    await seedOrganization(h.db, { organizationId, ownerUid: user.uid, keyIds, calls });
    const seedSeconds = ((performance.now() - seedStart) / 1000).toFixed(1);

    const address = await h.api.listen({ port: 0, host: '127.0.0.1' });
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const yearAgo = new Date(now.getTime() - 365 * 86_400_000);
    const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
    const q = (start: Date, extra = '') =>
      `start_date=${start.toISOString()}&end_date=${now.toISOString()}${extra}`;
    // A cursor half-way down the list: what a client holds after paging that far.
    const [middle] = rowsOf<{ at: string; id: string }>(
      await h.db.execute(sql`
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
               id::text as id
        from ledger_entries where organization_id = ${organizationId}
        order by created_at desc, id desc offset ${Math.floor(calls / 2)} limit 1`),
    );
    const [auditMiddle] = rowsOf<{ at: string; id: string }>(
      await h.db.execute(sql`
        select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::text as id
        from audit_log where organization_id = ${organizationId}
        order by at desc, id desc offset ${Math.floor(calls / 20)} limit 1`),
    );
    const json: Array<[string, string]> = [
      ['usage chart, this month', `/v1/usage/daily?${q(monthStart)}`],
      ['the same for one key', `/v1/usage/daily?${q(monthStart, `&api_key_id=${keyIds[3]}`)}`],
      ['usage chart, 365 days', `/v1/usage/daily?${q(yearAgo)}`],
      ['transactions, first page of 10', `/v1/transaction?${q(yearAgo)}&skip=0&limit=10`],
      [
        `transactions, deep page (skip ${Math.min(100_000, Math.floor(calls / 2))})`,
        `/v1/transaction?${q(yearAgo)}&skip=${Math.min(100_000, Math.floor(calls / 2))}&limit=10`,
      ],
      [
        'transactions, deep page (cursor, half-way)',
        `/v1/transaction?${q(yearAgo)}&limit=10&cursor=${encodeCursor(middle!)}`,
      ],
      ['audit log, first page', `/v1/audit-log?limit=25`],
      [
        'audit log, deep page (cursor, half-way)',
        `/v1/audit-log?limit=25&cursor=${encodeCursor(auditMiddle!)}`,
      ],
      [
        'usage API, 365 days by day and key',
        `/v1/usage/buckets?${q(yearAgo)}&bucket_width=day&group_by=api_key&limit=500`,
      ],
    ];
    const result: Record<string, string> = { seed: `${seedSeconds} s` };
    for (const [label, url] of json) {
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
    const csv: Array<[string, string]> = [
      ['transactions CSV, last 30 days', `/v1/transaction.csv?${q(monthAgo)}`],
      ['transactions CSV, 365 days', `/v1/transaction.csv?${q(yearAgo)}`],
      ['usage CSV by key, 365 days', `/v1/usage/daily.csv?${q(yearAgo)}&group_by=key`],
      ['audit log CSV (capped at 50k rows)', `/v1/audit-log.csv`],
    ];
    for (const [label, url] of csv) {
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await download(`${address}${url}`, user.auth));
      const mid = runs.sort((a, b) => a.ms - b.ms)[1]!;
      const peak = Math.max(...runs.map((r) => r.peakRss));
      const base = Math.min(...runs.map((r) => r.rssBefore));
      result[label] =
        mid.status !== 200
          ? `HTTP ${mid.status}`
          : `${Math.round(mid.ms)} ms, ${mid.rows.toLocaleString('en-US')} rows, ` +
            `${Math.round(mid.rows / (mid.ms / 1000)).toLocaleString('en-US')} rows/s, ` +
            `first byte ${Math.round(mid.firstByte)} ms, ` +
            `peak RSS ${Math.round(peak / 1048576)} MB (${Math.round(base / 1048576)} MB before)`;
    }
    return result;
  } finally {
    await h.close();
  }
}

async function main() {
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
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
