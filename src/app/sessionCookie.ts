/**
 * The session's cookie (contract/sessionCookie.ts), written whenever the session is written to
 * localStorage (app/sessionPersistence.ts), so that the server can render a signed-in
 * shopper's page as the shopper sees it: the cart itself instead of a placeholder, the header
 * with the shopper's name. Never HttpOnly: the page writes and removes it itself, like the
 * localStorage values it copies (which page scripts can read anyway), and removing it must
 * not need the network (a logout offline still ends what the server renders).
 */
import {
  MAX_SESSION_COOKIE_BYTES,
  SESSION_COOKIE,
  encodeSessionCookie,
  readCookie,
  sessionCookieMaxAge,
} from 'contract/sessionCookie';
import type { SessionValues } from 'contract/session';

/** The page's own cookies: `document` in the browser. */
export type CookieJar = Pick<Document, 'cookie'> & { location: Pick<Location, 'protocol'> | null };

/**
 * Writes `session` into the cookie, kept as long as its token lasts, or removes the cookie
 * when nobody is signed in (or the session would not fit in one, or its token has expired).
 * Nothing is written when the cookie already says the same.
 */
export function writeSessionCookie(
  session: SessionValues,
  jar: CookieJar = document,
  now: number = Date.now(),
): void {
  const maxAge = session.authToken ? sessionCookieMaxAge(session.authToken, now) : 0;
  const value = maxAge > 0 ? encodeSessionCookie(session) : '';
  const fits = value !== '' && value.length <= MAX_SESSION_COOKIE_BYTES;
  const current = readCookie(jar.cookie, SESSION_COOKIE);
  if (fits ? current === value : current === null) return;
  // Secure where the page is (production is served over HTTPS); Lax: a link from another
  // site to the cart opens the shopper's cart, and no other site's form can post with it.
  const attributes = `Path=/; SameSite=Lax${jar.location?.protocol === 'https:' ? '; Secure' : ''}`;
  jar.cookie = fits
    ? `${SESSION_COOKIE}=${value}; Max-Age=${maxAge}; ${attributes}`
    : `${SESSION_COOKIE}=; Max-Age=0; ${attributes}`;
}
