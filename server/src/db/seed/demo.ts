/**
 * Demo data for a fresh database: the catalogue of catalogue.ts, its vendor, and a verified
 * demo shopper. Runs only while the products table is empty, so it never touches a shop's
 * real data.
 */
import type { PasswordHasher } from '../../auth/passwords';
import type { Database, Queryable } from '../client';
import { countProducts } from '../products';
import { num } from '../rows';
import {
  DEMO_CATEGORY_ORDER,
  DEMO_PRODUCTS,
  DEMO_VENDOR,
  slugify,
  unitOf,
  vatClassOf,
} from './catalogue';

export const DEMO_SHOPPER = {
  email: 'demo@ibadanmarket.ng',
  password: 'DemoPass123!',
  firstName: 'Adaeze',
  lastName: 'Okafor',
  mobileNumber: '08031234567',
  age: 29,
  gender: 'female',
} as const;

export interface SeedProduct {
  slug: string;
  name: string;
  description: string;
  category: string;
  amountKobo: number;
  discAmountKobo: number | null;
  ratings: number;
  inventoryStock: number;
}

const COLUMNS_PER_PRODUCT = 11;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters per statement. */
export const BATCH_SIZE = 1000;

export async function insertProductBatch(
  db: Queryable,
  vendorId: number,
  products: readonly SeedProduct[],
): Promise<void> {
  if (products.length === 0) return;
  const params: unknown[] = [];
  const rows = products.map((p) => {
    const base = params.length;
    params.push(
      p.slug,
      p.name,
      p.description,
      p.category,
      p.amountKobo,
      p.discAmountKobo,
      p.ratings,
      p.inventoryStock,
      vendorId,
      unitOf(p.name),
      vatClassOf(p.category),
    );
    return `(${Array.from({ length: COLUMNS_PER_PRODUCT }, (_, i) => `$${base + i + 1}`).join(', ')})`;
  });
  await db.query(
    `INSERT INTO products (slug, name, description, category, amount_kobo, disc_amount_kobo,
       ratings, inventory_stock, vendor_id, unit, vat_class)
     VALUES ${rows.join(', ')}`,
    params,
  );
}

export async function ensureDemoVendor(db: Queryable): Promise<number> {
  const existing = await db.query<{ id: unknown }>(
    'SELECT id FROM vendors WHERE name = $1 ORDER BY id LIMIT 1',
    [DEMO_VENDOR.name],
  );
  if (existing[0]) return num(existing[0].id);
  const rows = await db.query<{ id: unknown }>(
    'INSERT INTO vendors (name, address, phone, description) VALUES ($1, $2, $3, $4) RETURNING id',
    [DEMO_VENDOR.name, DEMO_VENDOR.address, DEMO_VENDOR.phone, DEMO_VENDOR.description],
  );
  return num(rows[0]?.id);
}

export function demoProducts(): SeedProduct[] {
  return DEMO_PRODUCTS.map((p) => ({
    slug: slugify(p.name),
    name: p.name,
    description: p.description,
    category: p.category,
    amountKobo: p.price * 100,
    discAmountKobo: p.disc === null ? null : p.disc * 100,
    ratings: p.rating,
    inventoryStock: p.stock,
  }));
}

/** Puts the demo's categories in the shop's order (the list holds them from the products). */
export async function orderDemoCategories(db: Queryable): Promise<void> {
  await db.query(
    `UPDATE categories c SET position = o.n
       FROM unnest($1::text[]) WITH ORDINALITY AS o(name, n)
      WHERE c.name = o.name AND c.position <> o.n`,
    [DEMO_CATEGORY_ORDER],
  );
}

// Any fixed number, other than the migrations' lock.
const DEMO_SEED_LOCK = 727_274_002;

/** What seedDemo did: null when the catalogue already had products. */
export interface DemoSeedResult {
  products: number;
  shopperCreated: boolean;
}

export async function seedDemo(
  db: Database,
  passwords: PasswordHasher,
): Promise<DemoSeedResult | null> {
  if ((await countProducts(db)) > 0) return null;
  // Hashed before the transaction: argon2 is slow and must not hold the database.
  const passwordHash = await passwords.hash(DEMO_SHOPPER.password);
  return db.transaction(async (tx) => {
    // Servers starting together on one empty PostgreSQL: one seeds, the others wait and
    // then find the products (without the lock all see none and all but one fail to start).
    await tx.query('SELECT pg_advisory_xact_lock($1)', [DEMO_SEED_LOCK]);
    const locked = await tx.query<{ n: unknown }>('SELECT count(*) AS n FROM products');
    if (num(locked[0]?.n) > 0) return null;
    const vendorId = await ensureDemoVendor(tx);
    const products = demoProducts();
    await insertProductBatch(tx, vendorId, products);
    await orderDemoCategories(tx);
    const shopper = await tx.query(
      `INSERT INTO users (email, first_name, last_name, mobile_number, age, gender, role,
         emailverified, password_hash)
       VALUES ($1, $2, $3, $4, $5, $6, 'customer', true, $7)
       ON CONFLICT (email) DO NOTHING RETURNING id`,
      [
        DEMO_SHOPPER.email,
        DEMO_SHOPPER.firstName,
        DEMO_SHOPPER.lastName,
        DEMO_SHOPPER.mobileNumber,
        DEMO_SHOPPER.age,
        DEMO_SHOPPER.gender,
        passwordHash,
      ],
    );
    return { products: products.length, shopperCreated: shopper.length === 1 };
  });
}
