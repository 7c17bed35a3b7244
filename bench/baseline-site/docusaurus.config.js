// A bare Docusaurus classic site (same version as the product) for bench:pages' baseline.
module.exports = {
  title: 'Bare', url: 'http://localhost', baseUrl: '/', trailingSlash: true,
  future: { v4: true, faster: { swcJsLoader: true, swcJsMinimizer: true, swcHtmlMinimizer: true, lightningCssMinimizer: true, rspackBundler: true, mdxCrossCompilerCache: true, rspackPersistentCache: false, ssgWorkerThreads: true, gitEagerVcs: true } },
  presets: [['classic', { docs: { sidebarPath: './sidebars.js' }, blog: false, theme: { customCss: './src/css/custom.css' } }]],
  themeConfig: { navbar: { title: 'Bare', items: [{ type: 'docSidebar', sidebarId: 'tutorialSidebar', label: 'Docs' }] } },
};
