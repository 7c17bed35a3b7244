/**
 * npm run bench:api: autocannon against, in one run,
 *   - a bare Fastify route (the ceiling of this machine),
 *   - an authenticated GET /v1/api-key and a metered POST /image-classification
 *     - on embedded PGlite, in this process (the `npm start` default), and
 *     - on PostgreSQL (DATABASE_URL) with 1, 2 and 4 processes per server, each server started
 *       as `server.ts --role=api|services --instances=N` (Node's cluster on one port).
 * ID tokens are real Auth-emulator tokens verified by firebase-admin (the bench starts the
 * emulator), so token verification costs what it costs in local mode. Prints requests/s and
 * p50/p99 latency. Not a test: numbers depend on the machine.
 *
 *   npm run bench:api                          PGlite only (no DATABASE_URL)
 *   DATABASE_URL=postgres://… npm run bench:api [-- --processes 1,2,4] [-- --only postgres]
 *   BENCH_CPU_PROF=/tmp/prof …                 also a V8 CPU profile of every server process
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import sharp from 'sharp';
import { buildAccountApp } from '../server/src/app';
import { createDeps } from '../server/src/bootstrap';
import { readServerConfig } from '../server/src/config';
import { buildServicesApp } from '../server/src/services/app';
import { ORGANIZATION } from '../tests/server/helpers';

const ROOT = path.resolve(import.meta.dirname, '..');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PROJECT = 'demo-visionapi';
// Its own emulator ports, so the bench runs beside a running local stack (9099, 4400, 4500).
const EMULATOR_PORT = 9199;
const args = process.argv.slice(2);
const argValue = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const PROCESS_COUNTS = (argValue('--processes') ?? '1,2,4').split(',').map(Number);
const ONLY = argValue('--only');

const LOCAL_ENV = {
  STACK_MODE: 'local',
  FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${EMULATOR_PORT}`,
  FIREBASE_PROJECT_ID: PROJECT,
  RATE_LIMIT_MAX: '100000000',
  SERVICES_RATE_LIMIT_MAX: '100000000',
  SERVICES_IP_RATE_LIMIT_MAX: '100000000',
  SERVICES_QUEUE: '100000',
  LOG_LEVEL: 'warn',
};
Object.assign(process.env, LOCAL_ENV);

interface Row {
  target: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'non-2xx/errors': number;
}

async function measure(
  target: string,
  options: { url: string } & Record<string, unknown>,
): Promise<Row> {
  const result = await autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...options });
  return {
    target,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx/errors': result.non2xx + result.errors,
  };
}

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

async function waitFor(url: string, child?: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${url}: process exited`);
    if (
      await fetch(url).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function startEmulator(): Promise<ChildProcess> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vapi-bench-'));
  const configPath = path.join(dir, 'firebase.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: EMULATOR_PORT },
        hub: { host: '127.0.0.1', port: 4401 },
        logging: { host: '127.0.0.1', port: 4501 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const child = spawn(
    path.join(ROOT, 'node_modules/.bin/firebase'),
    ['emulators:start', '--only', 'auth', '--project', PROJECT, '--config', configPath],
    { cwd: dir, env: { ...process.env, NO_UPDATE_NOTIFIER: '1' }, stdio: 'ignore', detached: true },
  );
  await waitFor(`http://127.0.0.1:${EMULATOR_PORT}/`, child);
  return child;
}

/** A real emulator user and its ID token. */
async function emulatorUser(email: string): Promise<{ token: string }> {
  const res = await fetch(
    `http://127.0.0.1:${EMULATOR_PORT}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password', returnSecureToken: true }),
    },
  );
  const body = await res.json();
  // Mark verified so the user may buy credits, then sign in again for a token that says so.
  await fetch(
    `http://127.0.0.1:${EMULATOR_PORT}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: body.localId, emailVerified: true }),
    },
  );
  const again = await fetch(
    `http://127.0.0.1:${EMULATOR_PORT}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password', returnSecureToken: true }),
    },
  );
  return { token: (await again.json()).idToken };
}

/** Organization, a funded wallet and the in-browser key, through the account API. */
async function provision(apiUrl: string, token: string): Promise<string> {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const post = (url: string, body: unknown) =>
    fetch(`${apiUrl}${url}`, { method: 'POST', headers: auth, body: JSON.stringify(body) }).then(
      (r) => r.json(),
    );
  await post('/v1/organization', ORGANIZATION);
  const order = await post('/v1/credits', { price_in_usd: 10000 });
  await post('/v1/credits/sandbox/confirm', { order_id: order.order_id });
  const keys = await fetch(`${apiUrl}/v1/api-key`, { headers: auth }).then((r) => r.json());
  return keys.api_keys.find((k: { used_for_ui: boolean }) => k.used_for_ui).key;
}

async function benchPair(label: string, apiUrl: string, servicesUrl: string, token: string) {
  const key = await provision(apiUrl, token);
  const image = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 90, g: 150, b: 210 } },
  })
    .png()
    .toBuffer();
  return [
    await measure(`${label}: GET /v1/api-key (auth + query)`, {
      url: `${apiUrl}/v1/api-key`,
      headers: { authorization: `Bearer ${token}` },
    }),
    await measure(`${label}: POST /image-classification (metered, 64×64 PNG)`, {
      url: `${servicesUrl}/image-classification`,
      method: 'POST',
      // The in-browser key accepts the site's own origins only.
      headers: {
        'api-key': key,
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
      },
      body: JSON.stringify({ image: image.toString('base64') }),
    }),
  ];
}

function startServer(role: 'api' | 'services', port: number, instances: number) {
  return spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=<dir>: a V8 CPU profile of each server process, written when it stops.
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
      '--import',
      'tsx',
      'server/src/server.ts',
      `--role=${role}`,
      `--instances=${instances}`,
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        [role === 'api' ? 'API_PORT' : 'SERVICES_PORT']: String(port),
        HOST: '127.0.0.1',
        // Two cores in all: one render worker per instance, pools sized for the instance count.
        SERVICES_WORKERS: '1',
        DATABASE_POOL_SIZE: String(Math.max(2, Math.floor(16 / instances))),
      },
      stdio: 'ignore',
      detached: true,
    },
  );
}

async function main() {
  const emulator = await startEmulator();
  const rows: Row[] = [];
  const bare = Fastify();
  bare.get('/ping', async () => ({ ok: true }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    rows.push(await measure('bare Fastify GET /ping', { url: `${bareUrl}/ping` }));

    if (ONLY !== 'postgres') {
      const config = readServerConfig({ ...LOCAL_ENV } as NodeJS.ProcessEnv);
      const { deps, database } = await createDeps(config, { database: {} });
      const api = await buildAccountApp(deps);
      const services = await buildServicesApp(deps);
      const [apiUrl, servicesUrl] = await Promise.all([
        api.listen({ port: 0, host: '127.0.0.1' }),
        services.listen({ port: 0, host: '127.0.0.1' }),
      ]);
      const { token } = await emulatorUser(`bench-pglite-${Date.now()}@example.com`);
      rows.push(...(await benchPair('PGlite, 1 process', apiUrl, servicesUrl, token)));
      await Promise.all([api.close(), services.close()]);
      await database.close();
    }

    if (process.env.DATABASE_URL && ONLY !== 'pglite') {
      for (const instances of PROCESS_COUNTS) {
        const [apiPort, servicesPort] = [await freePort(), await freePort()];
        const apiProcess = startServer('api', apiPort, instances);
        const servicesProcess = startServer('services', servicesPort, instances);
        try {
          await waitFor(`http://127.0.0.1:${apiPort}/health`, apiProcess);
          await waitFor(`http://127.0.0.1:${servicesPort}/health`, servicesProcess);
          const { token } = await emulatorUser(`bench-pg-${instances}-${Date.now()}@example.com`);
          const label = `PostgreSQL, ${instances} process${instances > 1 ? 'es' : ''} each`;
          rows.push(
            ...(await benchPair(
              label,
              `http://127.0.0.1:${apiPort}`,
              `http://127.0.0.1:${servicesPort}`,
              token,
            )),
          );
        } finally {
          for (const child of [apiProcess, servicesProcess]) {
            if (child.pid) process.kill(-child.pid, 'SIGTERM');
          }
          await new Promise((resolve) => setTimeout(resolve, 1500));
        }
      }
      rows.push(
        await measure('bare Fastify GET /ping (again, after the PostgreSQL runs)', {
          url: `${bareUrl}/ping`,
        }),
      );
    }
  } finally {
    await bare.close();
    if (emulator.pid) process.kill(-emulator.pid, 'SIGTERM');
  }
  const ceiling = rows[0]!['req/s'];
  console.log(
    `\nautocannon: ${DURATION_S} s per target, ${CONNECTIONS} connections, loopback, ${os.availableParallelism()} cores\n`,
  );
  console.table(
    rows.map((row) => ({ ...row, 'vs bare': `${((row['req/s'] / ceiling) * 100).toFixed(0)} %` })),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
