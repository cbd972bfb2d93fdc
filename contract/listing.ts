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

/**
 * The listing parameters that ask GET /get-all-products for a page ({items, total, limit,
 * ...}): paging, filters and the order. Without any of them the answer is the original
 * contract's array of products, of the whole catalogue or, with `q`, of every match to the
 * search, best first. Every other listing parameter is one of these (products.ts checks).
 */
export const PAGE_PARAMETERS = [
  'category',
  'min_price',
  'max_price',
  'in_stock',
  'discounted',
  'sort',
  'limit',
  'offset',
] as const;
export type PageParameter = (typeof PAGE_PARAMETERS)[number];

/** Whether a request with these parameters (a query object or URLSearchParams) gets a page. */
export function asksForPage(
  params: URLSearchParams | Readonly<Partial<Record<string, unknown>>>,
): boolean {
  return PAGE_PARAMETERS.some((name) =>
    params instanceof URLSearchParams ? params.has(name) : params[name] !== undefined,
  );
}
