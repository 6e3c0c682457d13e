// Runs work when the browser is next idle (at the latest after `timeout` ms), where it takes nothing from
// what is being drawn; setTimeout where requestIdleCallback is missing (Safari before 18.x).

/** Returns a function that cancels the call if it has not run yet. */
export function whenIdle(callback: () => void, timeout = 1_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => callback(), { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 0);
  return () => clearTimeout(timer);
}
