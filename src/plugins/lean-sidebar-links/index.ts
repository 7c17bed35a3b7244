/**
 * The theme's docs sidebar links import `@docusaurus/Link` as LeanLink
 * (src/components/PlainLink/LeanLink.tsx): a plain internal page link renders as a PlainLink,
 * anything else as Docusaurus's Link (see README.md). Both builds, so the server's HTML and the
 * browser's hydration are the same markup.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export const LEAN_LINK = path.resolve(__dirname, '../../components/PlainLink/LeanLink.tsx');
/** The one importer whose `@docusaurus/Link` becomes LeanLink. */
export const SIDEBAR_LINK_DIR =
  /@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/]DocSidebarItem[\\/]Link$/;

export default function leanSidebarLinks(): Plugin {
  let replaced = 0;
  return {
    name: 'lean-sidebar-links',
    configureWebpack: (_config, _isServer, { currentBundler }) => ({
      plugins: [
        new currentBundler.instance.NormalModuleReplacementPlugin(
          /^@docusaurus\/Link$/,
          (resource: { context?: string; request: string }) => {
            if (resource.context && SIDEBAR_LINK_DIR.test(resource.context)) {
              resource.request = LEAN_LINK;
              replaced += 1;
            }
          },
        ),
      ],
    }),
    postBuild: async () => {
      // The theme moved its sidebar link: fail loudly rather than keep every Link silently.
      if (replaced === 0)
        throw new Error(
          'lean-sidebar-links: no import of @docusaurus/Link from theme-classic DocSidebarItem/Link; update src/plugins/lean-sidebar-links.',
        );
    },
  };
}
