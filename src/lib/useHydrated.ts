import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};
const inBrowser = () => true;
const beforeHydration = () => false;

/**
 * False on the server and while the browser hydrates a server-rendered page; true once the
 * page's script has taken it over (and from the start in a page the browser renders itself).
 * A field the shopper could type into before then is read-only: hydration would put its
 * state back over what was typed.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noChanges, inBrowser, beforeHydration);
}
