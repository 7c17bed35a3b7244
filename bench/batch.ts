/**
 * npm run bench:batch: a batch's cost per image against single calls, in one run (issue 35). One
 * services host in production mode (bench/services-host.ts: a stub deployment answering at once,
 * PostgreSQL with DATABASE_URL, else PGlite), one organization. The same `BENCH_IMAGES` images
 * (320, a 64×64 PNG each, base64 in JSON) are sent three ways, `BENCH_IN_FLIGHT` (16) images in
 * flight each time:
 *   - single calls, 16 at a time;
 *   - batches of 16 (`images`), one at a time;
 *   - batches of 4, 4 at a time.
 * For each: images per second, wall and CPU milliseconds per image (this process: client, host
 * and stub; PGlite's work too when it is the database), database transactions committed per image
 * (PostgreSQL: pg_stat_database), and the money: every image charged once, at the single call's
 * price (a batch costs the same per image as single calls; it saves requests and round trips).
 * Not a test: numbers depend on the machine.
 *
 *   DATABASE_URL=postgres://… npm run bench:batch
 */
import { sql } from 'drizzle-orm';
import { rows, startBenchHost, type BenchHost } from './services-host';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 320);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 16);

async function commits(host: BenchHost): Promise<number | null> {
  if (host.kind !== 'postgres') return null;
  const [row] = rows<{ n: string }>(
    await host.deps.db.execute(
      sql`select xact_commit as n from pg_stat_database where datname = current_database()`,
    ),
  );
  return Number(row!.n);
}

async function usageRows(host: BenchHost): Promise<number> {
  const [row] = rows<{ n: string }>(
    await host.deps.db.execute(
      sql`select count(*) as n from ledger_entries where organization_id = ${host.organizationId} and kind = 'usage'`,
    ),
  );
  return Number(row!.n);
}

/** Sends IMAGES images as `size`-image calls (1: single calls), `parallel` calls at a time. */
async function round(host: BenchHost, label: string, size: number, parallel: number) {
  const body =
    size === 1
      ? JSON.stringify({ image: host.image })
      : JSON.stringify({ images: Array.from({ length: size }, () => ({ image: host.image })) });
  const calls = Math.ceil(IMAGES / size);
  const balance = await host.balance();
  const charges = await usageRows(host);
  // pg_stat_database counts what backends have reported (at most once a second when idle).
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const committed = await commits(host);
  const cpu = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < calls) {
        next++;
        const response = await host.app.inject({
          method: 'POST',
          url: '/image-classification',
          headers: { 'api-key': host.secret, 'content-type': 'application/json' },
          payload: body,
        });
        if (response.statusCode !== 200) failed++;
        else if (size > 1) {
          const answer = response.json() as { results: Array<{ status: number }> };
          failed += answer.results.filter((r) => r.status !== 200).length;
        }
      }
    }),
  );
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const after = await commits(host);
  const images = calls * size;
  const charged = (await usageRows(host)) - charges;
  const spent = balance - (await host.balance());
  return {
    way: label,
    images,
    calls,
    'images/s': Math.round((images / wall) * 1000),
    'wall ms/image': Number((wall / images).toFixed(2)),
    'CPU ms/image': Number(((used.user + used.system) / 1000 / images).toFixed(2)),
    'DB commits/image':
      committed === null || after === null
        ? 'n/a'
        : Number(((after - committed) / images).toFixed(2)),
    'USD/image': (spent / images / 1_000_000).toFixed(6),
    'charged once': failed === 0 && charged === images && spent === images * host.priceMicros,
  };
}

async function main() {
  const host = await startBenchHost('bench_batch');
  // Warm-up (connections, compiled code), not part of the figures.
  await round(host, 'warm-up', 16, 1);
  const results = [
    await round(host, 'single calls', 1, IN_FLIGHT),
    await round(host, `batches of ${IN_FLIGHT}`, IN_FLIGHT, 1),
    await round(host, 'batches of 4', 4, Math.max(1, IN_FLIGHT / 4)),
  ];
  console.log(`database: ${host.kind}, ${IMAGES} images, ${IN_FLIGHT} in flight`);
  console.table(results);
  await host.close();
  if (results.some((r) => !r['charged once'])) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
