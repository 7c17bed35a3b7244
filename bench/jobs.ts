/**
 * npm run bench:jobs: async jobs through the queue (issue 35), on PostgreSQL (DATABASE_URL: a fresh
 * database is created and dropped) or, without it, PGlite in memory. One services host in
 * production mode forwarding to a stub inference deployment (in this process, answering at once),
 * one organization with a large balance. `BENCH_JOBS` jobs (1,000) are submitted with
 * `Prefer: respond-async`, `BENCH_SUBMITTERS` (20) at a time, while the host's workers
 * (`JOBS_CONCURRENCY`, `BENCH_WORKERS`: 8) run them. Prints the acceptance rate, the jobs per second
 * through the queue (first acceptance to last success), the time from acceptance to success
 * (p50/p99), and checks each job was charged once. Not a test: numbers depend on the machine.
 *
 *   DATABASE_URL=postgres://… npm run bench:jobs
 */
import { randomBytes } from 'node:crypto';
import type net from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import sharp from 'sharp';
import { createDeps } from '../server/src/bootstrap';
import { readServerConfig } from '../server/src/config';
import { SYSTEM_ACTOR } from '../server/src/repositories/audit';
import { buildServicesApp } from '../server/src/services/app';
import { freshBenchDatabase } from './database';

const JOBS = Number(process.env.BENCH_JOBS ?? 1_000);
const SUBMITTERS = Number(process.env.BENCH_SUBMITTERS ?? 20);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 8);
const SECRET = randomBytes(24).toString('base64url');

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const freshDatabase = () => freshBenchDatabase('bench_jobs');

/** The stub inference deployment: an image-classification answer, at once. */
async function startStub() {
  const stub = Fastify();
  stub.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null));
  });
  stub.post('/*', async () => ({
    image: { width: 64, height: 64, original_width: 64, original_height: 64 },
    predictions: [
      { label: 'cat', score: 0.91 },
      { label: 'dog', score: 0.07 },
    ],
  }));
  await stub.listen({ port: 0, host: '127.0.0.1' });
  return { stub, url: `http://127.0.0.1:${(stub.server.address() as net.AddressInfo).port}` };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

async function main() {
  const database = await freshDatabase();
  const { stub, url: upstream } = await startStub();
  const config = readServerConfig({
    FIREBASE_PROJECT_ID: 'visionapi-bench',
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_WEBHOOK_SECRET: 'whsec_bench',
    API_KEY_HMAC_SECRET: 'a-bench-hmac-secret-of-at-least-32-characters',
    UI_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    SMTP_URL: 'smtp://127.0.0.1:1',
    SERVER_ROLE: 'services',
    SERVICES_UPSTREAM_URL: upstream,
    UPSTREAM_SHARED_SECRET: SECRET,
    SERVICES_RATE_LIMIT_MAX: '100000000',
    SERVICES_IP_RATE_LIMIT_MAX: '100000000',
    JOBS_CONCURRENCY: String(WORKERS),
    JOBS_QUEUED_CAP: String(JOBS + 10),
    DATABASE_POOL_SIZE: '20',
    LOG_LEVEL: 'warn',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  } as NodeJS.ProcessEnv);
  const { deps, database: handle } = await createDeps(config, {
    ...(database.url ? {} : { database: {} }),
    verifier: {
      verifyIdToken: async () => {
        throw new Error('no ID tokens in this bench');
      },
      lookupEmailVerified: async () => null,
    },
  });
  const org = await deps.repos.organizations.create(
    { uid: `bench-jobs-${Date.now()}`, email: null, emailVerified: true },
    {
      name: 'Bench Jobs',
      website: 'https://bench.example.com',
      country: 'India',
      state: 'Karnataka',
    },
    SYSTEM_ACTOR,
  );
  if (!org) throw new Error('no organization');
  const { secret } = await deps.repos.apiKeys.create(org.id, 'bench', SYSTEM_ACTOR);
  await deps.db.execute(
    sql`update organizations set balance_micros = 1000000000000 where id = ${org.id}`,
  );
  const [before] = rows<{ balance: string }>(
    await deps.db.execute(
      sql`select balance_micros as balance from organizations where id = ${org.id}`,
    ),
  );
  deps.leases.start();
  const app = await buildServicesApp(deps);
  await app.ready();
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#6699cc' } })
    .png()
    .toBuffer();
  const payload = JSON.stringify({ image: png.toString('base64') });
  const submit = () =>
    app.inject({
      method: 'POST',
      url: '/image-classification',
      headers: { 'api-key': secret, 'content-type': 'application/json', prefer: 'respond-async' },
      payload,
    });

  // The engine starts with the first job (pg-boss installs its schema): not part of the figures.
  const warm = await submit();
  if (warm.statusCode !== 202) throw new Error(`warm-up: ${warm.statusCode} ${warm.body}`);
  for (;;) {
    const [row] = rows<{ n: string }>(
      await deps.db.execute(sql`select count(*) as n from jobs where status = 'succeeded'`),
    );
    if (Number(row!.n) === 1) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const started = performance.now();
  let next = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: SUBMITTERS }, async () => {
      while (next < JOBS) {
        next++;
        const response = await submit();
        if (response.statusCode !== 202) refused++;
      }
    }),
  );
  const accepted = performance.now();
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const [row] = rows<{ n: string }>(
      await deps.db.execute(
        sql`select count(*) as n from jobs where status in ('succeeded', 'failed', 'canceled')`,
      ),
    );
    if (Number(row!.n) >= JOBS + 1 - refused) break;
    if (Date.now() > deadline) throw new Error('jobs did not finish within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const finished = performance.now();

  const latencies = rows<{ ms: string }>(
    await deps.db.execute(sql`select extract(epoch from finished_at - created_at) * 1000 as ms
      from jobs where status = 'succeeded' order by created_at offset 1`),
  )
    .map((row) => Number(row.ms))
    .sort((a, b) => a - b);
  const [counts] = rows<{
    succeeded: string;
    failed: string;
    charges: string;
    balance: string;
    price: string;
  }>(
    await deps.db.execute(sql`select
      (select count(*) from jobs where status = 'succeeded') as succeeded,
      (select count(*) from jobs where status = 'failed') as failed,
      (select count(*) from ledger_entries where organization_id = ${org.id} and kind = 'usage') as charges,
      (select balance_micros from organizations where id = ${org.id}) as balance,
      (select price_per_call_micros from deployments where path = 'image-classification') as price`),
  );
  const succeeded = Number(counts!.succeeded);
  const charges = Number(counts!.charges);
  const spent = Number(before!.balance) - Number(counts!.balance);
  const table = {
    database: handle.kind,
    jobs: JOBS,
    workers: WORKERS,
    submitters: SUBMITTERS,
    'accepted/s (202)': Math.round((JOBS / (accepted - started)) * 1000),
    'jobs/s through the queue': Math.round((JOBS / (finished - started)) * 1000),
    'accept→succeeded p50 ms': Math.round(percentile(latencies, 50)),
    'accept→succeeded p99 ms': Math.round(percentile(latencies, 99)),
    refused,
    failed: Number(counts!.failed),
    'charged once': charges === succeeded && spent === succeeded * Number(counts!.price),
  };
  console.table(table);
  await app.close();
  await stub.close();
  await handle.close();
  await database.drop();
  if (!table['charged once'] || table.failed > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
