/**
 * `npm run bench:lighthouse [-- --runs N] [-- --routes /shop,/faq] [-- --reports DIR]`:
 * Lighthouse's performance audit of the first visit, per route. With `--reports`, each run's
 * whole Lighthouse report is written to DIR as JSON (what the largest paint was, the long
 * tasks, the requests), for a look at where a figure comes from.
 *
 * Starts the storefront (building it first when the build is stale) on a fresh data
 * directory and a free port, then audits /, /home, /shop, a product page, /cart signed in as
 * the demo shopper (with two products in the cart) and /faq with Lighthouse's mobile preset
 * and its default simulated throttling (slow 4G, 4x slower CPU): the numbers the
 * storefront's targets are stated in. Each audit gets a new Chromium (chrome-launcher) with
 * an empty profile, so every run is a first visit: no HTTP cache, no service worker.
 *
 * The signed-in page: the session lives in localStorage (src/app/sessionPersistence.ts), and
 * the storefront copies it into its session cookie (src/app/sessionCookie.ts), so both are
 * written on the site's origin through the DevTools protocol before the audit, as a shopper
 * who signed in on an earlier visit has them; the HTTP cache is emptied again, and
 * Lighthouse is told not to clear the origin's storage.
 *
 * Prints, per route, the median of N runs (default 3) of the performance score, LCP, CLS,
 * TBT and the JavaScript and total bytes transferred, with each run's values beside it and
 * the machine's load before and after: the CPU-bound numbers (TBT, and through it the
 * score) grow with the load, since Lighthouse's simulation starts from what it observed.
 * Beside them, Lighthouse's benchmarkIndex of each run (its own quick measure of the CPU,
 * higher is faster; the report's environment.benchmarkIndex), so numbers taken on two
 * machines, or on one machine at a busy and a quiet hour, can be told apart.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Flags, RunnerResult } from 'lighthouse';
import { chromium } from '@playwright/test';
import {
  argument,
  chromePath,
  machineLoad,
  median,
  printTable,
  requireChromium,
  startStorefront,
} from './benchServer';
import { prepareRoutes, sessionCookie, type Route } from './benchRoutes';

const runs = Number(argument('--runs') ?? 3);
const reportsDir = argument('--reports');

interface Measurement {
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  scriptBytes: number;
  totalBytes: number;
  /** Lighthouse's measure of this machine's speed during the run: higher is faster. */
  benchmarkIndex: number;
}

/**
 * Writes the session keys and the session cookie on the site's origin, then empties the HTTP
 * cache again.
 */
async function signIn(port: number, baseURL: string, session: Record<string, string>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context.');
    const page = await context.newPage();
    // A plain file of the site: the app itself must not run (nor register its worker).
    await page.goto(`${baseURL}/robots.txt`);
    await page.evaluate((values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    }, session);
    await context.addCookies([sessionCookie(baseURL, session)]);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Over CDP this only disconnects; the browser stays for Lighthouse.
    await browser.close();
  }
}

/**
 * Opens the route again in the audited browser (same storage) and fails unless the page shows
 * `text`. A signed-in page must also be what the server renders for the browser's cookies
 * (asked for here without the service worker the audit may have installed): the page
 * rendered for the shopper (server/src/serverRender.ts marks it), or the audit measured a
 * visitor's copy.
 */
async function checkShown(port: number, baseURL: string, route: Route, text: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context.');
    if (route.session) {
      const cookies = await context.cookies(baseURL);
      const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
      const html = await (await fetch(`${baseURL}${route.path}`, { headers: { cookie } })).text();
      if (!html.includes('data-session=')) {
        throw new Error(`${route.path} is not rendered for the signed-in shopper.`);
      }
    }
    const page = await context.newPage();
    await page.goto(`${baseURL}${route.path}`);
    await page.getByText(text).first().waitFor({ timeout: 30_000 });
    await page.close();
  } catch (error) {
    throw new Error(`${route.path} did not show "${text}": ${String(error)}`, { cause: error });
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse's own failures to record a trace (seen on a loaded machine, and on the same
 * build a minute later not at all): the audit is run again instead of ending the bench.
 */
const TRACE_LOST = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);
const AUDIT_ATTEMPTS = 3;

class TraceLost extends Error {}

async function auditAgainIfTraceLost(
  baseURL: string,
  route: Route,
  reportFile?: string,
): Promise<Measurement> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(baseURL, route, reportFile);
    } catch (error) {
      if (!(error instanceof TraceLost) || attempt >= AUDIT_ATTEMPTS) throw error;
      console.info(`  ${error.message}; auditing ${route.label} again.`);
    }
  }
}

async function audit(baseURL: string, route: Route, reportFile?: string): Promise<Measurement> {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    logLevel: 'silent',
  });
  try {
    if (route.session) await signIn(chrome.port, baseURL, route.session);
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: Boolean(route.session),
    };
    const result: RunnerResult | undefined = await lighthouse(`${baseURL}${route.path}`, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${route.path}.`);
    const { lhr } = result;
    if (reportFile) fs.writeFileSync(reportFile, JSON.stringify(lhr));
    if (lhr.runtimeError) {
      const Failure = TRACE_LOST.has(lhr.runtimeError.code) ? TraceLost : Error;
      throw new Failure(`Lighthouse failed on ${route.path}: ${lhr.runtimeError.message}`);
    }
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== new URL(route.path, baseURL).pathname) {
      throw new Error(`${route.path} ended on ${finalPath}.`);
    }
    if (route.mustShow) await checkShown(chrome.port, baseURL, route, route.mustShow);
    const numeric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (value === undefined) throw new Error(`No ${id} for ${route.path}.`);
      return value;
    };
    const summary = (lhr.audits['resource-summary']?.details ?? { items: [] }) as {
      items?: { resourceType: string; transferSize: number }[];
    };
    const bytes = (type: string) =>
      summary.items?.find((item) => item.resourceType === type)?.transferSize ?? 0;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      tbt: numeric('total-blocking-time'),
      scriptBytes: bytes('script'),
      totalBytes: bytes('total'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

function report(routes: Route[], results: Map<string, Measurement[]>) {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  const cell = (values: number[], format: (n: number) => string) =>
    values.length > 1
      ? `${format(median(values))} (${values.map(format).join(', ')})`
      : format(values[0] ?? Number.NaN);
  const rows = routes.map((route) => {
    const measured = results.get(route.label) ?? [];
    const of = (key: keyof Measurement) => measured.map((m) => m[key]);
    return [
      route.label,
      cell(of('score'), String),
      cell(of('lcp'), seconds),
      cell(of('cls'), (n) => n.toFixed(3)),
      cell(of('tbt'), (n) => `${Math.round(n)} ms`),
      cell(of('scriptBytes'), kb),
      cell(of('totalBytes'), kb),
      cell(of('benchmarkIndex'), (n) => String(Math.round(n))),
    ];
  });
  console.log(
    `\nLighthouse ${runs > 1 ? `median of ${runs} runs (each run in brackets)` : '1 run'}, mobile preset, simulated throttling:`,
  );
  printTable(
    [
      'route',
      'performance',
      'LCP',
      'CLS',
      'TBT',
      'JS transferred',
      'all transferred',
      'benchmarkIndex',
    ],
    rows,
  );
}

async function main() {
  requireChromium();
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error('--runs takes a whole number, 1 or more.');
  const loadBefore = machineLoad();
  const storefront = await startStorefront();
  try {
    const routes = await prepareRoutes(storefront.baseURL, argument('--routes'));
    // The server builds its catalogue answer on the first request: not part of any audit.
    await fetch(`${storefront.baseURL}/api/get-all-products`).then((r) => r.arrayBuffer());
    if (reportsDir) fs.mkdirSync(reportsDir, { recursive: true });
    const results = new Map<string, Measurement[]>();
    // Rounds over all routes, so a busy minute on the machine spreads over every route.
    for (let run = 1; run <= runs; run += 1) {
      for (const route of routes) {
        console.info(`Run ${run}/${runs}: ${route.label} ...`);
        const reportFile = reportsDir
          ? path.join(reportsDir, `${route.label.replace(/[^a-z0-9]+/gi, '-')}-run${run}.json`)
          : undefined;
        const measured = await auditAgainIfTraceLost(storefront.baseURL, route, reportFile);
        results.set(route.label, [...(results.get(route.label) ?? []), measured]);
      }
    }
    report(routes, results);
    const indexes = [...results.values()].flat().map((m) => m.benchmarkIndex);
    console.log(
      `\nbenchmarkIndex over all ${indexes.length} audits: median ${Math.round(median(indexes))}, ` +
        `lowest ${Math.round(Math.min(...indexes))}, highest ${Math.round(Math.max(...indexes))}`,
    );
    console.log(`\nMachine before: ${loadBefore}\nMachine after:  ${machineLoad()}`);
  } finally {
    await storefront.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
