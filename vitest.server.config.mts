import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

// SERVER_TESTS=postgres (npm run test:server:postgres, CI's PostgreSQL pass): only the files that
// are about PostgreSQL (they name it or DATABASE_URL: races, locks, connections, money under
// concurrency, streaming cursors). Every file runs on PGlite in `npm test`.
const serverDir = `${root}tests/server`;
const include =
  process.env.SERVER_TESTS === 'postgres'
    ? readdirSync(serverDir)
        .filter((file) => file.endsWith('.test.ts'))
        .filter((file) =>
          /PostgreSQL|DATABASE_URL/.test(readFileSync(`${serverDir}/${file}`, 'utf8')),
        )
        .map((file) => `tests/server/${file}`)
    : ['tests/server/**/*.test.ts'];

// Server tests: app.inject on PGlite, or on PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  // The one shared contract, imported by the site and the server as `@contract`.
  resolve: { alias: { '@contract': `${root}contract` } },
  test: {
    include,
    environment: 'node',
    // Migrates the template database each test database is made from, once per run.
    globalSetup: ['tests/server/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // One process per worker for all its files, each file with this repository's modules
    // evaluated afresh (./tests/server/fresh-modules.ts): a fresh process per file spent 3-4 s
    // loading the server's dependencies, 50 times.
    isolate: false,
    setupFiles: ['tests/server/fresh-modules.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: {
      // firebase-admin accepts the emulator's unsigned tokens only with this set.
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      FIREBASE_PROJECT_ID: 'demo-visionapi',
      NODE_ENV: 'test',
    },
  },
});
