/**
 * The route-change progress bar (Docusaurus's nprogress client module) is drawn from nprogress's
 * default template, `<div class="bar" role="bar">`: "bar" is no ARIA role, so axe (aria-roles,
 * critical) and screen readers meet an invalid role whenever a page change takes long enough to
 * show it. The same bar, without the role; it stays decorative (a page change is announced by the
 * new page's title). Configuring the shared nprogress instance changes only its template:
 * `showSpinner: false`, set by the theme, is kept.
 */
import nprogress from 'nprogress';

nprogress.configure({
  template: '<div class="bar"><div class="peg"></div></div>',
  // nprogress finds the bar by its role by default (`[role="bar"]`): without it, by its class.
  barSelector: '.bar',
});

export {};
