/**
 * Whose page a request for a page asks for: the session in the storefront's session cookie
 * (contract/sessionCookie.ts), if its token signs in an open session of the account the cookie
 * names. Only the page renderer asks (server/src/app.ts); the API never reads the cookie.
 * Anything else (no cookie, a token that expired or was logged out, a cookie naming another
 * account than its token's) is a visitor, and gets the visitor's page.
 */
import type { FastifyRequest } from 'fastify';
import {
  MAX_SESSION_COOKIE_BYTES,
  SESSION_COOKIE,
  decodeSessionCookie,
  readCookie,
} from '../../contract/sessionCookie';
import type { SessionValues } from '../../contract/session';
import type { AuthUser } from './plugins/auth';

export async function shopperOfPageRequest(
  request: Pick<FastifyRequest, 'headers'>,
  userOf: (token: string) => Promise<AuthUser | null>,
): Promise<SessionValues | null> {
  const value = readCookie(request.headers.cookie, SESSION_COOKIE);
  if (!value || value.length > MAX_SESSION_COOKIE_BYTES) return null;
  const session = decodeSessionCookie(value);
  if (!session?.authToken) return null;
  const user = await userOf(session.authToken);
  if (!user || session.userID !== String(user.id)) return null;
  return session;
}

/** Longer addresses are made for each request, never kept. */
const MAX_KEPT_URL_LENGTH = 300;

/**
 * What a visitor's page is kept under (routes/static.ts pageKey): its address within the
 * generation `generation` answers; null for a signed-in shopper's request, whose page is
 * theirs alone, and for addresses too long to be worth keeping.
 */
export async function visitorPageKey(
  request: Pick<FastifyRequest, 'headers' | 'url'>,
  userOf: (token: string) => Promise<AuthUser | null>,
  generation: () => Promise<string>,
): Promise<{ generation: string; key: string } | null> {
  if (request.url.length > MAX_KEPT_URL_LENGTH) return null;
  if (await shopperOfPageRequest(request, userOf)) return null;
  return { generation: await generation(), key: request.url };
}
