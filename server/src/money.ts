/**
 * Money: whole kobo everywhere inside the server, naira (at most two decimals) in answers.
 * VAT is rounded to the kobo once per cart, never per line.
 */
import { DELIVERY_AND_PACKAGING_NAIRA, VAT_RATE } from '../../contract';

export const DELIVERY_FEE_KOBO = DELIVERY_AND_PACKAGING_NAIRA * 100;
const VAT_BASIS_POINTS = Math.round(VAT_RATE * 10_000);

/** kobo / 100 is the double nearest the decimal, so JSON prints at most two decimals. */
export function toNaira(kobo: number): number {
  return kobo / 100;
}

export function vatKobo(subtotalKobo: number): number {
  return Math.round((subtotalKobo * VAT_BASIS_POINTS) / 10_000);
}

export interface CartTotals {
  subtotalKobo: number;
  vatKobo: number;
  afterVatKobo: number;
  /** What the shopper pays: after VAT plus delivery and packaging. */
  payableKobo: number;
}

/**
 * `deliveryFeeKobo`: the delivery area's fee for a delivery order (the back office sets it);
 * pickup orders and the cart's own figures keep the fixed delivery and packaging charge.
 */
export function cartTotals(
  lineTotalsKobo: readonly number[],
  deliveryFeeKobo: number = DELIVERY_FEE_KOBO,
): CartTotals {
  const subtotal = lineTotalsKobo.reduce((sum, line) => sum + line, 0);
  const vat = vatKobo(subtotal);
  return {
    subtotalKobo: subtotal,
    vatKobo: vat,
    afterVatKobo: subtotal + vat,
    payableKobo: subtotal + vat + deliveryFeeKobo,
  };
}

/** ₦7,170 or ₦25,982.50: kobo shown only when there are some. */
export function formatNaira(kobo: number): string {
  const decimals = kobo % 100 === 0 ? 0 : 2;
  return `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}
