/**
 * Several API servers on one PostgreSQL, each started as an operator starts one
 * (production mode, one shared JWT_SECRET, Paystack as the payment provider), checked from
 * outside over HTTP. Each check is one that a server keeping the state in its own memory
 * would fail. Run it with `npm run test:cluster` (it needs DATABASE_URL and PostgreSQL).
 *
 * CLUSTER_SERVERS sets how many servers (2 or more, default 3); CLUSTER_BASE_PORT their
 * first port (default: free ports).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { ERROR_DETAILS } from '../../contract';
import { startFakePaystackApi, type FakePaystack } from '../../e2e/fixtures/paystackStub';
import { createTokenService } from '../src/auth/tokens';
import { systemClock } from '../src/clock';
import { startServer, type ServerProcess } from './servers';

const DATABASE_URL = process.env.DATABASE_URL;
const SERVER_COUNT = Number(process.env.CLUSTER_SERVERS ?? 3);
const BASE_PORT = Number(process.env.CLUSTER_BASE_PORT ?? 0);
const JWT_SECRET = randomBytes(48).toString('base64url');
const PAYSTACK_SECRET = `sk_test_${randomBytes(12).toString('hex')}`;
/** Small, so a burst spread over the servers shows whether they count together. */
const EMAIL_LIMIT = 5;
const IP_LIMIT = 20;

let sql: pg.Pool;
let paystack: FakePaystack;
let mailRelay: MailRelay;
let servers: ServerProcess[] = [];
const dataDirs: string[] = [];
/** Stops what beforeAll got as far as starting, also when it failed half-way. */
const teardown: (() => Promise<unknown>)[] = [];

// ------------------------------------------------------------------ HTTP

interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

async function api<T = unknown>(
  server: ServerProcess,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

class HttpRefusal extends Error {}

async function ok<T = unknown>(answer: Promise<Answer<T>>): Promise<T> {
  const a = await answer;
  if (a.status < 200 || a.status > 299) {
    throw new HttpRefusal(`Expected 2xx, got ${a.status}: ${JSON.stringify(a.body)}`);
  }
  return a.body;
}

// ------------------------------------------------------------------ the mail relay

interface MailRelay {
  url: string;
  /** Every message the servers posted, as the relay received it. */
  messages: { to: string; text: string }[];
  /** Settles when the next message arrives. */
  nextArrival(): Promise<void>;
  close(): Promise<void>;
}

/** What MAIL_WEBHOOK_URL points at in production: it keeps what it is sent. */
async function startMailRelay(): Promise<MailRelay> {
  const messages: MailRelay['messages'] = [];
  let arrive = () => {};
  let arrived = new Promise<void>((resolve) => (arrive = resolve));
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      messages.push(JSON.parse(body) as { to: string; text: string });
      response.writeHead(202).end();
      arrive();
      arrived = new Promise<void>((resolve) => (arrive = resolve));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`,
    messages,
    nextArrival: () => arrived,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// ------------------------------------------------------------------ the shop

interface Shopper {
  id: number;
  email: string;
  token: string;
}

let shopperCount = 0;

let addressCount = 0;

/**
 * A client address of its own, as the load balancer reports it (the servers run with
 * TRUST_PROXY=1): each shopper is counted apart by the per-IP limit, as they would be.
 */
function clientAddress(): Record<string, string> {
  const n = ++addressCount;
  return { 'x-forwarded-for': `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}` };
}

/**
 * The newest 6-digit code the mail relay got for an address, once it has every message the
 * servers queued for it: they send from the outbox after the request that queued it answers.
 */
async function lastCodeTo(email: string): Promise<string> {
  const queued = await sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM outbox WHERE to_address = $1',
    [email],
  );
  const expected = queued.rows[0]?.n ?? 0;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const next = mailRelay.nextArrival();
    if (mailRelay.messages.filter((m) => m.to === email).length >= expected) break;
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`The relay did not get the ${expected} messages to ${email}`);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([next, new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
    clearTimeout(timer);
  }
  const sent = mailRelay.messages.filter((m) => m.to === email).at(-1);
  const code = /\b(\d{6})\b/.exec(sent?.text ?? '')?.[1];
  if (!code) throw new Error(`No code was sent to ${email}`);
  return code;
}

const login = (
  server: ServerProcess,
  body: { username: string; password: string; otp?: string },
  from = clientAddress(),
) => api<{ access_token: string }>(server, 'POST', '/api/login', { body, headers: from });

const SHOPPER_PASSWORD = 'ClusterPass1!';

/** Sign-up, activation code (as the mail relay got it), log in: each on another server. */
async function newShopper(mobile = '08031234567'): Promise<Shopper> {
  const n = ++shopperCount;
  const email = `cluster${n}-${randomBytes(3).toString('hex')}@example.ng`;
  const password = SHOPPER_PASSWORD;
  const at = (i: number) => servers[(n + i) % servers.length] as ServerProcess;
  const from = clientAddress();
  const now = new Date().toISOString();
  await ok(
    api(at(0), 'POST', '/api/register', {
      headers: from,
      body: {
        email,
        first_name: 'Bola',
        last_name: 'Ige',
        affiliate_code: '',
        mobile_number: mobile,
        gender: 'female',
        age: 31,
        role: 'customer',
        emailverified: false,
        verificationtoken: '',
        created_at: now,
        updated_at: now,
        last_logged_in: now,
        password,
        cpassword: password,
      },
    }),
  );
  await ok(
    api(at(1), 'POST', '/api/email-verification', {
      headers: from,
      body: { user_email: email, user_otp: await lastCodeTo(email) },
    }),
  );
  const signedIn = await ok<{ access_token: string; user_details: { id: number } }>(
    api(at(2), 'POST', '/api/login', { headers: from, body: { username: email, password } }),
  );
  return { id: signedIn.user_details.id, email, token: signedIn.access_token };
}

interface Product {
  id: number;
  slug: string;
  stock: number;
}

/** Products put in by the operator, straight into the database. */
async function addProducts(prefix: string, count: number, stock: number): Promise<Product[]> {
  const vendor = await sql.query<{ id: number }>(
    `INSERT INTO vendors (name, address, phone, description)
     VALUES ('Cluster Test Stores', '1 Bodija Market, Ibadan', '08030000000', 'Test goods')
     RETURNING id`,
  );
  const rows = await sql.query<{ id: number; slug: string; inventory_stock: number }>(
    `INSERT INTO products (slug, name, description, category, amount_kobo, ratings,
       inventory_stock, vendor_id)
     SELECT $1 || '-' || n, 'Cluster ' || $1 || ' ' || n, 'Goods for the cluster test',
       'Provisions', 150000 + n * 100, 4, $2, $3
     FROM generate_series(1, $4) AS n
     RETURNING id, slug, inventory_stock`,
    [prefix, stock, vendor.rows[0]?.id, count],
  );
  return rows.rows.map((r) => ({ id: r.id, slug: r.slug, stock: r.inventory_stock }));
}

function addToCart(server: ServerProcess, shopper: Shopper, productId: number, qty = 1) {
  return api<{ id: number; quantity: number }>(server, 'POST', '/api/add-cart', {
    token: shopper.token,
    body: { user_id: shopper.id, product_id: productId, quantity: qty, price_per_item: 0 },
  });
}

/** Starts a Paystack payment for the cart on one server; the fake Paystack then settles it. */
async function paidReference(server: ServerProcess, shopper: Shopper): Promise<string> {
  const started = await ok<{ transaction_data: { data: { reference: string } } }>(
    api(server, 'POST', '/api/initialize-transaction', {
      token: shopper.token,
      body: { userid: shopper.id, delivery_method: 'pickup' },
    }),
  );
  const reference = started.transaction_data.data.reference;
  const transaction = paystack.transactions.get(reference);
  if (!transaction) throw new Error(`Paystack never heard of ${reference}`);
  transaction.status = 'success';
  transaction.paidAt = new Date().toISOString();
  return reference;
}

const checkout = (server: ServerProcess, shopper: Shopper, reference: string) =>
  api<{ id: number; reference: string }>(server, 'POST', '/api/checkout', {
    token: shopper.token,
    body: { reference_id: reference, delivery_model: 'pickup' },
  });

async function stockInDatabase(productId: number): Promise<number> {
  const rows = await sql.query<{ inventory_stock: number }>(
    'SELECT inventory_stock FROM products WHERE id = $1',
    [productId],
  );
  return Number(rows.rows[0]?.inventory_stock);
}

// ------------------------------------------------------------------ setup

function operatorSettings(name: string, port: number): Record<string, string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `storefront-${name}-`));
  dataDirs.push(dataDir);
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: DATABASE_URL ?? '',
    JWT_SECRET,
    PAYSTACK_SECRET_KEY: PAYSTACK_SECRET,
    PAYSTACK_BASE_URL: paystack.url,
    MAIL_WEBHOOK_URL: mailRelay.url,
    PUBLIC_URL: 'https://shop.example.ng',
    // The test reaches each server by its address, as a load balancer would.
    ALLOWED_HOSTS: '127.0.0.1',
    // The catalogue is the operator's, put in below; no demo shopper in production.
    DEMO_DATA: '0',
    // Nothing may depend on it: each server gets its own, as on separate machines.
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    OUTBOX_CONSOLE: '0',
    // Behind a load balancer, as with several servers: each request says its client's address.
    TRUST_PROXY: '1',
    RATE_LIMIT_IP_MAX: String(IP_LIMIT),
    RATE_LIMIT_EMAIL_MAX: String(EMAIL_LIMIT),
    // Codes go out as often as asked, so the code an owner asks for last is the one to use,
    // however many a burst of guesses had sent before.
    OTP_RESEND_INTERVAL_SECONDS: '0',
    OTP_MAX_PER_HOUR: '1000',
  };
}

beforeAll(async () => {
  if (!DATABASE_URL) {
    throw new Error('DATABASE_URL is not set: run this through npm run test:cluster');
  }
  if (!Number.isInteger(SERVER_COUNT) || SERVER_COUNT < 2) {
    throw new Error('CLUSTER_SERVERS must be 2 or more');
  }
  sql = new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
  teardown.push(() => sql.end());
  paystack = await startFakePaystackApi(PAYSTACK_SECRET);
  teardown.push(() => paystack.close());
  mailRelay = await startMailRelay();
  teardown.push(() => mailRelay.close());
  // All at once on an empty database: they must take turns migrating it.
  servers = await Promise.all(
    Array.from({ length: SERVER_COUNT }, (_, i) =>
      startServer(`server${i + 1}`, operatorSettings(`server${i + 1}`, BASE_PORT && BASE_PORT + i)),
    ),
  );
}, 300_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGTERM')));
  for (const server of servers) {
    const bad = server.output().match(/.*(error|fail).*/gi);
    if (bad) console.info(`${server.name} printed:\n${bad.slice(0, 20).join('\n')}`);
  }
  for (const stop of teardown.reverse()) await stop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

// ------------------------------------------------------------------ checks

test('servers started together on an empty database migrate it once and all answer', async () => {
  for (const server of servers) {
    expect(await api(server, 'GET', '/api/health')).toMatchObject({ status: 200 });
  }
  const files = fs.readdirSync(path.join(__dirname, '..', 'src', 'db', 'migrations'));
  const applied = await sql.query('SELECT version FROM schema_migrations');
  expect(applied.rowCount).toBe(files.filter((f) => f.endsWith('.sql')).length);
});

test('a token issued by one server is accepted by every other; a forged one by none', async () => {
  const shopper = await newShopper();
  for (const server of servers) {
    const me = await api<{ id: number }>(server, 'GET', '/api/user/me', { token: shopper.token });
    expect([server.name, me.status, me.body.id]).toEqual([server.name, 200, shopper.id]);
  }
  // Signed with a key of its own, as a server with a generated key would sign.
  const issuedAt = Math.floor(Date.now() / 1000);
  const forged = await createTokenService({
    secret: randomBytes(48).toString('base64url'),
    clock: systemClock,
  }).sign({ userId: shopper.id, sessionId: randomUUID(), issuedAt, expiresAt: issuedAt + 3600 });
  for (const server of servers) {
    expect((await api(server, 'GET', '/api/user/me', { token: forged })).status).toBe(401);
  }
});

test('20 checkouts of one payment, spread over the servers, give exactly one order', async () => {
  const [product] = await addProducts('once', 1, 10);
  if (!product) throw new Error('no product');
  const shopper = await newShopper();
  await ok(addToCart(servers[0] as ServerProcess, shopper, product.id, 2));
  const reference = await paidReference(servers[1 % servers.length] as ServerProcess, shopper);

  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      checkout(servers[i % servers.length] as ServerProcess, shopper, reference),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
  const orderIds = new Set(answers.map((a) => a.body.id));
  expect(orderIds.size).toBe(1);

  const orders = await sql.query('SELECT id FROM orders WHERE reference = $1', [reference]);
  expect(orders.rows.map((r: { id: number }) => r.id)).toEqual([...orderIds]);
  const items = await sql.query<{ quantity: number }>(
    'SELECT quantity FROM order_items WHERE order_id = $1',
    [[...orderIds][0]],
  );
  expect(items.rows.map((r) => r.quantity)).toEqual([2]);
  expect(await stockInDatabase(product.id)).toBe(8);
});

test('pay-later orders asked for at once over the servers: one phone keeps at most 2 waiting', async () => {
  const [product] = await addProducts('later', 1, 100);
  if (!product) throw new Error('no product');
  // Six accounts on one phone number, each with a cart to order, each asking ten times.
  const phone = `0806${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const shoppers: Shopper[] = [];
  for (let i = 0; i < 6; i++) shoppers.push(await newShopper(phone));
  for (const [i, shopper] of shoppers.entries()) {
    await ok(addToCart(servers[i % servers.length] as ServerProcess, shopper, product.id, 1));
  }
  const answers = await Promise.all(
    Array.from({ length: 60 }, (_, i) => {
      const shopper = shoppers[i % shoppers.length] as Shopper;
      return api(servers[i % servers.length] as ServerProcess, 'POST', '/api/place-order', {
        token: shopper.token,
        body: { userid: shopper.id, delivery_method: 'pickup', payment_method: 'at_pickup' },
      });
    }),
  );
  const placed = answers.filter((a) => a.status === 200).length;
  expect(placed).toBeGreaterThanOrEqual(1);
  expect(placed).toBeLessThanOrEqual(2);
  for (const a of answers) expect([200, 400, 409]).toContain(a.status);
  const orders = await sql.query<{ n: string; units: string | null }>(
    `SELECT count(DISTINCT o.id) AS n, sum(i.quantity) AS units
       FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.user_id = ANY($1::int[])`,
    [shoppers.map((s) => s.id)],
  );
  expect(Number(orders.rows[0]?.n)).toBe(placed);
  expect(await stockInDatabase(product.id)).toBe(100 - Number(orders.rows[0]?.units ?? 0));
});

test('a photo uploaded through one server is served by every other, with the product', async () => {
  const [product] = await addProducts('photo', 1, 10);
  if (!product) throw new Error('no product');
  const owner = await newShopper();
  await sql.query(`UPDATE users SET role = 'owner' WHERE id = $1`, [owner.id]);
  const photo = await sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 110, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const first = servers[0] as ServerProcess;
  const uploaded = await fetch(`${first.url}/api/staff/products/${product.id}/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}`, ...clientAddress() },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { photos } = (await uploaded.json()) as { photos: { src: string; preview: string }[] };
  const [added] = photos;
  if (!added) throw new Error('no photo in the answer');

  for (const server of servers.slice(1)) {
    // The product's picture is the photo on every server at once...
    const answer = await api<{ images: string }>(server, 'GET', `/api/get-product/${product.slug}`);
    expect({ server: server.name, images: answer.body.images }).toEqual({
      server: server.name,
      images: added.src,
    });
    // ...and every server serves its copies, the same bytes, cached for a year.
    for (const url of [added.src, added.preview]) {
      const served = await fetch(`${server.url}${url}`);
      expect({ server: server.name, url, status: served.status }).toEqual({
        server: server.name,
        url,
        status: 200,
      });
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.format).toBe('jpeg');
    }
  }
});

test('a stock change made through one server shows on every other at once', async () => {
  const [product] = await addProducts('stock', 1, 30);
  if (!product) throw new Error('no product');
  // The whole catalogue is a list; a search answers a page whose items are the list.
  const find = (answer: unknown) => {
    const list = Array.isArray(answer) ? answer : (answer as { items?: unknown } | null)?.items;
    return Array.isArray(list)
      ? (list as { id: number; inventory_stock: number }[]).find((p) => p.id === product.id)
          ?.inventory_stock
      : undefined;
  };

  // Every server has the catalogue, a search and the product cached.
  const before = new Map<string, string>();
  for (const server of servers) {
    const all = await api<{ id: number; inventory_stock: number }[]>(
      server,
      'GET',
      '/api/get-all-products',
    );
    expect(find(all.body)).toBe(30);
    before.set(server.name, all.headers.get('etag') ?? '');
    const search = await api<unknown>(
      server,
      'GET',
      `/api/get-all-products?q=${encodeURIComponent(product.slug.replace(/-/g, ' '))}`,
    );
    expect(find(search.body)).toBe(30);
  }

  // A shopper buys 3 through the first server.
  const shopper = await newShopper();
  const first = servers[0] as ServerProcess;
  await ok(addToCart(first, shopper, product.id, 3));
  const reference = await paidReference(first, shopper);
  expect((await checkout(first, shopper, reference)).status).toBe(200);
  expect(await stockInDatabase(product.id)).toBe(27);
  const version = await sql.query<{ version: string }>(
    'SELECT version FROM catalogue_state WHERE id = 1',
  );

  // The very next request to any other server sees it, whatever it had cached.
  for (const server of servers.slice(1)) {
    const stale = before.get(server.name) ?? '';
    const all = await api<{ id: number; inventory_stock: number }[]>(
      server,
      'GET',
      '/api/get-all-products',
      { headers: { 'if-none-match': stale } },
    );
    expect([server.name, all.status, find(all.body)]).toEqual([server.name, 200, 27]);
    // The cached answer is labelled with the database's catalogue version.
    expect(all.headers.get('etag')).toMatch(new RegExp(`^"c${version.rows[0]?.version}-`));
    const search = await api<unknown>(
      server,
      'GET',
      `/api/get-all-products?q=${encodeURIComponent(product.slug.replace(/-/g, ' '))}`,
    );
    expect([server.name, find(search.body)]).toEqual([server.name, 27]);
    const one = await api<{ inventory_stock: number }>(
      server,
      'GET',
      `/api/get-product/${product.slug}`,
    );
    expect([server.name, one.body.inventory_stock]).toEqual([server.name, 27]);
  }
});

test('killing one server with SIGKILL in the middle of cart writes loses no acknowledged write', async () => {
  const SHOPPERS = 6;
  const products = await addProducts('load', 60, 1000);
  const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, () => newShopper()));
  const victim = servers[servers.length - 1] as ServerProcess;
  let killed = false;

  /** What a 2xx answer promised: this line exists with at least this quantity. */
  const promised = new Map<number, { userId: number; productId: number; quantity: number }>();
  const counts = { acked: 0, ackedByVictim: 0, ackedAfterKill: 0, unanswered: 0, refused: 0 };

  async function shopperLoad(shopper: Shopper, index: number): Promise<void> {
    // Each shopper adds its own products, then raises the quantities one by one.
    const mine = products.filter((_, i) => i % SHOPPERS === index);
    const lines: { id: number; productId: number; next: number }[] = [];
    for (let step = 0; step < 60; step++) {
      // Round robin; once the victim is dead, over the others, as a load balancer does
      // after the victim fails its health check.
      const live = killed ? servers.filter((s) => s !== victim) : servers;
      const server = live[(index + step) % live.length] as ServerProcess;
      const adding = lines.length < 4 || step % 3 === 0;
      const product = adding ? mine.shift() : undefined;
      const line = product ? undefined : lines[step % lines.length];
      try {
        if (product) {
          const added = await ok(addToCart(server, shopper, product.id, 1));
          promised.set(added.id, { userId: shopper.id, productId: product.id, quantity: 1 });
          lines.push({ id: added.id, productId: product.id, next: 2 });
        } else if (line) {
          const quantity = line.next++;
          await ok(
            api(server, 'PATCH', `/api/update-cart/${line.id}`, {
              token: shopper.token,
              body: { quantity },
            }),
          );
          promised.set(line.id, { userId: shopper.id, productId: line.productId, quantity });
        }
        counts.acked++;
        if (server === victim) counts.ackedByVictim++;
        if (killed) counts.ackedAfterKill++;
      } catch (error) {
        // No answer: the server died under it, and nothing was promised.
        if (error instanceof HttpRefusal) counts.refused++;
        else counts.unanswered++;
      }
    }
  }

  // Read while the load runs, set when it has finished.
  const progress = { loading: true };
  const load = Promise.all(shoppers.map((s, i) => shopperLoad(s, i))).finally(() => {
    progress.loading = false;
  });
  // Kill once the victim has acknowledged writes and is still being written to.
  while (progress.loading && counts.ackedByVictim < 10) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(progress.loading).toBe(true);
  const victimPid = victim.pid;
  await victim.stop('SIGKILL');
  killed = true;
  await load;

  expect(await victim.exited).toBeNull();
  expect(counts.ackedAfterKill).toBeGreaterThan(0);
  const rows = await sql.query<{
    id: number;
    user_id: number;
    product_id: number;
    quantity: number;
  }>('SELECT id, user_id, product_id, quantity FROM cart_items WHERE id = ANY($1)', [
    [...promised.keys()],
  ]);
  const found = new Map(rows.rows.map((r) => [r.id, r]));
  const lost = [...promised].filter(([id, want]) => {
    const row = found.get(id);
    return (
      !row ||
      row.user_id !== want.userId ||
      row.product_id !== want.productId ||
      row.quantity < want.quantity
    );
  });
  console.info(
    `Cart writes: ${counts.acked} acknowledged (${counts.ackedByVictim} by ${victim.name}, ` +
      `pid ${victimPid}, before its SIGKILL; ${counts.ackedAfterKill} after), ` +
      `${counts.unanswered} unanswered, ${counts.refused} refused; ${promised.size} lines ` +
      `checked, ${lost.length} lost.`,
  );
  expect(lost).toEqual([]);
  // The survivors never refused a write because one of them died.
  expect(counts.refused).toBe(0);

  // The killed server comes back on the same database and serves what was written.
  const restarted = await startServer(
    `${victim.name}-restarted`,
    operatorSettings(`${victim.name}-restarted`, BASE_PORT && BASE_PORT + servers.length),
  );
  servers[servers.length - 1] = restarted;
  const shopper = shoppers[0] as Shopper;
  const cart = await ok<{ all_cart_data: { id: number }[] }>(
    api(restarted, 'GET', '/api/all-carts', { token: shopper.token }),
  );
  const own = [...promised].filter(([, p]) => p.userId === shopper.id).map(([id]) => id);
  expect(cart.all_cart_data.map((l) => l.id)).toEqual(expect.arrayContaining(own));
});

/** How a burst of login answers splits: passwords tested, and attempts the limits stopped. */
function tally(answers: Answer[]) {
  const detail = (a: Answer) => (a.body as { detail?: unknown }).detail;
  const count = (f: (a: Answer) => boolean) => answers.filter(f).length;
  return {
    tested: count((a) => a.status === 401 && detail(a) === ERROR_DETAILS.incorrectLogin),
    codeRequired: count((a) => a.status === 401 && detail(a) === ERROR_DETAILS.loginCodeRequired),
    refused: count((a) => a.status === 429),
    other: answers
      .filter((a) => a.status !== 401 && a.status !== 429)
      .map((a) => `${a.status} ${JSON.stringify(a.body)}`),
  };
}

test('a burst of wrong passwords spread over the servers is limited as on one server', async () => {
  const owner = await newShopper();
  // 60 guesses at once from 60 addresses (a botnet), round robin over the servers.
  const answers = await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      login(servers[i % servers.length] as ServerProcess, {
        username: owner.email,
        password: `Wrong-guess-${i}`,
      }),
    ),
  );
  const counts = tally(answers);
  console.info(
    `Per-account burst over ${servers.length} servers (limit ${EMAIL_LIMIT}): ` +
      `${counts.tested} tested, ${counts.codeRequired} asked for the emailed code.`,
  );
  expect(counts.other).toEqual([]);
  expect(counts.tested).toBe(EMAIL_LIMIT);
  expect(counts.codeRequired).toBe(60 - EMAIL_LIMIT);

  // The right password alone no longer logs in, on any server; the owner is emailed a code.
  for (const server of servers) {
    const alone = await login(server, { username: owner.email, password: SHOPPER_PASSWORD });
    expect([server.name, alone.status, (alone.body as { detail?: unknown }).detail]).toEqual([
      server.name,
      401,
      ERROR_DETAILS.loginCodeRequired,
    ]);
  }
  // With the code the mail relay got and the password, the owner logs in, on another server.
  const back = await ok(
    login(servers[1] as ServerProcess, {
      username: owner.email,
      password: SHOPPER_PASSWORD,
      otp: await lastCodeTo(owner.email),
    }),
  );
  for (const server of servers) {
    const me = await api(server, 'GET', '/api/user/me', { token: back.access_token });
    expect([server.name, me.status]).toEqual([server.name, 200]);
  }
  // ... and the account starts afresh: the password alone works again, anywhere.
  expect(
    (
      await login(servers[2 % servers.length] as ServerProcess, {
        username: owner.email,
        password: SHOPPER_PASSWORD,
      })
    ).status,
  ).toBe(200);
});

test('a burst from one address spread over the servers is limited as on one server', async () => {
  const from = { 'x-forwarded-for': '203.0.113.77' };
  // Strangers' emails: only the per-IP limit can stop these.
  const answers = await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      login(
        servers[i % servers.length] as ServerProcess,
        {
          username: `nobody${i}-${randomBytes(3).toString('hex')}@example.ng`,
          password: 'Wrong1!',
        },
        from,
      ),
    ),
  );
  const counts = tally(answers);
  console.info(
    `Per-IP burst over ${servers.length} servers (limit ${IP_LIMIT}): ` +
      `${counts.tested} tested, ${counts.refused} refused with 429.`,
  );
  expect(counts.other).toEqual([]);
  expect(counts.tested).toBe(IP_LIMIT);
  expect(counts.refused).toBe(60 - IP_LIMIT);
  // Another address is not held back by it.
  const other = await login(servers[0] as ServerProcess, {
    username: 'someone-else@example.ng',
    password: 'Wrong1!',
  });
  expect(other.status).toBe(401);
});

/**
 * What each server answers for a token, asking again until it is `status` or a second has
 * passed. Each server keeps an open session in memory for a few seconds: one that missed the
 * news of its end would still answer 200 after the second.
 */
async function meWithinASecond(token: string, status: number): Promise<[string, number][]> {
  return Promise.all(
    servers.map(async (server): Promise<[string, number]> => {
      const deadline = performance.now() + 1_000;
      for (;;) {
        const me = await api(server, 'GET', '/api/user/me', { token });
        if (me.status === status || performance.now() > deadline) return [server.name, me.status];
      }
    }),
  );
}

test('a token issued by one server and ended through another is refused by every server', async () => {
  const shopper = await newShopper();
  const [first, second] = servers as [ServerProcess, ServerProcess];
  const issued = await ok(login(first, { username: shopper.email, password: SHOPPER_PASSWORD }));
  // Twice: the second answer comes from what each server keeps of the session.
  for (let i = 0; i < 2; i++) {
    for (const server of servers) {
      const me = await api(server, 'GET', '/api/user/me', { token: issued.access_token });
      expect([server.name, me.status]).toEqual([server.name, 200]);
    }
  }
  await ok(api(second, 'POST', '/api/logout', { token: issued.access_token }));
  // The server that ended it refuses it at once; the others within a second.
  expect((await api(second, 'GET', '/api/user/me', { token: issued.access_token })).status).toBe(
    401,
  );
  expect(await meWithinASecond(issued.access_token, 401)).toEqual(
    servers.map((server) => [server.name, 401]),
  );
  // The shopper's other session (from newShopper) was not ended by it.
  expect((await api(first, 'GET', '/api/user/me', { token: shopper.token })).status).toBe(200);
});

test('a password reset through one server ends the sessions issued by every other', async () => {
  const shopper = await newShopper();
  const third = servers[2 % servers.length] as ServerProcess;
  const issued = await ok(
    login(servers[0] as ServerProcess, { username: shopper.email, password: SHOPPER_PASSWORD }),
  );
  // Every server has seen both sessions open (whatever it might keep of that).
  for (const token of [issued.access_token, shopper.token]) {
    for (const server of servers) {
      const me = await api(server, 'GET', '/api/user/me', { token });
      expect([server.name, me.status]).toEqual([server.name, 200]);
    }
  }
  await ok(
    api(servers[1] as ServerProcess, 'POST', '/api/send-otp', {
      headers: clientAddress(),
      body: { user_email: shopper.email, email_channel: 'email' },
    }),
  );
  const newPassword = 'ResetCluster2!';
  await ok(
    api(third, 'POST', '/api/reset-password', {
      headers: clientAddress(),
      body: { email: shopper.email, otp: await lastCodeTo(shopper.email), password: newPassword },
    }),
  );
  for (const token of [issued.access_token, shopper.token]) {
    expect(await meWithinASecond(token, 401)).toEqual(servers.map((server) => [server.name, 401]));
  }
  expect(
    (await login(servers[0] as ServerProcess, { username: shopper.email, password: newPassword }))
      .status,
  ).toBe(200);
});

test('logins on every server racing a reset on another keep no session (8 of 8 runs)', async () => {
  const resetter = servers[1 % servers.length] as ServerProcess;
  const survivors: number[] = [];
  for (let run = 0; run < 8; run++) {
    // A shopper each run: the refused logins stay well within the account's allowance.
    const shopper = await newShopper();
    await ok(
      api(resetter, 'POST', '/api/send-otp', {
        headers: clientAddress(),
        body: { user_email: shopper.email, email_channel: 'email' },
      }),
    );
    const otp = await lastCodeTo(shopper.email);
    const logins = servers.map((server) =>
      login(server, { username: shopper.email, password: SHOPPER_PASSWORD }),
    );
    const reset = api(resetter, 'POST', '/api/reset-password', {
      headers: clientAddress(),
      body: { email: shopper.email, otp, password: `RaceCluster${run}!` },
    });
    expect((await reset).status).toBe(200);
    const tokens = (await Promise.all(logins))
      .filter((answer) => answer.status === 200)
      .map((answer) => answer.body.access_token);
    let kept = 0;
    for (const token of [shopper.token, ...tokens]) {
      const answers = await meWithinASecond(token, 401);
      if (answers.some(([, status]) => status !== 401)) kept++;
    }
    survivors.push(kept);
  }
  expect(survivors).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
});
