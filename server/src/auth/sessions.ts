/**
 * Sessions: a login opens one (a row, and a token that names it); log out ends it; a new
 * password ends them all. Every server sharing the database sees an ended session at once,
 * because requireUser looks the row up on every call.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import type { Queryable } from '../db/client';
import { endSession, endUserSessions, insertSession } from '../db/sessions';
import type { TokenService } from './tokens';

export interface SessionService {
  /** Opens a session for the account and returns its bearer token. */
  open(userId: number, deviceId: string | null): Promise<string>;
  end(sessionId: string): Promise<void>;
  /**
   * Ends every session of the account but `except` (the caller's own, when it made the
   * change); pass the transaction the change is made in.
   */
  endAll(db: Queryable, userId: number, except?: string): Promise<void>;
}

export function createSessionService(deps: {
  db: Queryable;
  tokens: TokenService;
  clock: Clock;
  ttlSeconds: number;
}): SessionService {
  const { db, tokens, clock, ttlSeconds } = deps;
  return {
    async open(userId, deviceId) {
      const now = clock.now();
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + ttlSeconds;
      const sessionId = randomUUID();
      await insertSession(db, {
        id: sessionId,
        userId,
        deviceId,
        createdAt: now,
        expiresAt: new Date(expiresAt * 1000),
      });
      return tokens.sign({ userId, sessionId, issuedAt, expiresAt });
    },
    end: (sessionId) => endSession(db, sessionId, clock.now()),
    endAll: (q, userId, except) => endUserSessions(q, userId, clock.now(), except ?? null),
  };
}
