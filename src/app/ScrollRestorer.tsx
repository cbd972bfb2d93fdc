import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * How long Back or Forward keeps trying to reach the position the shopper left while the
 * page's data and rows arrive. Past this, or once the shopper scrolls, it gives up.
 */
const RESTORE_PATIENCE_MS = 10_000;

/** How long the restored position must hold, the page's size unchanged, before Back is done. */
const RESTORE_SETTLED_MS = 1_000;

/** Events that mean the shopper has taken over the scrolling. */
const SHOPPER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Opens every new page at its top and brings Back and Forward to the position the shopper
 * left, keyed by the history entry (location.key).
 *
 * React Router's <ScrollRestoration> needs a data router (createBrowserRouter). The app keeps
 * the declarative <BrowserRouter>: its data-router code would weigh on the first screen for
 * loaders and actions the app does not use (data comes from RTK Query), and the route table
 * stays the same one a server renderer can hand to a static router. This small manager does
 * the part we need.
 *
 * - A push (a link, navigate()) scrolls to the top, or to the element the hash names.
 * - A replace scrolls to the top only when the path changes: the shop's search box and the
 *   product page rewrite their query string in place while the shopper reads.
 * - A pop (Back, Forward) restores the saved position. Pages fill in after their data
 *   arrives (the grid renders its rows over animation frames), so the position is applied
 *   again each time the page changes size, until it has held for RESTORE_SETTLED_MS, the
 *   shopper scrolls, or RESTORE_PATIENCE_MS passes.
 */
export function ScrollRestorer() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const currentKey = useRef(location.key);
  const previousPath = useRef(location.pathname);

  useEffect(() => {
    const { history } = window;
    if (!('scrollRestoration' in history)) return undefined;
    const before = history.scrollRestoration;
    // The browser's own restoration runs before the page has content and fights ours.
    history.scrollRestoration = 'manual';
    return () => {
      history.scrollRestoration = before;
    };
  }, []);

  useEffect(() => {
    // A scroll event arrives a frame after the page changed, when currentKey already names the
    // new entry: the clamp of a shorter new page never overwrites the old entry's position.
    const remember = () => positions.current.set(currentKey.current, window.scrollY);
    // A server-rendered page can be scrolled before the app has started: where the shopper
    // is now is where they are, scroll event or not.
    remember();
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    const pathChanged = previousPath.current !== location.pathname;
    currentKey.current = location.key;
    previousPath.current = location.pathname;

    if (navigationType !== 'POP') {
      if (navigationType === 'REPLACE' && !pathChanged) return undefined;
      const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
      return undefined;
    }

    const saved = positions.current.get(location.key);
    if (saved === undefined) return undefined;
    return restore(saved);
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}

/**
 * Scrolls to `y`, and again each time the page changes size, until the position has held for
 * RESTORE_SETTLED_MS; returns a cancel function. Reaching it once is not enough: a page coming
 * back can still shrink for a moment (a row re-rendered, a placeholder swapped), which moves
 * the shopper up, and grow again.
 */
function restore(y: number): () => void {
  let done = false;
  let settled: number | undefined;
  const attempt = () => {
    if (done) return;
    window.scrollTo(0, y);
    window.clearTimeout(settled);
    if (Math.abs(window.scrollY - y) < 1) settled = window.setTimeout(stop, RESTORE_SETTLED_MS);
  };
  const observer =
    typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => attempt());
  const timer = window.setTimeout(() => stop(), RESTORE_PATIENCE_MS);
  function stop() {
    if (done) return;
    done = true;
    observer?.disconnect();
    window.clearTimeout(timer);
    window.clearTimeout(settled);
    for (const type of SHOPPER_SCROLL_EVENTS) window.removeEventListener(type, stop);
  }
  for (const type of SHOPPER_SCROLL_EVENTS)
    window.addEventListener(type, stop, { passive: true, once: true });
  observer?.observe(document.body);
  attempt();
  return stop;
}
