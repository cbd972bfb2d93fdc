/**
 * The tab titles of the public pages. The storefront sets them once it runs; the server writes
 * the same into the first HTML, so a crawler, a shared link and the tab read the page's own
 * title from the start and the title never changes under the shopper. Plain values, no TypeBox.
 */

/** The shop's name, which ends every tab title. */
export const SHOP_TITLE = 'Ibadan Market';

export const PAGE_TITLES = {
  shop: 'Shop',
  home: 'Home',
  vendors: 'Vendors',
  faq: 'FAQ',
  contact: 'Contact us',
  policies: 'Terms and conditions',
  /** The product page before a product is chosen or while it loads, and /detail. */
  productDetails: 'Product details',
  productNotFound: 'Product not found',
} as const;

/** "<page> | Ibadan Market" */
export function documentTitle(page: string): string {
  return `${page} | ${SHOP_TITLE}`;
}

/** The shop's title, naming the search (as typed, trimmed) when there is one. */
export function shopTitle(search: string): string {
  return search ? `“${search}” in the shop` : PAGE_TITLES.shop;
}
