/**
 * The one rule for email addresses, imported by the server (schemas, lookups, rate-limit
 * keys) and by the storefront's forms. Plain values only: no schema library, so the
 * storefront can import it without pulling anything else into its bundle.
 *
 * Addresses are ASCII only. That one rule keeps out invisible characters (zero-width
 * spaces and joiners, bidirectional marks) and look-alike letters from other scripts (a
 * Cyrillic "а" for a Latin "a"), either of which would let a second account pass for an
 * existing one. Internationalized domains are accepted in their xn-- form.
 */

/** something@domain.tld in ASCII; spaces around it are allowed (they are trimmed). */
export const EMAIL_PATTERN =
  "^\\s*[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})\\s*$";

const EMAIL = new RegExp(EMAIL_PATTERN);

/** What accounts are stored and looked up by: trimmed and in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}

/** A line break (or any control character) where a value becomes a mail header or log line. */
export function hasLineBreak(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f\u0085\u2028\u2029]/.test(value);
}
