/**
 * Sessions: a login opens one (a row, and a token that names it); log out ends it; a new
 * password ends them all. Whoever ends sessions announces it in the same transaction
 * (auth/sessionCache.ts), so every server sharing the database refuses them within moments,
 * though it keeps open sessions in memory for a few seconds.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/client';
import { endSession, endUserSessions, insertSession } from '../db/sessions';
import { recordLogin } from '../db/users';
import { announceSessionsEnded } from './sessionCache';
import type { TokenService } from './tokens';

/** What a login proved: the account's password as it was at `passwordChangedAt`. */
export interface PasswordProof {
  userId: number;
  passwordChangedAt: string;
  /** The same password hashed with today's parameters, to store; null to keep the hash. */
  rehash: string | null;
}

export interface SessionService {
  /**
   * Opens a session for a login and returns its bearer token; null when the password
   * changed after the login checked it (a reset won the race), so nothing was opened.
   */
  open(proof: PasswordProof, deviceId: string | null): Promise<string | null>;
  end(sessionId: string): Promise<void>;
  /**
   * Ends every session of the account but `except` (the caller's own, when it made the
   * change); pass the transaction the change is made in.
   */
  endAll(db: Queryable, userId: number, except?: string): Promise<void>;
}

export function createSessionService(deps: {
  db: Database;
  tokens: TokenService;
  clock: Clock;
  ttlSeconds: number;
}): SessionService {
  const { db, tokens, clock, ttlSeconds } = deps;
  return {
    async open(proof, deviceId) {
      const { userId } = proof;
      const now = clock.now();
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + ttlSeconds;
      const sessionId = randomUUID();
      // One transaction: the account row stays locked from the check to the new session,
      // so a reset either ends this session or makes the check fail, never neither.
      const opened = await db.transaction(async (tx) => {
        if (!(await recordLogin(tx, userId, now, proof.rehash, proof.passwordChangedAt))) {
          return false;
        }
        await insertSession(tx, {
          id: sessionId,
          userId,
          deviceId,
          createdAt: now,
          expiresAt: new Date(expiresAt * 1000),
          passwordChangedAt: proof.passwordChangedAt,
        });
        return true;
      });
      return opened ? tokens.sign({ userId, sessionId, issuedAt, expiresAt }) : null;
    },
    end: (sessionId) =>
      db.transaction(async (tx) => {
        await endSession(tx, sessionId, clock.now());
        await announceSessionsEnded(db, tx, { sessionId });
      }),
    async endAll(q, userId, except) {
      await endUserSessions(q, userId, clock.now(), except ?? null);
      // The caller's own session, if kept, is forgotten too: it is simply read again.
      await announceSessionsEnded(db, q, { userId });
    },
  };
}
