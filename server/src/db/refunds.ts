/** Card refunds through the payment provider (migration 020): one per payment reference. */
import type { Queryable } from './client';
import { num, numOrNull } from './rows';

export type RefundState = 'pending' | 'processed' | 'failed';

export interface RefundRecord {
  reference: string;
  amountKobo: number;
  shopperId: number;
  orderId: number | null;
  state: RefundState;
  message: string;
}

interface RefundRow {
  reference: string;
  amount_kobo: unknown;
  shopper_id: unknown;
  order_id: unknown;
  state: RefundState;
  message: string;
}

const COLUMNS = 'reference, amount_kobo, shopper_id, order_id, state, message';

const toRecord = (r: RefundRow): RefundRecord => ({
  reference: r.reference,
  amountKobo: num(r.amount_kobo),
  shopperId: num(r.shopper_id),
  orderId: numOrNull(r.order_id),
  state: r.state,
  message: r.message,
});

/** Starts the payment's refund unless it has one; the new refund, or null. */
export async function insertRefund(
  q: Queryable,
  r: { reference: string; amountKobo: number; shopperId: number; orderId: number | null; at: Date },
): Promise<RefundRecord | null> {
  const rows = await q.query<RefundRow>(
    `INSERT INTO refunds (reference, amount_kobo, shopper_id, order_id, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (reference) DO NOTHING RETURNING ${COLUMNS}`,
    [r.reference, r.amountKobo, r.shopperId, r.orderId, r.at.toISOString()],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Settles a pending refund; null when it is not pending (settled already, by the provider's
 * answer or a webhook that came first), so each outcome is acted on once.
 */
export async function settleRefund(
  q: Queryable,
  reference: string,
  state: 'processed' | 'failed',
  message: string,
  at: Date,
): Promise<RefundRecord | null> {
  const rows = await q.query<RefundRow>(
    `UPDATE refunds SET state = $2, message = $3, settled_at = $4
      WHERE reference = $1 AND state = 'pending' RETURNING ${COLUMNS}`,
    [reference, state, message, at.toISOString()],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}
