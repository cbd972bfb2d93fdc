import type { WishlistEntry } from '../../../contract';
import { toNaira } from '../money';
import type { Queryable } from './client';
import { productImagePath } from './products';
import { iso, num, numOrNull } from './rows';

interface WishlistRow {
  id: unknown;
  created_at: unknown;
  product_id: unknown;
  slug: string;
  name: string;
  amount_kobo: unknown;
  disc_amount_kobo: unknown;
  inventory_stock: unknown;
  image_url: string | null;
}

const SELECT = `SELECT w.id, w.created_at, p.id AS product_id, p.slug, p.name, p.amount_kobo,
    p.disc_amount_kobo, p.inventory_stock, p.image_url
  FROM wishlists w JOIN products p ON p.id = w.product_id`;

function toEntry(r: WishlistRow, apiPrefix: string): WishlistEntry {
  const disc = numOrNull(r.disc_amount_kobo);
  return {
    id: num(r.id),
    created_at: iso(r.created_at),
    product: {
      id: num(r.product_id),
      slug: r.slug,
      images: productImagePath(apiPrefix, r.slug, r.image_url),
      name: r.name,
      amount: toNaira(num(r.amount_kobo)),
      disc_amount: disc === null ? null : toNaira(disc),
      inventory_stock: num(r.inventory_stock),
    },
  };
}

export async function listWishlist(
  db: Queryable,
  userId: number,
  apiPrefix: string,
): Promise<WishlistEntry[]> {
  const rows = await db.query<WishlistRow>(`${SELECT} WHERE w.user_id = $1 ORDER BY w.id DESC`, [
    userId,
  ]);
  return rows.map((r) => toEntry(r, apiPrefix));
}

/** The new entry, or null when the product is already in the shopper's wishlist. */
export async function addToWishlist(
  db: Queryable,
  userId: number,
  productId: number,
  apiPrefix: string,
): Promise<WishlistEntry | null> {
  const inserted = await db.query<{ id: unknown }>(
    `INSERT INTO wishlists (user_id, product_id) VALUES ($1, $2)
     ON CONFLICT ON CONSTRAINT wishlists_user_product_key DO NOTHING RETURNING id`,
    [userId, productId],
  );
  if (!inserted[0]) return null;
  const rows = await db.query<WishlistRow>(`${SELECT} WHERE w.id = $1`, [num(inserted[0].id)]);
  return rows[0] ? toEntry(rows[0], apiPrefix) : null;
}

export async function deleteWishlistEntry(
  db: Queryable,
  userId: number,
  id: number,
): Promise<boolean> {
  const rows = await db.query('DELETE FROM wishlists WHERE user_id = $1 AND id = $2 RETURNING id', [
    userId,
    id,
  ]);
  return rows.length === 1;
}
