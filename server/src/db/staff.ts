/** Staff accounts: the demo one, and the ones an operator creates or promotes. */
import type { PasswordHasher } from '../auth/passwords';
import type { Queryable } from './client';
import { num } from './rows';

export const DEMO_STAFF = {
  email: 'staff@ibadanmarket.ng',
  password: 'StaffPass123!',
  firstName: 'Bisi',
  lastName: 'Adeyemi',
  mobileNumber: '08039876543',
  age: 34,
  gender: 'female',
} as const;

/**
 * Adds the demo staff account when it is missing (demo mode only: its password is published).
 * Hashes only when needed, so a usual start costs one read.
 */
export async function ensureDemoStaff(db: Queryable, passwords: PasswordHasher): Promise<boolean> {
  const found = await db.query('SELECT 1 FROM users WHERE email = $1', [DEMO_STAFF.email]);
  if (found.length > 0) return false;
  const hash = await passwords.hash(DEMO_STAFF.password);
  const rows = await db.query(
    `INSERT INTO users (email, first_name, last_name, mobile_number, age, gender, role,
       emailverified, password_hash)
     VALUES ($1, $2, $3, $4, $5, $6, 'staff', true, $7)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [
      DEMO_STAFF.email,
      DEMO_STAFF.firstName,
      DEMO_STAFF.lastName,
      DEMO_STAFF.mobileNumber,
      DEMO_STAFF.age,
      DEMO_STAFF.gender,
      hash,
    ],
  );
  return rows.length === 1;
}

export interface NewStaff {
  email: string;
  firstName: string;
  lastName: string;
  mobileNumber: string;
  passwordHash: string;
}

/** Creates an activated staff account, or makes an existing account staff (keeping its password). */
export async function createOrPromoteStaff(
  db: Queryable,
  s: NewStaff,
): Promise<{ id: number; created: boolean }> {
  const promoted = await db.query<{ id: unknown }>(
    "UPDATE users SET role = 'staff', updated_at = now() WHERE email = $1 RETURNING id",
    [s.email],
  );
  if (promoted[0]) return { id: num(promoted[0].id), created: false };
  const rows = await db.query<{ id: unknown }>(
    `INSERT INTO users (email, first_name, last_name, mobile_number, age, gender, role,
       emailverified, password_hash)
     VALUES ($1, $2, $3, $4, 18, 'other', 'staff', true, $5) RETURNING id`,
    [s.email, s.firstName, s.lastName, s.mobileNumber, s.passwordHash],
  );
  return { id: num(rows[0]?.id), created: true };
}
