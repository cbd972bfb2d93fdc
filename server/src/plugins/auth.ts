/**
 * Bearer-token authentication: requireUser (a route hook) checks the token and the account
 * behind it and puts the caller on request.user. Every failure reads the same, 401
 * "Could not validate credentials" with WWW-Authenticate: Bearer, as the storefront expects.
 */
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { TokenService } from '../auth/tokens';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { findUserById } from '../db/users';
import { credentialsError } from './errors';

export interface AuthUser {
  id: number;
  email: string;
  firstName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\s*$/i;

/**
 * Every signed-in call needs the account behind the token (does it exist, is it active,
 * was the password changed since). It is kept this long, so a shopper's burst of calls costs
 * one lookup; a password reset in this process drops it at once, other processes sharing a
 * PostgreSQL see it within this time.
 */
const ACCOUNT_CACHE_MS = 5000;
const ACCOUNT_CACHE_ENTRIES = 10_000;

interface Account {
  user: AuthUser;
  active: boolean;
  tokensValidAfterMs: number | null;
  fetchedAt: number;
}

export interface Authenticator {
  requireUser: preValidationAsyncHookHandler;
  /** Forgets what is known of an account (after its password or status changed). */
  forget(userId: number): void;
}

export function registerAuth(
  app: FastifyInstance,
  deps: { db: Database; tokens: TokenService; clock: Clock },
): Authenticator {
  app.decorateRequest('user', null);
  const accounts = new Map<number, Account>();

  async function account(userId: number): Promise<Account | null> {
    const now = deps.clock.now().getTime();
    const known = accounts.get(userId);
    if (known && now - known.fetchedAt < ACCOUNT_CACHE_MS) return known;
    const record = await findUserById(deps.db, userId);
    if (!record) {
      accounts.delete(userId);
      return null;
    }
    const fresh: Account = {
      user: { id: record.id, email: record.email, firstName: record.firstName },
      active: record.emailVerified,
      tokensValidAfterMs: record.tokensValidAfter ? Date.parse(record.tokensValidAfter) : null,
      fetchedAt: now,
    };
    accounts.delete(userId);
    accounts.set(userId, fresh);
    if (accounts.size > ACCOUNT_CACHE_ENTRIES) {
      const oldest = accounts.keys().next();
      if (!oldest.done) accounts.delete(oldest.value);
    }
    return fresh;
  }

  return {
    async requireUser(request: FastifyRequest) {
      const match = BEARER.exec(request.headers.authorization ?? '');
      const claims = match?.[1] ? deps.tokens.verify(match[1]) : null;
      if (!claims) throw credentialsError();
      const found = await account(claims.userId);
      if (!found || !found.active) throw credentialsError();
      if (found.tokensValidAfterMs !== null && claims.issuedAt * 1000 < found.tokensValidAfterMs) {
        throw credentialsError();
      }
      request.user = found.user;
    },
    forget(userId) {
      accounts.delete(userId);
    },
  };
}

/** The caller, on a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw credentialsError();
  return request.user;
}
