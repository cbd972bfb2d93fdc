/**
 * A whole number as en-NG writes it, grouped in threes: 1234567 -> "1,234,567". Written out
 * rather than with Intl.NumberFormat: a page's first Intl formatter loads the locale's data,
 * about 14 ms on a phone (55 ms in Lighthouse's 4x slower CPU) in the task that shows the
 * page's first prices; the dates below need Intl and build theirs only when first used.
 */
function grouped(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Below a trillion naira the amount in kobo is a safe integer, so the sums in nairaBody are
 * exact; from there on Intl writes the amount. No price comes near it.
 */
const WRITTEN_OUT_BELOW = 1e12;

/** A count of things, grouped in threes like prices: "Showing 1,204 products". */
export function formatCount(n: number): string {
  return Number.isSafeInteger(n) ? grouped(n) : String(n);
}

/** One formatter for every price on screen: ₦ with thousands separators (docs/product.md#numbers-and-limits). */
export function formatNaira(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  if (!Number.isFinite(n)) return '₦ 0';
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  return `${sign}₦ ${nairaBody(abs)}`;
}

/** Whole naira when the kobo round to none ("1,150"), else naira and kobo ("2,499.50"). */
function nairaBody(abs: number): string {
  const whole = Number.isInteger(Math.round(abs * 100) / 100);
  if (abs >= WRITTEN_OUT_BELOW)
    return (whole ? nairaFormats().whole : nairaFormats().kobo).format(abs);
  if (whole) return grouped(Math.round(abs));
  // Rounded as Intl.NumberFormat rounds: the shortest decimal that reads back as the number
  // (1.005 -> "1.01"), not the double's binary value (1.00499..., which toFixed rounds down).
  // Under a trillion and at least half a kobo, String() writes no exponent.
  const [naira = '0', decimals = ''] = String(abs).split('.');
  const kobo =
    Number(naira) * 100 +
    Number(decimals.slice(0, 2).padEnd(2, '0')) +
    (decimals.charAt(2) >= '5' ? 1 : 0);
  return `${grouped(Math.floor(kobo / 100))}.${String(kobo % 100).padStart(2, '0')}`;
}

/** Formatters made on first use, never at start-up (see `grouped`). */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

const nairaFormats = once(() => ({
  whole: new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 }),
  kobo: new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
}));

const dateFormats = once(() => ({
  longDate: new Intl.DateTimeFormat('en-NG', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'Africa/Lagos',
  }),
  clock: new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Africa/Lagos',
  }),
  day: new Intl.DateTimeFormat('en-NG', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'Africa/Lagos',
  }),
}));

/** The spec's date: a long date, then 'at' and hh:mm, in Nigerian time (e.g. "21 November 2026 at 14:05"). */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const { longDate, clock } = dateFormats();
  return `${longDate.format(date)} at ${clock.format(date)}`;
}

/**
 * When something happened, as short as is still clear: hh:mm on the same day in Nigerian time
 * as `now`, else the full date as formatDate writes it ("14:05", "21 November 2026 at 14:05").
 */
export function formatWhen(value: string | number | Date, now: number = Date.now()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const { longDate, clock } = dateFormats();
  return longDate.format(date) === longDate.format(now) ? clock.format(date) : formatDate(date);
}

/** A Lagos calendar day (YYYY-MM-DD) as 'Wednesday, 26 November'; the text itself if not one. */
export function formatDay(day: string): string {
  // Noon Lagos time: the same calendar day whatever the reader's own time zone.
  const date = new Date(`${day}T12:00:00+01:00`);
  return Number.isNaN(date.getTime()) ? day : dateFormats().day.format(date);
}

/**
 * An email address as a shopper may be shown where a code went, without revealing it to
 * whoever looks over their shoulder: "funmi.ade@example.ng" -> "f•••e@example.ng".
 */
export function maskEmail(email: string): string {
  const address = email.trim();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  const local = address.slice(0, at);
  const shown = local.length > 3 ? `${local[0]}•••${local.at(-1)}` : `${local[0]}•••`;
  return `${shown}${address.slice(at)}`;
}

/** A mobile number with its middle hidden: "08031234567" -> "0803•••567". */
export function maskPhone(mobile: string): string {
  const digits = mobile.replace(/[^\d+]/g, '');
  return digits.length < 8 ? digits : `${digits.slice(0, 4)}•••${digits.slice(-3)}`;
}
