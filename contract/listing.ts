/**
 * The catalogue listing's names and limits, plain values both sides share: the shop's first
 * screen imports these alone, without the rest of contract/rules.ts (banks, cities, patterns).
 * rules.ts re-exports them, so either import works.
 */

/**
 * How a page of products may be ordered. `featured` is the catalogue's own order (the
 * default without a search); `relevance` (the default with one) needs a search text.
 */
export const PRODUCT_SORTS = [
  'featured',
  'relevance',
  'price_asc',
  'price_desc',
  'discount',
  'newest',
  'rating',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Products on a page when the caller names no limit, and the most one page may hold. */
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

/** The longest search text. */
export const MAX_SEARCH_LENGTH = 200;

/** The highest price a filter may name, in naira. */
export const MAX_PRICE_NAIRA = 100_000_000;

/** Nearest matches offered when a search finds nothing, and type-ahead names at most. */
export const MAX_SEARCH_SUGGESTIONS = 6;
