/** Who collects a shopper's pickup orders (migration 021): a name and a number, no address. */
import type { PickupContact } from '../../../contract';
import type { Queryable } from './client';

export async function findPickupContact(
  db: Queryable,
  userId: number,
): Promise<PickupContact | null> {
  const rows = await db.query<PickupContact>(
    'SELECT name, mobile_number FROM pickup_contacts WHERE user_id = $1',
    [userId],
  );
  return rows[0] ?? null;
}

export async function savePickupContact(
  db: Queryable,
  userId: number,
  contact: PickupContact,
): Promise<PickupContact> {
  const rows = await db.query<PickupContact>(
    `INSERT INTO pickup_contacts (user_id, name, mobile_number) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET name = $2, mobile_number = $3, updated_at = now()
     RETURNING name, mobile_number`,
    [userId, contact.name, contact.mobile_number],
  );
  return rows[0]!;
}
