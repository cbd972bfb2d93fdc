/**
 * Payments Paystack confirmed that could not become an order (migration 020), kept for the
 * shop to place anyway or refund. One row per reference.
 */
import type { UnplacedPayment, UnplacedState } from '../../../contract';
import { toNaira } from '../money';
import type { Queryable } from './client';
import { iso, isoOrNull, num, numOrNull } from './rows';

export interface UnplacedRecord {
  id: number;
  reference: string;
  userId: number;
  amountKobo: number;
  state: UnplacedState;
  payment: UnplacedPayment;
}

interface UnplacedRow {
  id: unknown;
  reference: string;
  user_id: unknown;
  amount_kobo: unknown;
  mobile_number: string;
  reason: string;
  state: UnplacedState;
  order_id: unknown;
  created_at: unknown;
  resolved_at: unknown;
  first_name: string | null;
  last_name: string | null;
  refund_state: 'pending' | 'processed' | 'failed' | null;
  refund_message: string | null;
}

const SELECT = `SELECT p.id, p.reference, p.user_id, p.amount_kobo, p.mobile_number, p.reason,
       p.state, p.order_id, p.created_at, p.resolved_at, u.first_name, u.last_name,
       r.state AS refund_state, r.message AS refund_message
  FROM unplaced_payments p LEFT JOIN users u ON u.id = p.user_id
  LEFT JOIN refunds r ON r.reference = p.reference`;

function toRecord(r: UnplacedRow): UnplacedRecord {
  const amountKobo = num(r.amount_kobo);
  return {
    id: num(r.id),
    reference: r.reference,
    userId: num(r.user_id),
    amountKobo,
    state: r.state,
    payment: {
      id: num(r.id),
      reference: r.reference,
      amount: toNaira(amountKobo),
      shopper: {
        id: num(r.user_id),
        name: [r.first_name, r.last_name].filter((n) => n).join(' '),
        mobile_number: r.mobile_number,
      },
      reason: r.reason,
      state: r.state,
      order_id: numOrNull(r.order_id),
      created_at: iso(r.created_at),
      resolved_at: isoOrNull(r.resolved_at),
      refund: r.refund_state ? { state: r.refund_state, message: r.refund_message ?? '' } : null,
    },
  };
}

/** Keeps the payment unless its reference is kept already; the new row, or null. */
export async function insertUnplaced(
  q: Queryable,
  p: {
    reference: string;
    userId: number;
    amountKobo: number;
    mobileNumber: string;
    reason: string;
    at: Date;
  },
): Promise<number | null> {
  const rows = await q.query<{ id: unknown }>(
    `INSERT INTO unplaced_payments (reference, user_id, amount_kobo, mobile_number, reason, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (reference) DO NOTHING RETURNING id`,
    [p.reference, p.userId, p.amountKobo, p.mobileNumber, p.reason, p.at.toISOString()],
  );
  return rows[0] ? num(rows[0].id) : null;
}

export async function findUnplaced(
  q: Queryable,
  by: { id: number } | { reference: string },
  options: { lock?: boolean } = {},
): Promise<UnplacedRecord | null> {
  const [column, value] = 'id' in by ? ['p.id', by.id] : ['p.reference', by.reference];
  const rows = await q.query<UnplacedRow>(
    `${SELECT} WHERE ${column} = $1${options.lock ? ' FOR UPDATE OF p' : ''}`,
    [value],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Oldest first: the one waiting longest is the first to deal with. */
export async function listUnplaced(q: Queryable, state: UnplacedState): Promise<UnplacedPayment[]> {
  const rows = await q.query<UnplacedRow>(
    `${SELECT} WHERE p.state = $1 ORDER BY p.created_at, p.id LIMIT 200`,
    [state],
  );
  return rows.map((r) => toRecord(r).payment);
}

/** Moves an open payment on; false when it is no longer open. */
export async function resolveUnplaced(
  q: Queryable,
  id: number,
  to: { state: 'placed'; orderId: number } | { state: 'refund_started' },
  actorUserId: number,
  at: Date,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE unplaced_payments SET state = $2, order_id = $3, resolved_by = $4, resolved_at = $5
      WHERE id = $1 AND state = 'open' RETURNING id`,
    [id, to.state, to.state === 'placed' ? to.orderId : null, actorUserId, at.toISOString()],
  );
  return rows.length === 1;
}
