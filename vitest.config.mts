import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

// Unit tests for browser logic (clients, consent store, formatting). Docusaurus' virtual
// modules are replaced by small fixtures so the code runs outside a build.
export default defineConfig({
  // React 19 automatic runtime for .tsx tests and components.
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: {
    alias: {
      '@site': root,
      '@contract': `${root}contract`,
      '@generated/docusaurus.config': `${root}tests/fixtures/docusaurus.config.ts`,
    },
  },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    restoreMocks: true,
  },
});
