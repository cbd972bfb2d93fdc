/** Rate-limit windows in the database: what several servers count together. */
import type { Queryable } from './client';
import { iso, num } from './rows';

/**
 * Adds one to the key's count in one statement, opening a new window when none is open or
 * the last one has ended. The row lock taken by ON CONFLICT ... DO UPDATE makes concurrent
 * increments of one key (from any server) wait for each other, so no two see the same count.
 */
export async function incrementLimit(
  db: Queryable,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ count: number; resetAt: Date }> {
  const rows = await db.query<{ count: unknown; reset_at: unknown }>(
    `INSERT INTO rate_limits AS r (key, count, reset_at)
     VALUES ($1, 1, $2::timestamptz + $3 * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.reset_at <= $2::timestamptz THEN 1 ELSE r.count + 1 END,
       reset_at = CASE WHEN r.reset_at <= $2::timestamptz THEN EXCLUDED.reset_at ELSE r.reset_at END
     RETURNING count, reset_at`,
    [key, now.toISOString(), windowMs],
  );
  const row = rows[0];
  if (!row) throw new Error(`The rate-limit count of ${key} was not returned`);
  return { count: num(row.count), resetAt: new Date(iso(row.reset_at)) };
}

/** Takes one back; never below zero. */
export async function giveBackLimit(db: Queryable, key: string): Promise<void> {
  await db.query('UPDATE rate_limits SET count = count - 1 WHERE key = $1 AND count > 0', [key]);
}

export async function deleteLimit(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
}

/**
 * Deletes up to `max` windows that ended by `now`; returns how many. The outer condition is
 * checked again on a row another server has just reopened, so a live window is never lost.
 */
export async function deleteEndedLimits(db: Queryable, now: Date, max: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM rate_limits
      WHERE reset_at <= $1
        AND key IN (SELECT key FROM rate_limits WHERE reset_at <= $1 LIMIT $2)
     RETURNING key`,
    [now.toISOString(), max],
  );
  return rows.length;
}
