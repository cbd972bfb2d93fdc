/**
 * The SQL of staff accounts (migration 013): members and their roles, turning an account
 * off, invites, the first owner's setup codes, and reading the change log. Codes are kept
 * as SHA-256 hashes: they are long random strings, so a plain hash is enough to make a
 * stolen copy of the database useless for getting in.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ShopRole, StaffChange, StaffInvite, StaffMember } from '../../../contract';
import type { Queryable } from './client';
import { iso, isoOrNull, num, numOrNull } from './rows';

/** A new code for a link: 32 random bytes as base64url (43 characters). */
export function newCode(): string {
  return randomBytes(32).toString('base64url');
}

export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

interface MemberRow {
  id: unknown;
  first_name: string;
  last_name: string;
  email: string;
  mobile_number: string;
  role: ShopRole;
  staff_disabled_at: unknown;
  last_logged_in: unknown;
}

const MEMBER_COLUMNS = `id, first_name, last_name, email, mobile_number, role, staff_disabled_at,
  last_logged_in`;

function toMember(r: MemberRow): StaffMember {
  return {
    id: num(r.id),
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    mobile_number: r.mobile_number,
    role: r.role,
    disabled_at: isoOrNull(r.staff_disabled_at),
    last_logged_in: isoOrNull(r.last_logged_in),
  };
}

/** The account's role and whether the owner turned its back-office access off. */
export async function findRoleOf(
  db: Queryable,
  userId: number,
): Promise<{ role: string; disabled: boolean } | null> {
  const rows = await db.query<{ role: string; disabled: boolean }>(
    'SELECT role, staff_disabled_at IS NOT NULL AS disabled FROM users WHERE id = $1',
    [userId],
  );
  return rows[0] ?? null;
}

/** Owners first, then staff, each by name. */
export async function listMembers(db: Queryable): Promise<StaffMember[]> {
  const rows = await db.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM users WHERE role IN ('owner', 'staff')
      ORDER BY role = 'owner' DESC, lower(first_name), lower(last_name), id`,
  );
  return rows.map(toMember);
}

/** A member, locked until the transaction ends; null when the account is no member. */
export async function lockMember(tx: Queryable, userId: number): Promise<StaffMember | null> {
  const rows = await tx.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM users WHERE id = $1 AND role IN ('owner', 'staff') FOR UPDATE`,
    [userId],
  );
  return rows[0] ? toMember(rows[0]) : null;
}

/**
 * The owners whose accounts work, locked: two owners demoting each other at once are taken
 * in turn, so the second sees the first's change and the shop keeps an owner.
 */
export async function lockActiveOwners(tx: Queryable): Promise<number[]> {
  const rows = await tx.query<{ id: unknown }>(
    `SELECT id FROM users WHERE role = 'owner' AND staff_disabled_at IS NULL ORDER BY id FOR UPDATE`,
  );
  return rows.map((r) => num(r.id));
}

export async function updateMember(
  tx: Queryable,
  userId: number,
  change: { role: ShopRole; disabledAt: Date | null },
): Promise<StaffMember> {
  const rows = await tx.query<MemberRow>(
    `UPDATE users SET role = $2, staff_disabled_at = $3, updated_at = now() WHERE id = $1
     RETURNING ${MEMBER_COLUMNS}`,
    [userId, change.role, change.disabledAt],
  );
  return toMember(rows[0] as MemberRow);
}

export async function countOwners(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: unknown }>(
    "SELECT count(*) AS n FROM users WHERE role = 'owner'",
  );
  return num(rows[0]?.n ?? 0);
}

// Invites

interface InviteRow {
  id: unknown;
  channel: 'email' | 'sms';
  sent_to: string;
  role: ShopRole;
  invited_by_name: string | null;
  created_at: unknown;
  expires_at: unknown;
}

function toInvite(r: InviteRow): StaffInvite {
  return {
    id: num(r.id),
    channel: r.channel,
    sent_to: r.sent_to,
    role: r.role,
    invited_by: r.invited_by_name ?? 'The shop',
    created_at: iso(r.created_at),
    expires_at: iso(r.expires_at),
  };
}

const INVITE_SELECT = `SELECT i.id, i.channel, i.sent_to, i.role, i.created_at, i.expires_at,
    trim(u.first_name || ' ' || u.last_name) AS invited_by_name
  FROM staff_invites i LEFT JOIN users u ON u.id = i.invited_by`;

export async function insertInvite(
  tx: Queryable,
  invite: {
    codeHash: string;
    channel: 'email' | 'sms';
    sentTo: string;
    role: ShopRole;
    invitedBy: number;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<StaffInvite> {
  const inserted = await tx.query<{ id: unknown }>(
    `INSERT INTO staff_invites (code_hash, channel, sent_to, role, invited_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      invite.codeHash,
      invite.channel,
      invite.sentTo,
      invite.role,
      invite.invitedBy,
      invite.createdAt,
      invite.expiresAt,
    ],
  );
  const rows = await tx.query<InviteRow>(`${INVITE_SELECT} WHERE i.id = $1`, [
    num(inserted[0]?.id),
  ]);
  return toInvite(rows[0] as InviteRow);
}

/** The invites not used yet that still work, newest first. */
export async function listOpenInvites(db: Queryable, now: Date): Promise<StaffInvite[]> {
  const rows = await db.query<InviteRow>(
    `${INVITE_SELECT} WHERE i.used_at IS NULL AND i.expires_at > $1
      ORDER BY i.created_at DESC, i.id DESC`,
    [now],
  );
  return rows.map(toInvite);
}

/**
 * Uses an invite's code once: marks it used by `userId` and returns it, or null when no
 * working invite has this code (unknown, used, or expired).
 */
export async function useInvite(
  tx: Queryable,
  codeHash: string,
  userId: number,
  now: Date,
): Promise<{ id: number; role: ShopRole } | null> {
  const rows = await tx.query<{ id: unknown; role: ShopRole }>(
    `UPDATE staff_invites SET used_at = $3, used_by = $2
      WHERE code_hash = $1 AND used_at IS NULL AND expires_at > $3
      RETURNING id, role`,
    [codeHash, userId, now],
  );
  return rows[0] ? { id: num(rows[0].id), role: rows[0].role } : null;
}

// The first owner's setup codes

/** The end of the setup window open at `now`, if any: codes unused and not expired. */
export async function openSetupWindow(db: Queryable, now: Date): Promise<Date | null> {
  const rows = await db.query<{ until: unknown }>(
    'SELECT max(expires_at) AS until FROM owner_setup_codes WHERE used_at IS NULL AND expires_at > $1',
    [now],
  );
  const until = rows[0]?.until;
  return until == null ? null : new Date(iso(until));
}

export async function insertSetupCode(
  tx: Queryable,
  codeHash: string,
  createdAt: Date,
  expiresAt: Date,
): Promise<void> {
  await tx.query(
    'INSERT INTO owner_setup_codes (code_hash, created_at, expires_at) VALUES ($1, $2, $3)',
    [codeHash, createdAt, expiresAt],
  );
}

/** When the setup code still works: its window's end; else null. */
export async function findSetupCode(
  db: Queryable,
  codeHash: string,
  now: Date,
): Promise<Date | null> {
  const rows = await db.query<{ expires_at: unknown }>(
    'SELECT expires_at FROM owner_setup_codes WHERE code_hash = $1 AND used_at IS NULL AND expires_at > $2',
    [codeHash, now],
  );
  return rows[0] ? new Date(iso(rows[0].expires_at)) : null;
}

/** Uses the code, and with it every other code of its window; false when it did not work. */
export async function useSetupCode(tx: Queryable, codeHash: string, now: Date): Promise<boolean> {
  const found = await tx.query(
    `SELECT 1 FROM owner_setup_codes
      WHERE code_hash = $1 AND used_at IS NULL AND expires_at > $2 FOR UPDATE`,
    [codeHash, now],
  );
  if (found.length === 0) return false;
  await tx.query('UPDATE owner_setup_codes SET used_at = $1 WHERE used_at IS NULL', [now]);
  return true;
}

// The change log

interface ChangeRow {
  id: unknown;
  at: unknown;
  actor_id: unknown;
  actor_name: string | null;
  entity: string;
  entity_id: string | null;
  action: string;
  before: unknown;
  after: unknown;
}

export async function listChanges(
  db: Queryable,
  filter: { entity?: string; entityId?: string; limit: number; offset: number },
): Promise<{ changes: StaffChange[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.entity !== undefined) {
    params.push(filter.entity);
    where.push(`c.entity = $${params.length}`);
  }
  if (filter.entityId !== undefined) {
    params.push(filter.entityId);
    where.push(`c.entity_id = $${params.length}`);
  }
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const counted = await db.query<{ n: unknown }>(
    `SELECT count(*) AS n FROM back_office_changes c ${clause}`,
    params,
  );
  const rows = await db.query<ChangeRow>(
    `SELECT c.id, c.at, c.actor_id, c.entity, c.entity_id, c.action, c.before, c.after,
            trim(u.first_name || ' ' || u.last_name) AS actor_name
       FROM back_office_changes c LEFT JOIN users u ON u.id = c.actor_id
       ${clause}
      ORDER BY c.at DESC, c.id DESC
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, filter.limit, filter.offset],
  );
  return {
    total: num(counted[0]?.n ?? 0),
    changes: rows.map((r) => ({
      id: num(r.id),
      at: iso(r.at),
      actor_id: numOrNull(r.actor_id),
      actor_name: r.actor_name || 'The shop',
      entity: r.entity,
      entity_id: r.entity_id,
      action: r.action,
      before: r.before ?? null,
      after: r.after ?? null,
    })),
  };
}
