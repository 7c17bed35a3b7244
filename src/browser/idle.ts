/**
 * Work that can wait for the main thread to be idle: an idle callback where the browser has
 * them, a short timer elsewhere (Safari). Returns a function that cancels the callback.
 */
export interface IdleDeadlineLike {
  timeRemaining: () => number;
}

export function runWhenIdle(
  callback: (deadline: IdleDeadlineLike) => void,
  { timeout = 5000 }: { timeout?: number } = {},
): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(() => callback({ timeRemaining: () => 10 }), 100);
  return () => window.clearTimeout(handle);
}
