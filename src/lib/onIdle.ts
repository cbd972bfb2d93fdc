/** Runs `callback` when the main thread is idle (or after `timeout` ms); returns a cancel. */
export function onIdle(callback: () => void, timeout = 1000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: a short pause does much the same while flinging.
  const handle = window.setTimeout(callback, 120);
  return () => window.clearTimeout(handle);
}
