import type { Cart, CartItem } from '../../../contract';
import { cartTotals, toNaira } from '../money';
import { prepared, type Queryable } from './client';
import { productImagePath, unitPriceKobo } from './products';
import { num, numOrNull } from './rows';

export interface CartLine {
  id: number;
  quantity: number;
  product: {
    id: number;
    slug: string;
    name: string;
    amountKobo: number;
    discAmountKobo: number | null;
    inventoryStock: number;
    imageUrl: string | null;
    vendorName: string;
  };
}

interface CartRow {
  id: unknown;
  quantity: unknown;
  product_id: unknown;
  slug: string;
  name: string;
  amount_kobo: unknown;
  disc_amount_kobo: unknown;
  inventory_stock: unknown;
  image_url: string | null;
  vendor_name: string;
}

// The cart cache (cartCache.ts) keeps this answer until cart_items or the catalogue changes
// (migration 013 announces both): reading another table here needs announcing it too.
const SELECT = `SELECT c.id, c.quantity, p.id AS product_id, p.slug, p.name, p.amount_kobo,
    p.disc_amount_kobo,
    -- An archived product is no longer sold: in a cart it reads as out of stock.
    CASE WHEN p.archived_at IS NULL THEN p.inventory_stock ELSE 0 END AS inventory_stock,
    p.image_url, v.name AS vendor_name
  FROM cart_items c
  JOIN products p ON p.id = c.product_id
  JOIN vendors v ON v.id = p.vendor_id`;

// A cart read and every cart change run these.
const LIST = prepared('cart_list', `${SELECT} WHERE c.user_id = $1 ORDER BY c.id`);
const LIST_LOCKED = `${SELECT} WHERE c.user_id = $1 ORDER BY p.id FOR UPDATE OF c, p`;
const LINE = prepared('cart_line', `${SELECT} WHERE c.user_id = $1 AND c.id = $2`);

function toLine(r: CartRow): CartLine {
  return {
    id: num(r.id),
    quantity: num(r.quantity),
    product: {
      id: num(r.product_id),
      slug: r.slug,
      name: r.name,
      amountKobo: num(r.amount_kobo),
      discAmountKobo: numOrNull(r.disc_amount_kobo),
      inventoryStock: num(r.inventory_stock),
      imageUrl: r.image_url,
      vendorName: r.vendor_name,
    },
  };
}

/** Line total in kobo, priced from the product as it is now. */
export function lineTotalKobo(line: CartLine): number {
  return unitPriceKobo(line.product) * line.quantity;
}

/**
 * The shopper's cart, oldest line first. With lockProducts (checkout, inside a transaction)
 * the product rows stay locked, in id order so two checkouts never deadlock.
 */
export async function listCart(
  db: Queryable,
  userId: number,
  options: { lockProducts?: boolean } = {},
): Promise<CartLine[]> {
  const sql = options.lockProducts ? LIST_LOCKED : LIST;
  return (await db.query<CartRow>(sql, [userId])).map(toLine);
}

export async function findCartLine(
  db: Queryable,
  userId: number,
  id: number,
): Promise<CartLine | null> {
  const rows = await db.query<CartRow>(LINE, [userId, id]);
  return rows[0] ? toLine(rows[0]) : null;
}

export async function findCartLineForProduct(
  db: Queryable,
  userId: number,
  productId: number,
): Promise<{ id: number; quantity: number } | null> {
  const rows = await db.query<{ id: unknown; quantity: unknown }>(
    'SELECT id, quantity FROM cart_items WHERE user_id = $1 AND product_id = $2 FOR UPDATE',
    [userId, productId],
  );
  return rows[0] ? { id: num(rows[0].id), quantity: num(rows[0].quantity) } : null;
}

/** Adds to the shopper's line for the product, creating it when there is none. */
export async function addToCart(
  db: Queryable,
  userId: number,
  productId: number,
  quantity: number,
): Promise<number> {
  const rows = await db.query<{ id: unknown }>(
    `INSERT INTO cart_items (user_id, product_id, quantity) VALUES ($1, $2, $3)
     ON CONFLICT ON CONSTRAINT cart_items_user_product_key
     DO UPDATE SET quantity = cart_items.quantity + EXCLUDED.quantity, updated_at = now()
     RETURNING id`,
    [userId, productId, quantity],
  );
  return num(rows[0]?.id);
}

const SET_QUANTITY = prepared(
  'cart_set_quantity',
  `UPDATE cart_items SET quantity = $3, updated_at = now()
    WHERE user_id = $1 AND id = $2 RETURNING id`,
);

export async function setCartQuantity(
  db: Queryable,
  userId: number,
  id: number,
  quantity: number,
): Promise<boolean> {
  const rows = await db.query(SET_QUANTITY, [userId, id, quantity]);
  return rows.length === 1;
}

export async function deleteCartLine(db: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM cart_items WHERE user_id = $1 AND id = $2 RETURNING id',
    [userId, id],
  );
  return rows.length === 1;
}

export async function clearCart(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM cart_items WHERE user_id = $1', [userId]);
}

export function toCartItem(line: CartLine, apiPrefix: string): CartItem {
  const p = line.product;
  return {
    id: line.id,
    quantity: line.quantity,
    total_amount: toNaira(lineTotalKobo(line)),
    product: {
      id: p.id,
      slug: p.slug,
      name: p.name,
      images: productImagePath(apiPrefix, p.slug, p.imageUrl),
      amount: toNaira(p.amountKobo),
      disc_amount: p.discAmountKobo === null ? null : toNaira(p.discAmountKobo),
      inventory_stock: p.inventoryStock,
      vendor: { name: p.vendorName },
    },
  };
}

export function toCart(lines: CartLine[], apiPrefix: string): Cart {
  const totals = cartTotals(lines.map(lineTotalKobo));
  return {
    price_before_vat: toNaira(totals.subtotalKobo),
    vat_value: toNaira(totals.vatKobo),
    price_after_vat: toNaira(totals.afterVatKobo),
    all_cart_data: lines.map((line) => toCartItem(line, apiPrefix)),
  };
}
