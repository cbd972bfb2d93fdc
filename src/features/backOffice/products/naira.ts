/**
 * Prices as the owner types them: "2300", "2,300", "₦2,300", "N2,300.50", "2 300". The
 * answer is naira (a number with at most two decimals), or null when it is not a price.
 */
export function parseNaira(typed: string): number | null {
  const text = typed
    .trim()
    .replace(/^(₦|NGN|N)\s*/i, '')
    .replace(/[\s,]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** What a price field shows for a stored price: "2,300" or "2,300.50". */
export function nairaText(naira: number | null | undefined): string {
  if (naira === null || naira === undefined) return '';
  const whole = Number.isInteger(naira);
  return naira.toLocaleString('en-NG', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
}
