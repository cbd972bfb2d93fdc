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
}

const COLUMNS = 'id, address, city, state, mobile_number, alt_mobile_number';

function toDelivery(r: DeliveryRow): Delivery {
  return {
    id: num(r.id),
    address: r.address,
    city: r.city,
    state: r.state,
    mobile_number: r.mobile_number,
    alt_mobile_number: r.alt_mobile_number,
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
    `INSERT INTO deliveries (user_id, address, city, state, mobile_number, alt_mobile_number)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT ON CONSTRAINT deliveries_user_key DO NOTHING
     RETURNING ${COLUMNS}`,
    [userId, input.address, input.city, input.state, input.mobile_number, input.alt_mobile_number],
  );
  return rows[0] ? toDelivery(rows[0]) : null;
}

export async function updateDelivery(
  db: Queryable,
  userId: number,
  id: number,
  input: DeliveryInput,
): Promise<Delivery | null> {
  const rows = await db.query<DeliveryRow>(
    `UPDATE deliveries SET address = $3, city = $4, state = $5, mobile_number = $6,
       alt_mobile_number = $7, updated_at = now()
      WHERE user_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [
      userId,
      id,
      input.address,
      input.city,
      input.state,
      input.mobile_number,
      input.alt_mobile_number,
    ],
  );
  return rows[0] ? toDelivery(rows[0]) : null;
}
