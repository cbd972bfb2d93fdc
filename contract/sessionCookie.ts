/**
 * The session cookie: the shopper's session (contract/session.ts) as the storefront copies it
 * beside its localStorage values (src/app/sessionCookie.ts), which the server reads only to
 * render a page as this shopper will see it (server/src/shopperPage.ts). The API never reads
 * it: every API call still carries its token in the Authorization header, so a request
 * another site makes the browser send with the cookie can do nothing. It holds all six
 * values, so the page the server renders is the one the browser would render from its own
 * copy, and the browser can take it over in place. Plain values, no TypeBox.
 */
import { SESSION_KEYS, type SessionValues } from './session';

export const SESSION_COOKIE = 'ibm_session';

/** How long a login's token lasts unless the server's JWT_EXPIRES_IN says otherwise. */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** The expiry (seconds since the epoch) a JWT states, or null when it states none we can read. */
function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1] ?? '';
  if (!/^[A-Za-z0-9_-]+$/.test(payload)) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    const exp = (claims as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/**
 * Seconds the cookie is kept: as long as its token lasts, read from the token's own expiry
 * (which the server sets from JWT_EXPIRES_IN), so the cookie never outlives the token; the
 * default lifetime when the token states none. 0 once the token has expired.
 */
export function sessionCookieMaxAge(token: string, nowMs: number): number {
  const exp = tokenExpiry(token);
  if (exp === null) return DEFAULT_TOKEN_LIFETIME_SECONDS;
  return Math.max(0, Math.floor(exp - nowMs / 1000));
}

/** A browser keeps a cookie of at most 4,096 bytes; a longer session is not written. */
export const MAX_SESSION_COOKIE_BYTES = 4_000;

/** The cookie's value: the values that are set, as an encoded query string. */
export function encodeSessionCookie(session: SessionValues): string {
  const params = new URLSearchParams();
  for (const key of SESSION_KEYS) {
    const value = session[key];
    if (value !== null) params.set(key, value);
  }
  return encodeURIComponent(params.toString());
}

/** The session a cookie's value holds; null when it names no token (nobody signed in). */
export function decodeSessionCookie(value: string): SessionValues | null {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(decodeURIComponent(value));
  } catch {
    return null;
  }
  const session = Object.fromEntries(
    SESSION_KEYS.map((key) => [key, params.get(key)]),
  ) as SessionValues;
  return session.authToken ? session : null;
}

/** The value of cookie `name` in a Cookie header (or document.cookie), or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      return part.slice(separator + 1).trim();
    }
  }
  return null;
}
