/**
 * npm run bench:api [-- --products N --duration S --connections C]
 *
 * Starts the server in this process on a free loopback port, against a fresh temporary data
 * directory with the demo catalogue (grown to N products when asked), signs in the demo
 * shopper, fills a cart, then loads the catalogue and cart reads with autocannon and prints
 * requests per second and p99 latency for each.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { createPasswordHasher } from '../src/auth/passwords';
import { ensureJwtSecret, loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import { countProducts } from '../src/db/products';
import { DEMO_SHOPPER, seedDemo } from '../src/db/seed/demo';
import { growCatalogue } from '../src/db/seed/generate';

interface Args {
  products: number | null;
  duration: number;
  connections: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { products: null, duration: 10, connections: 50 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] as string).split('=');
    const value = Number(inline ?? argv[++i]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} needs a whole number`);
    if (flag === '--products') args.products = value;
    else if (flag === '--duration') args.duration = Math.min(value, 60);
    else if (flag === '--connections') args.connections = Math.min(value, 500);
    else throw new Error(`Unknown argument ${flag}`);
  }
  return args;
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-bench-'));
  const env: Record<string, string | undefined> = {
    ...process.env,
    // The demo mode: a production start needs a payment provider and a mail relay, and the
    // routes measured here behave the same in both.
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    OUTBOX_CONSOLE: '0',
  };
  // Always the embedded database in a fresh directory, whatever the shell has set.
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  const config = await ensureJwtSecret(loadConfig(env));
  const db = await openDatabase({ databaseUrl: null, dataDir });
  try {
    const setupStart = performance.now();
    await migrate(db);
    await seedDemo(db, createPasswordHasher(config.argon2));
    if (args.products) await growCatalogue(db, args.products);
    const products = await countProducts(db);
    const app = await buildApp(config, { db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

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
    const catalogue = await json<{ id: number; inventory_stock: number }[]>(
      await fetch(`${base}/api/get-all-products?limit=40`),
    );
    const inStock = catalogue.filter((p) => p.inventory_stock >= 2).slice(0, 8);
    for (const product of inStock) {
      await json(
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
    }
    const full = await fetch(`${base}/api/get-all-products`);
    const catalogueBytes = (await full.arrayBuffer()).byteLength;
    console.info(
      `Server on ${base}: ${products.toLocaleString('en')} products (catalogue answer ${(catalogueBytes / 1024).toFixed(0)} KiB), ` +
        `cart of ${inStock.length} lines; ready in ${((performance.now() - setupStart) / 1000).toFixed(1)} s.`,
    );
    console.info(`autocannon: ${args.connections} connections, ${args.duration} s per target\n`);

    const targets: { name: string; path: string; headers?: Record<string, string> }[] = [
      { name: 'GET /api/get-all-products', path: '/api/get-all-products' },
      {
        name: 'GET /api/get-all-products (gzip)',
        path: '/api/get-all-products',
        headers: { 'accept-encoding': 'gzip' },
      },
      { name: 'GET /api/get-all-products?q=rice', path: '/api/get-all-products?q=rice' },
      { name: 'GET /api/all-carts', path: '/api/all-carts', headers: auth },
    ];
    const rows: string[][] = [];
    for (const target of targets) {
      const result = await autocannon({
        url: `${base}${target.path}`,
        connections: args.connections,
        duration: args.duration,
        headers: target.headers,
        // The load generator gets its own thread, so it does not compete with the server's.
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
    const header = ['target', 'requests/s', 'p99 latency', 'throughput', 'failed'];
    const widths = header.map((h, i) =>
      Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)),
    );
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
    console.info(line(header));
    for (const row of rows) console.info(line(row));
    await app.close();
  } finally {
    await db.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`Benchmark failed: ${(error as Error).message}`);
  process.exit(1);
});
