import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

// Server tests: app.inject on PGlite, or on PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  // The one shared contract, imported by the site and the server as `@contract`.
  resolve: { alias: { '@contract': `${root}contract` } },
  test: {
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
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
