import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type { PluginOptions as PwaOptions } from '@docusaurus/plugin-pwa';
import type { PluginOptions as SearchOptions } from '@easyops-cn/docusaurus-search-local';
import type { Options as RedirectOptions } from '@docusaurus/plugin-client-redirects';
import { DEPLOYMENT_DOCS_PATH, deploymentDocsPath, navigationItems } from './contract/catalogue';
import { readSiteConfig } from './src/config/env';
import { codeTheme } from './src/config/prismTheme';
import bundleSourceMaps from './src/plugins/bundle-source-maps';
import clientGeneratedTrim from './src/plugins/client-generated-trim';
import leanSidebarLinks from './src/plugins/lean-sidebar-links';
import contractAlias from './src/plugins/contract-alias';
import { EARLY_BANNER_SCRIPT } from './src/consent/earlyBanner';
import docsForMachines, {
  MACHINE_DOCS_DEV_DIR,
  pwaPrecacheConfig,
} from './src/plugins/docs-for-machines';
import generatedReference from './src/plugins/generated-reference';
import prismLanguages from './src/plugins/prism-languages';
import deferredComponents from './src/plugins/deferred-components';
import docsChunk from './src/plugins/docs-chunk';
import lazyProgressBar from './src/plugins/lazy-progress-bar';
import remarkImportThemeComponents from './src/plugins/deferred-components/remark';
import routeChunkManifest from './src/plugins/route-chunk-manifest';
import routeStyles from './src/plugins/route-styles';
import searchA11y from './src/plugins/search-a11y';
import securityHeaders from './src/plugins/security-headers';
import shallowMemoCompare from './src/plugins/shallow-memo-compare';
import utilsCommonEsm from './src/plugins/utils-common-esm';
import { patchesOff } from './src/plugins/patchSwitches';

// Every environment variable the site uses is read here, once (see src/config/env.ts).
const app = readSiteConfig();
// Benchmarks only (`npm run bench:patches`): framework patches left out of this build, to measure
// what each saves (src/plugins/patchSwitches.ts). Unset: all of them.
const PATCHES_OFF = patchesOff(process.env.SITE_PATCHES_OFF);
/** A framework patch's plugin, or nothing when the benchmark has turned it off. */
const patch = <T>(name: Parameters<typeof PATCHES_OFF.has>[0], plugin: T): T | null =>
  PATCHES_OFF.has(name) ? null : plugin;
// Site version shown in the navbar's version dropdown (spec §9).
const SITE_VERSION = '2.0.1-beta';
// Docs live under /dashboard/ (spec §2); the main doc is public deployment.
const DOCS_BASE = 'dashboard';
const PRODUCT_NAME = 'VisionAPI';
// Dated changes to the API and the site: a blog instance (list, posts, RSS and Atom feeds).
const CHANGELOG_BASE = 'changelog';
// `docusaurus start`: the docs for machines (llms.txt, each page's .md) are written to a folder of
// their own and served as static files, as the build serves them (src/plugins/docs-for-machines).
const DEV_SERVER = process.argv.slice(2).includes('start');
if (DEV_SERVER) mkdirSync(MACHINE_DOCS_DEV_DIR, { recursive: true });

const config: Config = {
  title: PRODUCT_NAME,
  tagline: 'Computer-vision APIs you can call in minutes, billed per call in USD credits.',
  favicon: 'img/favicon.ico',
  staticDirectories: ['static', ...(DEV_SERVER ? [MACHINE_DOCS_DEV_DIR] : [])],
  url: app.siteUrl,
  baseUrl: '/',
  trailingSlash: true,
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  customFields: {
    app,
    productName: PRODUCT_NAME,
    siteVersion: SITE_VERSION,
    // bench:patches only (SITE_PATCHES_OFF=idle-prefetch): core's own prefetch, still at idle.
    corePrefetch: PATCHES_OFF.has('idle-prefetch'),
  },
  // Shows the server-rendered cookie banner at first paint when no consent is stored.
  headTags: [{ tagName: 'script', attributes: {}, innerHTML: EARLY_BANNER_SCRIPT }],
  clientModules: [
    './src/clientModules/chunkLoadFailure.ts',
    './src/clientModules/pricing.ts',
    './src/clientModules/idlePrefetch.ts',
    './src/clientModules/colorModeChoice.ts',
    // In place of the theme's progress bar (src/plugins/lazy-progress-bar).
    ...(PATCHES_OFF.has('lazy-progress-bar') ? [] : ['./src/clientModules/progressBar.ts']),
  ],

  future: {
    v4: true,
    faster: {
      swcJsLoader: true,
      swcJsMinimizer: true,
      swcHtmlMinimizer: true,
      lightningCssMinimizer: true,
      mdxCrossCompilerCache: true,
      rspackBundler: true,
      // Off: the shared on-disk cache hangs builds that run side by side (seen here), and CI
      // builds from a clean clone where it would not help.
      rspackPersistentCache: false,
      ssgWorkerThreads: true,
      gitEagerVcs: true,
    },
  },

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: { en: { label: 'English', htmlLang: 'en-US' } },
  },

  markdown: {
    hooks: { onBrokenMarkdownLinks: 'throw' },
  },

  plugins: [
    contractAlias,
    // src/generated/reference/ brought up to date from the contract before anything compiles.
    generatedReference,
    // llms.txt, every docs page as Markdown and the OpenAPI documents, from the same MDX and
    // contract as the pages (src/plugins/docs-for-machines).
    (context) => docsForMachines(context, { config: app, devServer: DEV_SERVER }),
    // Framework patches, one local plugin each (src/plugins/<name>/README.md says what upstream
    // code each changes, why, and how it fails the build when that code moves).
    patch('prism-languages', prismLanguages),
    (context) => deferredComponents(context, { renderInPlace: !PATCHES_OFF.has('core-render') }),
    patch('lazy-progress-bar', lazyProgressBar),
    patch('docs-chunk', docsChunk),
    patch('route-styles', routeStyles),
    patch('utils-common-esm', utilsCommonEsm),
    patch('client-generated-trim', clientGeneratedTrim),
    patch('lean-sidebar-links', leanSidebarLinks),
    patch('shallow-memo-compare', shallowMemoCompare),
    patch('route-chunk-manifest', routeChunkManifest),
    // Accessibility fixes inside the local search's bar, results page and autocomplete.js.
    patch('search-a11y', searchA11y),
    bundleSourceMaps,
    // Security headers for static hosts (build/_headers, build/firebase.json): a CSP with the
    // hashes of the build's inline scripts and only the configured hosts. Listed before the
    // plugins that still write pages after the build (client redirects): see its README.
    (context) => securityHeaders(context, { config: app }),
    [
      '@docusaurus/plugin-client-redirects',
      {
        // /dashboard/ lands on the public deployment doc (spec §2).
        redirects: [{ from: `/${DOCS_BASE}/`, to: `/${DOCS_BASE}/public-deployment/` }],
      } satisfies RedirectOptions,
    ],
    [
      '@docusaurus/plugin-pwa',
      {
        // 'always': offline mode for every visitor, not only installed apps. Alone, because the
        // plugin awaits every strategy and 'appInstalled' (getInstalledRelatedApps) can hang.
        offlineModeActivationStrategies: ['always'],
        // Registers the worker without workbox-window; the plugin's own module (and its update
        // popup) loads once an updated worker waits (src/clientModules/serviceWorker.ts).
        swRegister: path.resolve(__dirname, 'src/clientModules/serviceWorker.ts'),
        // The pages' Markdown and the llms.txt files work offline too (the plugin's own glob
        // patterns cannot be extended).
        injectManifestConfig: pwaPrecacheConfig,
        pwaHead: [
          { tagName: 'link', rel: 'icon', href: '/img/icon-192.png' },
          { tagName: 'link', rel: 'manifest', href: '/manifest.json' },
          { tagName: 'meta', name: 'theme-color', content: '#3b3bd4' },
          { tagName: 'meta', name: 'apple-mobile-web-app-capable', content: 'yes' },
          { tagName: 'meta', name: 'apple-mobile-web-app-status-bar-style', content: '#3b3bd4' },
          { tagName: 'link', rel: 'apple-touch-icon', href: '/img/icon-192.png' },
        ],
      } satisfies Partial<PwaOptions>,
    ],
  ],

  themes: [
    [
      '@easyops-cn/docusaurus-search-local',
      {
        // Built at build time and precached by the PWA: search works offline.
        hashed: true,
        indexDocs: true,
        indexPages: true,
        indexBlog: true,
        blogRouteBasePath: CHANGELOG_BASE,
        blogDir: CHANGELOG_BASE,
        // The plugin indexes every route under the blog as a post and skips only the list and
        // tags: the archive (and authors, later pages of the list) have no post title, so they
        // became untitled results (an empty heading and an unnamed link and option, for axe).
        ignoreFiles: [new RegExp(`^${CHANGELOG_BASE}/(archive|authors|page/\\d+)(/|$)`)],
        docsRouteBasePath: DOCS_BASE,
        language: ['en'],
        highlightSearchTermsOnTargetPage: false,
        explicitSearchResultPath: true,
        searchBarShortcutHint: true,
      } satisfies Partial<SearchOptions>,
    ],
  ],

  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: DOCS_BASE,
          sidebarPath: './sidebars.ts',
          breadcrumbs: true,
          // Each page imports the code blocks, admonitions and <details> it shows (see
          // src/plugins/deferred-components/remark.ts).
          remarkPlugins: [remarkImportThemeComponents],
          lastVersion: 'current',
          versions: { current: { label: SITE_VERSION, badge: false, banner: 'none' } },
        },
        blog: {
          path: CHANGELOG_BASE,
          routeBasePath: CHANGELOG_BASE,
          blogTitle: 'Changelog',
          remarkPlugins: [remarkImportThemeComponents],
          blogDescription: `Dated changes to the ${PRODUCT_NAME} API and site.`,
          blogSidebarTitle: 'All changes',
          blogSidebarCount: 'ALL',
          postsPerPage: 20,
          // The list page shows every entry with its date: an archive page would repeat it.
          archiveBasePath: null,
          showReadingTime: false,
          feedOptions: {
            type: ['rss', 'atom'],
            title: `${PRODUCT_NAME} changelog`,
            description: `Dated changes to the ${PRODUCT_NAME} API and site.`,
            copyright: `Copyright © 2025 ${PRODUCT_NAME}.`,
          },
          onInlineAuthors: 'ignore',
          onUntruncatedBlogPosts: 'ignore',
        },
        pages: { remarkPlugins: [remarkImportThemeComponents] },
        theme: {
          customCss: './src/css/custom.css',
        },
        sitemap: { lastmod: null, changefreq: null, priority: null },
      } satisfies Preset.Options,
    ],
  ],

  themeConfig: {
    image: 'img/social-card.png',
    metadata: [
      {
        name: 'keywords',
        content: 'computer vision API, object detection API, depth estimation, segmentation',
      },
    ],
    colorMode: {
      // Light mode only (spec §1): no switch, system preference ignored.
      defaultMode: 'light',
      disableSwitch: true,
      respectPrefersColorScheme: false,
    },
    docs: { sidebar: { hideable: false, autoCollapseCategories: false } },
    navbar: {
      title: PRODUCT_NAME,
      hideOnScroll: false,
      logo: { alt: `${PRODUCT_NAME} logo`, src: 'img/logo.svg', width: 32, height: 32 },
      items: [
        {
          type: 'dropdown',
          label: 'Deployments',
          position: 'left',
          items: [
            { label: 'Public deployment', to: `${DEPLOYMENT_DOCS_PATH}/` },
            // The public deployments of the catalogue; a family links to its first variant.
            ...navigationItems().map((item) =>
              item.kind === 'deployment'
                ? { label: item.entry.title, to: deploymentDocsPath(item.entry) }
                : { label: item.title, to: deploymentDocsPath(item.variants[0]!) },
            ),
            { label: 'Private deployment', to: `/${DOCS_BASE}/private-deployment/` },
            { label: 'AI training studio', to: `/${DOCS_BASE}/ai-training-studio/` },
            { label: 'API reference', to: `/${DOCS_BASE}/api-reference/` },
          ],
        },
        { label: 'Pricing', to: '/pricing/', position: 'left' },
        {
          type: 'dropdown',
          label: 'Account',
          position: 'left',
          items: [
            { label: 'API keys', to: '/settings/api-keys/' },
            { label: 'Usage', to: '/settings/usage/' },
            { label: 'Buy credits', to: '/settings/buy-credits/' },
            { label: 'Cookie preferences', to: '/settings/cookie-preferences/' },
          ],
        },
        {
          type: 'dropdown',
          label: 'Company',
          position: 'left',
          items: [
            { label: 'Contact us', to: '/contact-us/' },
            { label: 'Changelog', to: `/${CHANGELOG_BASE}/` },
            { label: 'Status', to: '/status/' },
            { label: 'Terms of service', to: '/terms/' },
            { label: 'Privacy policy', to: '/privacy/' },
          ],
        },
        { type: 'search', position: 'right' },
        { type: 'docsVersionDropdown', position: 'right' },
        { type: 'localeDropdown', position: 'right' },
        { type: 'custom-creditChip', position: 'right' },
        { type: 'custom-authItem', position: 'right' },
      ],
    },
    footer: {
      style: 'light',
      links: [
        {
          title: 'Product',
          items: [
            { label: 'Public deployment', to: `${DEPLOYMENT_DOCS_PATH}/` },
            { label: 'Private deployment', to: `/${DOCS_BASE}/private-deployment/` },
            { label: 'AI training studio', to: `/${DOCS_BASE}/ai-training-studio/` },
            { label: 'Pricing', to: '/pricing/' },
          ],
        },
        {
          title: 'Developers',
          items: [
            { label: 'API reference', to: `/${DOCS_BASE}/api-reference/` },
            { label: 'Changelog', to: `/${CHANGELOG_BASE}/` },
            { label: 'Status', to: '/status/' },
            // Static files of the build, not routes.
            { label: 'llms.txt', href: 'pathname:///llms.txt' },
            { label: 'OpenAPI (services)', href: 'pathname:///openapi/services.json' },
            { label: 'OpenAPI (account)', href: 'pathname:///openapi/account.json' },
          ],
        },
        {
          title: 'Company',
          items: [
            { label: 'Contact us', to: '/contact-us/' },
            { label: 'Terms of service', to: '/terms/' },
            { label: 'Privacy policy', to: '/privacy/' },
            { label: 'Cookie preferences', to: '/settings/cookie-preferences/' },
          ],
        },
      ],
      copyright: `Copyright © 2025 ${PRODUCT_NAME}. All prices in USD.`,
    },
    prism: {
      theme: codeTheme,
      // The only languages highlighted in the browser (src/plugins/prism-languages): code blocks in
      // another language render as plain text. Add a language here when a page needs it.
      additionalLanguages: ['bash', 'json', 'http', 'python'],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
