import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';

/** Resets of the lazy components whose code failed to load, waiting for 'Try again'. */
const failedLoads = new Set<() => void>();

/** A lazily loaded component whose code can also be loaded ahead of its first render. */
export type LazyComponent<P extends object> = ComponentType<P> & {
  /**
   * Loads and evaluates the component's code now. A component first rendered after this has
   * settled renders at once instead of suspending (a failure is left for that render to meet).
   */
  preload(): Promise<void>;
};

/**
 * React.lazy, except that a failed load can be tried again. React keeps a lazy component's
 * first failure for good, so a chunk lost to a dropped connection would stay lost until a
 * reload; `retryFailedLoads()` swaps each failed one for a fresh lazy component that asks
 * for the chunk again (webpack forgets a chunk that failed, so it requests it anew).
 */
export function lazyWithRetry<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyComponent<P> {
  let current: LazyExoticComponent<ComponentType<P>>;
  /** The component itself, once preload() has loaded it. */
  let loaded: ComponentType<P> | null = null;
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
    // Chosen once per mount: switching from the lazy wrapper to the component under a mounted
    // page would remount it and lose its state.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? current);
    return <Component {...props} />;
  }
  Retryable.preload = () =>
    load().then(
      (module) => {
        loaded = module.default;
      },
      () => undefined,
    );
  return Retryable;
}

/** Lets every lazy component whose load failed load again on its next render. */
export function retryFailedLoads(): void {
  for (const reset of failedLoads) reset();
  failedLoads.clear();
}
