import type { DeliveryModel, TransactionStatus } from '../../../contract';
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
}

const COLUMNS =
  'id, reference, user_id, provider, amount_kobo, currency, delivery_method, status, paid_at, verified_at';

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
  };
}

export async function insertTransaction(
  db: Queryable,
  t: {
    reference: string;
    userId: number;
    provider: 'paystack' | 'sandbox';
    amountKobo: number;
    deliveryMethod: DeliveryModel;
  },
): Promise<TransactionRecord> {
  const rows = await db.query<TransactionRow>(
    `INSERT INTO transactions (reference, user_id, provider, amount_kobo, currency, delivery_method)
     VALUES ($1, $2, $3, $4, 'NGN', $5) RETURNING ${COLUMNS}`,
    [t.reference, t.userId, t.provider, t.amountKobo, t.deliveryMethod],
  );
  return toRecord(rows[0] as TransactionRow);
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

/** Records what the provider said. A verified success is final: nothing overwrites it. */
export async function recordProviderStatus(
  db: Queryable,
  reference: string,
  status: TransactionStatus,
  paidAt: string | null,
  verified: boolean,
): Promise<void> {
  await db.query(
    `UPDATE transactions
        SET status = $2, paid_at = COALESCE($3, paid_at),
            verified_at = CASE WHEN $4 THEN COALESCE(verified_at, now()) ELSE verified_at END,
            updated_at = now()
      WHERE reference = $1 AND verified_at IS NULL`,
    [reference, status, paidAt, verified],
  );
}
