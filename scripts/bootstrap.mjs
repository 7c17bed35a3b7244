#!/usr/bin/env node
/**
 * Installs what a fresh clone lacks, before `npm start` and `npm test` run anything else. It
 * imports nothing but Node's own modules, because on a fresh clone there is nothing else yet.
 *
 *   node scripts/bootstrap.mjs             dependencies (npm ci) when they are missing or stale
 *   node scripts/bootstrap.mjs --browser   the same, plus Debian's Chromium (benchmarks) and its
 *                                          headless shell (browser tests)
 *
 * Dependencies count as current when node_modules carries the hash of the package-lock.json it
 * was installed from (written here after a successful install). A tree installed by hand with
 * `npm ci` or `npm install` after the lock file last changed is adopted without reinstalling.
 * Nothing is installed twice: a second run prints "up to date" and takes milliseconds.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOCK = path.join(ROOT, 'package-lock.json');
const MODULES = path.join(ROOT, 'node_modules');
/** Where the hash of the installed lock file is kept (inside node_modules, so a wipe resets it). */
export const STAMP = path.join(MODULES, '.bootstrap-lock-hash');
const NPM_TREE = path.join(MODULES, '.package-lock.json');

const log = (message) => console.log(`[bootstrap] ${message}`);

function lockHash() {
  return createHash('sha256').update(readFileSync(LOCK)).digest('hex');
}

/** Why dependencies must be installed, or null when they are current. */
export function dependencyState(hash = lockHash()) {
  if (!existsSync(MODULES)) return 'node_modules is missing';
  if (existsSync(STAMP)) {
    return readFileSync(STAMP, 'utf8').trim() === hash
      ? null
      : 'package-lock.json changed since the last install';
  }
  // Installed without this script: trust npm's own record if it is newer than the lock file.
  if (existsSync(NPM_TREE) && statSync(NPM_TREE).mtimeMs >= statSync(LOCK).mtimeMs) {
    writeFileSync(STAMP, `${hash}\n`);
    return null;
  }
  return 'node_modules is older than package-lock.json';
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function ensureDependencies() {
  const hash = lockHash();
  const reason = dependencyState(hash);
  if (!reason) {
    log('dependencies up to date');
    return;
  }
  log(`installing dependencies (${reason}): npm ci, about 3–4 minutes on a first run`);
  const started = Date.now();
  const status = run('npm', ['ci', '--no-audit', '--no-fund']);
  if (status !== 0) {
    console.error(`[bootstrap] npm ci failed (exit ${status}). Fix the error above and run again.`);
    process.exit(status);
  }
  writeFileSync(STAMP, `${hash}\n`);
  log(`dependencies installed in ${Math.round((Date.now() - started) / 1000)} s`);
}

/**
 * The browsers (scripts/chromium.json), each a Debian package and its binary: Chromium for the
 * page benchmarks (Lighthouse), its headless shell for the browser tests. CHROMIUM_PATH names
 * the one binary both use instead.
 */
function browsers() {
  if (process.env.CHROMIUM_PATH) return [{ name: null, binary: process.env.CHROMIUM_PATH }];
  const config = JSON.parse(readFileSync(path.join(ROOT, 'scripts/chromium.json'), 'utf8'));
  return [
    { name: 'chromium', binary: config.path },
    { name: 'chromium-headless-shell', binary: config.headlessShell },
  ];
}

function ensureChromium() {
  const binaries = browsers().map((browser) => browser.binary);
  const missing = browsers().filter((browser) => !existsSync(browser.binary));
  if (missing.length === 0) {
    log(`Chromium found at ${binaries.join(' and ')}`);
    return;
  }
  if (process.env.CHROMIUM_PATH) {
    console.error(`[bootstrap] CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.`);
    process.exit(1);
  }
  const packages = missing.map((browser) => browser.name);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      [
        `[bootstrap] The browser tests need Debian's ${packages.join(' and ')}; not installed.`,
        '  Install with:',
        `    sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`,
        '  or point CHROMIUM_PATH at a Chromium binary, then run npm test again.',
      ].join('\n'),
    );
    process.exit(1);
  }
  log(`installing Debian's ${packages.join(' and ')} (apt-get install ${packages.join(' ')})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update', '-qq'], { env }) !== 0 ||
    run('apt-get', ['install', '-y', '-qq', ...packages], { env }) !== 0
  ) {
    console.error(`[bootstrap] apt-get could not install ${packages.join(' ')}.`);
    process.exit(1);
  }
  for (const browser of missing) {
    if (!existsSync(browser.binary)) {
      console.error(
        `[bootstrap] ${browser.name} was installed but ${browser.binary} does not exist; set CHROMIUM_PATH.`,
      );
      process.exit(1);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 20) {
    console.error(`[bootstrap] Node.js 20 or newer is needed; this is ${process.version}.`);
    process.exit(1);
  }
  ensureDependencies();
  if (process.argv.includes('--browser')) ensureChromium();
}
