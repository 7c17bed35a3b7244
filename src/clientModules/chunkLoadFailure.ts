/**
 * Route-chunk failures (spec §2: an error with a Retry button; a warning is
 * logged and the page is reloaded).
 *
 * - During client navigation Docusaurus already handles it: PendingNavigation
 *   logs the error with console.warn and reloads the page (kept as is).
 * - On the first load, Docusaurus preloads the route's chunks before it
 *   hydrates; if that fails the promise rejection is unhandled and the page
 *   silently stays static. This module catches that case, logs a warning and
 *   shows a Retry bar that reloads the page. Plain DOM: React is not mounted.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

const BAR_ID = 'chunk-load-failure';

export function isChunkLoadError(reason: unknown): boolean {
  if (!reason || typeof reason !== 'object') return false;
  const { name, message } = reason as { name?: unknown; message?: unknown };
  return (
    name === 'ChunkLoadError' ||
    (typeof message === 'string' && /Loading (CSS )?chunk [^ ]+ failed/i.test(message))
  );
}

function showRetryBar(): void {
  if (document.getElementById(BAR_ID)) return;
  const bar = document.createElement('div');
  bar.id = BAR_ID;
  bar.setAttribute('role', 'alert');
  bar.className = 'chunk-load-failure';
  const text = document.createElement('span');
  text.textContent =
    'Part of this page failed to load, so it may not work fully. Check your connection and retry.';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button--sm button--primary';
  button.textContent = 'Retry';
  button.addEventListener('click', () => window.location.reload());
  bar.append(text, button);
  document.body.prepend(bar);
}

if (ExecutionEnvironment.canUseDOM) {
  window.addEventListener('unhandledrejection', (event) => {
    // After hydration, navigation failures are PendingNavigation's job and lazy
    // features handle their own; reloading here could loop while offline.
    if (!isChunkLoadError(event.reason)) return;
    if (document.documentElement.dataset.hasHydrated === 'true') return;
    console.warn('A route chunk failed to load:', event.reason);
    showRetryBar();
  });
}
