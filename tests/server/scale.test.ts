/**
 * Scale out on PostgreSQL: two account API processes and two services processes on one database
 * (run with DATABASE_URL; `.ci/run` starts PostgreSQL). Money stays exact across processes,
 * rate limits hold across them, and a process stopped with SIGTERM finishes what it started.
 */
import { SYSTEM_ACTOR } from '../../server/src/repositories/audit';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SECRETS } from '../../server/src/config';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client';
import { createKeySecrets } from '../../server/src/lib/keys';
import { createRepositories } from '../../server/src/repositories';
import { freshDatabase, ORGANIZATION, testImage } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const enabled = Boolean(process.env.DATABASE_URL);
const API_LIMIT = 20;
const KEY_LIMIT = 10;
const REDIS_PREFIX = `visionapi-scale-${process.pid}-${Date.now()}`;

const secrets = createKeySecrets({
  hmacSecret: LOCAL_SECRETS.apiKeyHmacSecret,
  encryptionKey: Buffer.from(LOCAL_SECRETS.uiKeyEncryptionKey, 'base64'),
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Proc {
  child: ChildProcess;
  url: string;
  output: () => string;
}

async function startServer(
  role: 'api' | 'services',
  databaseUrl: string,
  env: Record<string, string>,
) {
  const port = await freePort();
  let output = '';
  // One process (no tsx wrapper between the signal and the server).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      STACK_MODE: 'local',
      SERVER_ROLE: role,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '5',
      [role === 'api' ? 'API_PORT' : 'SERVICES_PORT']: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SERVICES_WORKERS: '1',
      ...(process.env.SCALE_DEBUG ? { LOG_LEVEL: 'info' } : {}),
      SERVICES_QUEUE: '512',
      // Counters shared on Redis when the run has one (.ci/run's PostgreSQL run does), under a
      // prefix of this run's own so other suites' counts never mix in.
      ...(process.env.REDIS_URL
        ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: REDIS_PREFIX }
        : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${role} exited early:\n${output}`);
    const ok = await fetch(`${url}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${role} did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { child, url, output: () => output } satisfies Proc;
}

function stop(proc: Proc | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (!proc || proc.child.exitCode !== null) return Promise.resolve(proc?.child.exitCode ?? null);
  return new Promise((resolve) => {
    proc.child.once('exit', (code) => resolve(code));
    proc.child.kill(signal);
  });
}

/** An organization with a key and a wallet, written straight to the database. */
async function seedWallet(handle: DatabaseHandle, uid: string, usd: number) {
  const repos = createRepositories(handle.db, secrets);
  const org = await repos.organizations.create(
    { uid, email: `${uid}@example.com`, emailVerified: true },
    ORGANIZATION,
    SYSTEM_ACTOR,
  );
  const { secret } = await repos.apiKeys.create(org!.id, 'load', SYSTEM_ACTOR);
  const order = await repos.payments.createOrder({
    id: `ord_${uid}`,
    organizationId: org!.id,
    amountMicros: usd * 1_000_000,
    provider: 'sandbox',
  });
  await repos.payments.fulfil({
    orderId: order.id,
    providerPaymentId: `sandbox_${order.id}`,
    status: 'succeeded',
    receiptReference: null,
  });
  return { organizationId: org!.id, secret };
}

describe.skipIf(!enabled)('two API and two services processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let handle: DatabaseHandle;
  const procs: Proc[] = [];
  let api: Proc[] = [];
  let services: Proc[] = [];
  let limited: Proc[] = [];
  let image: string;

  beforeAll(async () => {
    database = await freshDatabase();
    const url = database.options.url!;
    handle = await openDatabase({ url, migrationHooks: { keySecrets: secrets } });
    // One cent a call: $1.50 buys exactly 150.
    await createRepositories(handle.db, secrets).pricing.seed();
    await handle.db.execute(
      sql`update deployments set price_per_call_micros = 10000 where path = 'image-classification'`,
    );
    image = (await testImage('png', 32, 32)).toString('base64');
    const started = await Promise.all([
      startServer('api', url, { RATE_LIMIT_MAX: String(API_LIMIT) }),
      startServer('api', url, { RATE_LIMIT_MAX: String(API_LIMIT) }),
      startServer('services', url, {
        SERVICES_RATE_LIMIT_MAX: '100000',
        SERVICES_IP_RATE_LIMIT_MAX: '100000',
        // 100 calls at once per process: all of them reach the upstream (the default 64 slots
        // would turn the rest away with 503, which is right but not what this test counts).
        SERVICES_UPSTREAM_CONCURRENCY: '256',
      }),
      startServer('services', url, {
        SERVICES_RATE_LIMIT_MAX: '100000',
        SERVICES_IP_RATE_LIMIT_MAX: '100000',
        // 100 calls at once per process: all of them reach the upstream (the default 64 slots
        // would turn the rest away with 503, which is right but not what this test counts).
        SERVICES_UPSTREAM_CONCURRENCY: '256',
      }),
      startServer('services', url, {
        SERVICES_RATE_LIMIT_MAX: String(KEY_LIMIT),
        SERVICES_IP_RATE_LIMIT_MAX: '100000',
      }),
      startServer('services', url, {
        SERVICES_RATE_LIMIT_MAX: String(KEY_LIMIT),
        SERVICES_IP_RATE_LIMIT_MAX: '100000',
      }),
    ]);
    procs.push(...started);
    api = started.slice(0, 2);
    services = started.slice(2, 4);
    limited = started.slice(4, 6);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => stop(p)));
    await handle?.close();
    await database?.drop();
  }, 60_000);

  const call = (proc: Proc, secret: string) =>
    fetch(`${proc.url}/image-classification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': secret },
      body: JSON.stringify({ image }),
    });

  it('200 concurrent metered calls on a wallet that holds 150: exactly 150 charged, balance 0', async () => {
    const wallet = await seedWallet(handle, 'load-user', 1.5);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => call(services[i % 2]!, wallet.secret)),
    );
    const codes = answers.map((a) => a.status);
    const tally: Record<number, number> = {};
    for (const c of codes) tally[c] = (tally[c] ?? 0) + 1;
    expect(tally).toEqual({ 200: 150, 402: 50 });
    expect(codes.filter((c) => c === 200)).toHaveLength(150);
    expect(codes.filter((c) => c === 402)).toHaveLength(50);
    const rows = (await handle.db.execute(sql`
      select
        (select balance_micros from organizations where id = ${wallet.organizationId}) as balance,
        (select count(*) from ledger_entries where organization_id = ${wallet.organizationId} and kind = 'usage') as charged,
        (select coalesce(sum(amount_micros), 0) from ledger_entries where organization_id = ${wallet.organizationId}) as ledger_sum,
        (select count(*) from usage_reservations where organization_id = ${wallet.organizationId} and status = 'held') as held
    `)) as unknown as { rows: Array<Record<string, string | number>> };
    const row = rows.rows[0]!;
    expect(Number(row.balance)).toBe(0);
    expect(Number(row.charged)).toBe(150);
    expect(Number(row.ledger_sum)).toBe(0);
    expect(Number(row.held)).toBe(0);
    // Both processes answered.
    const remaining = await Promise.all(
      answers.filter((a) => a.status === 200).map((a) => a.json()),
    );
    expect(new Set(remaining.map((r) => r.usage.remaining_credits)).size).toBe(150);
  }, 120_000);

  // Without Redis each process counts in its own memory (the README says so): N processes admit
  // N times the limit. With REDIS_URL they share one count.
  const processes = process.env.REDIS_URL ? 1 : 2;
  const sharing = process.env.REDIS_URL ? 'in total across' : 'in each of';

  it(`a limit of ${KEY_LIMIT} per minute per key admits ${KEY_LIMIT} ${sharing} both services processes`, async () => {
    const wallet = await seedWallet(handle, 'limit-user', 5);
    const codes: number[] = [];
    for (let i = 0; i < 3 * KEY_LIMIT; i++)
      codes.push((await call(limited[i % 2]!, wallet.secret)).status);
    expect(codes.filter((c) => c === 200)).toHaveLength(processes * KEY_LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength((3 - processes) * KEY_LIMIT);
  }, 60_000);

  it(`a limit of ${API_LIMIT} per minute per IP admits ${API_LIMIT} ${sharing} both API processes`, async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3 * API_LIMIT; i++) {
      codes.push((await fetch(`${api[i % 2]!.url}/v1/pricing/pubic-deployment`)).status);
    }
    // The health checks during start-up did not count (they are per route).
    expect(codes.filter((c) => c === 200)).toHaveLength(processes * API_LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength((3 - processes) * API_LIMIT);
  }, 60_000);

  it('a process stopped with SIGTERM finishes its in-flight calls, then exits 0', async () => {
    const wallet = await seedWallet(handle, 'drain-user', 5);
    const victim = services[1]!;
    const inFlight = Array.from({ length: 12 }, () => call(victim, wallet.secret));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const exited = stop(victim);
    const answers = await Promise.all(
      inFlight.map((p) =>
        p.then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    expect(await exited).toBe(0);
    // Calls it had started were answered; calls it had not read yet were told to go elsewhere
    // (503, nothing charged, as a load balancer expects); none was cut off.
    const ok = answers.filter((s) => s === 200).length;
    expect(ok).toBeGreaterThan(0);
    expect(answers.every((s) => s === 200 || s === 503)).toBe(true);
    const charged = (await handle.db.execute(
      sql`select count(*)::int as n from ledger_entries where organization_id = ${wallet.organizationId} and kind = 'usage'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(charged.rows[0]!.n).toBe(ok);
    const held = (await handle.db.execute(
      sql`select count(*)::int as n from usage_reservations where organization_id = ${wallet.organizationId} and status = 'held'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(held.rows[0]!.n).toBe(0);
  }, 60_000);
});
