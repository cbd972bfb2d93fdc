/**
 * The catalogue as the back office edits it: products, their stock history and the category
 * list. Every write here runs in the caller's transaction, beside its recordChange.
 *
 * Stock: products.inventory_stock is what is on sale. Units of open payments and of orders
 * not yet packed have already left it but are still on the shelf ("held"), so a count of the
 * shelf is the stock on sale plus the held units.
 */
import type { StockReason, VatClass } from '../../../contract';
import type { Queryable } from './client';
import { iso, isoOrNull, num, numOrNull } from './rows';

/** Orders not yet packed: their units are still on the shelf among the ones counted. */
export const SHELF_ORDER_STATES = ['placed', 'confirmed'] as const;

export interface AdminProductRecord {
  id: number;
  slug: string;
  name: string;
  description: string;
  category: string;
  amountKobo: number;
  discAmountKobo: number | null;
  stock: number;
  held: number;
  unit: string;
  vatClass: VatClass;
  lowStockLevel: number | null;
  archivedAt: string | null;
  rowVersion: number;
  updatedAt: string;
  updatedBy: string | null;
  imageUrl: string | null;
  hasOrders: boolean;
}

interface AdminProductRow {
  id: unknown;
  slug: string;
  name: string;
  description: string;
  category: string;
  amount_kobo: unknown;
  disc_amount_kobo: unknown;
  inventory_stock: unknown;
  held: unknown;
  unit: string;
  vat_class: VatClass;
  low_stock_level: unknown;
  archived_at: unknown;
  row_version: unknown;
  updated_at: unknown;
  updated_by_name: string | null;
  image_url: string | null;
  has_orders: unknown;
}

const HELD = `(
    (SELECT coalesce(sum(i.quantity), 0) FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE i.product_id = p.id AND o.status IN ('${SHELF_ORDER_STATES.join("', '")}'))
  + (SELECT coalesce(sum(ti.quantity), 0) FROM transaction_items ti
       JOIN transactions t ON t.reference = ti.reference
      WHERE ti.product_id = p.id AND t.hold_released_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.reference = t.reference))
  )`;

const SELECT = `SELECT p.id, p.slug, p.name, p.description, p.category, p.amount_kobo,
    p.disc_amount_kobo, p.inventory_stock, ${HELD} AS held, p.unit, p.vat_class,
    p.low_stock_level, p.archived_at, p.row_version, p.updated_at, p.image_url,
    nullif(btrim(u.first_name || ' ' || u.last_name), '') AS updated_by_name,
    EXISTS (SELECT 1 FROM order_items oi WHERE oi.product_id = p.id) AS has_orders
  FROM products p LEFT JOIN users u ON u.id = p.updated_by`;

function toRecord(r: AdminProductRow): AdminProductRecord {
  return {
    id: num(r.id),
    slug: r.slug,
    name: r.name,
    description: r.description,
    category: r.category,
    amountKobo: num(r.amount_kobo),
    discAmountKobo: numOrNull(r.disc_amount_kobo),
    stock: num(r.inventory_stock),
    held: num(r.held),
    unit: r.unit,
    vatClass: r.vat_class,
    lowStockLevel: numOrNull(r.low_stock_level),
    archivedAt: isoOrNull(r.archived_at),
    rowVersion: num(r.row_version),
    updatedAt: iso(r.updated_at),
    updatedBy: r.updated_by_name,
    imageUrl: r.image_url,
    hasOrders: r.has_orders === true || r.has_orders === 't',
  };
}

/** LIKE's own characters taken literally. */
function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface AdminProductQuery {
  q?: string;
  category?: string;
  archived: boolean;
  limit: number;
  offset: number;
}

/** One page of products for the back office, by name, with how many match in all. */
export async function listAdminProducts(
  db: Queryable,
  query: AdminProductQuery,
): Promise<{ records: AdminProductRecord[]; total: number }> {
  const where = [query.archived ? 'p.archived_at IS NOT NULL' : 'p.archived_at IS NULL'];
  const params: unknown[] = [];
  const q = query.q?.trim();
  if (q) {
    params.push(likeText(q));
    where.push(`p.name ILIKE $${params.length}`);
  }
  if (query.category) {
    params.push(query.category);
    where.push(`p.category = $${params.length}`);
  }
  const filter = where.join(' AND ');
  const counted = await db.query<{ n: unknown }>(
    `SELECT count(*) AS n FROM products p WHERE ${filter}`,
    params,
  );
  const rows = await db.query<AdminProductRow>(
    `${SELECT} WHERE ${filter} ORDER BY lower(p.name), p.id
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.limit, query.offset],
  );
  return { records: rows.map(toRecord), total: num(counted[0]?.n ?? 0) };
}

export async function findAdminProduct(
  db: Queryable,
  id: number,
  lock = false,
): Promise<AdminProductRecord | null> {
  if (lock) await db.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [id]);
  const rows = await db.query<AdminProductRow>(`${SELECT} WHERE p.id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Products on sale at or below their own low-stock level, the emptiest first. */
export async function listLowStock(db: Queryable): Promise<AdminProductRecord[]> {
  const rows = await db.query<AdminProductRow>(
    `${SELECT} WHERE p.archived_at IS NULL AND p.low_stock_level IS NOT NULL
        AND p.inventory_stock <= p.low_stock_level
      ORDER BY p.inventory_stock, lower(p.name), p.id`,
  );
  return rows.map(toRecord);
}

/**
 * Product names are unique whatever their case and spacing. Two saves of one new name at
 * the same time would each see it free: this lock (held to the end of the transaction)
 * makes them take turns.
 */
export async function lockProductNames(tx: Queryable): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('catalogue product names'))");
}

/** The product already called `name` (case and spaces aside), other than `exceptId`. */
export async function productNamed(
  db: Queryable,
  name: string,
  exceptId: number | null = null,
): Promise<{ id: number; name: string } | null> {
  const rows = await db.query<{ id: unknown; name: string }>(
    `SELECT id, name FROM products
      WHERE lower(regexp_replace(btrim(name), '\\s+', ' ', 'g'))
          = lower(regexp_replace(btrim($1), '\\s+', ' ', 'g'))
        AND ($2::int IS NULL OR id <> $2)
      LIMIT 1`,
    [name, exceptId],
  );
  return rows[0] ? { id: num(rows[0].id), name: rows[0].name } : null;
}

export interface NewProduct {
  name: string;
  description: string;
  category: string;
  amountKobo: number;
  discAmountKobo: number | null;
  stock: number;
  unit: string;
  vatClass: VatClass;
  lowStockLevel: number | null;
}

/** The shop's own vendor row for products the owner adds (the oldest; made if none). */
async function shopVendorId(tx: Queryable): Promise<number> {
  const rows = await tx.query<{ id: unknown }>('SELECT min(id) AS id FROM vendors');
  const found = numOrNull(rows[0]?.id);
  if (found !== null) return found;
  const made = await tx.query<{ id: unknown }>(
    `INSERT INTO vendors (name, address, phone, description)
     VALUES ('Ibadan Market', 'Ibadan', '', 'The shop itself') RETURNING id`,
  );
  return num(made[0]?.id);
}

/**
 * Adds a product; its slug comes from its name once (a slug already taken, even by an
 * archived product, gets the next free -2, -3...) and never changes after.
 */
export async function insertProduct(
  tx: Queryable,
  p: NewProduct,
  actorId: number,
  at: Date,
): Promise<number> {
  const vendorId = await shopVendorId(tx);
  const rows = await tx.query<{ id: unknown }>(
    `INSERT INTO products (slug, name, description, category, amount_kobo, disc_amount_kobo,
       inventory_stock, unit, vat_class, low_stock_level, vendor_id, updated_by,
       created_at, updated_at)
     VALUES (
       (SELECT s FROM (SELECT category_slug($1) AS s, 1 AS n
                       UNION ALL
                       SELECT category_slug($1) || '-' || n, n FROM generate_series(2, 10000) AS n) t
         WHERE NOT EXISTS (SELECT 1 FROM products WHERE slug = t.s) ORDER BY n LIMIT 1),
       $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
     RETURNING id`,
    [
      p.name,
      p.description,
      p.category,
      p.amountKobo,
      p.discAmountKobo,
      p.stock,
      p.unit,
      p.vatClass,
      p.lowStockLevel,
      vendorId,
      actorId,
      at.toISOString(),
    ],
  );
  return num(rows[0]?.id);
}

/** Column by column: what a back-office save may set. */
export interface ProductColumns {
  name?: string;
  description?: string;
  category?: string;
  amount_kobo?: number;
  disc_amount_kobo?: number | null;
  inventory_stock?: number;
  unit?: string;
  vat_class?: VatClass;
  low_stock_level?: number | null;
  archived_at?: string | null;
}

/** Writes the columns given and bumps row_version (the product's row is locked already). */
export async function updateProductColumns(
  tx: Queryable,
  id: number,
  columns: ProductColumns,
  actorId: number,
  at: Date,
): Promise<void> {
  const names = Object.keys(columns) as (keyof ProductColumns)[];
  const params: unknown[] = [id, actorId, at.toISOString()];
  const sets = names.map((name) => {
    params.push(columns[name]);
    return `${name} = $${params.length}`;
  });
  await tx.query(
    `UPDATE products SET ${[...sets, 'row_version = row_version + 1', 'updated_by = $2', 'updated_at = $3'].join(', ')}
      WHERE id = $1`,
    params,
  );
}

/** The last back-office change of a product: who and when, for a stale save's answer. */
export async function lastProductChange(
  db: Queryable,
  id: number,
): Promise<{ by: string | null; at: string } | null> {
  const rows = await db.query<{ by: string | null; at: unknown }>(
    `SELECT nullif(btrim(u.first_name || ' ' || u.last_name), '') AS by, c.at
       FROM back_office_changes c LEFT JOIN users u ON u.id = c.actor_id
      WHERE c.entity = 'product' AND c.entity_id = $1
      ORDER BY c.at DESC, c.id DESC LIMIT 1`,
    [String(id)],
  );
  return rows[0] ? { by: rows[0].by, at: iso(rows[0].at) } : null;
}

// ------------------------------------------------------------------ stock history

export interface StockChangeRecord {
  id: number;
  delta: number;
  stockAfter: number;
  reason: StockReason | 'import';
  note: string;
  by: string | null;
  at: string;
}

interface StockChangeRow {
  id: unknown;
  delta: unknown;
  stock_after: unknown;
  reason: StockReason | 'import';
  note: string;
  by: string | null;
  at: unknown;
}

const toStockChange = (r: StockChangeRow): StockChangeRecord => ({
  id: num(r.id),
  delta: num(r.delta),
  stockAfter: num(r.stock_after),
  reason: r.reason,
  note: r.note,
  by: r.by,
  at: iso(r.at),
});

/**
 * Sets the stock on sale and keeps the change in the product's history. Like a sale, it
 * leaves row_version alone: a count taken while the owner edits the price is no conflict.
 */
export async function writeStockChange(
  tx: Queryable,
  change: {
    productId: number;
    delta: number;
    stockAfter: number;
    reason: StockReason | 'import';
    note: string;
    actorId: number;
    at: Date;
  },
): Promise<StockChangeRecord> {
  await tx.query(`UPDATE products SET inventory_stock = $2, updated_at = $3 WHERE id = $1`, [
    change.productId,
    change.stockAfter,
    change.at.toISOString(),
  ]);
  const rows = await tx.query<StockChangeRow>(
    `WITH c AS (
       INSERT INTO stock_changes (product_id, delta, stock_after, reason, note, actor_id, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *
     )
     SELECT c.id, c.delta, c.stock_after, c.reason, c.note, c.at,
            nullif(btrim(u.first_name || ' ' || u.last_name), '') AS by
       FROM c LEFT JOIN users u ON u.id = c.actor_id`,
    [
      change.productId,
      change.delta,
      change.stockAfter,
      change.reason,
      change.note,
      change.actorId,
      change.at.toISOString(),
    ],
  );
  return toStockChange(rows[0]!);
}

/** A product's stock changes, newest first. */
export async function stockHistory(
  db: Queryable,
  productId: number,
  limit: number,
): Promise<StockChangeRecord[]> {
  const rows = await db.query<StockChangeRow>(
    `SELECT c.id, c.delta, c.stock_after, c.reason, c.note, c.at,
            nullif(btrim(u.first_name || ' ' || u.last_name), '') AS by
       FROM stock_changes c LEFT JOIN users u ON u.id = c.actor_id
      WHERE c.product_id = $1 ORDER BY c.at DESC, c.id DESC LIMIT $2`,
    [productId, limit],
  );
  return rows.map(toStockChange);
}

// ------------------------------------------------------------------ categories

export interface CategoryRecord {
  id: number;
  name: string;
  slug: string;
  position: number;
  imageId: number | null;
  products: number;
}

interface CategoryRow {
  id: unknown;
  name: string;
  slug: string;
  position: unknown;
  image_id: unknown;
  products: unknown;
}

const CATEGORY_SELECT = `SELECT c.id, c.name, c.slug, c.position, c.image_id,
    (SELECT count(*) FROM products p WHERE p.category = c.name) AS products
  FROM categories c`;

const toCategory = (r: CategoryRow): CategoryRecord => ({
  id: num(r.id),
  name: r.name,
  slug: r.slug,
  position: num(r.position),
  imageId: numOrNull(r.image_id),
  products: num(r.products),
});

/** The whole list, in the shop's order. */
export async function listAdminCategories(db: Queryable): Promise<CategoryRecord[]> {
  const rows = await db.query<CategoryRow>(`${CATEGORY_SELECT} ORDER BY c.position, c.id`);
  return rows.map(toCategory);
}

export async function findCategory(
  db: Queryable,
  id: number,
  lock = false,
): Promise<CategoryRecord | null> {
  if (lock) await db.query('SELECT id FROM categories WHERE id = $1 FOR UPDATE', [id]);
  const rows = await db.query<CategoryRow>(`${CATEGORY_SELECT} WHERE c.id = $1`, [id]);
  return rows[0] ? toCategory(rows[0]) : null;
}

/** The category called `name`, case and spaces aside (other than `exceptId`). */
export async function categoryNamed(
  db: Queryable,
  name: string,
  exceptId: number | null = null,
): Promise<CategoryRecord | null> {
  const rows = await db.query<CategoryRow>(
    `${CATEGORY_SELECT} WHERE lower(btrim(c.name)) = lower(btrim($1))
        AND ($2::int IS NULL OR c.id <> $2) LIMIT 1`,
    [name, exceptId],
  );
  return rows[0] ? toCategory(rows[0]) : null;
}

/** Adds a category at the end of the list; its slug is made once from its name. */
export async function insertCategory(tx: Queryable, name: string): Promise<number> {
  const rows = await tx.query<{ id: unknown }>(
    `INSERT INTO categories (name, slug, position)
     VALUES ($1,
       (SELECT s FROM (SELECT category_slug($1) AS s, 1 AS n
                       UNION ALL
                       SELECT category_slug($1) || '-' || n, n FROM generate_series(2, 1000) AS n) t
         WHERE NOT EXISTS (SELECT 1 FROM categories WHERE slug = t.s) ORDER BY n LIMIT 1),
       (SELECT coalesce(max(position), 0) + 1 FROM categories))
     RETURNING id`,
    [name],
  );
  return num(rows[0]?.id);
}

/**
 * Renames a category and every product filed under it, in the caller's transaction. The
 * products' rows change, so the catalogue version moves and the shop sees the new name.
 */
export async function renameCategory(
  tx: Queryable,
  id: number,
  from: string,
  to: string,
): Promise<number> {
  await tx.query('UPDATE categories SET name = $2, updated_at = now() WHERE id = $1', [id, to]);
  const moved = await tx.query<{ id: unknown }>(
    `UPDATE products SET category = $2, updated_at = now() WHERE category = $1 RETURNING id`,
    [from, to],
  );
  return moved.length;
}

/**
 * Moves a category to `position` (1 = first) and numbers the whole list 1..n again, so two
 * categories never share a place.
 */
export async function moveCategory(tx: Queryable, id: number, position: number): Promise<void> {
  const rows = await tx.query<{ id: unknown }>(
    'SELECT id FROM categories ORDER BY position, id FOR UPDATE',
  );
  const ids = rows.map((r) => num(r.id)).filter((other) => other !== id);
  ids.splice(Math.min(Math.max(position - 1, 0), ids.length), 0, id);
  await tx.query(
    `UPDATE categories c SET position = o.n, updated_at = now()
       FROM unnest($1::int[]) WITH ORDINALITY AS o(id, n)
      WHERE c.id = o.id AND c.position <> o.n`,
    [ids],
  );
}

export async function deleteCategory(tx: Queryable, id: number): Promise<void> {
  await tx.query('DELETE FROM categories WHERE id = $1', [id]);
}

/**
 * The shop's categories (GET /categories): those with a product on sale, in the owner's
 * order, with how many products each holds and how many of them are in stock.
 */
export async function listShopCategories(db: Queryable): Promise<
  {
    name: string;
    slug: string;
    imageId: number | null;
    products: number;
    inStock: number;
  }[]
> {
  const rows = await db.query<{
    name: string;
    slug: string;
    image_id: unknown;
    products: unknown;
    in_stock: unknown;
  }>(
    `SELECT c.name, c.slug, c.image_id, count(*) AS products,
            count(*) FILTER (WHERE p.inventory_stock > 0) AS in_stock
       FROM categories c JOIN products p ON p.category = c.name AND p.archived_at IS NULL
      GROUP BY c.id
     HAVING count(*) FILTER (WHERE p.inventory_stock > 0) > 0
      ORDER BY c.position, c.id`,
  );
  return rows.map((r) => ({
    name: r.name,
    slug: r.slug,
    imageId: numOrNull(r.image_id),
    products: num(r.products),
    inStock: num(r.in_stock),
  }));
}
