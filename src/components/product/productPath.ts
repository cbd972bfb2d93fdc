/** The product page's address: the product is named by its slug, so a link can be shared. */
export { PRODUCT_SLUG_PARAM, productDetailsPath } from 'contract/links';
