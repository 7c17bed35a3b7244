#!/usr/bin/env node
/**
 * npm run test:faults: the exactly-once fault suite (tests/faults). Installs and starts what it
 * needs from Debian's packages when run as root (as .ci/run does): a PostgreSQL cluster of its own
 * ("faults", port 5433, since the suite restarts it under load) and a Redis instance (port 6391),
 * then runs the suite. Elsewhere, set FAULTS_DATABASE_URL, FAULTS_PG_CLUSTER ("15 faults") and
 * REDIS_URL yourself.
 *
 *   npm run test:faults                      # every scenario once
 *   FAULTS_RUNS=5 npm run test:faults        # every scenario five times
 *   FAULTS_SERVER_ROOT=../old npm run test:faults   # the servers of another checkout
 */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function exports(script, env) {
  const output = execFileSync('bash', [path.join(root, script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  }).toString();
  const values = {};
  for (const line of output.split('\n')) {
    const match = /^export ([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match) values[match[1]] = match[2].replace(/^'(.*)'$/, '$1');
  }
  return values;
}

const env = { ...process.env };
if (!env.FAULTS_DATABASE_URL) {
  const pg = exports('scripts/ci/postgres.sh', {
    PGCLUSTER_NAME: 'faults',
    PGPORT_TEST: process.env.FAULTS_PG_PORT ?? '5433',
  });
  env.FAULTS_DATABASE_URL = pg.DATABASE_URL;
  env.FAULTS_PG_CLUSTER = pg.PGCLUSTER_ID;
}
if (!env.REDIS_URL) {
  env.REDIS_URL = exports('scripts/ci/redis.sh', {
    REDIS_PORT_TEST: process.env.FAULTS_REDIS_PORT ?? '6391',
  }).REDIS_URL;
}

const runs = Number(env.FAULTS_RUNS ?? 1);
for (let i = 1; i <= runs; i++) {
  if (runs > 1) console.log(`\n== fault suite, run ${i} of ${runs}`);
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/vitest'),
    ['run', '--config', 'vitest.faults.config.mts'],
    { cwd: root, env, stdio: 'inherit' },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
