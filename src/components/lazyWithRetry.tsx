import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Resets of the lazy components whose code failed to load, waiting for 'Try again'. */
const failedLoads = new Set<() => void>();

/**
 * React.lazy, except that a failed load can be tried again. React keeps a lazy component's
 * first failure for good, so a chunk lost to a dropped connection would stay lost until a
 * reload; `retryFailedLoads()` swaps each failed one for a fresh lazy component that asks
 * for the chunk again (webpack forgets a chunk that failed, so it requests it anew).
 */
export function lazyWithRetry<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  let current: LazyExoticComponent<ComponentType<P>>;
  const fresh = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failedLoads.add(reset);
        throw error;
      }),
    );
  function reset() {
    current = fresh();
  }
  reset();
  function Retryable(props: P) {
    const Component = current;
    return <Component {...props} />;
  }
  return Retryable;
}

/** Lets every lazy component whose load failed load again on its next render. */
export function retryFailedLoads(): void {
  for (const reset of failedLoads) reset();
  failedLoads.clear();
}
