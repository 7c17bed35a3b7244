/**
 * One chunk for the docs pages' shared layout (see README.md): the theme's DocsRoot,
 * DocVersionRoot, DocRoot, DocItem, sidebar and breadcrumbs, the docs plugin's client code and
 * metadata, and the site's swizzles of them, instead of the eight small chunks every docs page
 * fetched (0.2–3.7 KB gzip each).
 */
import type { Plugin } from '@docusaurus/types';

/** Modules only the docs pages' layout uses. */
export const DOCS_LAYOUT_MODULES = new RegExp(
  [
    // The theme's docs layout components (not TOC, BackToTopButton or MDXComponents: the blog and
    // the pages share those).
    String.raw`@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/](DocsRoot|DocVersionRoot|DocRoot|DocItem|DocSidebar|DocSidebarItems?|DocBreadcrumbs|DocVersionBanner|DocVersionBadge|DocPaginator)[\\/.]`,
    // The site's swizzles of them.
    String.raw`[\\/]src[\\/]theme[\\/](DocItem|DocRoot|DocSidebar)[\\/]`,
  ].join('|'),
);

export default function docsChunk(): Plugin {
  return {
    name: 'docs-chunk',
    configureWebpack: (_config, isServer) =>
      isServer
        ? {}
        : {
            optimization: {
              splitChunks: {
                cacheGroups: {
                  docsLayout: {
                    name: 'docs-layout',
                    test: DOCS_LAYOUT_MODULES,
                    chunks: 'async',
                    enforce: true,
                    priority: 45,
                  },
                },
              },
            },
          },
  };
}
