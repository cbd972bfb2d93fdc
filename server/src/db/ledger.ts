/**
 * The money ledger (migration 020): one row per movement of money, never edited. Each row is
 * keyed by the event it records, so recording the same event again (a webhook replayed, a
 * retried call, two servers racing) adds nothing. Totals are sums over the rows.
 */
import { LEDGER_DIRECTION, LEDGER_KINDS, type LedgerKind, type LedgerRow } from '../../../contract';
import { toNaira } from '../money';
import type { Queryable } from './client';
import { iso, num, numOrNull } from './rows';

export interface MoneyMovement {
  kind: LedgerKind;
  /** Positive kobo; the kind gives the direction. */
  amountKobo: number;
  /** What makes this movement one event (see ledgerKeys). */
  eventKey: string;
  orderId?: number | null;
  shopperId?: number | null;
  affiliateId?: number | null;
  /** null: Paystack or the server itself. */
  actorUserId?: number | null;
  paystackReference?: string | null;
  at: Date;
}

/** The event keys, in one place so two paths recording one event agree on it. */
export const ledgerKeys = {
  onlinePayment: (reference: string) => `payment:${reference}`,
  orderPayment: (orderId: number) => `payment:order:${orderId}`,
  orderRefundStarted: (orderId: number) => `refund-started:order:${orderId}`,
  unplacedRefundStarted: (reference: string) => `refund-started:${reference}`,
  refundCompleted: (reference: string) => `refund-completed:${reference}`,
  refundFailed: (reference: string) => `refund-failed:${reference}`,
  commission: (reference: string) => `commission:${reference}`,
  payoutRequested: (payoutId: number) => `payout-requested:${payoutId}`,
};

/** Writes the movement unless its event is recorded already; whether it wrote a row. */
export async function recordMoney(q: Queryable, m: MoneyMovement): Promise<boolean> {
  if (!Number.isSafeInteger(m.amountKobo) || m.amountKobo <= 0) {
    throw new Error(`A ledger amount must be positive kobo, not ${m.amountKobo}`);
  }
  const rows = await q.query(
    `INSERT INTO money_ledger (kind, amount_kobo, order_id, shopper_id, affiliate_id,
                               actor_user_id, paystack_reference, event_key, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (event_key) DO NOTHING RETURNING id`,
    [
      m.kind,
      m.amountKobo,
      m.orderId ?? null,
      m.shopperId ?? null,
      m.affiliateId ?? null,
      m.actorUserId ?? null,
      m.paystackReference ?? null,
      m.eventKey,
      m.at.toISOString(),
    ],
  );
  return rows.length === 1;
}

interface LedgerDbRow {
  id: unknown;
  kind: LedgerKind;
  amount_kobo: unknown;
  order_id: unknown;
  shopper_id: unknown;
  affiliate_id: unknown;
  actor_user_id: unknown;
  paystack_reference: string | null;
  created_at: unknown;
}

/** The rows in [from, to), newest first, at most `limit`. */
export async function listLedger(
  q: Queryable,
  range: { from: Date; to: Date },
  limit: number,
): Promise<LedgerRow[]> {
  const rows = await q.query<LedgerDbRow>(
    `SELECT id, kind, amount_kobo, order_id, shopper_id, affiliate_id, actor_user_id,
            paystack_reference, created_at
       FROM money_ledger WHERE created_at >= $1 AND created_at < $2
      ORDER BY created_at DESC, id DESC LIMIT $3`,
    [range.from.toISOString(), range.to.toISOString(), limit],
  );
  return rows.map((r) => ({
    id: num(r.id),
    kind: r.kind,
    amount: toNaira(num(r.amount_kobo)),
    direction: LEDGER_DIRECTION[r.kind],
    order_id: numOrNull(r.order_id),
    shopper_id: numOrNull(r.shopper_id),
    affiliate_id: numOrNull(r.affiliate_id),
    actor_user_id: numOrNull(r.actor_user_id),
    paystack_reference: r.paystack_reference,
    created_at: iso(r.created_at),
  }));
}

export interface LedgerSums {
  /** Kobo per kind (every kind present, 0 when none). */
  byKind: Record<LedgerKind, number>;
  rows: number;
  receivedKobo: number;
  paidOutKobo: number;
}

/** Sums the rows in [from, to), per kind and by direction; optionally of one order or reference. */
export async function sumLedger(
  q: Queryable,
  range: { from: Date; to: Date } | null,
  of: { orderId?: number; reference?: string } = {},
): Promise<LedgerSums> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (range) {
    params.push(range.from.toISOString(), range.to.toISOString());
    where.push('created_at >= $1 AND created_at < $2');
  }
  if (of.orderId !== undefined) {
    params.push(of.orderId);
    where.push(`order_id = $${params.length}`);
  }
  if (of.reference !== undefined) {
    params.push(of.reference);
    where.push(`paystack_reference = $${params.length}`);
  }
  const rows = await q.query<{ kind: LedgerKind; kobo: unknown; n: unknown }>(
    `SELECT kind, sum(amount_kobo) AS kobo, count(*) AS n FROM money_ledger
      ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} GROUP BY kind`,
    params,
  );
  const byKind = Object.fromEntries(LEDGER_KINDS.map((k) => [k, 0])) as Record<LedgerKind, number>;
  let count = 0;
  for (const r of rows) {
    byKind[r.kind] = num(r.kobo);
    count += num(r.n);
  }
  let receivedKobo = 0;
  let paidOutKobo = 0;
  for (const kind of LEDGER_KINDS) {
    if (LEDGER_DIRECTION[kind] === 1) receivedKobo += byKind[kind];
    if (LEDGER_DIRECTION[kind] === -1) paidOutKobo += byKind[kind];
  }
  return { byKind, rows: count, receivedKobo, paidOutKobo };
}
