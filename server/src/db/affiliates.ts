import type { Affiliate } from '../../../contract';
import { toNaira } from '../money';
import type { Queryable } from './client';
import { ledgerKeys, recordMoney } from './ledger';
import { iso, num } from './rows';

interface AffiliateRow {
  id: unknown;
  user_id: unknown;
  code: string;
  account_details: string;
  month_generated_kobo: unknown;
  total_generated_kobo: unknown;
  total_paid_kobo: unknown;
}

export interface AffiliateRecord {
  id: number;
  userId: number;
  affiliate: Affiliate;
}

const COLUMNS =
  'id, user_id, code, account_details, month_generated_kobo, total_generated_kobo, total_paid_kobo';

function toRecord(r: AffiliateRow): AffiliateRecord {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    affiliate: {
      code: r.code,
      month_generated: toNaira(num(r.month_generated_kobo)),
      total_generated: toNaira(num(r.total_generated_kobo)),
      total_paid: toNaira(num(r.total_paid_kobo)),
      acount_details: r.account_details,
    },
  };
}

export async function findAffiliateByUser(
  db: Queryable,
  userId: number,
): Promise<AffiliateRecord | null> {
  const rows = await db.query<AffiliateRow>(
    `SELECT ${COLUMNS} FROM affiliates WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function findAffiliateIdByCode(db: Queryable, code: string): Promise<number | null> {
  const rows = await db.query<{ id: unknown }>('SELECT id FROM affiliates WHERE code = $1', [code]);
  return rows[0] ? num(rows[0].id) : null;
}

export async function insertAffiliate(
  db: Queryable,
  userId: number,
  code: string,
  accountDetails: string,
): Promise<AffiliateRecord> {
  const rows = await db.query<AffiliateRow>(
    `INSERT INTO affiliates (user_id, code, account_details) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
    [userId, code, accountDetails],
  );
  return toRecord(rows[0] as AffiliateRow);
}

export interface Referrer {
  affiliateId: number;
  /** The affiliate's own account, and what could show it is the buyer's too. */
  userId: number;
  mobileNumber: string;
  accountNumber: string | null;
  buyerMobile: string;
  /** The payout account of the buyer, when the buyer is an affiliate as well. */
  buyerAccountNumber: string | null;
}

/** The affiliate who referred the buyer, with what tells whether it is the buyer again. */
export async function findReferrer(db: Queryable, buyerId: number): Promise<Referrer | null> {
  const rows = await db.query<{
    affiliate_id: unknown;
    user_id: unknown;
    mobile_number: string;
    account_details: string;
    buyer_mobile: string;
    buyer_account_details: string | null;
  }>(
    `SELECT a.id AS affiliate_id, a.user_id, au.mobile_number, a.account_details,
            b.mobile_number AS buyer_mobile, ba.account_details AS buyer_account_details
       FROM users b
       JOIN affiliates a ON a.id = b.referred_by_affiliate_id
       JOIN users au ON au.id = a.user_id
       LEFT JOIN affiliates ba ON ba.user_id = b.id
      WHERE b.id = $1`,
    [buyerId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    affiliateId: num(r.affiliate_id),
    userId: num(r.user_id),
    mobileNumber: r.mobile_number,
    accountNumber: accountNumberOf(r.account_details),
    buyerMobile: r.buyer_mobile,
    buyerAccountNumber: r.buyer_account_details ? accountNumberOf(r.buyer_account_details) : null,
  };
}

function accountNumberOf(details: string): string | null {
  try {
    const parsed: unknown = JSON.parse(details);
    if (typeof parsed === 'object' && parsed !== null && 'account_number' in parsed) {
      return typeof parsed.account_number === 'string' ? parsed.account_number : null;
    }
  } catch {
    // Stored by this server as JSON; anything else has no number to compare.
  }
  return null;
}

export async function creditCommission(
  db: Queryable,
  affiliateId: number,
  kobo: number,
): Promise<void> {
  if (kobo <= 0) return;
  await db.query(
    `UPDATE affiliates SET month_generated_kobo = month_generated_kobo + $2,
       total_generated_kobo = total_generated_kobo + $2
      WHERE id = $1`,
    [affiliateId, kobo],
  );
}

export interface PayoutRecord {
  id: number;
  amountKobo: number;
  status: string;
  createdAt: string;
}

/**
 * Moves this month's earnings into a pending payout, exactly once: the row lock and the
 * "month_generated_kobo > 0" condition mean a second request finds nothing left to move.
 */
export async function requestPayout(
  db: Queryable,
  userId: number,
  at: Date,
): Promise<PayoutRecord | null> {
  const locked = await db.query<{ id: unknown; month_generated_kobo: unknown }>(
    'SELECT id, month_generated_kobo FROM affiliates WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  const row = locked[0];
  if (!row) return null;
  const amount = num(row.month_generated_kobo);
  const moved = await db.query<{ id: unknown }>(
    `UPDATE affiliates SET total_paid_kobo = total_paid_kobo + month_generated_kobo,
       month_generated_kobo = 0
      WHERE id = $1 AND month_generated_kobo = $2 AND month_generated_kobo > 0 RETURNING id`,
    [num(row.id), amount],
  );
  if (moved.length !== 1) return null;
  const payout = await db.query<{
    id: unknown;
    amount_kobo: unknown;
    status: string;
    created_at: unknown;
  }>(
    `INSERT INTO payouts (affiliate_id, amount_kobo, status) VALUES ($1, $2, 'pending')
     RETURNING id, amount_kobo, status, created_at`,
    [num(row.id), amount],
  );
  const p = payout[0];
  if (!p) return null;
  await recordMoney(db, {
    kind: 'payout_requested',
    amountKobo: amount,
    eventKey: ledgerKeys.payoutRequested(num(p.id)),
    affiliateId: num(row.id),
    actorUserId: userId,
    at,
  });
  return {
    id: num(p.id),
    amountKobo: num(p.amount_kobo),
    status: p.status,
    createdAt: iso(p.created_at),
  };
}
