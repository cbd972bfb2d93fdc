import type { MergedLine } from '../../../contract';
import type { Queryable } from './client';

/**
 * Claims a merge id for the user: true when it is new. Inside the merge's transaction, so a
 * second merge with the same id waits for the first to commit and then finds it taken.
 */
export async function claimCartMerge(
  db: Queryable,
  userId: number,
  mergeId: string,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO cart_merges (user_id, merge_id) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING merge_id`,
    [userId, mergeId],
  );
  return rows.length === 1;
}

export async function recordCartMerge(
  db: Queryable,
  userId: number,
  mergeId: string,
  lines: MergedLine[],
): Promise<void> {
  await db.query('UPDATE cart_merges SET answer = $3::jsonb WHERE user_id = $1 AND merge_id = $2', [
    userId,
    mergeId,
    JSON.stringify(lines),
  ]);
}

/** What an earlier merge with this id answered (its lines), or null. */
export async function findCartMerge(
  db: Queryable,
  userId: number,
  mergeId: string,
): Promise<MergedLine[] | null> {
  const rows = await db.query<{ answer: string | null }>(
    'SELECT answer::text AS answer FROM cart_merges WHERE user_id = $1 AND merge_id = $2',
    [userId, mergeId],
  );
  const answer = rows[0]?.answer;
  return answer ? (JSON.parse(answer) as MergedLine[]) : null;
}

/**
 * Locks the products' rows in id order (so two merges never deadlock) and reads their stock;
 * archived products are left out, as gone from the shop.
 */
export async function lockProductsForMerge(
  db: Queryable,
  productIds: number[],
): Promise<Map<number, { name: string; stock: number }>> {
  const rows = await db.query<{ id: unknown; name: string; inventory_stock: unknown }>(
    `SELECT id, name, inventory_stock FROM products
      WHERE id = ANY($1::int[]) AND archived_at IS NULL ORDER BY id FOR UPDATE`,
    [productIds],
  );
  return new Map(
    rows.map((r) => [Number(r.id), { name: r.name, stock: Number(r.inventory_stock) }]),
  );
}
