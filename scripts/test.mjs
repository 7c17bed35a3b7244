#!/usr/bin/env node
/**
 * `npm test`: every layer, in order, the quick ones first so a slip fails in seconds.
 *
 *   1. bootstrap (dependencies, Debian's Chromium) — alone: everything after needs it.
 *   2. check:patches, typecheck and lint — together: each is one thread (tsc, ESLint, Prettier),
 *      so on two cores they finish in the time of the longest instead of the sum. Their output
 *      is printed whole, one after the other, once each has ended.
 *   3. test:unit, test:server, build:test, test:e2e — one after the other (each uses every core).
 *
 * Stops at the first layer that fails and prints each layer's wall time at the end.
 * Imports only Node's own modules: on a fresh clone it runs before anything is installed.
 */
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** @type {{ name: string; command: string; args: string[]; seconds?: number; ok?: boolean }[]} */
const timings = [];

function run(name, command, args, { quiet = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (quiet ? '0' : undefined) },
    });
    const chunks = [];
    if (quiet) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      const ok = code === 0;
      timings.push({ name, seconds, ok });
      resolve({ name, ok, seconds, output: Buffer.concat(chunks).toString(), code, signal });
    });
  });
}

function summary() {
  const lines = timings.map(
    (t) => `  ${t.ok ? 'ok  ' : 'FAIL'} ${t.name.padEnd(16)} ${t.seconds.toFixed(1).padStart(7)} s`,
  );
  console.log(`\n[test] layers:\n${lines.join('\n')}`);
  console.log(`[test] total ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function fail(name) {
  summary();
  console.error(`[test] ${name} failed`);
  process.exit(1);
}

const started = Date.now();

const bootstrap = await run('bootstrap', process.execPath, ['scripts/bootstrap.mjs', '--browser']);
if (!bootstrap.ok) fail('bootstrap');

console.log('[test] check:patches, typecheck and lint, side by side');
const checks = await Promise.all(
  ['check:patches', 'typecheck', 'lint'].map((script) =>
    run(script, npm, ['run', '--silent', script], { quiet: true }),
  ),
);
for (const check of checks) {
  console.log(
    `\n[test] ── ${check.name} (${check.ok ? 'ok' : 'FAILED'}, ${check.seconds.toFixed(1)} s)`,
  );
  process.stdout.write(check.output);
}
const failed = checks.find((check) => !check.ok);
if (failed) fail(failed.name);

for (const script of ['test:unit', 'test:server', 'build:test', 'test:e2e']) {
  console.log(`\n[test] ── ${script}`);
  const layer = await run(script, npm, ['run', script]);
  if (!layer.ok) fail(script);
}
summary();
