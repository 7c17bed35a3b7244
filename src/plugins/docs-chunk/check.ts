/**
 * check:patches for docs-chunk (src/plugins/patchCheck.ts): every theme folder the docs-layout
 * group names is still installed and matched by it, the docs plugin's routes still render those
 * components, and the modules the blog and pages share stay out of the group.
 */
import type { PatchCheck } from '../patchCheck';
import { expectThat } from '../patchCheck';
import { DOCS_LAYOUT_MODULES } from './index';

const THEME = '@docusaurus/theme-classic/lib/theme';
/** The docs layout's theme components, each grouped into the docs-layout chunk. */
export const DOCS_LAYOUT = [
  'DocsRoot',
  'DocVersionRoot',
  'DocRoot',
  'DocItem',
  'DocSidebar',
  'DocSidebarItem',
  'DocSidebarItems',
  'DocBreadcrumbs',
  'DocVersionBanner',
  'DocVersionBadge',
  'DocPaginator',
];
/** Shared with the blog and the pages: must stay in Docusaurus's own chunks. */
const SHARED = [
  'TOC',
  'BackToTopButton',
  'MDXComponents',
  'DocCard',
  'DocCategoryGeneratedIndexPage',
];
const DOCS_ROUTES = '@docusaurus/plugin-content-docs/lib/routes.js';
const DOCS_OPTIONS = '@docusaurus/plugin-content-docs/lib/options.js';

const check: PatchCheck = {
  plugin: 'docs-chunk',
  anchors: [
    ...DOCS_LAYOUT.map((name) => ({
      file: `${THEME}/${name}/index.js`,
      find: 'export default ',
    })),
    // The docs routes render the layout's root components (the plugin's defaults).
    ...['@theme/DocsRoot', '@theme/DocVersionRoot', '@theme/DocRoot', '@theme/DocItem'].map(
      (component) => ({ file: DOCS_OPTIONS, find: `'${component}'` }),
    ),
    ...['docsRootComponent', 'docVersionRootComponent', 'docRootComponent', 'docItemComponent'].map(
      (option) => ({
        file: DOCS_ROUTES,
        find: new RegExp(`component: (?:param\\.)?options\\.${option},`),
      }),
    ),
  ],
  run(ctx) {
    for (const name of DOCS_LAYOUT)
      expectThat(
        DOCS_LAYOUT_MODULES.test(ctx.path(`${THEME}/${name}/index.js`)),
        `the docs-layout group does not match ${name}`,
      );
    for (const name of SHARED)
      expectThat(
        !DOCS_LAYOUT_MODULES.test(ctx.path(`${THEME}/${name}/index.js`)),
        `the docs-layout group takes ${name}, which the blog and pages share`,
      );
  },
};

export default check;
