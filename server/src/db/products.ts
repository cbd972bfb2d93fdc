import type { Product } from '../../../contract';
import { toNaira } from '../money';
import type { Queryable } from './client';
import { escapeLike, num, numOrNull } from './rows';

export interface ProductRecord {
  id: number;
  slug: string;
  name: string;
  description: string;
  category: string;
  amountKobo: number;
  discAmountKobo: number | null;
  ratings: number;
  inventoryStock: number;
  imageUrl: string | null;
  vendor: { id: number; name: string; address: string; phone: string; description: string };
}

interface ProductRow {
  id: unknown;
  slug: string;
  name: string;
  description: string;
  category: string;
  amount_kobo: unknown;
  disc_amount_kobo: unknown;
  ratings: unknown;
  inventory_stock: unknown;
  image_url: string | null;
  vendor_id: unknown;
  vendor_name: string;
  vendor_address: string;
  vendor_phone: string;
  vendor_description: string;
}

const SELECT = `SELECT p.id, p.slug, p.name, p.description, p.category, p.amount_kobo,
    p.disc_amount_kobo, p.ratings, p.inventory_stock, p.image_url, p.vendor_id,
    v.name AS vendor_name, v.address AS vendor_address, v.phone AS vendor_phone,
    v.description AS vendor_description
  FROM products p JOIN vendors v ON v.id = p.vendor_id`;

function toRecord(r: ProductRow): ProductRecord {
  return {
    id: num(r.id),
    slug: r.slug,
    name: r.name,
    description: r.description,
    category: r.category,
    amountKobo: num(r.amount_kobo),
    discAmountKobo: numOrNull(r.disc_amount_kobo),
    ratings: num(r.ratings),
    inventoryStock: num(r.inventory_stock),
    imageUrl: r.image_url,
    vendor: {
      id: num(r.vendor_id),
      name: r.vendor_name,
      address: r.vendor_address,
      phone: r.vendor_phone,
      description: r.vendor_description,
    },
  };
}

/** A photo when one is set, else the tile this server draws for the product. */
export function productImagePath(apiPrefix: string, slug: string, imageUrl: string | null): string {
  return imageUrl ?? `${apiPrefix}/images/products/${slug}.svg`;
}

/** What one item costs the shopper, in kobo. */
export function unitPriceKobo(p: { amountKobo: number; discAmountKobo: number | null }): number {
  return p.amountKobo - (p.discAmountKobo ?? 0);
}

export function toProduct(p: ProductRecord, apiPrefix: string): Product {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    images: productImagePath(apiPrefix, p.slug, p.imageUrl),
    amount: toNaira(p.amountKobo),
    disc_amount: p.discAmountKobo === null ? null : toNaira(p.discAmountKobo),
    ratings: p.ratings,
    inventory_stock: p.inventoryStock,
    description: p.description,
    category: p.category,
    vendor: p.vendor,
  };
}

export interface ProductQuery {
  q?: string;
  limit?: number;
  offset?: number;
}

/**
 * The catalogue, or the products whose name, category or description hold every word of q
 * (case-insensitive), in catalogue order.
 */
export async function listProducts(
  db: Queryable,
  query: ProductQuery = {},
): Promise<ProductRecord[]> {
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
  const params: unknown[] = [];
  const where = words.map((w) => {
    params.push(`%${escapeLike(w)}%`);
    return `p.search_text LIKE $${params.length}`;
  });
  let sql = `${SELECT}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY p.id`;
  if (query.limit !== undefined) {
    params.push(query.limit);
    sql += ` LIMIT $${params.length}`;
  }
  if (query.offset !== undefined) {
    params.push(query.offset);
    sql += ` OFFSET $${params.length}`;
  }
  return (await db.query<ProductRow>(sql, params)).map(toRecord);
}

export async function findProductBySlug(
  db: Queryable,
  slug: string,
): Promise<ProductRecord | null> {
  const rows = await db.query<ProductRow>(`${SELECT} WHERE p.slug = $1`, [slug]);
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function findProductById(db: Queryable, id: number): Promise<ProductRecord | null> {
  const rows = await db.query<ProductRow>(`${SELECT} WHERE p.id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Changes whenever any product or vendor changes (a trigger bumps it). */
export async function catalogueVersion(db: Queryable): Promise<number> {
  const rows = await db.query<{ version: unknown }>(
    'SELECT version FROM catalogue_state WHERE id = 1',
  );
  return rows[0] ? num(rows[0].version) : 0;
}

export async function countProducts(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: unknown }>('SELECT count(*) AS n FROM products');
  return rows[0] ? num(rows[0].n) : 0;
}
