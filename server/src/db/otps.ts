import type { Queryable } from './client';
import { iso, num } from './rows';

export interface OtpRecord {
  id: number;
  userId: number;
  channel: 'sms' | 'email';
  codeHash: string;
  attempts: number;
  expiresAt: string;
  usedAt: string | null;
}

interface OtpRow {
  id: unknown;
  user_id: unknown;
  channel: 'sms' | 'email';
  code_hash: string;
  attempts: unknown;
  expires_at: unknown;
  used_at: unknown;
}

export async function insertOtp(
  db: Queryable,
  otp: {
    userId: number;
    channel: 'sms' | 'email';
    codeHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO otps (user_id, channel, code_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      otp.userId,
      otp.channel,
      otp.codeHash,
      otp.createdAt.toISOString(),
      otp.expiresAt.toISOString(),
    ],
  );
}

/**
 * Takes the address's turn (until the transaction ends), so two quick requests for one
 * address cannot both pass the limits; also forgets its requests from before `since`.
 */
export async function lockCodeAddress(db: Queryable, address: string, since: Date): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [address]);
  await db.query('DELETE FROM code_requests WHERE address = $1 AND created_at <= $2', [
    address,
    since.toISOString(),
  ]);
}

export async function insertCodeRequest(db: Queryable, address: string, at: Date): Promise<void> {
  await db.query('INSERT INTO code_requests (address, created_at) VALUES ($1, $2)', [
    address,
    at.toISOString(),
  ]);
}

/** Requests of addresses nobody asked about again within the hour (tidying up). */
export async function forgetOldCodeRequests(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM code_requests WHERE created_at <= $1', [before.toISOString()]);
}

/** How many codes an address asked for since `since`, and when the latest and oldest were. */
export async function recentCodeRequests(
  db: Queryable,
  address: string,
  since: Date,
): Promise<{ count: number; latest: string | null; oldest: string | null }> {
  const rows = await db.query<{ count: unknown; latest: unknown; oldest: unknown }>(
    `SELECT count(*) AS count, max(created_at) AS latest, min(created_at) AS oldest
       FROM code_requests WHERE address = $1 AND created_at > $2`,
    [address, since.toISOString()],
  );
  const row = rows[0];
  return {
    count: row ? num(row.count) : 0,
    latest: row?.latest ? iso(row.latest) : null,
    oldest: row?.oldest ? iso(row.oldest) : null,
  };
}

/** Only the newest code of a user counts: asking for a new one retires the old. */
export async function latestOtp(db: Queryable, userId: number): Promise<OtpRecord | null> {
  const rows = await db.query<OtpRow>(
    `SELECT id, user_id, channel, code_hash, attempts, expires_at, used_at
       FROM otps WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
    [userId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: num(r.id),
    userId: num(r.user_id),
    channel: r.channel,
    codeHash: r.code_hash,
    attempts: num(r.attempts),
    expiresAt: iso(r.expires_at),
    usedAt: r.used_at ? iso(r.used_at) : null,
  };
}

/** Counts a wrong guess, atomically, so parallel guesses cannot exceed the limit. */
export async function countWrongGuess(
  db: Queryable,
  otpId: number,
  maxAttempts: number,
): Promise<void> {
  await db.query('UPDATE otps SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2', [
    otpId,
    maxAttempts,
  ]);
}

/** Marks the code used; false when another request used it first (single use). */
export async function consumeOtp(
  db: Queryable,
  otpId: number,
  now: Date,
  maxAttempts: number,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE otps SET used_at = $2
      WHERE id = $1 AND used_at IS NULL AND attempts < $3 AND expires_at > $2
      RETURNING id`,
    [otpId, now.toISOString(), maxAttempts],
  );
  return rows.length === 1;
}
