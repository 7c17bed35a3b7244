#!/usr/bin/env node
/**
 * Proves the README's first promise on this machine: a fresh clone, with no node_modules, comes
 * up with `npm start` alone, the stack answers and the demo account signs in.
 *
 *   node scripts/ci/fresh-clone.mjs     (npm run test:fresh-clone; .ci/run runs it)
 *
 * Steps, each bounded in time, loopback only (npm ci reads the registry, as a user's would):
 *   1. git clone of this repository's HEAD into a temporary folder;
 *   2. the bootstrap installs the dependencies; run again, it installs nothing;
 *   3. `npm start` in the clone; waits for its "Stack ready" block, which names the demo account;
 *   4. the site answers, the demo user signs in at the Auth emulator, and its ID token reads the
 *      demo organization from the account API;
 *   5. stops the stack, removes the clone, prints the timings.
 * The ports of the local stack (3000, 4010, 4020, 9099, 4400, 4500) must be free.
 *
 * --hand-over-modules: when this checkout has no node_modules yet (CI's clean clone), the clone's
 * freshly installed node_modules moves here afterwards (same lock file hash, so the bootstrap of
 * the `npm test` that follows adopts it), instead of a second three-minute `npm ci`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORTS = [3000, 4010, 4020, 9099];
const INSTALL_TIMEOUT_MS = 10 * 60_000;
const START_TIMEOUT_MS = 4 * 60_000;
const SECOND_BOOTSTRAP_MAX_MS = 5_000;

const log = (message) => console.log(`[fresh-clone] ${message}`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function portInUse(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

function runBootstrap(cwd) {
  const started = Date.now();
  const result = spawnSync('node', ['scripts/bootstrap.mjs'], {
    cwd,
    encoding: 'utf8',
    timeout: INSTALL_TIMEOUT_MS,
    env: { ...process.env, npm_config_loglevel: 'error' },
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) throw new Error(`bootstrap failed (${result.status}):\n${output}`);
  return { ms: Date.now() - started, output };
}

async function json(url, init) {
  const res = await fetch(url, init);
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function main() {
  for (const port of PORTS) {
    if (await portInUse(port))
      throw new Error(`port ${port} is busy: stop the running stack first`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vapi-fresh-'));
  const clone = path.join(dir, 'repo');
  let stack = null;
  let handOver = false;
  const t0 = Date.now();
  try {
    const cloned = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone], {
      encoding: 'utf8',
    });
    if (cloned.status !== 0) throw new Error(`git clone failed: ${cloned.stderr}`);
    log(`cloned HEAD into ${clone}`);

    const first = runBootstrap(clone);
    if (!/dependencies installed/.test(first.output)) {
      throw new Error(`the first bootstrap did not install:\n${first.output}`);
    }
    log(`first bootstrap (npm ci): ${seconds(first.ms)}`);
    const second = runBootstrap(clone);
    if (!/dependencies up to date/.test(second.output) || /npm ci/.test(second.output)) {
      throw new Error(`the second bootstrap installed again:\n${second.output}`);
    }
    if (second.ms > SECOND_BOOTSTRAP_MAX_MS) {
      throw new Error(`the second bootstrap took ${seconds(second.ms)}`);
    }
    log(`second bootstrap: ${seconds(second.ms)}, nothing installed`);

    const startAt = Date.now();
    stack = spawn('npm', ['start'], {
      cwd: clone,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', LOG_LEVEL: 'warn', CI: '' },
    });
    let output = '';
    await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`npm start was not ready in ${seconds(START_TIMEOUT_MS)}:\n${output}`)),
        START_TIMEOUT_MS,
      );
      const onData = (chunk) => {
        output += chunk.toString();
        if (/Stack ready[\s\S]*Stop with Ctrl-C/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      stack.stdout.on('data', onData);
      stack.stderr.on('data', onData);
      stack.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`npm start exited early (${code}):\n${output}`));
      });
    });
    const ready = Date.now();
    if (!/demo account\s+demo@example\.com \/ demo1234/.test(output)) {
      throw new Error(`the ready block does not name the demo account:\n${output}`);
    }

    const site = await fetch('http://localhost:3000/');
    const html = await site.text();
    if (site.status !== 200 || !html.includes('<html')) throw new Error(`site: ${site.status}`);

    const signIn = await json(
      'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'demo@example.com',
          password: 'demo1234',
          returnSecureToken: true,
        }),
      },
    );
    if (signIn.status !== 200) throw new Error(`demo sign-in: ${JSON.stringify(signIn.body)}`);
    const org = await json('http://localhost:4010/v1/organization', {
      headers: { authorization: `Bearer ${signIn.body.idToken}` },
    });
    if (org.status !== 200 || org.body?.name !== 'Demo Vision Co.') {
      throw new Error(`demo organization: ${org.status} ${JSON.stringify(org.body)}`);
    }
    if (!(org.body.wallet_balance > 0)) throw new Error('the demo wallet is empty');
    log(
      `npm start: ready in ${seconds(ready - startAt)}; site answers, demo@example.com signs in, ` +
        `organization "${org.body.name}" with $${org.body.wallet_balance}`,
    );
    log(`git clone → site answering with the demo account ready: ${seconds(ready - t0)}`);
    handOver = true;
  } finally {
    if (stack?.pid) {
      try {
        process.kill(-stack.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((resolve) => setTimeout(resolve, 3000));
      try {
        process.kill(-stack.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    const target = path.join(ROOT, 'node_modules');
    if (handOver && process.argv.includes('--hand-over-modules') && !existsSync(target)) {
      try {
        renameSync(path.join(clone, 'node_modules'), target);
        log(`moved the clone's node_modules to ${target}`);
      } catch (error) {
        log(`could not move node_modules (${error.code}); npm test will install its own`);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[fresh-clone] FAILED: ${error.message}`);
  process.exit(1);
});
