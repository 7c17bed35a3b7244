import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

// The fault suite (npm run test:faults): PostgreSQL, Redis and server processes of its own,
// started by scripts/faults.mjs. One file at a time: it restarts its PostgreSQL cluster.
export default defineConfig({
  resolve: { alias: { '@contract': `${root}contract` } },
  test: {
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
