/**
 * Lets any page ask the navbar's balance chip to refetch (for example after a
 * purchase) without importing the navbar.
 */
export const BALANCE_REFRESH_EVENT = 'visionapi:balance-refresh';

export function requestBalanceRefresh(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(BALANCE_REFRESH_EVENT));
}

export function onBalanceRefreshRequest(listener: () => void): () => void {
  window.addEventListener(BALANCE_REFRESH_EVENT, listener);
  return () => window.removeEventListener(BALANCE_REFRESH_EVENT, listener);
}
