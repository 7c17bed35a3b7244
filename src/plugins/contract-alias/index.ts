/**
 * `@contract` in the site's bundles: the contract (`contract/` at the repository's root) is the
 * one source of shapes, rules, limits and the deployment catalogue, imported by the site and the
 * server alike. TypeScript (tsconfig `paths`), tsx, Vitest and Playwright resolve the same alias.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export default function contractAlias(): Plugin {
  return {
    name: 'contract-alias',
    configureWebpack: () => ({
      resolve: { alias: { '@contract': path.resolve(__dirname, '../../../contract') } },
    }),
  };
}
