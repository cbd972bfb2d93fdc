/**
 * Email addresses and one-line fields, as the server (schemas, lookups, rate-limit keys) and
 * the storefront's forms both check them. Imports only rules.ts, so the storefront can
 * import it without pulling TypeBox into its bundle. Why addresses are ASCII only: see
 * EMAIL_PATTERN in rules.ts.
 */
import { EMAIL_PATTERN } from './rules';

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
