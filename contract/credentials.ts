/**
 * The server's answer to a token it does not accept (with 401), a module of its own: the
 * storefront matches on it on every page (src/lib/getErrorMessage.ts, isCredentialError),
 * and importing it from details.ts would bring every other sentence there to the first
 * screen too.
 */
export const CREDENTIALS_DETAIL = 'Could not validate credentials';
