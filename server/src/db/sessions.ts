import { prepared, type Queryable } from './client';
import { num } from './rows';

export interface SessionAccount {
  userId: number;
  email: string;
  firstName: string;
  active: boolean;
}

export async function insertSession(
  db: Queryable,
  session: {
    id: string;
    userId: number;
    deviceId: string | null;
    createdAt: Date;
    expiresAt: Date;
    /** The password change it proved: the session counts from no earlier than that. */
    passwordChangedAt: string;
  },
): Promise<void> {
  if (session.deviceId !== null) {
    await db.query(
      `INSERT INTO user_devices (device_id, user_id) VALUES ($1, $2)
       ON CONFLICT (device_id, user_id) DO NOTHING`,
      [session.deviceId, session.userId],
    );
  }
  // Sessions that ran out are of no use to anyone: a login tidies its own account's.
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND expires_at <= $2', [
    session.userId,
    session.createdAt.toISOString(),
  ]);
  // A clock behind the one that changed the password must not issue a session that reads
  // as older than the change, and is then refused.
  await db.query(
    `INSERT INTO sessions (id, user_id, created_at, expires_at)
     VALUES ($1, $2, GREATEST($3::timestamptz, $5::timestamptz), $4)`,
    [
      session.id,
      session.userId,
      session.createdAt.toISOString(),
      session.expiresAt.toISOString(),
      session.passwordChangedAt,
    ],
  );
}

// Every signed-in request runs it.
const OPEN_SESSION = prepared(
  'open_session',
  `SELECT u.id, u.email, u.first_name, u.emailverified
     FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = $1 AND s.user_id = $2 AND s.ended_at IS NULL AND s.expires_at > $3
      AND s.created_at >= u.password_changed_at`,
);

/**
 * The account behind an open session of that user; null when it ended, expired, is not
 * theirs, or was issued before the account's password last changed.
 */
export async function findOpenSession(
  db: Queryable,
  sessionId: string,
  userId: number,
  now: Date,
): Promise<SessionAccount | null> {
  const rows = await db.query<{
    id: unknown;
    email: string;
    first_name: string;
    emailverified: boolean;
  }>(OPEN_SESSION, [sessionId, userId, now.toISOString()]);
  const r = rows[0];
  if (!r) return null;
  return { userId: num(r.id), email: r.email, firstName: r.first_name, active: r.emailverified };
}

export async function endSession(db: Queryable, sessionId: string, at: Date): Promise<void> {
  await db.query('UPDATE sessions SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL', [
    sessionId,
    at.toISOString(),
  ]);
}

/** Ends every session of the account (a new password, a changed mobile number). */
export async function endUserSessions(
  db: Queryable,
  userId: number,
  at: Date,
  except: string | null = null,
): Promise<void> {
  await db.query(
    `UPDATE sessions SET ended_at = $2
      WHERE user_id = $1 AND ended_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [userId, at.toISOString(), except],
  );
}

/** Whether two accounts were ever signed in from the same browser. */
export async function shareDevice(db: Queryable, userA: number, userB: number): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM user_devices a JOIN user_devices b ON a.device_id = b.device_id
      WHERE a.user_id = $1 AND b.user_id = $2 LIMIT 1`,
    [userA, userB],
  );
  return rows.length > 0;
}
