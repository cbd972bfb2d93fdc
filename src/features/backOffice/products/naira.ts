/** What a price field shows for a stored price: "2,300" or "2,300.50". */
export function nairaText(naira: number | null | undefined): string {
  if (naira === null || naira === undefined) return '';
  const whole = Number.isInteger(naira);
  return naira.toLocaleString('en-NG', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
}
