import type { DeliveryModel, PaystackChannel, TransactionStatus } from '../../../contract';
import type { Database, Queryable } from './client';
import { returnStock } from './stock';
import { isoOrNull, num, numOrNull } from './rows';

export interface TransactionRecord {
  id: number;
  reference: string;
  userId: number;
  provider: 'paystack' | 'sandbox';
  amountKobo: number;
  currency: string;
  deliveryMethod: DeliveryModel;
  status: TransactionStatus;
  paidAt: string | null;
  verifiedAt: string | null;
  /** How it was paid, as the provider's verify said (null until then, or when it did not). */
  channel: PaystackChannel | null;
  /** Until when the payment holds its lines' stock (null: a payment from before holds). */
  holdExpiresAt: string | null;
  holdReleasedAt: string | null;
  /** The delivery fee the payment was priced with (null: a payment from before areas). */
  deliveryFeeKobo: number | null;
}

interface TransactionRow {
  id: unknown;
  reference: string;
  user_id: unknown;
  provider: 'paystack' | 'sandbox';
  amount_kobo: unknown;
  currency: string;
  delivery_method: DeliveryModel;
  status: TransactionStatus;
  paid_at: unknown;
  verified_at: unknown;
  channel: PaystackChannel | null;
  hold_expires_at: unknown;
  hold_released_at: unknown;
  delivery_fee_kobo: unknown;
}

const COLUMNS = `id, reference, user_id, provider, amount_kobo, currency, delivery_method, status,
  paid_at, verified_at, channel, hold_expires_at, hold_released_at, delivery_fee_kobo`;

function toRecord(r: TransactionRow): TransactionRecord {
  return {
    id: num(r.id),
    reference: r.reference,
    userId: num(r.user_id),
    provider: r.provider,
    amountKobo: num(r.amount_kobo),
    currency: r.currency,
    deliveryMethod: r.delivery_method,
    status: r.status,
    paidAt: isoOrNull(r.paid_at),
    verifiedAt: isoOrNull(r.verified_at),
    channel: r.channel,
    holdExpiresAt: isoOrNull(r.hold_expires_at),
    holdReleasedAt: isoOrNull(r.hold_released_at),
    deliveryFeeKobo: numOrNull(r.delivery_fee_kobo),
  };
}

/** Whether the payment still holds its stock at `now`: paid ones hold it until their order. */
export function holdsStock(tx: TransactionRecord, now: Date): boolean {
  if (tx.holdReleasedAt !== null || tx.holdExpiresAt === null) return false;
  return tx.verifiedAt !== null || Date.parse(tx.holdExpiresAt) > now.getTime();
}

export async function insertTransaction(
  db: Queryable,
  t: {
    reference: string;
    userId: number;
    provider: 'paystack' | 'sandbox';
    amountKobo: number;
    deliveryMethod: DeliveryModel;
    holdExpiresAt: Date;
    deliveryFeeKobo: number;
  },
): Promise<TransactionRecord> {
  const rows = await db.query<TransactionRow>(
    `INSERT INTO transactions (reference, user_id, provider, amount_kobo, currency, delivery_method,
       hold_expires_at, delivery_fee_kobo)
     VALUES ($1, $2, $3, $4, 'NGN', $5, $6, $7) RETURNING ${COLUMNS}`,
    [
      t.reference,
      t.userId,
      t.provider,
      t.amountKobo,
      t.deliveryMethod,
      t.holdExpiresAt.toISOString(),
      t.deliveryFeeKobo,
    ],
  );
  return toRecord(rows[0] as TransactionRow);
}

/** One line of the cart as a payment priced it. */
export interface PricedLine {
  productId: number | null;
  slug: string;
  name: string;
  imageUrl: string | null;
  vendorName: string;
  quantity: number;
  unitPriceKobo: number;
}

export async function insertTransactionItems(
  db: Queryable,
  reference: string,
  lines: PricedLine[],
): Promise<void> {
  for (const line of lines) {
    await db.query(
      `INSERT INTO transaction_items (reference, product_id, product_slug, product_name,
         product_image_url, vendor_name, quantity, unit_price_kobo)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        reference,
        line.productId,
        line.slug,
        line.name,
        line.imageUrl,
        line.vendorName,
        line.quantity,
        line.unitPriceKobo,
      ],
    );
  }
}

/** The priced lines of a payment, in product id order (the order rows are locked in). */
export async function listTransactionItems(
  db: Queryable,
  reference: string,
): Promise<PricedLine[]> {
  const rows = await db.query<{
    product_id: unknown;
    product_slug: string;
    product_name: string;
    product_image_url: string | null;
    vendor_name: string;
    quantity: unknown;
    unit_price_kobo: unknown;
  }>(
    `SELECT product_id, product_slug, product_name, product_image_url, vendor_name, quantity,
            unit_price_kobo
       FROM transaction_items WHERE reference = $1 ORDER BY product_id, id`,
    [reference],
  );
  return rows.map((r) => ({
    productId: r.product_id === null ? null : num(r.product_id),
    slug: r.product_slug,
    name: r.product_name,
    imageUrl: r.product_image_url,
    vendorName: r.vendor_name,
    quantity: num(r.quantity),
    unitPriceKobo: num(r.unit_price_kobo),
  }));
}

/**
 * Ends the holds a guarded UPDATE claims (it sets hold_released_at where it is null and returns
 * the references) and puts their units back on the shelf, in the caller's transaction. The
 * guard gives each hold's units back once, however many servers or taps end it together.
 */
async function endHolds(q: Queryable, claim: string, params: unknown[]): Promise<string[]> {
  const released = (await q.query<{ reference: string }>(claim, params)).map((r) => r.reference);
  if (released.length === 0) return released;
  const units = await q.query<{ product_id: unknown; quantity: unknown }>(
    `SELECT product_id, sum(quantity) AS quantity FROM transaction_items
      WHERE reference = ANY($1::text[]) AND product_id IS NOT NULL GROUP BY product_id`,
    [released],
  );
  await returnStock(q, units);
  return released;
}

/** The payment stops holding its units (they go back unless its order has taken them). */
export async function releaseHold(q: Queryable, reference: string, at: Date): Promise<boolean> {
  const ended = await endHolds(
    q,
    `UPDATE transactions SET hold_released_at = $2
      WHERE reference = $1 AND hold_released_at IS NULL RETURNING reference`,
    [reference, at.toISOString()],
  );
  return ended.length > 0;
}

/**
 * A shopper starting a new payment gives up the stock of their earlier unpaid ones, so a
 * second try never waits for the first; a payment known to be paid keeps its stock.
 */
export async function releaseUnpaidHolds(q: Queryable, userId: number, at: Date): Promise<void> {
  await endHolds(
    q,
    `UPDATE transactions SET hold_released_at = $2
      WHERE user_id = $1 AND hold_released_at IS NULL AND verified_at IS NULL
      RETURNING reference`,
    [userId, at.toISOString()],
  );
}

/** The products the shopper's unpaid holds have taken, to lock before giving them back. */
export async function unpaidHoldProducts(q: Queryable, userId: number): Promise<number[]> {
  const rows = await q.query<{ product_id: unknown }>(
    `SELECT DISTINCT i.product_id FROM transaction_items i
       JOIN transactions t ON t.reference = i.reference
      WHERE t.user_id = $1 AND t.hold_released_at IS NULL AND t.verified_at IS NULL
        AND i.product_id IS NOT NULL`,
    [userId],
  );
  return rows.map((r) => num(r.product_id));
}

/**
 * Until when a payment started now holds its stock: the hold length, but never past the
 * deadline of the shopper's unpaid payments still running (or replaced) before it, so asking
 * again never stretches a hold.
 */
export async function holdDeadline(
  q: Queryable,
  userId: number,
  now: Date,
  holdSeconds: number,
): Promise<Date> {
  const fresh = new Date(now.getTime() + holdSeconds * 1000);
  const rows = await q.query<{ deadline: unknown }>(
    `SELECT min(hold_expires_at) AS deadline FROM transactions
      WHERE user_id = $1 AND verified_at IS NULL AND hold_expires_at > $2`,
    [userId, now.toISOString()],
  );
  const earlier = isoOrNull(rows[0]?.deadline ?? null);
  return earlier !== null && Date.parse(earlier) < fresh.getTime() ? new Date(earlier) : fresh;
}

/**
 * Gives back the units of every unpaid payment whose hold has lapsed by `now` (a paid one
 * keeps them until its order). Rows another server is ending are skipped, not waited for.
 * Returns how many holds ended.
 */
export async function expireLapsedHolds(db: Database, now: Date): Promise<number> {
  const ended = await db.transaction((q) =>
    endHolds(
      q,
      `UPDATE transactions SET hold_released_at = hold_expires_at
        WHERE reference IN (
                SELECT reference FROM transactions
                 WHERE hold_released_at IS NULL AND verified_at IS NULL AND hold_expires_at <= $1
                 ORDER BY hold_expires_at LIMIT 500 FOR UPDATE SKIP LOCKED)
          AND hold_released_at IS NULL AND verified_at IS NULL
        RETURNING reference`,
      [now.toISOString()],
    ),
  );
  return ended.length;
}

export async function recordAuthorization(
  db: Queryable,
  reference: string,
  accessCode: string,
  authorizationUrl: string,
): Promise<void> {
  await db.query(
    `UPDATE transactions SET access_code = $2, authorization_url = $3, updated_at = now()
      WHERE reference = $1`,
    [reference, accessCode, authorizationUrl],
  );
}

export async function findTransaction(
  db: Queryable,
  reference: string,
  options: { lock?: boolean } = {},
): Promise<TransactionRecord | null> {
  const rows = await db.query<TransactionRow>(
    `SELECT ${COLUMNS} FROM transactions WHERE reference = $1${options.lock ? ' FOR UPDATE' : ''}`,
    [reference],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** The shopper's own transaction; another shopper's reference is as good as unknown. */
export async function findUserTransaction(
  db: Queryable,
  userId: number,
  reference: string,
): Promise<TransactionRecord | null> {
  const t = await findTransaction(db, reference);
  return t && t.userId === userId ? t : null;
}

/**
 * Records what the provider said. A verified success is final: nothing overwrites it. A
 * payment that failed or was abandoned gives its stock back.
 */
export async function recordProviderStatus(
  db: Database,
  reference: string,
  status: TransactionStatus,
  paidAt: string | null,
  verified: boolean,
  channel: PaystackChannel | null = null,
): Promise<void> {
  await db.transaction(async (q) => {
    const changed = await q.query(
      `UPDATE transactions
          SET status = $2, paid_at = COALESCE($3, paid_at), channel = COALESCE($5, channel),
              verified_at = CASE WHEN $4 THEN COALESCE(verified_at, now()) ELSE verified_at END,
              updated_at = now()
        WHERE reference = $1 AND verified_at IS NULL
        RETURNING reference`,
      [reference, status, paidAt, verified, channel],
    );
    if (changed.length > 0 && (status === 'failed' || status === 'abandoned')) {
      await releaseHold(q, reference, new Date());
    }
  });
}
