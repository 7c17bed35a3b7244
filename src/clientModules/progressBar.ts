/**
 * The route-change progress bar, in place of theme-classic's nprogress client module (emptied by
 * src/plugins/lazy-progress-bar). Same behaviour: a page change that takes more than 200 ms shows
 * the bar until the new page renders. Two differences:
 *
 * - nprogress (1.2 KB gzip) loads when the first page change starts, not with every first page
 *   load: a reader who never leaves the page never fetches it.
 * - nprogress's default template draws `<div class="bar" role="bar">`: "bar" is no ARIA role, so
 *   axe (aria-roles, critical) and screen readers met an invalid role whenever the bar showed.
 *   The same bar, without the role; it stays decorative (a page change is announced by the new
 *   page's title). `showSpinner: false` is the theme's own setting.
 */
import type { ClientModule } from '@docusaurus/types';
import type nprogressModule from 'nprogress';
import '@docusaurus/theme-classic/lib/nprogress.css';

/** The theme's delay before the bar shows (ms). */
export const PROGRESS_BAR_DELAY_MS = 200;

type NProgress = typeof nprogressModule;

let loading: Promise<NProgress> | null = null;
/** Counts page changes: a bar whose page change has ended before nprogress loaded never starts. */
let changes = 0;

function loadProgressBar(): Promise<NProgress> {
  loading ??= import('nprogress').then(({ default: nprogress }) => {
    nprogress.configure({
      template: '<div class="bar"><div class="peg"></div></div>',
      // nprogress finds the bar by its role by default (`[role="bar"]`): without it, by its class.
      barSelector: '.bar',
      showSpinner: false,
    });
    return nprogress;
  });
  return loading;
}

const progressBar: ClientModule = {
  onRouteUpdate({ location, previousLocation }) {
    if (!previousLocation || location.pathname === previousLocation.pathname) return undefined;
    const change = ++changes;
    const bar = loadProgressBar();
    const timer = window.setTimeout(() => {
      void bar.then((nprogress) => {
        if (change === changes) nprogress.start();
      });
    }, PROGRESS_BAR_DELAY_MS);
    return () => window.clearTimeout(timer);
  },
  onRouteDidUpdate() {
    changes += 1;
    void loading?.then((nprogress) => nprogress.done());
  },
};

export default progressBar;
