/**
 * The back office catalogue's words and limits as plain values (no TypeBox), so the
 * storefront's back office imports them without the schemas.
 */

export const VAT_CLASSES = ['exempt', 'standard'] as const;
export type VatClass = (typeof VAT_CLASSES)[number];
export const VAT_CLASS_LABELS: Record<VatClass, string> = {
  exempt: 'VAT exempt (basic food)',
  standard: 'Standard VAT (7.5%)',
};

/** Why stock changed; 'import' is the spreadsheet's and is not offered in the stock dialog. */
export const STOCK_REASONS = ['received', 'counted', 'damaged', 'returned'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
export const STOCK_REASON_LABELS: Record<StockReason | 'import', string> = {
  received: 'Received',
  counted: 'Counted',
  damaged: 'Damaged',
  returned: 'Returned',
  import: 'Spreadsheet import',
};

export const MAX_PRODUCT_NAME_LENGTH = 120;
export const MAX_PRODUCT_DESCRIPTION_LENGTH = 4000;
export const MAX_UNIT_LENGTH = 40;
export const MAX_CATEGORY_NAME_LENGTH = 60;
export const MAX_STOCK_NOTE_LENGTH = 300;
/** ₦10,000,000: above any price an Ibadan grocery sets; a typo guard. */
export const MAX_PRODUCT_PRICE_NAIRA = 10_000_000;
export const MAX_STOCK = 1_000_000;
export const STAFF_PRODUCT_PAGE_SIZE = 20;

export const CATALOGUE_MESSAGES = {
  price: 'Enter a price above ₦0, e.g. 2,300',
  priceKobo: 'A price has at most two digits after the point (kobo)',
  discount: 'The discount must be above ₦0 and below the price',
  stock: `Stock must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en-NG')}`,
  name: `Enter a product name of 1 to ${MAX_PRODUCT_NAME_LENGTH} characters`,
  categoryName: `Enter a category name of 1 to ${MAX_CATEGORY_NAME_LENGTH} characters`,
  ownerOnly: 'Only the shop owner can do this',
  productNotFound: 'That product is not in the catalogue',
  noLongerSold: 'is no longer sold',
  categoryNotFound: 'That category does not exist',
} as const;

/** The fields a PATCH /staff/products/:id may carry besides row_version. */
export type UpdateProductField =
  | 'row_version'
  | 'name'
  | 'description'
  | 'category'
  | 'price'
  | 'discount'
  | 'stock'
  | 'unit'
  | 'vat_class'
  | 'low_stock_level'
  | 'archived';

/** The fields staff (not only the owner) may change. */
export const STAFF_EDITABLE_FIELDS: readonly UpdateProductField[] = ['stock'];

/** The shop's answer for an archived product's page, cart or wishlist: "<name> is no longer sold". */
export function noLongerSoldDetail(name: string): string {
  return `${name} ${CATALOGUE_MESSAGES.noLongerSold}`;
}
