/**
 * When a server-rendered page's first screen is on the shopper's screen, so that the app may
 * take it over (src/index.tsx).
 *
 * Taking the page over evaluates about 200 KB of script and renders the whole page once more
 * (React's hydration): on a mid-range phone that holds the main thread for a few hundred
 * milliseconds, and whatever the browser has not painted by then waits for it. Measured in
 * Chromium with the CPU 4x slower, the shop's first pictures, which had arrived, were painted
 * about 550 ms late. So the app starts once:
 * 1. the first screen's pictures (the `<img fetchpriority="high">` the page marks as above the
 *    fold) are decoded, or have failed;
 * 2. two frames have passed, in which the browser paints them;
 * 3. no new largest paint has been reported for QUIET_MS. The browser reports a paint once
 *    it is on screen, a frame or two after it was drawn, so this is how the app knows.
 * The script it waits to run is downloading meanwhile (the HTML preloads it). On a slow
 * network the script arrives seconds after the pictures and the wait costs nothing; where
 * the network is fast and the phone slow, the page is seen first and taken over after.
 * Taps made meanwhile are held for the app (lib/earlyTaps.ts).
 *
 * A page with nothing rendered (the browser renders it itself), or one in a tab that is not
 * visible (which paints nothing), starts at once, and no page waits over WAIT_AT_MOST_MS.
 */

/** How long after the last reported paint the first screen counts as shown. */
export const QUIET_MS = 50;
/** The longest the app waits, pictures or not. */
export const WAIT_AT_MOST_MS = 3_000;
/** A frame that does not come in this time (the tab was hidden meanwhile) is not waited for. */
const FRAME_AT_MOST_MS = 100;

/** The pictures the page marks as the first screen's: the ones worth waiting for. */
const FIRST_SCREEN_IMAGES = 'img[fetchpriority="high"]';

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => resolve());
    setTimeout(resolve, FRAME_AT_MOST_MS);
  });
}

/** Settles once the picture can be painted at once, or has failed. */
function decoded(image: HTMLImageElement): Promise<void> {
  if (typeof image.decode === 'function') return image.decode().catch(() => undefined);
  if (image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  });
}

/** When the browser last reported a new largest paint (performance.now()), as it does so. */
function watchLargestPaints(): { lastReportedAt: () => number; stop: () => void } {
  let lastReportedAt = Number.NEGATIVE_INFINITY;
  const supported =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint');
  if (!supported) return { lastReportedAt: () => lastReportedAt, stop: () => undefined };
  const observer = new PerformanceObserver(() => {
    lastReportedAt = performance.now();
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  return { lastReportedAt: () => lastReportedAt, stop: () => observer.disconnect() };
}

/** Settles when the page's first screen has been shown; see the top of this file. */
export async function firstScreenShown(root: Element): Promise<void> {
  if (root.firstElementChild === null || document.visibilityState === 'hidden') return;
  const deadline = performance.now() + WAIT_AT_MOST_MS;
  const paints = watchLargestPaints();
  try {
    const images = [...root.querySelectorAll<HTMLImageElement>(FIRST_SCREEN_IMAGES)];
    await Promise.race([Promise.all(images.map(decoded)), sleep(WAIT_AT_MOST_MS)]);
    await nextFrame();
    await nextFrame();
    const framesDoneAt = performance.now();
    for (;;) {
      const now = performance.now();
      const quietAt = Math.min(
        Math.max(paints.lastReportedAt(), framesDoneAt) + QUIET_MS,
        deadline,
      );
      if (now >= quietAt) return;
      await sleep(quietAt - now);
    }
  } finally {
    paints.stop();
  }
}
