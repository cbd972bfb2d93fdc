import { useMemo, useState, useSyncExternalStore } from 'react';
import { gridMetrics, visibleRows } from './gridMetrics';

/** What the windowed grid needs to know about the page: its width and the rows in view. */
export interface GridViewport {
  width: number;
  /** First row in or near the viewport (not yet held to the number of rows). */
  start: number;
  /** One past the last row in or near the viewport (not yet held to the number of rows). */
  end: number;
}

/** More rows than any catalogue has: the grid holds the range to its real row count. */
const UNBOUNDED_ROWS = Number.MAX_SAFE_INTEGER;

/** Before the grid is on the page: the window's width (less the page's margins), scrolled to the top. */
function estimate(): GridViewport {
  const width = typeof window === 'undefined' ? 1024 : Math.min(window.innerWidth, 1200) - 48;
  const height = typeof window === 'undefined' ? 768 : window.innerHeight;
  const { rowStride } = gridMetrics(width);
  return { width, ...visibleRows(0, height, rowStride, UNBOUNDED_ROWS) };
}

function encode(viewport: GridViewport): string {
  return `${viewport.width}|${viewport.start}|${viewport.end}`;
}

function decode(snapshot: string): GridViewport {
  const [width = 0, start = 0, end = 0] = snapshot.split('|').map(Number);
  return { width, start, end };
}

const initialSnapshot = encode(estimate());

/**
 * A small external store over the window's scroll position and the grid's width and place
 * on the page. Its snapshot is a short string that changes only when the set of rows to draw
 * changes, so scrolling within a row re-renders nothing, and scrolling reads no layout.
 */
function createViewportStore(element: HTMLElement) {
  const listeners = new Set<() => void>();
  let width = 0;
  /** The grid's top edge on the page (not the viewport), so scrolling needs no layout read. */
  let offset = 0;
  let snapshot = initialSnapshot;

  /** Reads the layout: only when sizes may have changed, never on scroll. */
  function measure() {
    const rect = element.getBoundingClientRect();
    // jsdom (and an element not laid out yet) reports 0: fall back to the estimate.
    width = element.clientWidth || rect.width || estimate().width;
    offset = rect.top + window.scrollY;
  }

  function compute(): string {
    const { rowStride } = gridMetrics(width);
    const top = offset - window.scrollY;
    return encode({ width, ...visibleRows(top, window.innerHeight, rowStride, UNBOUNDED_ROWS) });
  }

  function update() {
    const next = compute();
    if (next === snapshot) return;
    snapshot = next;
    for (const listener of listeners) listener();
  }

  function remeasure() {
    measure();
    update();
  }

  let observer: ResizeObserver | null = null;

  /** Follows the page while anyone listens. */
  function start() {
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', remeasure);
    // The grid's own width, and the page's height: content above the grid that grows or
    // shrinks moves the grid, and changes the page's height with it.
    if (typeof ResizeObserver !== 'undefined') {
      observer = new ResizeObserver(remeasure);
      observer.observe(element);
      observer.observe(document.body);
    }
  }

  function stop() {
    window.removeEventListener('scroll', update);
    window.removeEventListener('resize', remeasure);
    observer?.disconnect();
    observer = null;
  }

  measure();
  snapshot = compute();

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stop();
      };
    },
  };
}

/**
 * On the server, and while the browser hydrates its page, the grid has no width: width 0,
 * which ProductGrid lays out in CSS. A page the browser renders itself starts from the estimate.
 */
const unmeasured = () => '';

const staticStore = {
  getSnapshot: () => initialSnapshot,
  subscribe: () => () => {},
};

/**
 * The grid's width and the rows near the viewport, followed through window scrolling,
 * window resizing and the grid's own resizing. Give `ref` to the grid's outer element.
 */
export function useGridViewport(): {
  ref: (element: HTMLElement | null) => void;
  viewport: GridViewport;
} {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const store = useMemo(() => (element ? createViewportStore(element) : staticStore), [element]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, unmeasured);
  const viewport = useMemo(() => decode(snapshot), [snapshot]);
  return { ref: setElement, viewport };
}
