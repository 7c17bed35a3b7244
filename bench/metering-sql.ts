/**
 * npm run bench:metering-sql: PostgreSQL's CPU time per metered call in the two statements a call
 * costs (vapi_begin_many: the hold; vapi_capture_many: the charge and the stored answer), without
 * HTTP, Node or the network in the figure. One connection sends `--batches` pairs of statements
 * of `--size` calls each (one key, as the gateway groups them), and the CPU time of its backend is
 * read from /proc before and after each statement (schedstat, in nanoseconds), so the figure holds on a busy machine too,
 * unlike wall time. Prints ms per call for each statement. Needs DATABASE_URL (a fresh database
 * is created and dropped) and Linux.
 *
 *   DATABASE_URL=postgres://… npm run bench:metering-sql -- --size 5 --batches 400
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { freshBenchDatabase } from './database';
import { readServerConfig } from '../server/src/config';
import { createDeps } from '../server/src/bootstrap';
import { SYSTEM_ACTOR } from '../server/src/repositories/audit';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

/** CPU seconds of a process so far, to the nanosecond (/proc/<pid>/schedstat: time on a CPU). */
function cpuSeconds(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e9;
}

async function main() {
  const size = option('size', 5);
  const batches = option('batches', 400);
  const database = await freshBenchDatabase('bench_metering_sql');
  if (!database.url) throw new Error('DATABASE_URL is required');
  const config = readServerConfig({
    ...(process.env as Record<string, string>),
    DATABASE_URL: database.url,
    STACK_MODE: '',
    FIREBASE_PROJECT_ID: 'visionapi-bench',
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_WEBHOOK_SECRET: 'whsec_bench',
    API_KEY_HMAC_SECRET: 'a-bench-hmac-secret-of-at-least-32-characters',
    UI_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    SMTP_URL: 'smtp://127.0.0.1:1',
    SERVER_ROLE: 'api',
  });
  const { deps, database: handle } = await createDeps(config, {
    verifier: {
      verifyIdToken: async () => {
        throw new Error('no ID tokens in this bench');
      },
      lookupEmailVerified: async () => null,
    },
  });
  const client = new pg.Client({ connectionString: database.url });
  try {
    const org = await deps.repos.organizations.create(
      { uid: `bench-sql-${Date.now()}`, email: null, emailVerified: true },
      { name: 'Bench', website: 'https://bench.example.com', country: 'India', state: 'Karnataka' },
      SYSTEM_ACTOR,
    );
    if (!org) throw new Error('the organization was not created');
    const { row: key } = await deps.repos.apiKeys.create(org.id, 'bench', SYSTEM_ACTOR);
    await client.connect();
    await client.query('update organizations set balance_micros = 1000000000000 where id = $1', [
      org.id,
    ]);
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!
      .pid;
    const deployment = 'image-classification';
    const spent = { begin: 0, capture: 0 };
    const round = async (measure: boolean) => {
      const items = Array.from({ length: size }, () => ({
        scope: null,
        key: null,
        hash: null,
        attempt: randomUUID(),
        lease_ms: 10000,
        hold: true,
        organization: org.id,
        api_key: key.id,
        deployment,
        spike_factor: 10,
        spike_floor: 1_000_000_000,
      }));
      let before = cpuSeconds(pid);
      const begun = (
        await client.query<{ result: Array<{ reservation_id: string }> }>(
          'select vapi_begin_many($1::jsonb) as result',
          [JSON.stringify(items)],
        )
      ).rows[0]!.result;
      if (measure) spent.begin += cpuSeconds(pid) - before;
      const captures = begun.map((hold, index) => ({
        reservation: hold.reservation_id,
        entry: randomUUID(),
        api_key_name: 'bench',
        scope: null,
        key: null,
        attempt: items[index]!.attempt,
        status: 200,
        response: { predictions: [{ label: 'sample class 1', score: 0.5 }] },
        lease_ms: 10000,
        spike_factor: 10,
        spike_floor: 1_000_000_000,
      }));
      before = cpuSeconds(pid);
      await client.query('select vapi_capture_many($1::jsonb)', [JSON.stringify(captures)]);
      if (measure) spent.capture += cpuSeconds(pid) - before;
    };
    for (let i = 0; i < Math.min(50, batches); i++) await round(false);
    for (let i = 0; i < batches; i++) await round(true);
    const calls = size * batches;
    const perCall = (seconds: number) => ((seconds * 1000) / calls).toFixed(3);
    console.log(
      `${calls} calls in statements of ${size}: PostgreSQL CPU per call ` +
        `begin ${perCall(spent.begin)} ms · capture ${perCall(spent.capture)} ms · ` +
        `together ${perCall(spent.begin + spent.capture)} ms`,
    );
  } finally {
    await client.end().catch(() => undefined);
    await handle.close();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
