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
import { sql } from 'drizzle-orm';
import { percentile, rows, startBenchHost } from './services-host';

const JOBS = Number(process.env.BENCH_JOBS ?? 1_000);
const SUBMITTERS = Number(process.env.BENCH_SUBMITTERS ?? 20);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 8);

async function main() {
  const host = await startBenchHost('bench_jobs', {
    JOBS_CONCURRENCY: String(WORKERS),
    JOBS_QUEUED_CAP: String(JOBS + 10),
  });
  const { app, deps, secret } = host;
  const org = { id: host.organizationId };
  const before = await host.balance();
  const payload = JSON.stringify({ image: host.image });
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
  }>(
    await deps.db.execute(sql`select
      (select count(*) from jobs where status = 'succeeded') as succeeded,
      (select count(*) from jobs where status = 'failed') as failed,
      (select count(*) from ledger_entries where organization_id = ${org.id} and kind = 'usage') as charges,
      (select balance_micros from organizations where id = ${org.id}) as balance`),
  );
  const succeeded = Number(counts!.succeeded);
  const charges = Number(counts!.charges);
  const spent = before - Number(counts!.balance);
  const table = {
    database: host.kind,
    jobs: JOBS,
    workers: WORKERS,
    submitters: SUBMITTERS,
    'accepted/s (202)': Math.round((JOBS / (accepted - started)) * 1000),
    'jobs/s through the queue': Math.round((JOBS / (finished - started)) * 1000),
    'accept→succeeded p50 ms': Math.round(percentile(latencies, 50)),
    'accept→succeeded p99 ms': Math.round(percentile(latencies, 99)),
    refused,
    failed: Number(counts!.failed),
    'charged once': charges === succeeded && spent === succeeded * host.priceMicros,
  };
  console.table(table);
  await host.close();
  if (!table['charged once'] || table.failed > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
