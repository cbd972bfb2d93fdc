/**
 * `npm run bench:slow-network [-- --runs N]`: a first visit to /shop over a slow mobile
 * link, 400 kbps both ways with 400 ms round trips (Chromium's DevTools protocol
 * Network.emulateNetworkConditions: latency 400 ms, 50,000 bytes/s down and up).
 *
 * Starts the storefront (building it first when the build is stale) on a fresh data
 * directory and a free port. Each run (default 3) opens /shop in a new browser context
 * (empty HTTP cache, no storage) with service workers blocked, in a phone-sized window
 * (375x812); the CPU is not slowed down, so the times are the network's.
 *
 * What "painted" means here: a script installed before the page's own code checks the page
 * once every animation frame (requestAnimationFrame). An element counts when it is in the
 * document, has a box of non-zero size inside the viewport and is visible
 * (Element.checkVisibility with opacity and visibility). The frame in which the check first
 * passes paints it; the time recorded is the start of the next frame, by which that frame
 * has been drawn. Chromium's own paint timings (first contentful paint) count when the frame
 * reaches the screen, so the two can differ by a frame or two (16-33 ms) either way.
 * The elements:
 *   - header: the site's <header> (the navigation bar);
 *   - search box: the shop's search field (input[type=search]);
 *   - first product: a product card that holds its product's name (a card's name link with
 *     text, not the empty placeholder of a card waiting for its turn); its picture may
 *     still be loading.
 * Times are from the start of the navigation (performance.now()). Bytes by the first product
 * are what had come over the link when it was painted, a page still streaming its HTML
 * counting the part that had arrived: each response's bytes as sent (the protocol's
 * Network.loadingFinished encodedDataLength), in the share of its body that its
 * Network.dataReceived chunks had delivered by then (Chromium reports the chunks' sizes
 * decoded only, so a compressed response is taken to arrive evenly), timed from the page's
 * own request. Bytes once settled (the load event,
 * then 3 s without a new request) are the transferSize of the navigation and every resource
 * (Resource Timing: headers and the body as sent, compressed when it was). Also printed:
 * Chromium's first contentful paint and largest contentful paint.
 *
 * Then as many runs again, twice, of a shopper who searches at first sight: in the same
 * conditions, a word from the catalogue is typed into the search box (Playwright, key by key)
 * as soon as the box has been painted, then the shopper pauses, or presses the phone's search
 * key (Enter). The time, from the first page's navigation, is taken when a product of that
 * search's own list ("Products matching ...") is painted, the address carrying the search.
 * Typing into a page the app has not taken over yet must not be lost
 * (src/lib/useEarlyTyping.ts), and the search key sends the search box's form to the server
 * then (src/features/shop/SearchBox.tsx). A search whose results are not there after 60 s is
 * counted as lost.
 */
import { chromium, type Browser } from '@playwright/test';
import {
  argument,
  chromePath,
  machineLoad,
  median,
  printTable,
  requireChromium,
  startStorefront,
} from './benchServer';

const runs = Number(argument('--runs') ?? 3);
const LINK = { latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const FIRST_PRODUCT_TIMEOUT_MS = 180_000;

/** What the page records about itself. */
interface PaintState {
  header: number | null;
  searchBox: number | null;
  firstProduct: number | null;
  fcp: number | null;
  lcp: number | null;
}

declare global {
  interface Window {
    __paint: PaintState;
  }
}

/** Installed before the app's code: the per-frame check described at the top of the file. */
function instrument() {
  const state: PaintState = {
    header: null,
    searchBox: null,
    firstProduct: null,
    fcp: null,
    lcp: null,
  };
  window.__paint = state;
  performance.setResourceTimingBufferSize(2000);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });

  const shown = (element: Element | null | undefined): boolean => {
    if (!element?.isConnected) return false;
    const box = element.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) return false;
    if (box.bottom <= 0 || box.right <= 0) return false;
    if (box.top >= window.innerHeight || box.left >= window.innerWidth) return false;
    return element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const checks: [keyof PaintState, () => boolean][] = [
    ['header', () => shown(document.querySelector('header'))],
    ['searchBox', () => shown(document.querySelector('input[type="search"]'))],
    [
      'firstProduct',
      () =>
        [...document.querySelectorAll('[data-product-card]:not([data-pending]) a')].some(
          (link) => link.textContent.trim() !== '' && shown(link),
        ),
    ],
  ];
  // Seen in one frame: painted by the start of the next one.
  let seen: (keyof PaintState)[] = [];
  const frame = (now: number) => {
    for (const key of seen) state[key] ??= now;
    seen = [];
    for (const [key, check] of checks) {
      if (state[key] === null && check()) seen.push(key);
    }
    if (state.header === null || state.searchBox === null || state.firstProduct === null) {
      requestAnimationFrame(frame);
    }
  };
  requestAnimationFrame(frame);
}

/** A search typed on sight is lost when its results are not there by then. */
const EARLY_SEARCH_TIMEOUT_MS = 60_000;

interface Run {
  header: number;
  searchBox: number;
  firstProduct: number;
  fcp: number;
  lcp: number;
  bytesAtFirstProduct: number;
  jsBytesAtFirstProduct: number;
  bytesSettled: number;
  jsBytesSettled: number;
  requestsSettled: number;
}

/** A response as it came over the link: its chunks, timed in seconds on the protocol's clock. */
interface Arrival {
  script: boolean;
  chunks: { at: number; decoded: number }[];
  /** Its size as sent, headers and compressed body, once it has finished. */
  sent: number;
}

/** A new phone-sized browser context with nothing cached, instrumented, on the slow link. */
async function slowPhone(browser: Browser) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  // tsx keeps function names with a `__name` helper that page.evaluate's copies cannot see.
  await context.addInitScript({
    content: 'globalThis.__name = globalThis.__name || ((fn) => fn);',
  });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
  return { context, page, cdp };
}

async function measure(browser: Browser, baseURL: string): Promise<Run> {
  const { context, page, cdp } = await slowPhone(browser);
  try {
    // The protocol's clock at the page's own request, and which requests are scripts.
    const clock = { navigationStart: Number.NaN };
    const arrivals = new Map<string, Arrival>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.type === 'Document' && Number.isNaN(clock.navigationStart)) {
        clock.navigationStart = event.timestamp;
      }
      arrivals.set(event.requestId, { script: event.type === 'Script', chunks: [], sent: 0 });
    });
    cdp.on('Network.dataReceived', (event) => {
      arrivals
        .get(event.requestId)
        ?.chunks.push({ at: event.timestamp, decoded: event.dataLength });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const arrival = arrivals.get(event.requestId);
      if (arrival) arrival.sent = event.encodedDataLength;
    });
    await page.goto(`${baseURL}/shop`, { waitUntil: 'commit', timeout: 120_000 });
    await page.waitForFunction(
      () => {
        const s = window.__paint;
        return s.header !== null && s.searchBox !== null && s.firstProduct !== null;
      },
      null,
      { timeout: FIRST_PRODUCT_TIMEOUT_MS, polling: 250 },
    );
    await page.waitForLoadState('load', { timeout: 120_000 });
    // Settled: no new resource for 3 s (bounded, since pictures may keep arriving).
    await page.evaluate(async () => {
      const deadline = performance.now() + 60_000;
      let count = -1;
      while (performance.now() < deadline) {
        const now = performance.getEntriesByType('resource').length;
        if (now === count) return;
        count = now;
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }
    });
    const { paint, transfers } = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as
        PerformanceNavigationTiming | undefined;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        paint: window.__paint,
        transfers: [
          ...(navigation
            ? [
                {
                  name: navigation.name,
                  bytes: navigation.transferSize,
                  script: false,
                },
              ]
            : []),
          ...resources.map((r) => ({
            name: r.name,
            bytes: r.transferSize,
            script: r.initiatorType === 'script' || /\.m?js(\?|$)/.test(new URL(r.name).pathname),
          })),
        ],
      };
    });
    const sum = (list: { bytes: number }[]) => list.reduce((total, t) => total + t.bytes, 0);
    const firstProduct = paint.firstProduct ?? Number.NaN;
    const early = [...arrivals.values()].map((arrival) => {
      const decoded = sum(arrival.chunks.map((chunk) => ({ bytes: chunk.decoded })));
      const arrived = arrival.chunks.filter(
        (chunk) => (chunk.at - clock.navigationStart) * 1000 <= firstProduct,
      );
      const share =
        decoded > 0 ? sum(arrived.map((chunk) => ({ bytes: chunk.decoded }))) / decoded : 0;
      return { bytes: arrival.sent * share, script: arrival.script };
    });
    return {
      header: paint.header ?? Number.NaN,
      searchBox: paint.searchBox ?? Number.NaN,
      firstProduct,
      fcp: paint.fcp ?? Number.NaN,
      lcp: paint.lcp ?? Number.NaN,
      bytesAtFirstProduct: sum(early),
      jsBytesAtFirstProduct: sum(early.filter((t) => t.script)),
      bytesSettled: sum(transfers),
      jsBytesSettled: sum(transfers.filter((t) => t.script)),
      requestsSettled: transfers.length,
    };
  } finally {
    await context.close();
  }
}

/** How a shopper who searches at first sight ends the search. */
type SearchEnd = 'pause' | 'search key';

interface EarlySearch {
  typedAt: number;
  /** From the first page's navigation, across the page the search key may load. */
  answered: number;
}

/**
 * Types `word` as soon as the search box is painted, then pauses or presses the phone's
 * search key (Enter): when that search's first product is painted.
 */
async function measureEarlySearch(
  browser: Browser,
  baseURL: string,
  word: string,
  end: SearchEnd,
): Promise<EarlySearch> {
  const { context, page } = await slowPhone(browser);
  try {
    await page.goto(`${baseURL}/shop`, { waitUntil: 'commit', timeout: 120_000 });
    await page.waitForFunction(() => window.__paint.searchBox !== null, null, {
      timeout: FIRST_PRODUCT_TIMEOUT_MS,
      polling: 'raf',
    });
    const { origin, typedAt } = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      typedAt: performance.now(),
    }));
    const box = page.locator('input[type="search"]');
    await box.pressSequentially(word);
    if (end === 'search key') await box.press('Enter');
    const deadline = Date.now() + EARLY_SEARCH_TIMEOUT_MS;
    // The search key may load the server's page for the search: the wait starts again there.
    while (Date.now() < deadline) {
      try {
        const handle = await page.waitForFunction(
          (searched) => {
            const list = document.querySelector(`[aria-label="Products matching “${searched}”"]`);
            const product = list?.querySelector('[data-product-card]:not([data-pending]) a');
            const inAddress = new URLSearchParams(window.location.search).get('q') === searched;
            const shown = inAddress && product?.textContent.trim();
            return shown ? performance.timeOrigin + performance.now() : 0;
          },
          word,
          { timeout: Math.max(1, deadline - Date.now()), polling: 'raf' },
        );
        return { typedAt, answered: (await handle.jsonValue()) - origin };
      } catch (error) {
        if (!/context was destroyed|navigat/i.test(String(error))) break;
      }
    }
    return { typedAt, answered: Number.NaN };
  } finally {
    await context.close();
  }
}

/** A word of a product's name that the catalogue's search answers: its first long word. */
async function searchWord(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/get-all-products?limit=1`);
  const { items } = (await response.json()) as { items: { name: string }[] };
  const word = items[0]?.name.toLowerCase().match(/[a-z]{4,}/)?.[0];
  if (!word) throw new Error('The catalogue has no product with a word of 4 letters or more.');
  return word;
}

function reportEarlySearch(word: string, results: Record<SearchEnd, EarlySearch[]>) {
  const seconds = (ms: number) => (Number.isNaN(ms) ? 'lost' : `${(ms / 1000).toFixed(2)} s`);
  const row = (label: string, runs: EarlySearch[]): string[] => {
    const answered = runs.map((r) => r.answered);
    const lost = answered.some((ms) => Number.isNaN(ms));
    return [label, lost ? 'lost' : seconds(median(answered)), answered.map(seconds).join(', ')];
  };
  const all = [...results.pause, ...results['search key']];
  console.log(
    `\nA search ("${word}") typed as soon as the box is painted (${results.pause.length} runs each):`,
  );
  printTable(
    ['', 'median', 'each run'],
    [
      [
        'typing started',
        seconds(median(all.map((r) => r.typedAt))),
        all.map((r) => seconds(r.typedAt)).join(', '),
      ],
      row("then a pause: the search's first product painted", results.pause),
      row("then the search key: the search's first product painted", results['search key']),
    ],
  );
}

function report(results: Run[]) {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  const row = (label: string, key: keyof Run, format: (n: number) => string): string[] => {
    const values = results.map((r) => r[key]);
    return [label, format(median(values)), values.map(format).join(', ')];
  };
  console.log(
    `\nCold /shop at 400 kbps, 400 ms round trips, service worker blocked, 375x812 (${results.length} runs):`,
  );
  printTable(
    ['', 'median', 'each run'],
    [
      row('first contentful paint', 'fcp', seconds),
      row('header painted', 'header', seconds),
      row('search box painted', 'searchBox', seconds),
      row('first product painted', 'firstProduct', seconds),
      row('largest contentful paint', 'lcp', seconds),
      row('bytes by the first product', 'bytesAtFirstProduct', kb),
      row('  of which JavaScript', 'jsBytesAtFirstProduct', kb),
      row('bytes once settled', 'bytesSettled', kb),
      row('  of which JavaScript', 'jsBytesSettled', kb),
      row('requests once settled', 'requestsSettled', String),
    ],
  );
}

async function main() {
  requireChromium();
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error('--runs takes a whole number, 1 or more.');
  const loadBefore = machineLoad();
  const storefront = await startStorefront();
  let browser: Browser | undefined;
  try {
    // The server builds its catalogue answer on the first request: not part of any run.
    await fetch(`${storefront.baseURL}/api/get-all-products`).then((r) => r.arrayBuffer());
    browser = await chromium.launch({
      executablePath: chromePath,
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
      ],
    });
    const results: Run[] = [];
    for (let run = 1; run <= runs; run += 1) {
      console.info(`Run ${run}/${runs} ...`);
      results.push(await measure(browser, storefront.baseURL));
    }
    report(results);
    const word = await searchWord(storefront.baseURL);
    const searches: Record<SearchEnd, EarlySearch[]> = { pause: [], 'search key': [] };
    for (let run = 1; run <= runs; run += 1) {
      for (const end of ['pause', 'search key'] as const) {
        console.info(`Search run ${run}/${runs}, then ${end} ...`);
        searches[end].push(await measureEarlySearch(browser, storefront.baseURL, word, end));
      }
    }
    reportEarlySearch(word, searches);
    console.log(`\nMachine before: ${loadBefore}\nMachine after:  ${machineLoad()}`);
  } finally {
    await browser?.close();
    await storefront.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
