/**
 * The server test harness: one real database per test file (in-memory PGlite, or a schema of
 * its own in the PostgreSQL named by DATABASE_URL), tables emptied before every test, and
 * the app called in-process with inject.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { buildApp, type App, type AppDeps } from '../src/app';
import type { Clock } from '../src/clock';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** Settings every test app starts from: cheap hashing, generous limits, quiet logs. */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  JWT_SECRET: TEST_SECRET,
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
  RATE_LIMIT_IP_MAX: '100000',
  RATE_LIMIT_EMAIL_MAX: '100000',
  OTP_RESEND_INTERVAL_SECONDS: '0',
  OTP_MAX_PER_HOUR: '1000',
  LOG_LEVEL: 'silent',
  OUTBOX_CONSOLE: '0',
  DIST_DIR: path.join(__dirname, 'no-dist-here'),
};

export class TestClock implements Clock {
  private offsetMs = 0;
  private frozenAt: number | null = null;
  now(): Date {
    return new Date((this.frozenAt ?? Date.now()) + this.offsetMs);
  }
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
  /** Stops the clock at `at` (plus later advances): everything happens in one instant. */
  freeze(at: Date): void {
    this.frozenAt = at.getTime();
    this.offsetMs = 0;
  }
  reset(): void {
    this.offsetMs = 0;
    this.frozenAt = null;
  }
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ ...TEST_ENV, ...env });
}

export interface Harness {
  readonly app: App;
  readonly db: Database;
  readonly clock: TestClock;
  readonly routes: RouteOptions[];
  /** Another app on the same database (other settings); closed after the file. */
  build(env?: Record<string, string>, deps?: Partial<AppDeps>): Promise<App>;
}

/**
 * Registers beforeAll/beforeEach/afterAll for a test file and returns the harness. Pass the
 * settings of the file's main app.
 */
export function setupHarness(
  options: { env?: Record<string, string>; deps?: Partial<AppDeps> } = {},
): Harness {
  // Starting PGlite takes seconds on a busy machine; jest's default of 5 s is too short.
  jest.setTimeout(60_000);
  const clock = new TestClock();
  const routes: RouteOptions[] = [];
  const extraApps: App[] = [];
  let app: App | null = null;
  let db: Database | null = null;
  let schema: string | undefined;
  let tables: string[] = [];

  const harness: Harness = {
    get app() {
      if (!app) throw new Error('The app is not built yet');
      return app;
    },
    get db() {
      if (!db) throw new Error('The database is not open yet');
      return db;
    },
    clock,
    routes,
    async build(env = {}, deps = {}) {
      const extra = await buildApp(testConfig({ ...options.env, ...env }), {
        db: harness.db,
        clock,
        ...options.deps,
        ...deps,
      });
      extraApps.push(extra);
      return extra;
    },
  };

  let setup: Promise<void> = Promise.resolve();
  beforeAll(async () => {
    setup = open();
    await setup;
  }, 120_000);

  async function open(): Promise<void> {
    const databaseUrl = process.env.DATABASE_URL ?? null;
    if (databaseUrl) {
      const file = path
        .basename(expect.getState().testPath ?? 'test')
        .replace(/\W+/g, '_')
        .toLowerCase();
      schema = `t_${file.slice(0, 30)}_${randomBytes(4).toString('hex')}`;
    }
    db = await openDatabase({ databaseUrl, dataDir: '', memory: true, schema });
    await migrate(db);
    // Reference data the migrations fill (the synonym list) stays, as in a real database.
    const rows = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
          AND table_name NOT IN ('schema_migrations', 'catalogue_state', 'search_synonyms')`,
    );
    tables = rows.map((r) => r.table_name);
    app = await buildApp(testConfig(options.env), {
      db,
      clock,
      onRoute: (route) => routes.push(route),
      ...options.deps,
    });
  }

  beforeEach(async () => {
    clock.reset();
    if (tables.length > 0)
      await harness.db.exec(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`);
  });

  afterAll(async () => {
    // A setup that timed out may still finish: wait for it, so nothing is left open.
    await setup.catch(() => undefined);
    for (const extra of extraApps) await extra.close();
    await app?.close();
    if (db && schema && process.env.DATABASE_URL) await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db?.close();
  });

  return harness;
}

// ------------------------------------------------------------------ requests

export interface Call {
  method?: InjectOptions['method'];
  url: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The client's address as the server's socket sees it (default 127.0.0.1). */
  remoteAddress?: string;
}

export async function call(app: App, c: Call): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...c.headers };
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  return app.inject({
    method: c.method ?? 'GET',
    url: c.url,
    headers,
    ...(c.remoteAddress ? { remoteAddress: c.remoteAddress } : {}),
    ...(c.body === undefined ? {} : { payload: c.body as InjectOptions['payload'] }),
  });
}

/** The newest message sent to an address, from the outbox. */
export async function lastMessageTo(
  db: Database,
  to: string,
): Promise<{ channel: string; subject: string; body: string } | null> {
  const rows = await db.query<{ channel: string; subject: string; body: string }>(
    'SELECT channel, subject, body FROM outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC LIMIT 1',
    [to],
  );
  return rows[0] ?? null;
}

export async function countMessagesTo(db: Database, to: string): Promise<number> {
  const rows = await db.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM outbox WHERE lower(to_address) = lower($1)',
    [to],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The parsed JSON body. */
export function json<T = unknown>(response: LightMyRequestResponse): T {
  return JSON.parse(response.body) as T;
}

export function detailOf(response: LightMyRequestResponse): unknown {
  return json<{ detail: unknown }>(response).detail;
}

// ------------------------------------------------------------------ data

export interface TestProduct {
  id: number;
  slug: string;
  name: string;
  priceNaira: number;
  discNaira: number | null;
  stock: number;
}

/** Products with known prices (naira), for exact money assertions. */
export async function seedProducts(
  db: Database,
  products: {
    name: string;
    price: number;
    disc?: number | null;
    stock?: number;
    category?: string;
  }[],
): Promise<TestProduct[]> {
  const vendor = await db.query<{ id: number }>(
    `INSERT INTO vendors (name, address, phone, description)
     VALUES ('Test Vendor Bodija', '1 Market Road, Ibadan', '08030000000', 'A test vendor') RETURNING id`,
  );
  const out: TestProduct[] = [];
  for (const p of products) {
    const slug = p.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const rows = await db.query<{ id: number }>(
      `INSERT INTO products (slug, name, description, category, amount_kobo, disc_amount_kobo,
         ratings, inventory_stock, vendor_id)
       VALUES ($1, $2, $3, $4, $5, $6, 4, $7, $8) RETURNING id`,
      [
        slug,
        p.name,
        `${p.name} for tests`,
        p.category ?? 'Staples',
        Math.round(p.price * 100),
        p.disc ? Math.round(p.disc * 100) : null,
        p.stock ?? 50,
        vendor[0]?.id,
      ],
    );
    out.push({
      id: Number(rows[0]?.id),
      slug,
      name: p.name,
      priceNaira: p.price,
      discNaira: p.disc ?? null,
      stock: p.stock ?? 50,
    });
  }
  return out;
}

export interface Shopper {
  id: number;
  email: string;
  password: string;
  token: string;
  firstName: string;
}

let shopperCount = 0;

export const registration = (overrides: Record<string, unknown> = {}) => ({
  email: `shopper${++shopperCount}@example.ng`,
  first_name: 'Tunde',
  last_name: 'Bakare',
  affiliate_code: '',
  mobile_number: '08031234567',
  gender: 'male',
  age: 30,
  role: 'customer',
  emailverified: false,
  verificationtoken: '',
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  last_logged_in: new Date().toISOString(),
  password: 'SecretPass1!',
  cpassword: 'SecretPass1!',
  ...overrides,
});

/** The newest 6-digit code sent to an address (email or mobile number). */
export async function latestCode(db: Database, to: string): Promise<string> {
  const rows = await db.query<{ body: string }>(
    'SELECT body FROM outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC LIMIT 1',
    [to],
  );
  const code = /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`No code was sent to ${to}`);
  return code;
}

/** A verified, logged-in shopper, made through the real sign-up flow. */
export async function createShopper(
  app: App,
  db: Database,
  overrides: Record<string, unknown> = {},
): Promise<Shopper> {
  const body = registration(overrides);
  const registered = await call(app, { method: 'POST', url: '/api/register', body });
  if (registered.statusCode !== 200)
    throw new Error(`register: ${registered.statusCode} ${registered.body}`);
  const code = await latestCode(db, String(body.email));
  const verified = await call(app, {
    method: 'POST',
    url: '/api/email-verification',
    body: { user_email: body.email, user_otp: code },
  });
  if (verified.statusCode !== 200)
    throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
  const login = await call(app, {
    method: 'POST',
    url: '/api/login',
    body: { username: body.email, password: body.password },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const answer = json<{ access_token: string; user_details: { id: number; firstname: string } }>(
    login,
  );
  return {
    id: answer.user_details.id,
    email: String(body.email),
    password: String(body.password),
    token: answer.access_token,
    firstName: answer.user_details.firstname,
  };
}

/** A signed-in member of the shop: a shopper made through sign-up, then given the role. */
export async function createShopMember(
  app: App,
  db: Database,
  role: 'owner' | 'staff',
  overrides: Record<string, unknown> = {},
): Promise<Shopper> {
  const member = await createShopper(app, db, overrides);
  await db.query('UPDATE users SET role = $1 WHERE id = $2', [role, member.id]);
  return member;
}

export const DELIVERY = {
  address: '12 Ring Road, Challenge',
  mobile_number: '08031234567',
  alt_mobile_number: '',
  city: 'Ibadan-Bodija',
  state: 'Oyo State',
};

/** Puts products in the cart: [productId, quantity] pairs. */
export async function fillCart(
  app: App,
  shopper: Shopper,
  lines: [number, number][],
): Promise<void> {
  for (const [productId, quantity] of lines) {
    const r = await call(app, {
      method: 'POST',
      url: '/api/add-cart',
      token: shopper.token,
      body: { user_id: shopper.id, product_id: productId, quantity, price_per_item: 1 },
    });
    if (r.statusCode !== 200) throw new Error(`add-cart: ${r.statusCode} ${r.body}`);
  }
}

export interface Initialized {
  reference: string;
  amountKobo: number;
}

export async function initialize(
  app: App,
  shopper: Shopper,
  deliveryMethod: 'pickup' | 'delivery' = 'pickup',
): Promise<Initialized> {
  const r = await call(app, {
    method: 'POST',
    url: '/api/initialize-transaction',
    token: shopper.token,
    body: { userid: shopper.id, delivery_method: deliveryMethod },
  });
  if (r.statusCode !== 200) throw new Error(`initialize: ${r.statusCode} ${r.body}`);
  const answer = json<{
    transaction_data: { data: { reference: string } };
    user_data: { amount: number };
  }>(r);
  return { reference: answer.transaction_data.data.reference, amountKobo: answer.user_data.amount };
}

/** Pays a sandbox transaction and places the order; the order's JSON. */
export async function buy(
  app: App,
  shopper: Shopper,
  deliveryModel: 'pickup' | 'delivery' = 'pickup',
): Promise<{ id: number; reference: string }> {
  const { reference } = await initialize(app, shopper, deliveryModel);
  const paid = await call(app, {
    method: 'POST',
    url: `/api/sandbox/pay/${reference}`,
    token: shopper.token,
  });
  if (paid.statusCode !== 200) throw new Error(`pay: ${paid.statusCode} ${paid.body}`);
  const order = await call(app, {
    method: 'POST',
    url: '/api/checkout',
    token: shopper.token,
    body: { reference_id: reference, delivery_model: deliveryModel },
  });
  if (order.statusCode !== 200) throw new Error(`checkout: ${order.statusCode} ${order.body}`);
  return { id: json<{ id: number }>(order).id, reference };
}

/** Every route of the API as method + url, without HEAD/OPTIONS twins. */
export function apiRoutes(
  routes: RouteOptions[],
): { method: string; url: string; route: RouteOptions }[] {
  const out: { method: string; url: string; route: RouteOptions }[] = [];
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      if (!route.url.startsWith('/api/')) continue;
      out.push({ method, url: route.url, route });
    }
  }
  return out;
}
