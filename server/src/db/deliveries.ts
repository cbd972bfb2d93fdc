import type { Delivery, DeliveryInput } from '../../../contract';
import type { Queryable } from './client';
import { num } from './rows';

interface DeliveryRow {
  id: unknown;
  address: string;
  city: string;
  state: string;
  mobile_number: string;
  alt_mobile_number: string;
  landmark: string;
}

const COLUMNS = 'id, address, city, state, mobile_number, alt_mobile_number, landmark';

function toDelivery(r: DeliveryRow): Delivery {
  return {
    id: num(r.id),
    address: r.address,
    city: r.city,
    state: r.state,
    mobile_number: r.mobile_number,
    alt_mobile_number: r.alt_mobile_number,
    landmark: r.landmark,
  };
}

export async function findDelivery(db: Queryable, userId: number): Promise<Delivery | null> {
  const rows = await db.query<DeliveryRow>(`SELECT ${COLUMNS} FROM deliveries WHERE user_id = $1`, [
    userId,
  ]);
  return rows[0] ? toDelivery(rows[0]) : null;
}

/** null when the shopper already has one (one delivery location per shopper). */
export async function insertDelivery(
  db: Queryable,
  userId: number,
  input: DeliveryInput,
): Promise<Delivery | null> {
  const rows = await db.query<DeliveryRow>(
    `INSERT INTO deliveries (user_id, address, city, state, mobile_number, alt_mobile_number,
                             landmark)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT ON CONSTRAINT deliveries_user_key DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      userId,
      input.address,
      input.city,
      input.state,
      input.mobile_number,
      input.alt_mobile_number,
      input.landmark ?? '',
    ],
  );
  return rows[0] ? toDelivery(rows[0]) : null;
}

/**
 * The landmark is ours, not the spec's: an update from a client that never sends one keeps
 * the one saved (COALESCE on a null), so it is not wiped by the original storefront.
 */
export async function updateDelivery(
  db: Queryable,
  userId: number,
  id: number,
  input: DeliveryInput,
): Promise<Delivery | null> {
  const rows = await db.query<DeliveryRow>(
    `UPDATE deliveries SET address = $3, city = $4, state = $5, mobile_number = $6,
       alt_mobile_number = $7, landmark = COALESCE($8, landmark), updated_at = now()
      WHERE user_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [
      userId,
      id,
      input.address,
      input.city,
      input.state,
      input.mobile_number,
      input.alt_mobile_number,
      input.landmark ?? null,
    ],
  );
  return rows[0] ? toDelivery(rows[0]) : null;
}
