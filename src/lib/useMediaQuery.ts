import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the screen matches a media query (`theme.breakpoints.up('lg')`, `@media` and all),
 * kept current as the window changes. On the server, and while the browser hydrates a
 * server-rendered page, it answers false, as the server rendered; a page the browser renders
 * itself has the real answer from its first render. MUI's useMediaQuery does the same with
 * options the app does not use (0.4 KB brotli of the first screen); this is the browser's
 * matchMedia read through React's external-store hook.
 */
export function useMediaQuery(query: string): boolean {
  const media = query.replace(/^@media\s*/, '');
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(media);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [media],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(media).matches,
    () => false,
  );
}
