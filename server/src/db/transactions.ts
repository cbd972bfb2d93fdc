import type { DeliveryModel, PaystackChannel, TransactionStatus } from '../../../contract';
import type { Queryable } from './client';
import { isoOrNull, num } from './rows';

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
}

const COLUMNS = `id, reference, user_id, provider, amount_kobo, currency, delivery_method, status,
  paid_at, verified_at, channel, hold_expires_at, hold_released_at`;

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
  },
): Promise<TransactionRecord> {
  const rows = await db.query<TransactionRow>(
    `INSERT INTO transactions (reference, user_id, provider, amount_kobo, currency, delivery_method,
       hold_expires_at)
     VALUES ($1, $2, $3, $4, 'NGN', $5, $6) RETURNING ${COLUMNS}`,
    [
      t.reference,
      t.userId,
      t.provider,
      t.amountKobo,
      t.deliveryMethod,
      t.holdExpiresAt.toISOString(),
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
 * Stock held by other payments, per product: those not released, not expired (or already
 * paid and waiting for their order). `except` is the payment asking.
 */
export async function heldStock(
  db: Queryable,
  productIds: number[],
  now: Date,
  except: string | null,
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.query<{ product_id: unknown; held: unknown }>(
    `SELECT i.product_id, sum(i.quantity) AS held
       FROM transaction_items i JOIN transactions t ON t.reference = i.reference
      WHERE i.product_id = ANY($1::int[])
        AND t.hold_released_at IS NULL
        AND (t.hold_expires_at > $2 OR t.verified_at IS NOT NULL)
        AND ($3::text IS NULL OR t.reference <> $3::text)
      GROUP BY i.product_id`,
    [productIds, now.toISOString(), except],
  );
  return new Map(rows.map((r) => [num(r.product_id), num(r.held)]));
}

export async function releaseHold(db: Queryable, reference: string, at: Date): Promise<void> {
  await db.query(
    'UPDATE transactions SET hold_released_at = $2 WHERE reference = $1 AND hold_released_at IS NULL',
    [reference, at.toISOString()],
  );
}

/**
 * A shopper starting a new payment gives up the stock of their earlier unpaid ones, so a
 * second try never waits for the first; a payment known to be paid keeps its stock.
 */
export async function releaseUnpaidHolds(db: Queryable, userId: number, at: Date): Promise<void> {
  await db.query(
    `UPDATE transactions SET hold_released_at = $2
      WHERE user_id = $1 AND hold_released_at IS NULL AND verified_at IS NULL`,
    [userId, at.toISOString()],
  );
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
  db: Queryable,
  reference: string,
  status: TransactionStatus,
  paidAt: string | null,
  verified: boolean,
  channel: PaystackChannel | null = null,
): Promise<void> {
  await db.query(
    `UPDATE transactions
        SET status = $2, paid_at = COALESCE($3, paid_at), channel = COALESCE($5, channel),
            verified_at = CASE WHEN $4 THEN COALESCE(verified_at, now()) ELSE verified_at END,
            hold_released_at = CASE WHEN $2 IN ('failed', 'abandoned')
                                    THEN COALESCE(hold_released_at, now())
                                    ELSE hold_released_at END,
            updated_at = now()
      WHERE reference = $1 AND verified_at IS NULL`,
    [reference, status, paidAt, verified, channel],
  );
}
