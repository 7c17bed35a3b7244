/**
 * npm run bench:gateway: the metering gateway's throughput and overhead. In one run, autocannon
 * against
 *   - a stub inference deployment called directly (the ceiling), and
 *   - the same stub through the services host in production mode (key look-up, limits, balance,
 *     body checks, hold, forward, answer validation, capture), from this checkout, and
 *   - with `--baseline <git ref>`, the services host of that commit, checked out beside this one
 *     (a detached git worktree under .bench/, sharing this checkout's node_modules),
 * each in a process of its own, in interleaved rounds (`--rounds`, 3), on PostgreSQL
 * (DATABASE_URL: each target gets a fresh database) or, without it, embedded PGlite. Prints
 * metered calls/s and p50/p99 (medians of the rounds), the overhead over the stub, the ratio to
 * the baseline, and where the CPU went per call (Linux /proc): the target process, every
 * PostgreSQL process, the stub and autocannon (this process). On a machine of N cores the calls/s
 * can be no more than N × 1000 / their sum. Not a test: numbers depend on the machine.
 *
 *   DATABASE_URL=postgres://… npm run bench:gateway -- --baseline 12fa141
 *
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each gateway process (`npx tsx
 * bench/cpu-profile-summary.ts <file>` prints its heaviest functions and packages).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { upstreamBody } from '../server/src/services/upstream-body';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROOT = path.resolve(import.meta.dirname, '..');

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index >= 0) return process.argv[index + 1];
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const children: ChildProcess[] = [];

/** Starts a child that prints one JSON line when ready. */
async function start<T>(
  script: string,
  args: string[],
  cwd: string,
  profile = false,
): Promise<T & { pid: number }> {
  // BENCH_CPU_PROF=<dir>: a V8 CPU profile of each gateway process, written when it exits.
  const cpuProfile =
    profile && process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
      : [];
  const child = spawn(process.execPath, [...cpuProfile, '--import', 'tsx', script, ...args], {
    cwd,
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = readline.createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
    lines.once('line', (line) => resolve({ ...(JSON.parse(line) as T), pid: child.pid! }));
  });
}

/** A detached worktree of `ref` beside this checkout, sharing its node_modules. */
function baselineTree(ref: string): { dir: string; sha: string } {
  const sha = execFileSync('git', ['rev-parse', '--short', ref], { cwd: ROOT }).toString().trim();
  const dir = path.join(ROOT, '.bench', `baseline-${sha}`);
  if (!existsSync(dir)) {
    mkdirSync(path.dirname(dir), { recursive: true });
    execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { cwd: ROOT, stdio: 'ignore' });
  }
  if (!existsSync(path.join(dir, 'node_modules'))) {
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  }
  return { dir, sha };
}

interface Row {
  target: string;
  'calls/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'non-2xx/errors': number;
  /** CPU ms per call: the target process, PostgreSQL (every backend), the stub, autocannon. */
  cpu: { target: number; postgres: number; stub: number; load: number };
}

/** CPU seconds (user + system) of a process from /proc (Linux), 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the name).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL process's CPU seconds (its backends live as long as the pools' connections). */
function postgresSeconds(): number {
  let total = 0;
  if (process.platform !== 'linux') return 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    total += cpuSeconds(Number(entry));
  }
  return total;
}

async function measure(
  target: string,
  options: autocannon.Options,
  pids: { target: number; stub: number },
): Promise<Row> {
  const before = {
    target: cpuSeconds(pids.target),
    postgres: postgresSeconds(),
    stub: cpuSeconds(pids.stub),
    load: process.cpuUsage(),
  };
  const result = await autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...options });
  const calls = Math.max(1, result.requests.total);
  const perCall = (seconds: number) => Math.round((seconds * 1_000_000) / calls) / 1000;
  const load = process.cpuUsage(before.load);
  return {
    target,
    'calls/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx/errors': result.non2xx + result.errors,
    cpu: {
      target: perCall(cpuSeconds(pids.target) - before.target),
      postgres: perCall(postgresSeconds() - before.postgres),
      stub: perCall(cpuSeconds(pids.stub) - before.stub),
      load: perCall((load.user + load.system) / 1e6),
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main() {
  const rounds = Number(option('rounds') ?? 3);
  // The gateway authenticates itself to the stub (X-VisionAPI-Gateway-Secret); the children
  // (stub and targets) read it from the environment.
  process.env.UPSTREAM_SHARED_SECRET ??= randomBytes(24).toString('base64url');
  const baselineRef = option('baseline');
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#6699cc' },
  })
    .png()
    .toBuffer();
  const body = JSON.stringify({ image: png.toString('base64') });

  const stub = await start<{ port: number }>(path.join(ROOT, 'bench/gateway-stub.ts'), [], ROOT);
  const upstream = `http://127.0.0.1:${stub.port}`;
  const targets: Array<{ name: string; port: number; secret: string; pid: number }> = [];
  const trees = [{ name: 'this checkout', dir: ROOT }];
  if (baselineRef) {
    const baseline = baselineTree(baselineRef);
    trees.push({ name: `baseline ${baseline.sha}`, dir: baseline.dir });
  }
  let kind = 'pglite';
  for (const tree of trees) {
    const ready = await start<{ port: number; secret: string; database: string }>(
      path.join(ROOT, 'bench/gateway-target.ts'),
      [`--root=${tree.dir}`, `--upstream=${upstream}`],
      tree.dir,
      true,
    );
    kind = ready.database;
    targets.push({ name: tree.name, port: ready.port, secret: ready.secret, pid: ready.pid });
  }

  // Called directly, the stub gets the body the gateway would forward.
  const forwarded = upstreamBody(png, { top_k: 5 });
  const parts: Buffer[] = [];
  for await (const chunk of forwarded.chunks()) parts.push(chunk);
  const results = new Map<string, Row[]>();
  const add = (row: Row) => results.set(row.target, [...(results.get(row.target) ?? []), row]);
  for (let round = 0; round < rounds; round++) {
    add(
      await measure(
        'stub inference deployment, called directly',
        {
          url: `${upstream}/image-classification`,
          method: 'POST',
          headers: {
            'content-type': forwarded.contentType,
            'x-visionapi-gateway-secret': process.env.UPSTREAM_SHARED_SECRET!,
          },
          body: Buffer.concat(parts),
        },
        { target: stub.pid, stub: stub.pid },
      ),
    );
    // Alternate the order so neither target always runs first.
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) {
      add(
        await measure(
          `gateway (${kind}), ${target.name}`,
          {
            url: `http://127.0.0.1:${target.port}/image-classification`,
            method: 'POST',
            headers: { 'content-type': 'application/json', 'api-key': target.secret },
            body,
          },
          { target: target.pid, stub: stub.pid },
        ),
      );
    }
  }
  const rows = [...results.entries()].map(([target, runs]) => ({
    target,
    'calls/s': median(runs.map((r) => r['calls/s'])),
    'p50 ms': median(runs.map((r) => r['p50 ms'])),
    'p99 ms': median(runs.map((r) => r['p99 ms'])),
    'non-2xx/errors': runs.reduce((sum, r) => sum + r['non-2xx/errors'], 0),
    rounds: runs.map((r) => r['calls/s']).join(' / '),
    'CPU ms/call target · pg · stub · autocannon': (['target', 'postgres', 'stub', 'load'] as const)
      .map((part) => median(runs.map((r) => r.cpu[part])).toFixed(2))
      .join(' · '),
  }));
  console.log(
    `\nautocannon: ${DURATION_S} s per target and round, ${rounds} interleaved rounds (medians), ` +
      `${CONNECTIONS} connections, loopback, 64×64 PNG, ${kind}\n`,
  );
  console.table(rows);
  const stubRow = rows[0]!;
  for (const row of rows.slice(1)) {
    console.log(
      `${row.target}: overhead over the stub p50 +${(row['p50 ms'] - stubRow['p50 ms']).toFixed(1)} ms, ` +
        `p99 +${(row['p99 ms'] - stubRow['p99 ms']).toFixed(1)} ms`,
    );
  }
  if (rows.length === 3) {
    console.log(
      `\nthis checkout / baseline: ${(rows[1]!['calls/s'] / Math.max(1, rows[2]!['calls/s'])).toFixed(2)}× the metered calls per second`,
    );
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    process.exit();
  });
