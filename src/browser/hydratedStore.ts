/**
 * `useSyncExternalStore` for a store whose browser value differs from the server's (sign-in
 * state, cookie consent, pricing), without the synchronous re-render that follows hydration.
 *
 * During hydration React renders a store's server snapshot; when the passive effects then find a
 * different browser value, React re-renders at once, at synchronous priority, in the same task
 * as those effects: the sign-in state alone re-renders about 60 components on a docs page that
 * way (40–70 ms at CPU ×4, which no input can interrupt). Here the components that hydrate keep
 * the server snapshot until hydration is over, and take up the browser's value in one React
 * transition: the same render, in slices. Components mounted after hydration (client-side
 * navigation) read the browser's value from their first render, as before, and every later
 * change of the store re-renders at once, as `useSyncExternalStore` always does.
 */
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

// Set by the first effect of any component that uses this module: effects run only after the
// hydration's commit, so every component of the hydrating tree has rendered with `false`.
// Limit: a Suspense boundary whose server HTML hydrates only after that (a later hydration pass)
// would read the browser's value while hydrating. None exists today: the site's lazy boundaries
// (account form, balance chip, notifications) appear only after a browser-side state change.
let hydrated = false;

/**
 * False while the page hydrates (and until the transition that follows); true afterwards.
 * Docusaurus's `useIsBrowser` is the same flag, but it turns true in an urgent update, and must:
 * the local search's results page reads `?q=` only once it is set, and lost the query when it
 * was a transition.
 */
export function useAfterHydration(): boolean {
  const [after, setAfter] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    if (!after) startTransition(() => setAfter(true));
    // Once: `after` only ever goes from false to true, through this effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return after;
}

export function useHydratedSyncExternalStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot: () => T,
): T {
  const after = useAfterHydration();
  return useSyncExternalStore(
    subscribe,
    after ? getSnapshot : getServerSnapshot,
    getServerSnapshot,
  );
}

/** Test hook: the next render behaves as during hydration again. */
export function resetHydratedForTests(): void {
  hydrated = false;
}
