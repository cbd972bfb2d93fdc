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
  return useScreenMatch(query, false);
}

/**
 * useMediaQuery, answering `unknown` on the server and while the browser hydrates: for a part
 * that shows either way until the width is known, so that hydrating it on a phone changes
 * nothing (CSS hides what the width does not want).
 */
export function useScreenMatch<Unknown>(query: string, unknown: Unknown): boolean | Unknown {
  const media = query.replace(/^@media\s*/, '');
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(media);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [media],
  );
  return useSyncExternalStore<boolean | Unknown>(
    subscribe,
    () => window.matchMedia(media).matches,
    () => unknown,
  );
}
