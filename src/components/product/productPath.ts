import { paths } from '../../lib/paths';

/** The query parameter that names the product on the detail page, so its link can be shared. */
export const PRODUCT_SLUG_PARAM = 'slug';

/** The product page's address for one product: /detail/product-details?slug=... */
export function productDetailsPath(slug: string): string {
  return `${paths.productDetails}?${new URLSearchParams({ [PRODUCT_SLUG_PARAM]: slug })}`;
}
