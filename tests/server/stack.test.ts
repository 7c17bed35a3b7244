/**
 * The start command brings the stack up and a real ID token from the Auth
 * emulator reaches /v1 (verified by firebase-admin, not a test double).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, ensureDemoAccount, signInDemoUser } from '../../scripts/stack/demo-account.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const EMULATOR = 'http://127.0.0.1:9099';
const API = 'http://localhost:4010';
const SERVICES = 'http://localhost:4020';

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

let stack: ChildProcess;
let output = '';
let dataDir: string;

beforeAll(async () => {
  for (const port of [9099, 4010, 4020]) {
    if (await portInUse(port))
      throw new Error(
        `Port ${port} is busy: stop the running local stack before npm run test:server.`,
      );
  }
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vapi-stack-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGLITE_DIR: dataDir,
    FORCE_COLOR: '0',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL; // the stack test runs the default, embedded database
  delete env.NODE_ENV;
  stack = spawn('npm', ['run', 'stack'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Stack ready')) resolve();
    };
    stack.stdout!.on('data', onData);
    stack.stderr!.on('data', onData);
    stack.once('exit', (code) => reject(new Error(`stack exited early (${code}):\n${output}`)));
  });
  await ready;
}, 240_000);

afterAll(async () => {
  if (stack && stack.exitCode === null) {
    const exited = new Promise((resolve) => stack.once('exit', resolve));
    process.kill(-stack.pid!, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function json(url: string, init: RequestInit = {}) {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  return { status: res.status, body: await res.json() };
}

describe('npm run stack', () => {
  it('serves health on both ports', async () => {
    expect((await json(`${API}/health`)).body).toEqual({ status: 'ok' });
    // The services host forwards live keys' calls to the sample upstream it started on loopback.
    const services = (await json(`${SERVICES}/health`)).body;
    expect(services).toEqual({
      status: 'ok',
      upstreams: [
        expect.objectContaining({
          origin: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
          state: 'closed',
        }),
      ],
    });
  });

  it('accepts a real emulator ID token on /v1 and refuses a forged one', async () => {
    const email = `stack-${Date.now()}@example.com`;
    const signUp = await json(
      `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
      {
        method: 'POST',
        body: JSON.stringify({ email, password: 'secret123', returnSecureToken: true }),
      },
    );
    expect(signUp.status).toBe(200);
    const auth = { authorization: `Bearer ${signUp.body.idToken}` };

    const created = await json(`${API}/v1/organization`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        name: 'Stack Co',
        website: 'stack.example.com',
        country: 'India',
        state: 'Goa',
      }),
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: 'Stack Co',
      wallet_balance: 0,
      email_verified: false,
    });

    const keys = await json(`${API}/v1/api-key`, { headers: auth });
    expect(keys.status).toBe(200);
    expect(keys.body.api_keys[0]).toMatchObject({ name: 'Playground key', used_for_ui: true });

    const verify = await json(`${API}/v1/organization/verify`, { method: 'POST', headers: auth });
    expect(verify.body).toEqual({ email_verified: false });

    // A token for a user the emulator does not know is refused.
    const [header, payload] = signUp.body.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'nobody', user_id: 'nobody' })).toString('base64url')}.`;
    const refused = await json(`${API}/v1/api-key`, {
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(refused.status).toBe(401);

    // The services host shares the database: the new key is known, the empty wallet answers 402.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC',
      'base64',
    );
    const call = await json(`${SERVICES}/object-detection`, {
      method: 'POST',
      // The in-browser key, from the site's origin as a browser sends it.
      headers: { 'api-key': keys.body.api_keys[0].key, origin: 'http://localhost:3000' },
      body: JSON.stringify({ image: png.toString('base64') }),
    });
    expect(call.status).toBe(402);
  });

  it('sends CORS headers for the site origin', async () => {
    const res = await fetch(`${API}/v1/pricing/pubic-deployment`, {
      headers: { origin: 'http://localhost:3000' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  });

  it('seeds the demo account (npm run seed): two organizations, a pending invitation, once', async () => {
    const urls = { api: `${API}/v1`, services: SERVICES };
    const first = await ensureDemoAccount(urls);
    expect(first.join('\n')).toContain('Demo Robotics Lab (created');
    expect(first.join('\n')).toContain('teammate@example.com as developer');
    const { token } = await signInDemoUser();
    const auth = { authorization: `Bearer ${token}` };
    const orgs = await json(`${API}/v1/organizations`, { headers: auth });
    expect(orgs.status).toBe(200);
    const list = orgs.body.organizations as Array<{
      name: string;
      role: string;
      selected: boolean;
    }>;
    expect(list.map((o) => [o.name, o.role]).sort()).toEqual([
      ['Demo Robotics Lab', 'owner'],
      ['Demo Vision Co.', 'owner'],
    ]);
    // The demo opens on its first organization, which holds the invitation.
    expect(list.find((o) => o.selected)!.name).toBe('Demo Vision Co.');
    const pending = async () =>
      (await json(`${API}/v1/team/invitations`, { headers: auth })).body.invitations as Array<{
        email: string;
        role: string;
        status: string;
      }>;
    expect(await pending()).toEqual([
      expect.objectContaining({
        email: 'teammate@example.com',
        role: 'developer',
        status: 'pending',
      }),
    ]);
    // Its e-mail went to the stack's mail catcher.
    const inbox = await json('http://127.0.0.1:1080/messages');
    expect(
      (inbox.body as Array<{ to: string; subject: string }>).some(
        // A fixed subject: no user-chosen name (an organization's) goes into a subject.
        (m) =>
          m.to.includes('teammate@example.com') &&
          m.subject === 'You are invited to join an organization on VisionAPI',
      ),
    ).toBe(true);
    // Running it again adds nothing.
    const again = await ensureDemoAccount(urls);
    expect(again.join('\n')).toContain('Demo Robotics Lab (already there)');
    expect(again.join('\n')).toContain('teammate@example.com (already there)');
    expect(await pending()).toHaveLength(1);
    expect(DEMO.email).toBe('demo@example.com');
  }, 60_000);

  it('shuts down cleanly on SIGTERM', async () => {
    const exited = new Promise<string>((resolve) =>
      stack.once('exit', (code, signal) => resolve(`${code}/${signal}`)),
    );
    // As Playwright and a terminal do: the whole process group gets the signal.
    process.kill(-stack.pid!, 'SIGTERM');
    expect(['0/null', 'null/SIGTERM']).toContain(await exited);
    // npm exits at once; its children (emulator, server) finish their own shutdown.
    const deadline = Date.now() + 20_000;
    const busy = async () => (await Promise.all([9099, 4010, 4020].map(portInUse))).some(Boolean);
    while ((await busy()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(await busy()).toBe(false);
  }, 30_000);
});
