/**
 * npm run bench:api [-- --servers N --postgres --products N --duration S --connections C --listing --cart --pages]
 *
 * Starts N server processes (compiled as `npm run server` runs them) and loads them
 * with autocannon: catalogue reads, a search, cart reads and cart writes, printing requests
 * per second and p99 latency for each, then the resident memory of each server process
 * (VmRSS from /proc) when it was ready, after the run, and at its peak (VmHWM). `--listing`
 * loads only the listing and search targets; `--cart` only the whole catalogue, cart reads and
 * cart writes (the targets of the several-servers comparison). `--pages` loads only the
 * server-rendered pages: a guest's /shop as fast as it comes, then cart reads alone and again
 * with PAGES_BESIDE guest page requests a second (shop, product and content pages) beside
 * them, printing the cart reads' p50 and p99 both ways. Every run ends with those page cases.
 * The servers' page limit is lifted, since all the load comes from one address.
 *
 * - One server (the default) runs on the embedded database in a fresh temporary DATA_DIR
 *   with the default settings, so its first start is a newcomer's first start.
 * - `--postgres`, or more than one server, runs them on a throwaway PostgreSQL
 *   (server/test/tempPostgres.ts, with PostgreSQL's durable defaults) in production mode
 *   with one JWT_SECRET, as an operator would.
 *
 * Several servers share one port through Node's cluster module: the primary (this process)
 * accepts each connection and hands it to the servers in turn, and never touches the bytes
 * of a request. A proxy of our own would read and write every byte once more on the same
 * two cores, and measure itself as much as the servers.
 */
import { spawnSync } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Options as LoadOptions, type Result as LoadResult } from 'autocannon';
import { createPasswordHasher } from '../src/auth/passwords';
import { productDetailsPath } from '../../contract/links';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import { DEMO_SHOPPER, seedDemo } from '../src/db/seed/demo';
import { growCatalogue } from '../src/db/seed/generate';
import { startTempPostgres, type TempPostgres } from '../test/tempPostgres';

const ROOT = path.resolve(__dirname, '..', '..');
const PACKAGE = path.join(ROOT, 'package.json');
const READY = /Storefront ready at http:\/\/[^:\s]+:(\d+)/;

interface Args {
  servers: number;
  postgres: boolean;
  products: number | null;
  duration: number;
  connections: number;
  listing: boolean;
  cart: boolean;
  pages: boolean;
}

/** Guest page requests a second sent beside the API's load in the page cases. */
const PAGES_BESIDE = 100;
/** What a browser sends when it opens a page. */
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };

function parseArgs(argv: string[]): Args {
  const args: Args = {
    servers: 1,
    postgres: false,
    products: null,
    duration: 10,
    connections: 50,
    listing: false,
    cart: false,
    pages: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] as string).split('=');
    if (flag === '--postgres' || flag === '--listing' || flag === '--cart' || flag === '--pages') {
      args[flag.slice(2) as 'postgres' | 'listing' | 'cart' | 'pages'] = true;
      continue;
    }
    const value = Number(inline ?? argv[++i]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} needs a whole number`);
    if (flag === '--servers') args.servers = Math.min(value, 16);
    else if (flag === '--products') args.products = value;
    else if (flag === '--duration') args.duration = Math.min(value, 60);
    else if (flag === '--connections') args.connections = Math.min(value, 500);
    else throw new Error(`Unknown argument ${flag}`);
  }
  // The embedded database belongs to one process.
  if (args.servers > 1) args.postgres = true;
  return args;
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Memory {
  rss: number;
  peak: number;
}

/** Resident and peak resident memory of a process, in MiB. */
function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/** User and system CPU time a process has used, in ms (from /proc, in clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Server {
  worker: Worker;
  pid: number;
  port: number;
  atStart: Memory;
  output: () => string;
}

/**
 * How `npm run server` runs the server: the steps before it (compiling it), which this runs
 * now, then `exec node <options> <entry>`, whose options and entry the servers get, so they
 * are measured.
 */
function serverCommand(): { entry: string; options: string[] } {
  const scripts = (JSON.parse(readFileSync(PACKAGE, 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  const steps = (scripts.server ?? '').split('&&').map((step) => step.trim());
  const words = (steps.pop() ?? '').split(/\s+/);
  const entry = words.at(-1) ?? '';
  if (words[0] !== 'exec' || words[1] !== 'node' || !/\.[jt]s$/.test(entry)) {
    throw new Error(`Unexpected "server" script: ${scripts.server}`);
  }
  for (const step of steps) {
    const done = spawnSync(step, { cwd: ROOT, shell: true, stdio: 'inherit' });
    if (done.status !== 0) throw new Error(`"${step}" failed`);
  }
  return { entry: path.join(ROOT, entry), options: words.slice(2, -1) };
}

async function startServers(count: number, env: Record<string, string>): Promise<Server[]> {
  const server = serverCommand();
  cluster.setupPrimary({ exec: server.entry, execArgv: server.options, silent: true });
  // One at a time: a first start on the embedded database creates it, and on PostgreSQL the
  // ready time of each is its own.
  const servers: Server[] = [];
  for (let i = 0; i < count; i++) {
    const worker = cluster.fork(env);
    let printed = '';
    const port = await new Promise<number>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        printed += chunk.toString('utf8');
        const ready = READY.exec(printed);
        if (ready) resolve(Number(ready[1]));
      };
      worker.process.stdout?.on('data', onData);
      worker.process.stderr?.on('data', onData);
      worker.on('exit', (code) =>
        reject(new Error(`Server ${i + 1} exited (code ${code}) before it was ready:\n${printed}`)),
      );
    });
    const pid = worker.process.pid ?? 0;
    servers.push({ worker, pid, port, atStart: memoryOf(pid), output: () => printed });
  }
  return servers;
}

async function stopServers(servers: Server[]): Promise<void> {
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.worker.isDead()) return resolve();
          s.worker.once('exit', () => resolve());
          s.worker.process.kill('SIGTERM');
        }),
    ),
  );
}

interface Target {
  name: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  requests?: { method: string; path: string; headers: Record<string, string>; body: string }[];
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-bench-'));
  let postgres: TempPostgres | null = null;
  let servers: Server[] = [];
  try {
    const setupStart = performance.now();
    const dataDir = path.join(tempDir, 'data');
    let env: Record<string, string>;
    if (args.postgres) {
      postgres = await startTempPostgres({
        port: Number(process.env.TEST_POSTGRES_PORT ?? 0),
        durable: true,
      });
      const databaseUrl = await postgres.createDatabase('bench');
      await prepare(databaseUrl, dataDir, args.products);
      env = {
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        JWT_SECRET: randomBytes(48).toString('base64url'),
        // Never called: the benchmark pays for nothing. Production asks for a provider.
        PAYSTACK_SECRET_KEY: 'sk_test_benchmarkonly0000',
        PAYSTACK_BASE_URL: 'http://127.0.0.1:9',
        // Never called either: nothing measured here sends a code.
        MAIL_WEBHOOK_URL: 'http://127.0.0.1:9/messages',
        PUBLIC_URL: 'https://shop.example.ng',
        DEMO_DATA: '0',
      };
    } else {
      // A grown catalogue is made first; otherwise the server's own first start makes the
      // database, as `npm start` on a new machine does.
      if (args.products) await prepare(null, dataDir, args.products);
      env = { NODE_ENV: '', DATABASE_URL: '', JWT_SECRET: '', PAYSTACK_SECRET_KEY: '' };
    }
    servers = await startServers(args.servers, {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(Number(process.env.PORT ?? 0)),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OUTBOX_CONSOLE: '0',
      // Every request comes from this one address: the page limit would measure itself.
      RATE_LIMIT_PAGES_MAX: '1000000',
    });
    const base = `http://127.0.0.1:${servers[0]?.port}`;

    const login = await json<{ access_token: string; user_details: { id: number } }>(
      await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          username: DEMO_SHOPPER.email,
          password: DEMO_SHOPPER.password,
        }),
      }),
    );
    const auth = { authorization: `Bearer ${login.access_token}` };
    const catalogue = await json<{
      items: { id: number; slug: string; inventory_stock: number }[];
    }>(await fetch(`${base}/api/get-all-products?limit=40`));
    const inStock = catalogue.items.filter((p) => p.inventory_stock >= 2).slice(0, 8);
    const lineIds: number[] = [];
    for (const product of inStock) {
      const line = await json<{ id: number }>(
        await fetch(`${base}/api/add-cart`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            user_id: login.user_details.id,
            product_id: product.id,
            quantity: 2,
            price_per_item: 0,
          }),
        }),
      );
      lineIds.push(line.id);
    }
    const full = await fetch(`${base}/api/get-all-products`);
    const catalogueBytes = (await full.arrayBuffer()).byteLength;
    const products = (await json<unknown[]>(await fetch(`${base}/api/get-all-products`))).length;
    const firstPage = await fetch(`${base}/api/get-all-products?offset=0`);
    const firstPageBytes = (await firstPage.arrayBuffer()).byteLength;
    console.info(
      `${args.servers} server${args.servers > 1 ? 's' : ''} on ${args.postgres ? `PostgreSQL ${postgres?.install.version}` : 'the embedded database'} ` +
        `at ${base}: ${products.toLocaleString('en')} products (catalogue answer ${(catalogueBytes / 1024).toFixed(0)} KiB, ` +
        `first page ${(firstPageBytes / 1024).toFixed(1)} KiB), ` +
        `cart of ${inStock.length} lines; ready in ${((performance.now() - setupStart) / 1000).toFixed(1)} s.`,
    );
    console.info(
      `autocannon: ${args.connections} connections, ${args.duration} s per target; load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
    );

    const writeHeaders = { ...auth, 'content-type': 'application/json' };
    const targets: Target[] = [
      { name: 'GET /api/get-all-products', path: '/api/get-all-products' },
      {
        name: 'GET /api/get-all-products (gzip)',
        path: '/api/get-all-products',
        headers: { 'accept-encoding': 'gzip' },
      },
      { name: 'GET /api/get-all-products?q=rice', path: '/api/get-all-products?q=rice' },
      { name: 'first page (?offset=0)', path: '/api/get-all-products?offset=0' },
      {
        name: 'filter + sort page',
        path: '/api/get-all-products?category=Staples&in_stock=true&sort=price_asc',
      },
      { name: 'misspelt search (?q=indomi)', path: '/api/get-all-products?q=indomi' },
      // Many different pages, searches and filters: most miss the answer cache (200 entries),
      // though they share about 60 sets of filters, whose totals and rankings are kept.
      varied('varied, uncached (1,000 queries)', variedQueries(1000)),
      // Every query a set of filters of its own, cycling through more sets than the server
      // keeps (500): each one counts or ranks its matches afresh, the worst case.
      varied('new filter sets (1,000 price ranges)', newFilterSets(1000, false)),
      varied('new searches (1,000 price ranges)', newFilterSets(1000, true)),
      { name: 'GET /api/categories', path: '/api/categories' },
      { name: 'GET /api/search-suggestions?q=gar', path: '/api/search-suggestions?q=gar' },
      { name: 'GET /api/all-carts', path: '/api/all-carts', headers: auth },
      {
        // Each line's quantity goes 1, 2, 1, 2...: every request changes a row.
        name: 'PATCH /api/update-cart/:id',
        path: `/api/update-cart/${lineIds[0]}`,
        requests: lineIds.flatMap((id) =>
          [1, 2].map((quantity) => ({
            method: 'PATCH',
            path: `/api/update-cart/${id}`,
            headers: writeHeaders,
            body: JSON.stringify({ quantity }),
          })),
        ),
      },
    ];
    const listing = (t: Target) =>
      t.path.startsWith('/api/get-all-products?') || /categories|search-suggestions/.test(t.path);
    const cart = (t: Target) =>
      t.path === '/api/get-all-products' ? !t.headers : /cart/.test(t.path);
    const chosen = args.pages
      ? []
      : targets.filter(
          (t) =>
            (!args.listing && !args.cart) || (args.listing && listing(t)) || (args.cart && cart(t)),
        );
    const rows: string[][] = [];
    for (const target of chosen) {
      const result = await autocannon({
        url: `${base}${target.path}`,
        connections: args.connections,
        duration: args.duration,
        headers: target.headers,
        requests: target.requests,
        // The load generator gets its own thread, so it does not compete with the primary.
        workers: 1,
      });
      rows.push([
        target.name,
        result.requests.average.toFixed(0),
        `${result.latency.p99} ms`,
        `${(result.throughput.average / 1024 / 1024).toFixed(1)} MiB/s`,
        String(result.non2xx + result.errors + result.timeouts),
      ]);
    }
    if (rows.length > 0) {
      console.info(table(['target', 'requests/s', 'p99 latency', 'throughput', 'failed'], rows));
    }
    if (args.pages || (!args.listing && !args.cart)) {
      const pagePaths = [
        '/shop',
        '/',
        '/home',
        '/faq',
        '/vendors',
        '/contact',
        '/policies',
        '/shop?category=Staples',
        ...catalogue.items.slice(0, 12).map((p) => productDetailsPath(p.slug)),
      ];
      const pids = servers.map((s) => s.pid);
      console.info(`\n${await pageCases(base, auth, pagePaths, pids, args)}`);
    }

    const mib = (n: number) => `${n.toFixed(0)} MiB`;
    console.info(
      `\n${table(
        ['server', 'pid', 'resident when ready', 'resident after the run', 'peak resident'],
        servers.map((s, i) => {
          const after = memoryOf(s.pid);
          return [
            String(i + 1),
            String(s.pid),
            mib(s.atStart.rss),
            mib(after.rss),
            mib(after.peak),
          ];
        }),
      )}`,
    );
  } finally {
    await stopServers(servers);
    await postgres?.stop();
    await fs.rm(tempDir, { recursive: true, force: true });
  }
}

/**
 * A guest's /shop page as fast as it comes; then cart reads alone, and again with
 * PAGES_BESIDE guest page requests a second going through `pagePaths` beside them.
 */
async function pageCases(
  base: string,
  auth: Record<string, string>,
  pagePaths: string[],
  pids: number[],
  args: Args,
): Promise<string> {
  // The servers' own CPU time per request: what a request costs, however busy the machine.
  const measured = async <T extends LoadResult[]>(run: () => Promise<T>) => {
    const before = pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
    const results = await run();
    const used = pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0) - before;
    const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
    return { results, cpu: `${(used / Math.max(1, requests)).toFixed(2)} ms` };
  };
  const load = (options: Partial<LoadOptions>) =>
    autocannon({
      url: base,
      connections: args.connections,
      duration: args.duration,
      workers: 1,
      ...options,
    });
  const shop = await measured(async () => [
    await load({ url: `${base}/shop`, headers: PAGE_HEADERS }),
  ]);
  const cartReads = { url: `${base}/api/all-carts`, headers: auth };
  const quiet = await measured(async () => [await load(cartReads)]);
  const beside = await measured(() =>
    Promise.all([
      load(cartReads),
      load({
        // Enough connections to keep up the rate even when each answer takes a second.
        connections: PAGES_BESIDE,
        overallRate: PAGES_BESIDE,
        requests: pagePaths.map((p) => ({ method: 'GET', path: p, headers: PAGE_HEADERS })),
      }),
    ]),
  );
  const failed = (r: LoadResult) => String(r.non2xx + r.errors + r.timeouts);
  const row = (name: string, r: LoadResult | undefined, cpu: string) =>
    r
      ? [
          name,
          r.requests.average.toFixed(0),
          `${r.latency.p50} ms`,
          `${r.latency.p99} ms`,
          failed(r),
          cpu,
        ]
      : [];
  return table(
    ['page case', 'requests/s', 'p50 latency', 'p99 latency', 'failed', 'server CPU/request'],
    [
      row('GET /shop (guest page, br)', shop.results[0], shop.cpu),
      row('GET /api/all-carts, quiet', quiet.results[0], quiet.cpu),
      row(`GET /api/all-carts, ${PAGES_BESIDE} pages/s beside`, beside.results[0], beside.cpu),
      row(`  the guest pages beside (${pagePaths.length} addresses)`, beside.results[1], ''),
    ],
  );
}

const WORDS = ['rice', 'garri', 'gari', 'beens', 'indomi', 'palm oil', 'milk', 'tomatoes', 'soap'];
const SORTS = ['price_asc', 'price_desc', 'discount', 'newest', 'rating'];
const CATEGORIES = ['Staples', 'Provisions', 'Drinks', 'Household'];

function varied(name: string, queries: string[]): Target {
  return {
    name,
    path: `/api/get-all-products?${queries[0]}`,
    requests: queries.map((query) => ({
      method: 'GET',
      path: `/api/get-all-products?${query}`,
      headers: {},
      body: '',
    })),
  };
}

/** Queries whose filters all differ: a price range of its own each, with a search or without. */
function newFilterSets(count: number, search: boolean): string[] {
  return Array.from({ length: count }, (_, i) => {
    const range = `min_price=${100 + i}&max_price=${5000 + (i % 7) * 1000}`;
    const sort = SORTS[i % SORTS.length] as string;
    return search
      ? `q=${encodeURIComponent(WORDS[i % WORDS.length] as string)}&${range}`
      : `${range}&sort=${sort}&offset=${(i * 24) % 480}`;
  });
}

/** Listing queries that differ from one another: searches, filters and sorts at many offsets. */
function variedQueries(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const offset = `offset=${(i * 24) % 2400}`;
    switch (i % 3) {
      case 0:
        return `q=${encodeURIComponent(WORDS[i % WORDS.length] as string)}&${offset}`;
      case 1:
        return `category=${CATEGORIES[i % CATEGORIES.length]}&sort=${SORTS[i % SORTS.length]}&${offset}`;
      default:
        return `min_price=${(i % 50) * 100}&in_stock=true&sort=${SORTS[i % SORTS.length]}&${offset}`;
    }
  });
}

/** Migrations, the demo catalogue and shopper, and a grown catalogue when asked. */
async function prepare(
  databaseUrl: string | null,
  dataDir: string,
  products: number | null,
): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir });
  const db = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrate(db);
    await seedDemo(db, createPasswordHasher(config.argon2));
    if (products) await growCatalogue(db, products);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Benchmark failed: ${(error as Error).message}`);
  process.exit(1);
});
