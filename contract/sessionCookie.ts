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

/** Kept as long as a login's token can last; the server checks the token on every read. */
export const SESSION_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

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
