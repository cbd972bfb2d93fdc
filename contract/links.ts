/**
 * Storefront addresses both sides write: the storefront routes to them (src/lib/paths.ts) and
 * the server puts them in notifications, emails and messages. Plain values, no TypeBox.
 */

/** The product page; the product is named by its slug in the query (shareable). */
export const PRODUCT_PAGE_PATH = '/detail/product-details';
export const PRODUCT_SLUG_PARAM = 'slug';
/** One order, with its timeline, among the shopper's orders. */
export const ORDER_PAGE_PATH = '/profile/orders/:orderId';
/** The page shown once an order is placed (paid online or to pay later). */
export const ORDER_CONFIRMATION_PATH = '/order-confirmation/:orderId';

/** /detail/product-details?slug=rice-10kg */
export function productDetailsPath(slug: string): string {
  return `${PRODUCT_PAGE_PATH}?${new URLSearchParams({ [PRODUCT_SLUG_PARAM]: slug })}`;
}

/** /profile/orders/12 */
export function orderPagePath(orderId: number): string {
  return ORDER_PAGE_PATH.replace(':orderId', String(orderId));
}

/** /order-confirmation/12 */
export function orderConfirmationPath(orderId: number): string {
  return ORDER_CONFIRMATION_PATH.replace(':orderId', String(orderId));
}
