import { createApi } from './createApi';
import type {
  Category,
  Health,
  Product,
  ProductListQuery,
  ProductPage,
  SearchSuggestions,
} from 'contract';
import { DEFAULT_PAGE_SIZE } from 'contract/listing';
import { env } from '../config/env';
import { createBaseQuery } from './baseQuery';

/**
 * Freezes the products as they arrive, each with its vendor. The store keeps its state
 * frozen; left to itself it walks every field of every product to freeze it (a fifth of a
 * second for ten thousand products on a phone), and skips whatever is frozen already.
 */
function freezeProducts(products: Product[]): Product[] {
  for (const product of products) {
    Object.freeze(product.vendor);
    Object.freeze(product);
  }
  Object.freeze(products);
  return products;
}

/** What a listing shows: a search, a category, filters and an order; the pages are the query's. */
export type ProductListing = Omit<ProductListQuery, 'limit' | 'offset'>;

/**
 * The next page's offset, or undefined after the last. Counted from what the page holds, not
 * from the page size asked for, so a server that gives smaller pages is still read to the end.
 */
export function nextPageOffset(page: ProductPage): number | undefined {
  const next = page.offset + page.items.length;
  return page.items.length > 0 && next < page.total ? next : undefined;
}

/** Products: the whole catalogue, the shop's pages, search and one product's page. Anyone may read them. */
export const productApi = createApi({
  reducerPath: 'productApi',
  refetchOnReconnect: true,
  // The catalogue is the same for everyone: asked for without the shopper's token, so the
  // service worker may keep it for signed-in shoppers too (it never keeps a signed request).
  baseQuery: createBaseQuery(env.apiBaseUrls.product, { sendToken: false }),
  tagTypes: ['Product'],
  endpoints: (build) => ({
    /**
     * The search text, '' for every product: the original call, answered with an array of
     * the whole catalogue or of every match, best first (the search alone asks for no page,
     * see asksForPage in contract/listing.ts).
     */
    getProducts: build.query<Product[], string>({
      // A search the shopper repeats within five minutes is answered from the cache.
      keepUnusedDataFor: 300,
      query: (search) => {
        const q = search.trim();
        return { url: '/get-all-products', params: q === '' ? undefined : { q } };
      },
      transformResponse: (answer: Product[]) => freezeProducts(answer),
      // One tag for the list, not one per product: products are only ever invalidated all
      // together (a paid order changes stock), and ten thousand tags cost the store a
      // quarter of a second on a phone each time the catalogue arrives.
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    /**
     * A listing a page at a time (the shop's grid, its search and "did you mean"): the first
     * page first, then `fetchNextPage` as the shopper scrolls. `limit` and `offset` are
     * always sent, so even a search alone is answered a page. The cache keeps RTK Query's
     * `{ pages, pageParams }`, the page param being the offset.
     */
    getProductPages: build.infiniteQuery<ProductPage, ProductListing, number>({
      keepUnusedDataFor: 300,
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage) => nextPageOffset(lastPage),
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/get-all-products',
        params: { ...queryArg, limit: DEFAULT_PAGE_SIZE, offset: pageParam },
      }),
      transformResponse: (page: ProductPage) => {
        freezeProducts(page.items);
        freezeProducts(page.suggestions);
        return page;
      },
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    /** The categories with products, with their counts, for the shop's chips. */
    getCategories: build.query<Category[], void>({
      query: () => '/categories',
      keepUnusedDataFor: 300,
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    /** Product names for type-ahead, best first. */
    getSearchSuggestions: build.query<SearchSuggestions['suggestions'], string>({
      query: (q) => ({ url: '/search-suggestions', params: { q } }),
      transformResponse: (answer: SearchSuggestions) => answer.suggestions,
      keepUnusedDataFor: 60,
    }),
    getProduct: build.query<Product, string>({
      query: (slug) => `/get-product/${encodeURIComponent(slug)}`,
      providesTags: (_product, _error, slug) => [{ type: 'Product', id: slug }],
    }),
    /**
     * Whether this shop is the reference server's demo (payments simulated), from its health
     * answer (beyond the spec). A backend without that call answers an error: not a demo.
     */
    getShopMode: build.query<Health['mode'], void>({
      query: () => '/health',
      transformResponse: (health: Health) => health.mode,
      // The mode is fixed while the server runs.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const {
  useGetProductsQuery,
  useGetProductPagesInfiniteQuery,
  useGetCategoriesQuery,
  useGetSearchSuggestionsQuery,
  useGetProductQuery,
  useGetShopModeQuery,
} = productApi;
