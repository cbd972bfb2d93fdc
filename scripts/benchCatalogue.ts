/**
 * `npm run bench:catalogue [-- --products N]`: how the shop copes with a large catalogue.
 *
 * Seeds a throw-away database with N generated products (default 10,000), starts the
 * reference server with the production build on it, drives Debian's Chromium through the
 * shop and prints, for a desktop and for a phone-sized window with a 4x slower CPU (a
 * mid-range Android phone):
 *   - the time from the catalogue's arrival (responseEnd of /api/get-all-products) to the
 *     first painted row of cards;
 *   - the number of DOM nodes on the page, after the first paint and at the end of the list;
 *   - the longest task (PerformanceObserver 'longtask', 50 ms and over) and the frame times
 *     while browsing (250 px a frame) and while flinging to the end of the list (a screen a
 *     frame);
 *   - the time to show a repeated search's results (from the cache: no request);
 * and, before the browser starts, how long the listing calls take one shopper at a time
 * (pages, filters, sorts and searches), asked the first time and again.
 * Every step is bounded in time; the whole run stops after BENCH_TIMEOUT_MS (default 15 min).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import {
  argument,
  chromePath,
  machineLoad,
  printTable,
  requireChromium,
  root,
  startStorefront,
  tsx,
  type Storefront,
} from './benchServer';

const productCount = Number(argument('--products') ?? 10_000);
const totalTimeoutMs = Number(process.env.BENCH_TIMEOUT_MS ?? 900_000);

/** What the page records about itself (installed before the app's own code runs). */
interface BenchState {
  longTasks: { start: number; duration: number }[];
  firstCardPaint: number | null;
  marks: Record<string, number>;
}

declare global {
  interface Window {
    __bench: BenchState;
  }
}

function seed(dataDir: string): void {
  console.log(`Seeding ${productCount.toLocaleString('en')} products into ${dataDir} ...`);
  const started = Date.now();
  const result = spawnSync(tsx, ['server/src/db/seed/cli.ts', '--products', String(productCount)], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'inherit',
    timeout: 300_000,
  });
  if (result.status !== 0)
    throw new Error(`Seeding failed (exit ${result.status ?? result.signal}).`);
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** Installed in every page before the app loads: long tasks, and when the first card is painted. */
function instrument() {
  const state: BenchState = { longTasks: [], firstCardPaint: null, marks: {} };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    if (state.firstCardPaint !== null || !document.querySelector('[data-product-card]')) return;
    observer.disconnect();
    // The frame after the cards were added to the page starts after they were painted.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        state.firstCardPaint = performance.now();
      }),
    );
  });
  observer.observe(document, { childList: true, subtree: true });
}

interface Run {
  name: string;
  catalogueToFirstRow: number;
  navigationToFirstRow: number;
  catalogueBytes: number;
  domNodesFirstScreen: number;
  cardsFirstScreen: number;
  domNodesAtEnd: number;
  cardsAtEnd: number;
  scrollFrames: number;
  scrollPixels: number;
  longestTaskWhileBrowsing: number | null;
  longTasksWhileBrowsing: number;
  framesWhileBrowsing: string;
  browsed: string;
  longestTaskWhileScrolling: number | null;
  longTasksWhileScrolling: number;
  longestFrameWhileScrolling: number;
  medianFrameWhileScrolling: number;
  cachedSearchEnter: number;
  cachedSearchTyped: number;
  requestsForCachedSearch: number;
  searchWord: string;
}

async function firstRow(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/shop`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  await page.waitForFunction(() => window.__bench.firstCardPaint !== null, null, {
    timeout: 60_000,
  });
  return page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .find((e): e is PerformanceResourceTiming => e.name.includes('/api/get-all-products'));
    if (!entry) throw new Error('No /api/get-all-products request was made.');
    const painted = window.__bench.firstCardPaint ?? 0;
    return {
      catalogueToFirstRow: painted - entry.responseEnd,
      navigationToFirstRow: painted,
      catalogueBytes: entry.encodedBodySize || entry.transferSize,
      domNodes: document.getElementsByTagName('*').length,
      cards: document.querySelectorAll('[data-product-card]').length,
    };
  });
}

/**
 * Scrolls down `step` px a frame (a screen when 0) until the end of the list or `maxFrames`,
 * timing every frame and collecting the long tasks on the way.
 */
async function scrollDown(page: Page, options: { step: number; maxFrames: number }) {
  return page.evaluate(async ({ step: stepOption, maxFrames }) => {
    const bench = window.__bench;
    const startedAt = performance.now();
    const gaps: number[] = [];
    let frames = 0;
    const step = stepOption || window.innerHeight;
    let last = performance.now();
    await new Promise<void>((resolve) => {
      function frame(now: number) {
        gaps.push(now - last);
        last = now;
        frames += 1;
        const end = document.documentElement.scrollHeight - window.innerHeight;
        if (
          window.scrollY >= end - 1 ||
          frames > maxFrames ||
          performance.now() - startedAt > 150_000
        ) {
          resolve();
          return;
        }
        window.scrollBy(0, step);
        requestAnimationFrame(frame);
      }
      requestAnimationFrame(frame);
    });
    // Let the last frames' tasks be reported.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const tasks = bench.longTasks.filter((t) => t.start >= startedAt);
    return {
      frames,
      pixels: window.scrollY,
      longestTask: tasks.length > 0 ? Math.max(...tasks.map((t) => t.duration)) : null,
      longTasks: tasks.length,
      longestFrame: Math.max(...gaps.slice(1)),
      medianFrame: [...gaps.slice(1)].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0,
      domNodes: document.getElementsByTagName('*').length,
      cards: document.querySelectorAll('[data-product-card]').length,
      lastCard: document
        .querySelector('[data-product-card]:last-of-type')
        ?.getAttribute('aria-posinset'),
    };
  }, options);
}

/** A search word that narrows the catalogue: a word of the first product's name. */
async function searchWord(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/get-all-products?limit=50`);
  const products = ((await response.json()) as { items: { name: string }[] }).items;
  for (const product of products) {
    for (const word of product.name.toLowerCase().match(/[a-z]{4,}/g) ?? []) return word;
  }
  return 'rice';
}

/**
 * Time from the shopper's last action to the results being painted, for a search already
 * cached. The action happens inside the page (no round trip to the test driver in the timing).
 */
async function cachedSearch(page: Page, word: string) {
  const box = page.getByRole('searchbox', { name: 'Search products' });
  const allProducts = page.getByRole('list', { name: 'Products', exact: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  // First time: from the server.
  await box.fill(word);
  await box.press('Enter');
  await page
    .getByRole('list', { name: `Products matching “${word}”`, exact: true })
    .waitFor({ timeout: 60_000 });
  await box.fill('');
  await allProducts.waitFor({ timeout: 60_000 });

  let requests = 0;
  const count = (url: string) => {
    if (url.includes('/api/get-all-products')) requests += 1;
  };
  page.on('request', (request) => count(request.url()));

  /** Types the word (and presses Enter when asked) in the page, and times until the results are painted. */
  async function timeTo(pressEnter: boolean): Promise<number> {
    const elapsed = await page.evaluate(
      ({ text, enter }) =>
        new Promise<number>((resolve, reject) => {
          const input = document.querySelector<HTMLInputElement>('input[type="search"]');
          if (!input) {
            reject(new Error('No search box'));
            return;
          }
          const setValue = Object.getOwnPropertyDescriptor(
            HTMLInputElement.prototype,
            'value',
          )?.set;
          const timeout = setTimeout(() => reject(new Error('The results never showed')), 30_000);
          let startedAt = 0;
          const observer = new MutationObserver(() => {
            const list = document.querySelector('ul[aria-label^="Products matching"]');
            if (!list?.querySelector('[data-product-card]')) return;
            observer.disconnect();
            // The frame after the results are in the page starts once they are painted.
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                clearTimeout(timeout);
                resolve(performance.now() - startedAt);
              }),
            );
          });
          observer.observe(document.body, { childList: true, subtree: true, attributes: true });
          startedAt = performance.now();
          setValue?.call(input, text);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          if (enter) {
            input.dispatchEvent(
              new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
            );
          }
        }),
      { text: word, enter: pressEnter },
    );
    await box.fill('');
    await allProducts.waitFor({ timeout: 60_000 });
    return elapsed;
  }

  // Typed, then Enter: no waiting for the pause.
  const enter = await timeTo(true);
  // Typed and left: the search runs after the 300 ms pause.
  const typed = await timeTo(false);
  page.removeAllListeners('request');
  return { enter, typed, requests };
}

async function measure(
  browser: Browser,
  baseURL: string,
  name: string,
  phone: boolean,
): Promise<Run> {
  const context = await browser.newContext(
    phone
      ? {
          viewport: { width: 375, height: 812 },
          deviceScaleFactor: 2,
          isMobile: true,
          hasTouch: true,
        }
      : { viewport: { width: 1280, height: 800 } },
  );
  // tsx keeps function names with a `__name` helper that page.evaluate's copies cannot see.
  await context.addInitScript({
    content: 'globalThis.__name = globalThis.__name || ((fn) => fn);',
  });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  if (phone) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  try {
    const first = await firstRow(page, baseURL);
    // A shopper browsing: 250 px a frame (15,000 px/s at 60 fps) for up to 600 frames.
    await page.evaluate(() => window.scrollTo(0, 0));
    const browse = await scrollDown(page, { step: 250, maxFrames: 600 });
    // A fast fling to the very end: a screen a frame.
    await page.evaluate(() => window.scrollTo(0, 0));
    const scroll = await scrollDown(page, { step: 0, maxFrames: Number.MAX_SAFE_INTEGER });
    if (scroll.lastCard !== String(productCount)) {
      console.warn(
        `  (${name}: the last card drawn is #${scroll.lastCard}, expected #${productCount})`,
      );
    }
    const word = await searchWord(baseURL);
    const search = await cachedSearch(page, word);
    return {
      name,
      catalogueToFirstRow: first.catalogueToFirstRow,
      navigationToFirstRow: first.navigationToFirstRow,
      catalogueBytes: first.catalogueBytes,
      domNodesFirstScreen: first.domNodes,
      cardsFirstScreen: first.cards,
      domNodesAtEnd: scroll.domNodes,
      cardsAtEnd: scroll.cards,
      scrollFrames: scroll.frames,
      scrollPixels: scroll.pixels,
      longestTaskWhileBrowsing: browse.longestTask,
      longTasksWhileBrowsing: browse.longTasks,
      framesWhileBrowsing: `${Math.round(browse.medianFrame)} / ${Math.round(browse.longestFrame)}`,
      browsed: `${Math.round(browse.pixels).toLocaleString('en')} px in ${browse.frames} frames, ${browse.cards} cards drawn at the end`,
      longestTaskWhileScrolling: scroll.longestTask,
      longTasksWhileScrolling: scroll.longTasks,
      longestFrameWhileScrolling: scroll.longestFrame,
      medianFrameWhileScrolling: scroll.medianFrame,
      cachedSearchEnter: search.enter,
      cachedSearchTyped: search.typed,
      requestsForCachedSearch: search.requests,
      searchWord: word,
    };
  } finally {
    await context.close();
  }
}

/**
 * Listing calls one at a time, each asked twice: the first time nothing like it was asked
 * before (the server computes it), then again (the server's answer cache). Later pages of a
 * search asked before reuse its ranking, so they sit between the two.
 */
async function listingTimings(baseURL: string): Promise<void> {
  const calls: [string, string][] = [
    ['first page', 'offset=0'],
    ['one category by price, page 100', 'category=Staples&sort=price_asc&offset=2376'],
    [
      'in stock, from ₦2,000, newest, page 21',
      'in_stock=true&min_price=2000&sort=newest&offset=480',
    ],
    ['search "rice"', 'q=rice&offset=0'],
    ['search "rice", page 20 (ranking kept)', 'q=rice&offset=456'],
    ['misspelt search "indomi"', 'q=indomi&offset=0'],
    ['search "milk" to ₦3,000 by price', 'q=milk&max_price=3000&sort=price_asc'],
  ];
  const ask = async (query: string) => {
    const started = performance.now();
    const response = await fetch(`${baseURL}/api/get-all-products?${query}`);
    const bytes = (await response.arrayBuffer()).byteLength;
    if (!response.ok) throw new Error(`?${query} answered ${response.status}`);
    return { ms: performance.now() - started, bytes };
  };
  const rows: string[][] = [];
  for (const [name, query] of calls) {
    const first = await ask(query);
    const again = await ask(query);
    rows.push([
      name,
      `${first.ms.toFixed(1)} ms`,
      `${again.ms.toFixed(1)} ms`,
      `${(first.bytes / 1024).toFixed(1)} KiB`,
    ]);
  }
  console.log(
    `\nListing calls at ${productCount.toLocaleString('en')} products (${machineLoad()}):`,
  );
  printTable(['listing call (one at a time)', 'first ask', 'asked again', 'JSON'], rows);
}

function report(runs: Run[]): void {
  const ms = (n: number | null) => (n === null ? '-' : `${Math.round(n)} ms`);
  const rows: [string, (run: Run) => string][] = [
    ['catalogue arrived -> first row painted', (r) => ms(r.catalogueToFirstRow)],
    ['navigation start -> first row painted', (r) => ms(r.navigationToFirstRow)],
    [
      'catalogue size (body, compressed)',
      (r) => `${(r.catalogueBytes / 1024 / 1024).toFixed(2)} MB`,
    ],
    ['DOM nodes, first screen (cards)', (r) => `${r.domNodesFirstScreen} (${r.cardsFirstScreen})`],
    ['DOM nodes, end of list (cards)', (r) => `${r.domNodesAtEnd} (${r.cardsAtEnd})`],
    ['browsing scroll (250 px a frame)', (r) => r.browsed],
    [
      '  longest task while browsing',
      (r) =>
        r.longestTaskWhileBrowsing === null
          ? 'none of 50 ms or more'
          : `${ms(r.longestTaskWhileBrowsing)} (${r.longTasksWhileBrowsing} long tasks)`,
    ],
    ['  frames while browsing: median / longest', (r) => `${r.framesWhileBrowsing} ms`],
    [
      'fling to the end (a screen a frame)',
      (r) => `${Math.round(r.scrollPixels).toLocaleString('en')} px in ${r.scrollFrames} frames`,
    ],
    [
      '  longest task while flinging',
      (r) =>
        r.longestTaskWhileScrolling === null
          ? 'none of 50 ms or more'
          : `${ms(r.longestTaskWhileScrolling)} (${r.longTasksWhileScrolling} long tasks)`,
    ],
    [
      '  frames while flinging: median / longest',
      (r) => `${ms(r.medianFrameWhileScrolling)} / ${ms(r.longestFrameWhileScrolling)}`,
    ],
    ['cached search, Enter -> results painted', (r) => ms(r.cachedSearchEnter)],
    ['cached search, typed -> results (300 ms pause)', (r) => ms(r.cachedSearchTyped)],
    ['requests for the cached searches', (r) => String(r.requestsForCachedSearch)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  console.log(
    `\nCatalogue of ${productCount.toLocaleString('en')} products; search word “${runs[0]?.searchWord}”; ` +
      `machine: ${os.cpus().length} CPUs, load average ${load} (timings grow with the load)`,
  );
  console.log(`${''.padEnd(width)}  ${runs.map((r) => r.name.padEnd(44)).join('')}`);
  for (const [label, value] of rows) {
    console.log(`${label.padEnd(width)}  ${runs.map((r) => value(r).padEnd(44)).join('')}`);
  }
}

async function main() {
  requireChromium();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-catalogue-'));
  let storefront: Storefront | undefined;
  let browser: Browser | undefined;
  const guard = setTimeout(() => {
    console.error(`The benchmark took longer than ${totalTimeoutMs / 1000} s; stopping.`);
    void storefront?.stop();
    process.exit(2);
  }, totalTimeoutMs);
  try {
    seed(dataDir);
    storefront = await startStorefront({ dataDir });
    const { baseURL } = storefront;
    await listingTimings(baseURL);
    browser = await chromium.launch({
      executablePath: chromePath,
      args: ['--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    // A first visit warms the server's caches, so both runs see the same server.
    await fetch(`${baseURL}/api/get-all-products`).then((r) => r.arrayBuffer());
    const runs: Run[] = [];
    for (const [name, phone] of [
      ['desktop 1280x800', false],
      ['phone 375x812, 4x CPU', true],
    ] as const) {
      console.log(`Measuring: ${name} ...`);
      runs.push(await measure(browser, baseURL, name, phone));
      report(runs);
    }
  } finally {
    clearTimeout(guard);
    await browser?.close();
    if (storefront) await storefront.stop();
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
