/** Shop accounts: the demo owner and staff member, and the ones an operator creates or promotes. */
import type { PasswordHasher } from '../auth/passwords';
import type { Queryable } from './client';
import { num } from './rows';

interface DemoMember {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  mobileNumber: string;
  age: number;
  gender: string;
  role: 'owner' | 'staff';
}

export const DEMO_STAFF: DemoMember = {
  email: 'staff@ibadanmarket.ng',
  password: 'StaffPass123!',
  firstName: 'Bisi',
  lastName: 'Adeyemi',
  mobileNumber: '08039876543',
  age: 34,
  gender: 'female',
  role: 'staff',
};

/** The demo shop's owner: everything the back office does, prices and staff included. */
export const DEMO_OWNER: DemoMember = {
  email: 'owner@ibadanmarket.ng',
  password: 'OwnerPass123!',
  firstName: 'Kunle',
  lastName: 'Ogunleye',
  mobileNumber: '08031234560',
  age: 46,
  gender: 'male',
  role: 'owner',
};

/**
 * Adds the demo owner and staff accounts when they are missing (demo mode only: their
 * passwords are published). Hashes only when needed, so a usual start costs one read.
 * Returns how many it added.
 */
export async function ensureDemoStaff(db: Queryable, passwords: PasswordHasher): Promise<number> {
  let added = 0;
  for (const member of [DEMO_OWNER, DEMO_STAFF]) {
    const found = await db.query('SELECT 1 FROM users WHERE email = $1', [member.email]);
    if (found.length > 0) continue;
    const hash = await passwords.hash(member.password);
    const rows = await db.query(
      `INSERT INTO users (email, first_name, last_name, mobile_number, age, gender, role,
         emailverified, password_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, true, $8)
       ON CONFLICT (email) DO NOTHING RETURNING id`,
      [
        member.email,
        member.firstName,
        member.lastName,
        member.mobileNumber,
        member.age,
        member.gender,
        member.role,
        hash,
      ],
    );
    added += rows.length;
  }
  return added;
}

export interface NewStaff {
  email: string;
  firstName: string;
  lastName: string;
  mobileNumber: string;
  passwordHash: string;
  role: 'owner' | 'staff';
}

/**
 * Creates an activated member account with the role, or gives an existing account the role
 * (keeping its password). Either way the account's back-office access is turned on: this is
 * the way back in for an operator who locked everyone out.
 */
export async function createOrPromoteStaff(
  db: Queryable,
  s: NewStaff,
): Promise<{ id: number; created: boolean }> {
  const promoted = await db.query<{ id: unknown }>(
    `UPDATE users SET role = $2, staff_disabled_at = NULL, updated_at = now() WHERE email = $1
     RETURNING id`,
    [s.email, s.role],
  );
  if (promoted[0]) return { id: num(promoted[0].id), created: false };
  const rows = await db.query<{ id: unknown }>(
    `INSERT INTO users (email, first_name, last_name, mobile_number, age, gender, role,
       emailverified, password_hash)
     VALUES ($1, $2, $3, $4, 18, 'other', $6, true, $5) RETURNING id`,
    [s.email, s.firstName, s.lastName, s.mobileNumber, s.passwordHash, s.role],
  );
  return { id: num(rows[0]?.id), created: true };
}
