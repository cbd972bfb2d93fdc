/** One formatter for every price on screen: ₦ with thousands separators (docs/product.md#numbers-and-limits). */
const nairaWhole = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });
const nairaKobo = new Intl.NumberFormat('en-NG', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatNaira(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  if (!Number.isFinite(n)) return '₦ 0';
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  const body = Number.isInteger(Math.round(abs * 100) / 100)
    ? nairaWhole.format(abs)
    : nairaKobo.format(abs);
  return `${sign}₦ ${body}`;
}

const longDate = new Intl.DateTimeFormat('en-NG', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'Africa/Lagos',
});
const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Africa/Lagos',
});

/** The spec's date: a long date, then 'at' and hh:mm, in Nigerian time (e.g. "21 November 2026 at 14:05"). */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${longDate.format(date)} at ${clock.format(date)}`;
}

/**
 * When something happened, as short as is still clear: hh:mm on the same day in Nigerian time
 * as `now`, else the full date as formatDate writes it ("14:05", "21 November 2026 at 14:05").
 */
export function formatWhen(value: string | number | Date, now: number = Date.now()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return longDate.format(date) === longDate.format(now) ? clock.format(date) : formatDate(date);
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
