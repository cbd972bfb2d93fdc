import type { Gender, User } from '../../../contract';
export { normalizeEmail } from '../../../contract/email';
import type { Queryable } from './client';
import { iso, isoOrNull, num, numOrNull } from './rows';

export interface UserRecord {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  mobileNumber: string;
  age: number;
  gender: Gender;
  role: string;
  emailVerified: boolean;
  passwordHash: string;
  referredByAffiliateId: number | null;
  /** When a code sent by SMS to the current number was used; null: the number is unproven. */
  mobileVerifiedAt: string | null;
  lastLoggedIn: string | null;
  /** When the password last changed (ISO, to the millisecond): the version a login proves. */
  passwordChangedAt: string;
}

interface UserRow {
  id: unknown;
  email: string;
  first_name: string;
  last_name: string;
  mobile_number: string;
  age: unknown;
  gender: Gender;
  role: string;
  emailverified: boolean;
  password_hash: string;
  referred_by_affiliate_id: unknown;
  mobile_verified_at: unknown;
  last_logged_in: unknown;
  password_changed_at: unknown;
}

const COLUMNS = `id, email, first_name, last_name, mobile_number, age, gender, role, emailverified,
  password_hash, referred_by_affiliate_id, mobile_verified_at, last_logged_in, password_changed_at`;

function toRecord(r: UserRow): UserRecord {
  return {
    id: num(r.id),
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    mobileNumber: r.mobile_number,
    age: num(r.age),
    gender: r.gender,
    role: r.role,
    emailVerified: r.emailverified,
    passwordHash: r.password_hash,
    referredByAffiliateId: numOrNull(r.referred_by_affiliate_id),
    mobileVerifiedAt: isoOrNull(r.mobile_verified_at),
    lastLoggedIn: isoOrNull(r.last_logged_in),
    passwordChangedAt: iso(r.password_changed_at),
  };
}

export function toUser(u: UserRecord): User {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    mobile_number: u.mobileNumber,
    age: u.age,
    gender: u.gender,
  };
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | null> {
  const rows = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [email]);
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function findUserById(db: Queryable, id: number): Promise<UserRecord | null> {
  const rows = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  mobileNumber: string;
  age: number;
  gender: Gender;
  passwordHash: string;
  referredByAffiliateId: number | null;
  emailVerified?: boolean;
}

/** Every account is created as a customer; nothing a client sends changes that. */
export async function insertUser(db: Queryable, user: NewUser): Promise<UserRecord> {
  const rows = await db.query<UserRow>(
    `INSERT INTO users (email, first_name, last_name, mobile_number, age, gender, role,
       emailverified, password_hash, referred_by_affiliate_id)
     VALUES ($1, $2, $3, $4, $5, $6, 'customer', $7, $8, $9)
     RETURNING ${COLUMNS}`,
    [
      user.email,
      user.firstName,
      user.lastName,
      user.mobileNumber,
      user.age,
      user.gender,
      user.emailVerified ?? false,
      user.passwordHash,
      user.referredByAffiliateId,
    ],
  );
  return toRecord(rows[0] as UserRow);
}

export async function markEmailVerified(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE users SET emailverified = true, updated_at = now() WHERE id = $1', [
    userId,
  ]);
}

/**
 * Records a login that proved the password current at `passwordChangedAt`, and takes the
 * account's row lock until the transaction ends. False, and nothing written, when the
 * password has changed since: a reset committed while the login was checking the old one
 * (the update waits for the reset's lock, then sees its row). Pass the transaction the
 * session is opened in.
 */
export async function recordLogin(
  db: Queryable,
  userId: number,
  at: Date,
  newHash: string | null,
  passwordChangedAt: string,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE users SET last_logged_in = $2, password_hash = COALESCE($3, password_hash)
      WHERE id = $1 AND password_changed_at = $4::timestamptz
      RETURNING id`,
    [userId, at.toISOString(), newHash, passwordChangedAt],
  );
  return rows.length > 0;
}

/**
 * Sets a new password; the caller ends the account's sessions in the same transaction. The
 * change time only ever moves forward (a clock behind the last change's still makes a new
 * version), so a login that proved the old password is always told apart.
 */
export async function setPassword(
  db: Queryable,
  userId: number,
  passwordHash: string,
  verifyEmail: boolean,
  at: Date,
): Promise<void> {
  await db.query(
    `UPDATE users SET password_hash = $2, updated_at = now(), emailverified = emailverified OR $3,
       password_changed_at = GREATEST($4::timestamptz, password_changed_at + interval '1 millisecond')
      WHERE id = $1`,
    [userId, passwordHash, verifyEmail, at.toISOString()],
  );
}

/** Marks the number proven, unless it changed since the code was sent. */
export async function markMobileVerified(
  db: Queryable,
  userId: number,
  mobileNumber: string,
  at: Date,
): Promise<void> {
  await db.query(
    `UPDATE users SET mobile_verified_at = $3
      WHERE id = $1 AND mobile_number = $2 AND mobile_verified_at IS NULL`,
    [userId, mobileNumber, at.toISOString()],
  );
}

/**
 * A new mobile number is unproven until a code sent to it is used, and the codes already
 * sent (perhaps by SMS to the old number) stop working.
 */
export async function updateProfile(
  db: Queryable,
  userId: number,
  changes: { mobileNumber?: string; age?: number; gender?: Gender },
): Promise<UserRecord | null> {
  const rows = await db.query<UserRow>(
    `UPDATE users SET mobile_number = COALESCE($2, mobile_number), age = COALESCE($3, age),
       gender = COALESCE($4, gender), updated_at = now(),
       mobile_verified_at = CASE WHEN $2::text IS NULL OR $2::text = mobile_number
                                 THEN mobile_verified_at END
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [userId, changes.mobileNumber ?? null, changes.age ?? null, changes.gender ?? null],
  );
  if (changes.mobileNumber !== undefined) {
    await db.query('UPDATE otps SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
      userId,
    ]);
  }
  return rows[0] ? toRecord(rows[0]) : null;
}

/** 0803..., 803..., +234803... and 234803... all become 0803... */
export function normalizeMobile(mobile: string): string {
  const digits = mobile.trim().replace(/^\+/, '');
  if (digits.startsWith('234')) return `0${digits.slice(3)}`;
  if (digits.length === 10) return `0${digits}`;
  return digits;
}

/**
 * The accounts whose mobile number is `mobileNumber` (stored form, 0803...) and was proven by
 * a code sent to it by SMS: an unproven number may be a stranger's, typed into a sign-up.
 * At most two rows, enough to tell one owner from a shared number.
 */
export async function findUsersByProvenMobile(
  db: Queryable,
  mobileNumber: string,
): Promise<UserRecord[]> {
  const rows = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users
      WHERE mobile_number = $1 AND mobile_verified_at IS NOT NULL
      ORDER BY id LIMIT 2`,
    [mobileNumber],
  );
  return rows.map(toRecord);
}
