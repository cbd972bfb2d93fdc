import type { Cart } from 'contract';
import { DELIVERY_AND_PACKAGING_NAIRA } from 'contract/rules';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** What the shopper pays: the cart after VAT plus delivery and packaging. */
export function totalToPay(cart: Pick<Cart, 'price_after_vat'>): number {
  return round2(cart.price_after_vat + DELIVERY_AND_PACKAGING_NAIRA);
}

/** Naira to kobo, the unit Paystack amounts are in. */
export function toKobo(naira: number): number {
  return Math.round(naira * 100);
}
