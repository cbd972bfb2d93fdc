/**
 * The shopper's session: the six values the storefront keeps in localStorage
 * (src/state/sessionSlice.ts), which it also copies into a cookie (contract/sessionCookie.ts)
 * for the server to render a page as this shopper sees it. Plain values, no TypeBox.
 */

/** The session's values, in the order the storefront keeps them. */
export const SESSION_KEYS = [
  'authToken',
  'productID',
  'orderId',
  'userID',
  'userName',
  'productSlug',
] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];
export type SessionValues = Record<SessionKey, string | null>;

/**
 * What a page rendered for `session` was rendered from, the token left out (the page is
 * HTML, which must not carry it): the server writes it on the page and the browser compares
 * its own session's, to take the page over in place or render it afresh.
 */
export function renderedSessionMark(session: SessionValues): string {
  const params = new URLSearchParams();
  for (const key of SESSION_KEYS) {
    const value = session[key];
    if (key !== 'authToken' && value !== null) params.set(key, value);
  }
  return params.toString();
}
