import { MAX_PRICE_NAIRA, PRODUCT_SORTS, type ProductSort } from 'contract/listing';
import type { ProductListing } from '../../services/productApi';

/**
 * The shop's choices besides the search text, as they sit in the page's address. The names
 * are the API's own, so a shared link reads the same to a person and to the server.
 */
export const LISTING_PARAMS = {
  category: 'category',
  minPrice: 'min_price',
  maxPrice: 'max_price',
  inStock: 'in_stock',
  discounted: 'discounted',
  sort: 'sort',
} as const;

export interface ListingChoice {
  category: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  /** Only products in stock. */
  inStock: boolean;
  /** Only discounted products. */
  discounted: boolean;
  /** null: the default order (the catalogue's, or best match for a search). */
  sort: ProductSort | null;
}

export const NO_CHOICE: ListingChoice = {
  category: null,
  minPrice: null,
  maxPrice: null,
  inStock: false,
  discounted: false,
  sort: null,
};

/** The orders on offer: best match only for a search, since it ranks against the search text. */
export function sortsFor(searching: boolean): ProductSort[] {
  return PRODUCT_SORTS.filter((sort) => sort !== (searching ? 'featured' : 'relevance'));
}

function price(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= MAX_PRICE_NAIRA ? value : null;
}

function isSort(text: string | null): text is ProductSort {
  return (PRODUCT_SORTS as readonly string[]).includes(text ?? '');
}

/**
 * The choice a page's address holds. Whatever a shared or hand-edited link carries, what
 * cannot be read falls back to no choice for that filter, never to an error: the server would
 * refuse it (422) and the shopper would see no products at all.
 */
export function readListing(params: URLSearchParams, searching: boolean): ListingChoice {
  const category = params.get(LISTING_PARAMS.category)?.trim() ?? '';
  let minPrice = price(params.get(LISTING_PARAMS.minPrice));
  let maxPrice = price(params.get(LISTING_PARAMS.maxPrice));
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  const sort = params.get(LISTING_PARAMS.sort);
  return {
    category: category !== '' && category.length <= 100 ? category : null,
    minPrice,
    maxPrice,
    inStock: params.get(LISTING_PARAMS.inStock) === 'true',
    discounted: params.get(LISTING_PARAMS.discounted) === 'true',
    sort: isSort(sort) && sortsFor(searching).includes(sort) ? sort : null,
  };
}

/** The address's parameters with a choice written in (the search and anything else kept). */
export function writeListing(params: URLSearchParams, choice: ListingChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  const values: Record<keyof ListingChoice, string | null> = {
    category: choice.category,
    minPrice: choice.minPrice === null ? null : String(choice.minPrice),
    maxPrice: choice.maxPrice === null ? null : String(choice.maxPrice),
    inStock: choice.inStock ? 'true' : null,
    discounted: choice.discounted ? 'true' : null,
    sort: choice.sort,
  };
  for (const key of Object.keys(LISTING_PARAMS) as (keyof ListingChoice)[]) {
    const value = values[key];
    if (value === null) next.delete(LISTING_PARAMS[key]);
    else next.set(LISTING_PARAMS[key], value);
  }
  return next;
}

/** How many filters are on (the category and the order have controls of their own). */
export function activeFilterCount(choice: ListingChoice): number {
  return (
    Number(choice.minPrice !== null || choice.maxPrice !== null) +
    Number(choice.inStock) +
    Number(choice.discounted)
  );
}

/** What to ask the server for: the search key and the choice, with nothing left undefined-but-set. */
export function listingQuery(q: string, choice: ListingChoice): ProductListing {
  const listing: ProductListing = {};
  if (q !== '') listing.q = q;
  if (choice.category !== null) listing.category = choice.category;
  if (choice.minPrice !== null) listing.min_price = choice.minPrice;
  if (choice.maxPrice !== null) listing.max_price = choice.maxPrice;
  if (choice.inStock) listing.in_stock = true;
  if (choice.discounted) listing.discounted = true;
  if (choice.sort !== null) listing.sort = choice.sort;
  return listing;
}
