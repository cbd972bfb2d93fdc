/**
 * `npm run bench:js-tax [-- --runs N] [-- --cpu N] [-- --routes /shop,/faq]`: what the
 * storefront's JavaScript costs the phone's main thread, page by page, as a ratio that holds
 * from a fast machine to a slow one better than any time does.
 *
 * Starts the storefront (building it first when the build is stale) on a fresh data
 * directory and a free port, then loads each route of the Lighthouse bench (/, /home, /shop,
 * a product page, /cart signed in as the demo shopper, /faq) in Chromium twice: once as it
 * is, and once in a browser context with JavaScript turned off. Both ask the server the same
 * request with the same cookies, so both get the same server-rendered HTML; the difference
 * is the work the scripts do (download, parse, run, hydrate, and the layout and paint that
 * follow). Each load is a first visit: a new context (empty HTTP cache, no storage), service
 * workers blocked, a phone-sized window (375x812), which has only fetched the site's
 * robots.txt before (see measure). `--cpu N` slows the CPU N times
 * (DevTools protocol Emulation.setCPUThrottlingRate), as Lighthouse's mobile preset does 4x.
 *
 * The time is Chromium's own: a trace (categories toplevel, devtools.timeline and
 * blink.user_timing) of the load, summing the top-level tasks of the page's renderer main
 * thread (scripts/mainThreadTasks.ts) from the navigation's start until the page has
 * settled. With JavaScript, settled is: the load event, then no request for 500 ms
 * (Playwright's networkidle), then the first idle period the browser grants the page
 * (requestIdleCallback), which marks the moment in the trace (performance.mark). Without
 * JavaScript, nothing runs after the load event, so it is the load event.
 *
 * Prints, per route, the median of N runs (default 3) of the task time with and without
 * JavaScript and of their ratio (each run's own ratio, the two loads of a run taken one
 * after the other, alternating which goes first, so a busy moment on the machine weighs on
 * both alike), with each run's values beside it, and the machine's cores and load before
 * and after.
 */
import os from 'node:os';
import { chromium, type Browser } from '@playwright/test';
import { pageWindow, taskTime, type TraceEvent } from './mainThreadTasks';
import { prepareRoutes, sessionCookie, type Route } from './benchRoutes';
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
const cpuRate = Number(argument('--cpu') ?? 1);
const SETTLED_MARK = 'js-tax:settled';
const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
];

interface Run {
  withJs: number;
  withoutJs: number;
}

/** Loads the route once in a fresh context and returns its main-thread task time in ms. */
async function measure(
  browser: Browser,
  baseURL: string,
  route: Route,
  javaScriptEnabled: boolean,
): Promise<number> {
  const context = await browser.newContext({
    javaScriptEnabled,
    serviceWorkers: 'block',
    viewport: { width: 375, height: 812 },
  });
  try {
    if (route.session) {
      await context.addCookies([sessionCookie(baseURL, route.session)]);
      // The app reads the session from localStorage (src/app/sessionPersistence.ts).
      if (javaScriptEnabled) {
        await context.addInitScript((values) => {
          for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
        }, route.session);
      }
    }
    const page = await context.newPage();
    if (cpuRate > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    }
    const url = new URL(route.path, baseURL).href;
    // A plain file of the site first, so the page's renderer process is already running and
    // traced when the navigation starts: a new process can join the trace too late to record
    // the navigation's start.
    await page.goto(`${baseURL}/robots.txt`);
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    let trace: Buffer;
    try {
      await page.goto(url, { waitUntil: javaScriptEnabled ? 'networkidle' : 'load' });
      if (javaScriptEnabled) {
        await page.evaluate(
          (mark) =>
            new Promise<void>((resolve) => {
              requestIdleCallback(() => {
                performance.mark(mark);
                resolve();
              });
            }),
          SETTLED_MARK,
        );
      }
    } finally {
      trace = await browser.stopTracing();
    }
    if (route.mustShow) {
      // Locators read the page from Playwright's own world, so this works without JavaScript.
      await page
        .getByText(route.mustShow)
        .first()
        .waitFor({ timeout: 30_000 })
        .catch((error: unknown) => {
          throw new Error(
            `${route.path} (JavaScript ${javaScriptEnabled ? 'on' : 'off'}) did not show "${route.mustShow}": ${String(error)}`,
            { cause: error },
          );
        });
    }
    const parsed = JSON.parse(trace.toString('utf8')) as
      TraceEvent[] | { traceEvents: TraceEvent[] };
    const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
    return taskTime(events, pageWindow(events, url, javaScriptEnabled ? SETTLED_MARK : undefined));
  } finally {
    await context.close();
  }
}

function report(routes: Route[], results: Map<string, Run[]>) {
  const ms = (n: number) => `${Math.round(n)} ms`;
  const times = (n: number) => `${n.toFixed(1)}x`;
  const cell = (values: number[], format: (n: number) => string) =>
    values.length > 1
      ? `${format(median(values))} (${values.map(format).join(', ')})`
      : format(values[0] ?? Number.NaN);
  const rows = routes.map((route) => {
    const measured = results.get(route.label) ?? [];
    return [
      route.label,
      cell(
        measured.map((r) => r.withJs),
        ms,
      ),
      cell(
        measured.map((r) => r.withoutJs),
        ms,
      ),
      cell(
        measured.map((r) => r.withJs / r.withoutJs),
        times,
      ),
    ];
  });
  const cpu = cpuRate > 1 ? `, CPU ${cpuRate}x slower` : '';
  console.log(
    `\nMain-thread task time until settled, ${runs > 1 ? `median of ${runs} runs (each run in brackets)` : '1 run'}${cpu}:`,
  );
  printTable(['route', 'with JavaScript', 'without JavaScript', 'ratio'], rows);
}

async function main() {
  requireChromium();
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error('--runs takes a whole number, 1 or more.');
  if (!Number.isFinite(cpuRate) || cpuRate < 1)
    throw new Error('--cpu takes how many times slower the CPU runs: a number, 1 or more.');
  const loadBefore = machineLoad();
  const storefront = await startStorefront();
  let browser: Browser | undefined;
  try {
    const routes = await prepareRoutes(storefront.baseURL, argument('--routes'));
    // The server builds its catalogue answer on the first request: not part of any run.
    await fetch(`${storefront.baseURL}/api/get-all-products`).then((r) => r.arrayBuffer());
    browser = await chromium.launch({
      executablePath: chromePath,
      args: ['--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    const results = new Map<string, Run[]>();
    for (let run = 1; run <= runs; run += 1) {
      for (const route of routes) {
        console.info(`Run ${run}/${runs}: ${route.label} ...`);
        const order = run % 2 === 1 ? [true, false] : [false, true];
        const measured: Partial<Run> = {};
        for (const javaScript of order) {
          const time = await measure(browser, storefront.baseURL, route, javaScript);
          if (javaScript) measured.withJs = time;
          else measured.withoutJs = time;
        }
        results.set(route.label, [...(results.get(route.label) ?? []), measured as Run]);
      }
    }
    report(routes, results);
    console.log(
      `\nCPU: ${os.cpus()[0]?.model ?? 'unknown'}` +
        `\nMachine before: ${loadBefore}\nMachine after:  ${machineLoad()}`,
    );
  } finally {
    await browser?.close();
    await storefront.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
