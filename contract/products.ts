/** The product service: the catalogue, one product, its picture. */
import { Type, type Static } from 'typebox';
import { PAGE_PARAMETERS, type PageParameter } from './listing';
import { MAX_PAGE_SIZE, MAX_PRICE_NAIRA, MAX_SEARCH_LENGTH, PRODUCT_SORTS } from './rules';

export const VendorSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  description: Type.String(),
});
export type Vendor = Static<typeof VendorSchema>;

export const ProductSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  /** One image link (a path on the server, e.g. /api/images/products/garri.svg). */
  images: Type.String(),
  amount: Type.Number(),
  disc_amount: Type.Union([Type.Number(), Type.Null()]),
  ratings: Type.Integer({ minimum: 0, maximum: 5 }),
  inventory_stock: Type.Integer({ minimum: 0 }),
  description: Type.String(),
  category: Type.String(),
  vendor: VendorSchema,
});
export type Product = Static<typeof ProductSchema>;

/**
 * GET /get-all-products. Without any of these, or with `q` alone, the answer is an array of
 * Product, as the original contract has it; with any other, a ProductPage (asksForPage in
 * listing.ts decides).
 */
export const ProductListQuerySchema = Type.Object({
  /** Search text: word stems, similar spellings and synonyms count; blank means no search. */
  q: Type.Optional(Type.String({ maxLength: MAX_SEARCH_LENGTH })),
  /** One category's exact name, as GET /categories lists it. */
  category: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  /** Bounds of the price the shopper pays (amount less disc_amount), in naira, inclusive. */
  min_price: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_PRICE_NAIRA })),
  max_price: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_PRICE_NAIRA })),
  /** true: only products in stock; false: only those out of stock. */
  in_stock: Type.Optional(Type.Boolean()),
  /** true: only discounted products; false: only those at full price. */
  discounted: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Enum(PRODUCT_SORTS)),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
});
export type ProductListQuery = Static<typeof ProductListQuerySchema>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only while PAGE_PARAMETERS names every listing parameter but `q`. */
const _pageParametersWhole: Same<PageParameter, Exclude<keyof ProductListQuery, 'q'>> = true;

/** One page of a listing or search. */
export const ProductPageSchema = Type.Object({
  items: Type.Array(ProductSchema),
  /** How many products match, over all pages. */
  total: Type.Integer({ minimum: 0 }),
  limit: Type.Integer({ minimum: 1 }),
  offset: Type.Integer({ minimum: 0 }),
  /** The order applied (the default when the request named none). */
  sort: Type.Enum(PRODUCT_SORTS),
  /** The search text as understood (trimmed), or null without a search. */
  q: Type.Union([Type.String(), Type.Null()]),
  /**
   * When a search matches nothing: the nearest products to what was typed (whatever the
   * filters), best first; otherwise empty.
   */
  suggestions: Type.Array(ProductSchema),
});
export type ProductPage = Static<typeof ProductPageSchema>;

/**
 * What GET /get-all-products answers: the array without page parameters (every product, or
 * every match to `q`, best first), a page with any.
 */
export const ProductListAnswerSchema = Type.Union([Type.Array(ProductSchema), ProductPageSchema], {
  description:
    `Without any of ${PAGE_PARAMETERS.join(', ')}: an array of every product, or with q ` +
    'of every match, best first. With any of them: a page.',
});

/**
 * GET /categories: the categories with a product in stock, in the order the owner set (the
 * home page's tiles and the shop's chips).
 */
export const CategorySchema = Type.Object({
  name: Type.String(),
  slug: Type.String(),
  /** The category's picture, or null for none yet. */
  image: Type.Union([Type.String(), Type.Null()]),
  /** Products in the category. */
  products: Type.Integer({ minimum: 0 }),
  /** Of those, how many are in stock. */
  in_stock: Type.Integer({ minimum: 0 }),
});
export type Category = Static<typeof CategorySchema>;

/** GET /search-suggestions?q=: product names for type-ahead, best first. */
export const SearchSuggestionsQuerySchema = Type.Object({
  q: Type.String({ maxLength: MAX_SEARCH_LENGTH }),
});

export const SearchSuggestionsSchema = Type.Object({
  q: Type.String(),
  suggestions: Type.Array(Type.Object({ name: Type.String(), slug: Type.String() })),
});
export type SearchSuggestions = Static<typeof SearchSuggestionsSchema>;

export const SlugParamsSchema = Type.Object({
  slug: Type.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9-]+$' }),
});

/** GET /images/products/{file}: `<slug>.svg`. */
export const ProductImageParamsSchema = Type.Object({
  file: Type.String({ minLength: 5, maxLength: 210, pattern: '^[a-z0-9-]+\\.svg$' }),
});
