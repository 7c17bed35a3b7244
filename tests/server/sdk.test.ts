/**
 * Both SDKs and both command lines against the real servers: the account API and the services
 * host built in-process (as every server test builds them) and listening on ephemeral loopback
 * ports. Each deployment answers a test key; a live key's call whose first answer is cut on the
 * way back (a proxy drops the connection once the services host has charged it) is retried with
 * its Idempotency-Key and charged exactly once, by the ledger; the account API answers an admin
 * key. The Python half runs packages/python/tests/test_stack.py with these servers.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEPLOYMENTS,
  InvalidApiKeyError,
  PeopleOnlyError,
  VisionAPI,
  type DeploymentPath,
} from '../../packages/typescript/src/index';
import {
  buyCredits,
  createHarness,
  registerUser,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'packages/typescript/bin/visionapi.js');
const PARAMS: Partial<Record<DeploymentPath, Record<string, unknown>>> = {
  'zero-shot-image-classification': { candidate_labels: ['sky', 'grass'] },
  'zero-shot-object-detection': { queries: ['sky'] },
};

/**
 * A TCP proxy in front of the services host that, while armed, drops the client's connection at
 * the first byte of an answer: the request ran (and was charged), its answer never arrived.
 */
async function cuttingProxy(target: number) {
  let armed = 0;
  let cuts = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream);
    upstream.on('data', (chunk) => {
      if (armed > 0) {
        armed -= 1;
        cuts += 1;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    upstream.on('end', () => client.end());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arm: (times = 1) => void (armed = times),
    cuts: () => cuts,
    // Kept-alive connections would hold close() open for the servers' keep-alive time.
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let h: Harness;
let user: TestUser;
let apiUrl: string;
let servicesUrl: string;
let proxy: Awaited<ReturnType<typeof cuttingProxy>>;
let dir: string;
let imageFile: string;
const keys = { test: '', live: '', admin: '' };

async function createKey(body: Record<string, unknown>, url = '/v1/api-key') {
  const made = await h.callApi({ method: 'POST', url, headers: user.auth, payload: body });
  expect(made.statusCode, made.body).toBe(200);
  return made.json().key as string;
}

const usageRows = async () =>
  Number(
    (
      (await h.db.execute(
        sql`select count(*)::int as n from ledger_entries l join organizations o on o.id = l.organization_id where o.owner_uid = ${user.uid} and l.kind = 'usage'`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows[0]!.n,
  );

const balance = async () =>
  (await h.callApi({ method: 'GET', url: '/v1/credits/balance', headers: user.auth })).json()
    .remaining_credits as number;

beforeAll(async () => {
  h = await createHarness();
  await h.api.listen({ port: 0, host: '127.0.0.1' });
  await h.services.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${(h.api.server.address() as AddressInfo).port}`;
  const servicesPort = (h.services.server.address() as AddressInfo).port;
  servicesUrl = `http://127.0.0.1:${servicesPort}`;
  proxy = await cuttingProxy(servicesPort);
  user = await registerUser(h);
  await buyCredits(h, user, 5);
  keys.test = await createKey({ name: 'sdk-test', mode: 'test' });
  keys.live = await createKey({ name: 'sdk-live' });
  keys.admin = await createKey({ name: 'sdk', role: 'admin' }, '/v1/admin-keys');
  dir = mkdtempSync(path.join(os.tmpdir(), 'visionapi-sdk-stack-'));
  imageFile = path.join(dir, 'scene.png');
  writeFileSync(imageFile, await testImage('png', 96, 64));
});

afterAll(async () => {
  await proxy?.close();
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function run(command: string, args: string[], env: Record<string, string>, cwd = ROOT) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the TypeScript SDK against the servers', () => {
  it('runs every deployment with a test key: sample answers, free', async () => {
    const sdk = new VisionAPI({ apiKey: keys.test, servicesUrl });
    for (const deployment of Object.keys(DEPLOYMENTS) as DeploymentPath[]) {
      const answer = await sdk.run(deployment, imageFile, PARAMS[deployment] as never);
      expect(answer, deployment).toMatchObject({ task: deployment, sandbox: true });
      expect(answer.usage.cost_usd, deployment).toBe(0);
    }
    await expect(
      new VisionAPI({ apiKey: 'va_test_nosuchkey0000000000000000', servicesUrl }).objectDetection(
        imageFile,
      ),
    ).rejects.toBeInstanceOf(InvalidApiKeyError);
  });

  it('charges a live call once when its first answer is lost and the SDK retries it', async () => {
    const rows = await usageRows();
    const before = await balance();
    proxy.arm();
    const { data, meta } = await new VisionAPI({ apiKey: keys.live, servicesUrl: proxy.url })
      .imageClassification(imageFile, { top_k: 2 })
      .withMeta();
    expect(proxy.cuts()).toBe(1);
    expect(meta).toMatchObject({ status: 200, attempts: 2, replayed: true });
    expect(data.usage.cost_usd).toBeGreaterThan(0);
    expect(await usageRows()).toBe(rows + 1);
    expect(await balance()).toBeCloseTo(before - data.usage.cost_usd, 6);
  });

  it('resizes a large image before sending it and reads the answer in its own pixels', async () => {
    const large = await sharp({
      create: { width: 1600, height: 800, channels: 3, background: { r: 100, g: 150, b: 220 } },
    })
      .png()
      .toBuffer();
    const answer = await new VisionAPI({ apiKey: keys.test, servicesUrl }).objectDetection(large);
    expect(answer.image).toEqual({
      width: 1024,
      height: 512,
      original_width: 1600,
      original_height: 800,
    });
    for (const { box } of answer.predictions) {
      expect(box.x_max).toBeLessThanOrEqual(1600);
      expect(box.y_max).toBeLessThanOrEqual(800);
    }
  });

  it('reads the account API with an admin key: keys, organization, usage, paged transactions', async () => {
    const sdk = new VisionAPI({ adminKey: keys.admin, apiUrl });
    const { api_keys } = await sdk.account.listApiKeys();
    expect(api_keys.map((key) => key.name)).toEqual(
      expect.arrayContaining(['sdk-test', 'sdk-live']),
    );
    expect(await sdk.account.getOrganization()).toMatchObject({ role: 'admin' });
    const today = new Date().toISOString().slice(0, 10);
    const usage = await sdk.account.getDailyUsage({
      start_date: `${today}T00:00:00.000Z`,
      end_date: `${today}T23:59:59.999Z`,
    });
    expect(usage.totals.calls).toBeGreaterThanOrEqual(1);
    expect(usage.by_key.some((row) => row.name === 'sdk-live')).toBe(true);
    const transactions = [];
    for await (const transaction of sdk.paginate('listTransactions', { limit: 1 }))
      transactions.push(transaction);
    expect(transactions.map((t) => t.kind)).toEqual(expect.arrayContaining(['purchase', 'usage']));
    await expect(sdk.account.listAdminKeys()).rejects.toBeInstanceOf(PeopleOnlyError);
  });
});

describe('the visionapi command against the servers', () => {
  const env = () => ({
    VISIONAPI_API_KEY: keys.test,
    VISIONAPI_ADMIN_KEY: keys.admin,
    VISIONAPI_SERVICES_URL: servicesUrl,
    VISIONAPI_API_URL: apiUrl,
  });

  it('runs a deployment and prints its JSON; a refused key exits 1 with its code', async () => {
    const ok = await run(
      'node',
      [CLI, 'run', 'zero-shot-object-detection', imageFile, '--param', 'queries=sky'],
      env(),
    );
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({
      task: 'zero-shot-object-detection',
      sandbox: true,
    });
    const refused = await run('node', [CLI, 'run', 'object-detection', imageFile], {
      ...env(),
      VISIONAPI_API_KEY: 'va_test_nosuchkey0000000000000000',
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^visionapi: invalid_api_key: .+ \(request req_\w+\)\n$/);
  });

  it('lists keys, usage and who it is, without printing a secret', async () => {
    const [list, usage, whoami] = await Promise.all([
      run('node', [CLI, 'keys', 'list'], env()),
      run('node', [CLI, 'usage', '--by', 'key'], env()),
      run('node', [CLI, 'whoami'], env()),
    ]);
    for (const out of [list, usage, whoami]) {
      expect(out.code, out.stderr).toBe(0);
      for (const secret of [keys.test, keys.live, keys.admin, user.playgroundKey.key])
        expect(out.stdout).not.toContain(secret);
    }
    expect(list.stdout).toMatch(/sdk-live\s+live/);
    expect(usage.stdout).toMatch(/sdk-live/);
    expect(whoami.stdout).toContain(`Acme Vision Labs (`);
    expect(whoami.stdout).toContain('as admin, with admin key va_admin_…');
  });
});

describe('the Python SDK and python3 -m visionapi against the servers', () => {
  it('passes packages/python/tests/test_stack.py, and its forced retry is charged once', async () => {
    const rows = await usageRows();
    proxy.arm();
    const out = await run(
      'python3',
      ['-m', 'unittest', '-v', 'tests.test_stack'],
      {
        VISIONAPI_STACK_TEST: '1',
        VISIONAPI_TEST_IMAGE: imageFile,
        VISIONAPI_TEST_KEY: keys.test,
        VISIONAPI_LIVE_KEY: keys.live,
        VISIONAPI_ADMIN_KEY: keys.admin,
        VISIONAPI_CUT_PROXY_URL: proxy.url,
        VISIONAPI_SERVICES_URL: servicesUrl,
        VISIONAPI_API_URL: apiUrl,
      },
      path.join(ROOT, 'packages/python'),
    );
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toMatch(/Ran 4 tests/);
    expect(out.stderr).not.toMatch(/skipped/);
    expect(out.stdout).toMatch(/"transaction_id"/);
    expect(proxy.cuts()).toBe(2);
    expect(await usageRows()).toBe(rows + 1);
  }, 60_000);
});
