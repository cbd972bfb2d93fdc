import type { Product } from 'contract';

type Priced = Pick<Product, 'amount' | 'disc_amount'>;

/** The saving a product offers: its disc_amount, or 0 when it has none (docs/product.md#numbers-and-limits). */
export function savingOf(product: Priced): number {
  const saving = product.disc_amount ?? 0;
  return Number.isFinite(saving) && saving > 0 ? Math.min(saving, product.amount) : 0;
}

/** What the shopper pays for one: the amount less the discount. */
export function priceOf(product: Priced): number {
  return Math.round((product.amount - savingOf(product)) * 100) / 100;
}
