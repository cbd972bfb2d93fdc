/**
 * Bearer-token authentication: requireUser (a route hook) checks the token, the session it
 * names and the account behind it, and puts the caller on request.user. Every failure reads
 * the same, 401 "Could not validate credentials" with WWW-Authenticate: Bearer, as the
 * storefront expects.
 */
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { SessionCache } from '../auth/sessionCache';
import type { TokenService } from '../auth/tokens';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { findOpenSession } from '../db/sessions';
import { credentialsError } from './errors';

export interface AuthUser {
  id: number;
  email: string;
  firstName: string;
  /** The session the request's token belongs to (ended by log out). */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\s*$/i;

export interface Authenticator {
  requireUser: preValidationAsyncHookHandler;
  /** The account a token signs in, if the token is good and its session still open. */
  userOf(token: string): Promise<AuthUser | null>;
}

export function registerAuth(
  app: FastifyInstance,
  deps: { db: Database; tokens: TokenService; clock: Clock; sessions: SessionCache },
): Authenticator {
  app.decorateRequest('user', null);

  // The token's own expiry is checked every time; the session row is read at most every few
  // seconds per session, and an ended session is forgotten as soon as its end is announced.
  async function userOf(token: string): Promise<AuthUser | null> {
    const claims = await deps.tokens.verify(token);
    if (!claims) return null;
    const found = await deps.sessions.lookup(claims.sessionId, claims.userId, () =>
      findOpenSession(deps.db, claims.sessionId, claims.userId, deps.clock.now()),
    );
    if (!found || !found.active) return null;
    return {
      id: found.userId,
      email: found.email,
      firstName: found.firstName,
      sessionId: claims.sessionId,
    };
  }

  return {
    userOf,
    async requireUser(request: FastifyRequest) {
      const match = BEARER.exec(request.headers.authorization ?? '');
      const user = match?.[1] ? await userOf(match[1]) : null;
      if (!user) throw credentialsError();
      request.user = user;
    },
  };
}

/** The caller, on a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw credentialsError();
  return request.user;
}
