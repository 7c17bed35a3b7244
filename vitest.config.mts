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
      '@generated/routesChunkNames': `${root}tests/fixtures/generated-routesChunkNames.ts`,
      '@generated/routes': `${root}tests/fixtures/generated-routes.ts`,
      // Core's alias for the router it bundles (react-router 5's matchPath).
      '@docusaurus/router': 'react-router',
    },
  },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    restoreMocks: true,
  },
});
