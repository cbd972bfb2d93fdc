/**
 * Units coming back to the shelf and product rows locked for a change of stock. Both go in
 * product id order, as every checkout locks them, so two changes of stock never deadlock.
 */
import type { Queryable } from './client';
import { num } from './rows';

/** Locks the products' rows, in id order, for the rest of the caller's transaction. */
export async function lockProducts(q: Queryable, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await q.query('SELECT id FROM products WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [
    productIds,
  ]);
}

/** Puts units back: one row per product (as `SUM ... GROUP BY product_id` gives them). */
export async function returnStock(
  q: Queryable,
  lines: { product_id: unknown; quantity: unknown }[],
): Promise<void> {
  const sorted = lines
    .map((l) => ({ productId: num(l.product_id), quantity: num(l.quantity) }))
    .sort((a, b) => a.productId - b.productId);
  for (const line of sorted) {
    await q.query(
      `UPDATE products SET inventory_stock = inventory_stock + $2, updated_at = now()
        WHERE id = $1`,
      [line.productId, line.quantity],
    );
  }
}
