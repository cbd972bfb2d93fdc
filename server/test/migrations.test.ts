/**
 * Migrations on an empty database and on one made by an earlier version of the server, with
 * a shop's data in it. Runs on the embedded database, and on PostgreSQL under
 * `npm run test:postgres`. Written against whatever migrations exist: the rows are put in
 * with the columns of 001 (never edited once applied), so they stay valid however many
 * migrations come after it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../src/app';
import { createPasswordHasher } from '../src/auth/passwords';
import type { Database } from '../src/db/client';
import { migrate, MIGRATIONS_DIR } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import { call, json, registration, testConfig } from './helpers';

jest.setTimeout(120_000);

const files = fs
  .readdirSync(MIGRATIONS_DIR)
  .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
  .sort();

let db: Database;
const tempDirs: string[] = [];
/** Undoes what beforeAll got as far as doing: nothing when the database never opened. */
const teardown: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const databaseUrl = process.env.DATABASE_URL ?? null;
  const schema = databaseUrl ? `t_migrations_${randomBytes(4).toString('hex')}` : undefined;
  db = await openDatabase({ databaseUrl, dataDir: '', memory: true, schema });
  teardown.push(async () => {
    if (schema) await db.exec(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  });
});

afterAll(async () => {
  for (const undo of teardown.reverse()) await undo();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every table, function and trigger gone: the database as a new install finds it. */
beforeEach(async () => {
  const rows = await db.query<{ s: string }>('SELECT current_schema() AS s');
  const current = rows[0]?.s ?? 'public';
  await db.exec(`DROP SCHEMA ${current} CASCADE; CREATE SCHEMA ${current};`);
});

/** A migrations directory holding only the first `count` files, as an older server had. */
function olderMigrations(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-migrations-'));
  tempDirs.push(dir);
  for (const file of files.slice(0, count)) {
    fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
  }
  return dir;
}

async function appliedVersions(): Promise<number[]> {
  const rows = await db.query<{ version: unknown }>(
    'SELECT version FROM schema_migrations ORDER BY version',
  );
  return rows.map((r) => Number(r.version));
}

const PASSWORD = 'OldServerPass1!';

/** A shop as an older server left it: a product range, a shopper with a cart, a paid order. */
async function fillWithVersion1Columns(): Promise<void> {
  const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
  await db.exec(`
    INSERT INTO vendors (id, name, address, phone, description)
      VALUES (1, 'Iya Bisi Stores', '4 Bodija Market, Ibadan', '08030000001', 'Provisions');
    INSERT INTO products (id, slug, name, description, category, amount_kobo, disc_amount_kobo,
        ratings, inventory_stock, vendor_id)
      VALUES (1, 'ofada-rice-5kg', 'Ofada Rice 5kg', 'Local rice', 'Staples', 950000, 50000, 4, 12, 1),
             (2, 'palm-oil-1l', 'Palm Oil 1L', 'Red oil', 'Staples', 250000, NULL, 5, 0, 1);
  `);
  await db.query(
    `INSERT INTO users (id, email, first_name, last_name, mobile_number, age, gender, role,
       emailverified, password_hash)
     VALUES (1, 'kemi@example.ng', 'Kemi', 'Adeyemi', '08035550000', 34, 'female', 'customer',
       true, $1)`,
    [await hasher.hash(PASSWORD)],
  );
  await db.exec(`
    INSERT INTO cart_items (user_id, product_id, quantity) VALUES (1, 1, 3);
    INSERT INTO wishlists (user_id, product_id) VALUES (1, 2);
    INSERT INTO deliveries (user_id, address, city, state, mobile_number)
      VALUES (1, '12 Ring Road, Challenge', 'Ibadan-Bodija', 'Oyo State', '08035550000');
    INSERT INTO transactions (reference, user_id, provider, amount_kobo, delivery_method, status,
        paid_at, verified_at)
      VALUES ('IBM-OLD-0001', 1, 'paystack', 395150, 'pickup', 'success', now(), now());
    INSERT INTO orders (id, user_id, reference, status, delivery_model, subtotal_kobo, vat_kobo,
        delivery_fee_kobo, total_kobo)
      VALUES (1, 1, 'IBM-OLD-0001', 'paid', 'pickup', 250000, 18750, 115000, 383750);
    INSERT INTO order_items (order_id, product_id, product_slug, product_name, vendor_name,
        quantity, unit_price_kobo, total_price_kobo)
      VALUES (1, 2, 'palm-oil-1l', 'Palm Oil 1L', 'Iya Bisi Stores', 1, 250000, 250000);
  `);
  // Serial columns after explicit ids, as a real shop's would be.
  for (const table of ['vendors', 'products', 'users', 'orders']) {
    await db.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), 10)`);
  }
}

test('every migration applies to an empty database, once', async () => {
  expect(await migrate(db)).toEqual(files);
  expect(await appliedVersions()).toEqual(files.map((f) => Number(f.slice(0, 3))));
  expect(await migrate(db)).toEqual([]);
});

test('two migrations with one number stop the start instead of one being skipped', async () => {
  const dir = olderMigrations(2);
  fs.copyFileSync(
    path.join(MIGRATIONS_DIR, files[1]!),
    path.join(dir, `${files[1]!.slice(0, 3)}_twin.sql`),
  );
  await expect(migrate(db, dir)).rejects.toThrow(/Two migrations share the number/);
  // Refused before anything ran.
  expect(await db.query("SELECT to_regclass('products') AS t")).toEqual([{ t: null }]);
});

test('a database at the previous version, holding a shop, is brought up to date and keeps it', async () => {
  // 001 first, then the data, then up to the version before the newest.
  const previous = Math.max(1, files.length - 1);
  expect(await migrate(db, olderMigrations(1))).toEqual(files.slice(0, 1));
  await fillWithVersion1Columns();
  await migrate(db, olderMigrations(previous));
  expect(await appliedVersions()).toHaveLength(previous);

  expect(await migrate(db)).toEqual(files.slice(previous));
  expect(await appliedVersions()).toEqual(files.map((f) => Number(f.slice(0, 3))));

  // The current server works on what the old one left.
  const app: App = await buildApp(testConfig(), { db });
  try {
    const login = await call(app, {
      method: 'POST',
      url: '/api/login',
      body: { username: 'kemi@example.ng', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token = json<{ access_token: string }>(login).access_token;

    const catalogue = json<{ slug: string; amount: number; inventory_stock: number }[]>(
      await call(app, { url: '/api/get-all-products' }),
    );
    expect(catalogue.map((p) => [p.slug, p.amount, p.inventory_stock])).toEqual([
      ['ofada-rice-5kg', 9500, 12],
      ['palm-oil-1l', 2500, 0],
    ]);
    const cart = await call(app, { url: '/api/all-carts', token });
    expect(cart.statusCode).toBe(200);
    expect(cart.body).toContain('ofada-rice-5kg');
    const orders = json<{ id: number; reference_id?: string }[]>(
      await call(app, { url: '/api/orders', token }),
    );
    expect(orders.map((o) => o.id)).toEqual([1]);
    const wishlist = await call(app, { url: '/api/get-wishlists', token });
    expect(wishlist.statusCode).toBe(200);
    expect(wishlist.body).toContain('palm-oil-1l');
    const delivery = await call(app, { url: '/api/get-delivery', token });
    expect(delivery.body).toContain('12 Ring Road, Challenge');

    // New rows go after the old ones.
    const added = await call(app, {
      method: 'POST',
      url: '/api/register',
      body: registration({ email: 'new@example.ng' }),
    });
    expect(added.statusCode).toBe(200);
    const ids = await db.query<{ id: unknown }>(
      "SELECT id FROM users WHERE email = 'new@example.ng'",
    );
    expect(Number(ids[0]?.id)).toBeGreaterThan(10);
  } finally {
    await app.close();
  }
});
