/**
 * Exactly once under faults (npm run test:faults; .ci/run calls it). Two services-host processes in
 * production mode on a PostgreSQL cluster of the suite's own, sharing rate limits on Redis, in
 * front of a stub inference deployment that answers (fast and slowly), fails, hangs, trickles and
 * resets. Each scenario sends N metered calls, each with its own Idempotency-Key, injects its
 * fault in the middle of the load, then retries every call that did not answer 200 with its own
 * key until it does, as a client following Retry-After would. After each scenario the same
 * invariants are checked from outside:
 *   - both processes (or the replacement of a killed one) answer /health, and no other exited;
 *   - every call is answered, and no key stayed unobtainable (409) longer than a hold lease;
 *   - distinct transaction ids = calls, and they are exactly the ledger's new usage rows;
 *   - the wallet dropped by calls × price, no hold is left open, no record is left in progress.
 * The figures of each scenario are printed.
 *
 * FAULTS_SERVER_ROOT runs the servers of another checkout (say, an older commit) against the same
 * scenarios.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const DATABASE_URL = process.env.FAULTS_DATABASE_URL;
const CLUSTER = process.env.FAULTS_PG_CLUSTER; // "15 faults"
const REDIS_URL = process.env.REDIS_URL;
const ROOT = path.resolve(
  process.env.FAULTS_SERVER_ROOT ?? path.join(import.meta.dirname, '../..'),
);
const CALLS = Number(process.env.FAULTS_CALLS ?? 240);
const CONCURRENCY = Number(process.env.FAULTS_CONCURRENCY ?? 24);
const LEASE_MS = 3_000;
const UPSTREAM_TIMEOUT_MS = 2_000;
const DEPLOYMENT = 'image-classification';
/** A key may stay unobtainable (409) for a lease and a sweep at most, plus scheduling slack. */
const MAX_UNOBTAINABLE_MS = LEASE_MS + LEASE_MS / 2 + 2_000;
const RETRY_DEADLINE_MS = 60_000;

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const ENV = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '/tmp',
  FIREBASE_PROJECT_ID: 'visionapi-faults',
  STRIPE_SECRET_KEY: 'sk_test_faults',
  STRIPE_WEBHOOK_SECRET: 'whsec_faults',
  API_KEY_HMAC_SECRET: 'a-faults-suite-hmac-secret-of-at-least-32-characters',
  UI_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  SMTP_URL: 'smtp://127.0.0.1:1',
  // The gateway authenticates itself to the stub upstream, which refuses calls without it.
  UPSTREAM_SHARED_SECRET: 'a-faults-suite-upstream-secret-of-32-characters',
  SERVICES_UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
  SERVICES_UPSTREAM_CONNECT_TIMEOUT_MS: '1000',
  SERVICES_RATE_LIMIT_MAX: '1000000',
  SERVICES_IP_RATE_LIMIT_MAX: '1000000',
  HOLD_LEASE_MS: String(LEASE_MS),
  DATABASE_POOL_SIZE: '8',
  LOG_LEVEL: 'warn',
};

// ---------------------------------------------------------------------------------------------
// The stub inference deployment: a fixed, seeded mix of behaviours.

type Behaviour = 'answer' | 'slow' | 'fail' | 'hang' | 'trickle' | 'reset';
const MIX: Array<[Behaviour, number]> = [
  ['answer', 0.55],
  ['slow', 0.2],
  ['fail', 0.08],
  ['hang', 0.05],
  ['trickle', 0.05],
  ['reset', 0.07],
];

function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function startStub(): Promise<{ url: string; close: () => Promise<void>; seen: () => number }> {
  const random = seeded(20261126);
  const sockets = new Set<net.Socket>();
  let seen = 0;
  const answer = JSON.stringify({
    image: { width: 64, height: 64, original_width: 64, original_height: 64 },
    predictions: [
      { label: 'cat', score: 0.91 },
      { label: 'dog', score: 0.07 },
    ],
  });
  const server = http.createServer((req, res) => {
    seen += 1;
    if (req.headers['x-visionapi-gateway-secret'] !== ENV.UPSTREAM_SHARED_SECRET) {
      req.resume();
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error_message: 'not the gateway' }));
      return;
    }
    req.resume();
    req.on('end', () => {
      let pick = random();
      let behaviour: Behaviour = 'answer';
      for (const [name, share] of MIX) {
        if (pick < share) {
          behaviour = name;
          break;
        }
        pick -= share;
      }
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(answer);
      };
      switch (behaviour) {
        case 'answer':
          setTimeout(send, 5 + random() * 40);
          break;
        case 'slow':
          setTimeout(send, 200 + random() * 500);
          break;
        case 'fail':
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error_message: 'model crashed' }));
          break;
        case 'hang':
          break; // never answers: the gateway's whole-call timeout ends it
        case 'trickle': {
          res.writeHead(200, { 'content-type': 'application/json' });
          const timer = setInterval(
            () => (res.destroyed ? clearInterval(timer) : res.write(' ')),
            200,
          );
          res.on('close', () => clearInterval(timer));
          break;
        }
        case 'reset':
          req.socket.destroy();
          break;
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
        seen: () => seen,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      }),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// The services processes.

interface ServicesProcess {
  name: string;
  port: number;
  child: ChildProcess;
  exited: boolean;
  expectedExit: boolean;
  log: string[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServices(
  name: string,
  port: number,
  databaseUrl: string,
  upstream: string,
): Promise<ServicesProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/src/server.ts', '--role=services'],
    {
      cwd: ROOT,
      env: {
        ...ENV,
        SERVER_ROLE: 'services',
        SERVICES_PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        SERVICES_UPSTREAM_URL: upstream,
        ...(REDIS_URL ? { REDIS_URL } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const proc: ServicesProcess = { name, port, child, exited: false, expectedExit: false, log: [] };
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line) proc.log.push(line.slice(0, 500));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('exit', () => {
    proc.exited = true;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exited) throw new Error(`${name} exited at start:\n${proc.log.join('\n')}`);
    if ((await health(port)) === 200) return proc;
    await sleep(200);
  }
  throw new Error(`${name} did not start:\n${proc.log.join('\n')}`);
}

async function health(port: number): Promise<number | null> {
  try {
    const response = await request(`http://127.0.0.1:${port}/health`, {
      headersTimeout: 2_000,
      bodyTimeout: 2_000,
    });
    await response.body.dump();
    return response.statusCode;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Calls and their outcomes.

interface CallRecord {
  key: string;
  firstStatus: string;
  attempts: number;
  transactionId: string | null;
  /** Longest run of 409 answers (the key unobtainable), ms. */
  unobtainableMs: number;
  answeredAt: number | null;
}

const agent = new Agent({ connections: 64, keepAliveTimeout: 2_000, connect: { timeout: 2_000 } });

async function callOnce(
  port: number,
  secret: string,
  key: string,
  body: string,
): Promise<{
  status: string;
  retryAfter: number | null;
  transactionId: string | null;
  replayed: boolean;
  message: string | null;
}> {
  try {
    const response = await request(`http://127.0.0.1:${port}/${DEPLOYMENT}`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', 'api-key': secret, 'idempotency-key': key },
      body,
      headersTimeout: 20_000,
      bodyTimeout: 20_000,
    });
    const text = await response.body.text();
    const retryAfterHeader = response.headers['retry-after'];
    const retryAfter = retryAfterHeader === undefined ? null : Number(retryAfterHeader);
    let transactionId: string | null = null;
    let message: string | null = null;
    if (response.statusCode === 200) {
      transactionId =
        (JSON.parse(text) as { usage?: { transaction_id?: string } }).usage?.transaction_id ?? null;
    } else {
      try {
        message = String((JSON.parse(text) as { error_message?: unknown }).error_message);
      } catch {
        message = text.slice(0, 80);
      }
    }
    return {
      status: String(response.statusCode),
      retryAfter,
      transactionId,
      replayed: response.headers['idempotent-replayed'] === 'true',
      message,
    };
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? 'network';
    return {
      status: `network:${code}`,
      retryAfter: null,
      transactionId: null,
      replayed: false,
      message: null,
    };
  }
}

async function pool<T>(
  items: T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------

const enabled = Boolean(DATABASE_URL && CLUSTER);

describe.skipIf(!enabled)('exactly once under faults (PostgreSQL, two services processes)', () => {
  let databaseUrl: string;
  let databaseName: string;
  let stub: Awaited<ReturnType<typeof startStub>>;
  const processes: ServicesProcess[] = [];
  let secret: string;
  let organizationId: string;
  let priceMicros: number;
  let body: string;
  let admin: pg.Client;
  const figures: Array<Record<string, string | number>> = [];
  /** Every refusal's status and message (start), over all scenarios. */
  const reasons = new Map<string, number>();

  beforeAll(async () => {
    databaseName = `vapi_faults_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const server = new pg.Client({ connectionString: DATABASE_URL });
    await server.connect();
    await server.query(`CREATE DATABASE ${databaseName}`);
    await server.end();
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();

    // Migrate and seed from this process, with the servers' own code and secrets.
    const { readServerConfig } = await import(path.join(ROOT, 'server/src/config.ts'));
    const { createDeps } = await import(path.join(ROOT, 'server/src/bootstrap.ts'));
    const { SYSTEM_ACTOR } = await import(path.join(ROOT, 'server/src/repositories/audit.ts'));
    const config = readServerConfig({
      ...ENV,
      DATABASE_URL: databaseUrl,
      SERVER_ROLE: 'api',
    } as NodeJS.ProcessEnv);
    const { deps, database } = await createDeps(config, {
      verifier: {
        verifyIdToken: async () => {
          throw new Error('no ID tokens here');
        },
        lookupEmailVerified: async () => null,
      },
    });
    const org = await deps.repos.organizations.create(
      { uid: `faults-${randomUUID()}`, email: null, emailVerified: true },
      {
        name: 'Faults Vision Labs',
        website: 'https://faults.example.com',
        country: 'India',
        state: 'Karnataka',
      },
      SYSTEM_ACTOR,
    );
    organizationId = org.id;
    secret = (await deps.repos.apiKeys.create(org.id, 'faults', SYSTEM_ACTOR)).secret;
    await database.close();

    admin = adminClient();
    await admin.connect();
    await admin.query('update organizations set balance_micros = 1000000000000 where id = $1', [
      organizationId,
    ]);
    priceMicros = Number(
      (
        await admin.query('select price_per_call_micros as p from deployments where path = $1', [
          DEPLOYMENT,
        ])
      ).rows[0].p,
    );

    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#6699cc' },
    })
      .png()
      .toBuffer();
    body = JSON.stringify({ image: png.toString('base64') });
    stub = await startStub();
    const ports = [await freePort(), await freePort()];
    processes.push(await startServices('A', ports[0]!, databaseUrl, stub.url));
    processes.push(await startServices('B', ports[1]!, databaseUrl, stub.url));
  }, 180_000);

  afterAll(async () => {
    for (const proc of processes) {
      proc.expectedExit = true;
      proc.child.kill('SIGTERM');
    }
    await sleep(1_500);
    for (const proc of processes) if (!proc.exited) proc.child.kill('SIGKILL');
    await stub?.close();
    await agent.close();
    await admin?.end().catch(() => undefined);
    if (databaseName) {
      const server = new pg.Client({ connectionString: DATABASE_URL });
      await server.connect();
      await server.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await server.end();
    }
    if (figures.length > 0) {
      console.log(
        `\nexactly once under faults: ${CALLS} calls per scenario, ${CONCURRENCY} at a time, lease ${LEASE_MS} ms`,
      );
      console.table(figures);
      console.table(
        [...reasons.entries()]
          .sort((a, b) => b[1] - a[1])
          .map(([reason, count]) => ({ answer: reason, count })),
      );
    }
  }, 60_000);

  /** The suite's own connection: the faults cut it too, and it must not end the run. */
  function adminClient(): pg.Client {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', () => undefined);
    return client;
  }

  async function adminQuery<T>(text: string, values: unknown[] = []): Promise<T[]> {
    // The admin connection may itself be cut by a fault: reconnect.
    for (let attempt = 0; ; attempt++) {
      try {
        return (await admin.query(text, values)).rows as T[];
      } catch (error) {
        if (attempt >= 20) throw error;
        await admin.end().catch(() => undefined);
        await sleep(500);
        admin = adminClient();
        await admin.connect().catch(() => undefined);
      }
    }
  }

  const live = () => processes.filter((proc) => !proc.exited);
  const errorLines = () =>
    processes.flatMap((proc) => proc.log.filter((line) => line.includes('"level":50')).slice(-5));

  async function scenario(name: string, fault: () => Promise<void>) {
    const [before] = await adminQuery<{ balance: string; entries: string }>(
      `select (select balance_micros from organizations where id = $1) as balance,
              (select count(*) from ledger_entries where organization_id = $1 and kind = 'usage') as entries`,
      [organizationId],
    );
    const startedAt = new Date();
    const calls: CallRecord[] = Array.from({ length: CALLS }, () => ({
      key: randomUUID(),
      firstStatus: '',
      attempts: 0,
      transactionId: null,
      unobtainableMs: 0,
      answeredAt: null,
    }));
    let faultAt = 0;
    let faultDone: Promise<void> | null = null;
    const firstStatuses = new Map<string, number>();
    const allStatuses = new Map<string, number>();

    // Each call is retried with its own key until it answers 200, as a client that follows
    // Retry-After does (at most 5 s between tries; 300 ms after a broken connection).
    await pool(calls, CONCURRENCY, async (call, index) => {
      if (index === Math.floor(CALLS * 0.4) && !faultDone) {
        faultAt = Date.now();
        faultDone = fault();
      }
      const deadline = Date.now() + RETRY_DEADLINE_MS;
      let conflictSince: number | null = null;
      let turn = index;
      while (Date.now() < deadline) {
        const targets = call.attempts === 0 ? processes : live();
        if (targets.length === 0) {
          // Every process is gone (it would be the test's failure, checked below).
          await sleep(300);
          continue;
        }
        const target = targets[turn++ % targets.length]!;
        const outcome = await callOnce(target.port, secret, call.key, body);
        call.attempts += 1;
        if (call.attempts === 1) {
          call.firstStatus = outcome.status;
          firstStatuses.set(outcome.status, (firstStatuses.get(outcome.status) ?? 0) + 1);
        }
        allStatuses.set(outcome.status, (allStatuses.get(outcome.status) ?? 0) + 1);
        if (outcome.message) {
          const reason = `${outcome.status} ${outcome.message.slice(0, 70)}`;
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        }
        if (outcome.status === '409') {
          conflictSince ??= Date.now();
          call.unobtainableMs = Math.max(call.unobtainableMs, Date.now() - conflictSince);
        } else {
          if (conflictSince !== null) {
            call.unobtainableMs = Math.max(call.unobtainableMs, Date.now() - conflictSince);
          }
          conflictSince = null;
        }
        if (outcome.status === '200') {
          call.transactionId = outcome.transactionId;
          call.answeredAt = Date.now();
          return;
        }
        const wait = outcome.retryAfter !== null ? Math.min(outcome.retryAfter, 5) * 1000 : 300;
        await sleep(wait);
      }
    });
    await faultDone;
    const retried = calls.filter((call) => call.attempts > 1);

    // Replays: the same key gives the same answer, marked, and is not charged again.
    const sample = calls.filter((call) => call.transactionId).slice(0, 20);
    for (const call of sample) {
      const target = live()[0];
      if (!target) break;
      const again = await callOnce(target.port, secret, call.key, body);
      expect(again.status).toBe('200');
      expect(again.replayed).toBe(true);
      expect(again.transactionId).toBe(call.transactionId);
    }

    // No hold is left open, nor any record in progress.
    const settleDeadline = Date.now() + LEASE_MS * 3 + 5_000;
    let open = 1;
    let inProgress = 1;
    while (Date.now() < settleDeadline) {
      [{ open, in_progress: inProgress }] = (
        await adminQuery<{ open: string; in_progress: string }>(
          `select (select count(*) from usage_reservations where organization_id = $1 and status = 'held') as open,
                  (select count(*) from idempotency_records where state = 'in_progress') as in_progress`,
          [organizationId],
        )
      ).map((row) => ({ open: Number(row.open), in_progress: Number(row.in_progress) }));
      if (open === 0 && inProgress === 0) break;
      await sleep(200);
    }
    // How long after the fault the wallet was whole again: when the last hold taken before the
    // fault was settled (captured, released by its call, or swept after its lease lapsed).
    const [whole] = await adminQuery<{ ms: string | null }>(
      `select extract(epoch from max(settled_at) - $2::timestamptz) * 1000 as ms
       from usage_reservations where organization_id = $1 and created_at <= $3::timestamptz`,
      [organizationId, new Date(faultAt), new Date(faultAt)],
    );
    const wholeAfterMs = Math.max(0, Math.round(Number(whole?.ms ?? 0)));

    const [after] = await adminQuery<{ balance: string; entries: string }>(
      `select (select balance_micros from organizations where id = $1) as balance,
              (select count(*) from ledger_entries where organization_id = $1 and kind = 'usage') as entries`,
      [organizationId],
    );
    const ledgerIds = new Set(
      (
        await adminQuery<{ id: string }>(
          `select id from ledger_entries where organization_id = $1 and kind = 'usage' and created_at >= $2`,
          [organizationId, startedAt],
        )
      ).map((row) => row.id),
    );
    const answered = calls.filter((call) => call.answeredAt !== null);
    const transactionIds = new Set(answered.map((call) => call.transactionId));
    const charged = Number(after!.entries) - Number(before!.entries);
    const unobtainable = Math.max(...calls.map((call) => call.unobtainableMs));
    const statuses = [...firstStatuses.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    figures.push({
      scenario: name,
      calls: CALLS,
      'first answers': statuses,
      'calls retried': retried.length,
      retries: calls.reduce((sum, call) => sum + call.attempts - 1, 0),
      answered: answered.length,
      charged,
      'longest unobtainable ms': unobtainable,
      'wallet whole after ms': wholeAfterMs,
    });

    // Both processes (or a killed one's replacement) answer; no other process exited.
    for (const proc of processes.filter((p) => !p.expectedExit)) {
      expect(proc.exited, `${proc.name} exited:\n${proc.log.slice(-20).join('\n')}`).toBe(false);
      expect(await health(proc.port)).toBe(200);
    }
    expect(answered.length, 'every call answered').toBe(CALLS);
    // A database outage is a 503 with Retry-After, never a 500.
    expect(allStatuses.get('500') ?? 0, `no 500 answer:\n${errorLines().join('\n')}`).toBe(0);
    expect(transactionIds.size, 'distinct transaction ids = calls').toBe(CALLS);
    expect(charged, 'charged = answered').toBe(CALLS);
    expect(
      [...transactionIds].every((id) => ledgerIds.has(id!)),
      'answers name ledger rows',
    ).toBe(true);
    expect(Number(before!.balance) - Number(after!.balance), 'wallet drop = calls × price').toBe(
      CALLS * priceMicros,
    );
    expect(open, 'no hold left open').toBe(0);
    expect(inProgress, 'no idempotency record stuck').toBe(0);
    expect(unobtainable, 'no key unobtainable past a lease').toBeLessThanOrEqual(
      MAX_UNOBTAINABLE_MS,
    );
    for (const proc of processes) {
      const leaked = proc.log.find((line) => line.includes(new URL(DATABASE_URL!).password));
      expect(leaked, 'no log line carries the database password').toBeUndefined();
    }
  }

  it('an upstream that answers, fails, hangs, trickles and resets', async () => {
    await scenario('upstream faults only', async () => undefined);
    expect(stub.seen()).toBeGreaterThan(CALLS);
  }, 240_000);

  it('kill -9 of one process mid-load, then its replacement', async () => {
    await scenario('kill -9 mid-load', async () => {
      const victim = processes[0]!;
      victim.expectedExit = true;
      victim.child.kill('SIGKILL');
      await sleep(1_000);
      const replacement = await startServices('A′', victim.port, databaseUrl, stub.url);
      processes[0] = replacement;
    });
  }, 240_000);

  it('a PostgreSQL restart mid-load (pg_ctlcluster … restart -m fast)', async () => {
    await scenario('PostgreSQL restart', async () => {
      const [version, cluster] = CLUSTER!.split(' ');
      await run('pg_ctlcluster', [version!, cluster!, 'restart', '-m', 'fast']);
    });
  }, 240_000);

  it('every backend terminated mid-load', async () => {
    await scenario('backends terminated', async () => {
      const server = new pg.Client({ connectionString: DATABASE_URL });
      await server.connect();
      for (let round = 0; round < 3; round++) {
        await server.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [databaseName],
        );
        await sleep(150);
      }
      await server.end();
    });
  }, 240_000);
});
