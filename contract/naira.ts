/**
 * Amounts in naira as people type them, read one way everywhere: the spreadsheet import, the
 * product form, the shop's fees and limits. Plain values (no TypeBox), so the storefront
 * imports it too.
 */
import { MAX_PRODUCT_PRICE_NAIRA } from './catalogueRules';

/** The highest delivery fee the back office takes, in naira: a typo guard, not a policy. */
export const MAX_DELIVERY_FEE_NAIRA = 1_000_000;
/** The highest pay-later cap, in naira (the environment setting's own limit). */
export const MAX_PAY_LATER_CAP_NAIRA = 100_000_000;

/** What reading a money cell gives: kobo, or the reason in words. */
export type NairaReading = { kobo: number } | { problem: string };

// Thousands grouped by commas or spaces (no grouping at all is fine too), then at most two
// digits of kobo after a point. "2.300,00" (a point for thousands) is refused rather than
// guessed: read as 2.3 it would sell a ₦2,300 bag for ₦2.30.
const GROUPED = /^\d{1,3}(?:([, ])\d{3})?(?:\1\d{3})*(?:\.\d{1,2})?$/;
const PLAIN = /^\d+(?:\.\d{1,2})?$/;

/**
 * Reads an amount in naira as people type it: "₦2,300", "N2,300", "NGN 2300", "2300",
 * "2,300.00", "2 300". Answers whole kobo, or a sentence saying what is wrong.
 */
export function readNaira(text: string, maxNaira = MAX_PRODUCT_PRICE_NAIRA): NairaReading {
  const cleaned = text
    .trim()
    // Spreadsheets and phones write a no-break or thin space between the thousands.
    .replace(/[\u00a0\u2009\u202f]/g, ' ')
    .replace(/^(?:₦|NGN|N)\s*/i, '')
    .trim();
  if (cleaned === '') return { problem: 'is empty: write the amount in naira, like 2300' };
  if (/^-/.test(cleaned)) return { problem: `"${text.trim()}" is below ₦0` };
  if (!PLAIN.test(cleaned) && !GROUPED.test(cleaned)) {
    return /^[\d., ]+$/.test(cleaned)
      ? {
          problem: `"${text.trim()}" is not an amount the shop can read: use a point for kobo and commas for thousands, like 2,300.50`,
        }
      : { problem: `"${text.trim()}" is not an amount in naira: write it like 2300 or ₦2,300` };
  }
  const [whole = '0', fraction = ''] = cleaned.replace(/[, ]/g, '').split('.');
  const kobo = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (kobo > maxNaira * 100) {
    return {
      problem: `"${text.trim()}" is more than ₦${maxNaira.toLocaleString('en-NG')}: check the zeros`,
    };
  }
  return { kobo };
}

/** Kobo as the export writes it: plain naira a spreadsheet reads as a number (2300, 2300.5). */
export function nairaCell(kobo: number): string {
  const naira = Math.floor(kobo / 100);
  const rest = kobo % 100;
  return rest === 0 ? String(naira) : `${naira}.${String(rest).padStart(2, '0')}`;
}

/**
 * A typed amount as naira (at most two decimals), or null when it is not one or is above
 * `maxNaira` (a product's price limit unless said).
 */
export function nairaOrNull(typed: string, maxNaira = MAX_PRODUCT_PRICE_NAIRA): number | null {
  const reading = readNaira(typed, maxNaira);
  return 'kobo' in reading ? reading.kobo / 100 : null;
}
