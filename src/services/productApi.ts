import { createApi } from '@reduxjs/toolkit/query/react';
import type { Health, Product, ProductPage } from 'contract';
import { MAX_PAGE_SIZE } from 'contract/rules';
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

/** Products: the shop grid (with search) and one product's page. Anyone may read them. */
export const productApi = createApi({
  reducerPath: 'productApi',
  refetchOnReconnect: true,
  baseQuery: createBaseQuery(env.apiBaseUrls.product),
  tagTypes: ['Product'],
  endpoints: (build) => ({
    /**
     * The search text, '' for every product. Without a search the answer is the whole
     * catalogue (an array); a search answers a page, best matches first, of which the shop
     * shows the largest the server gives.
     */
    getProducts: build.query<Product[], string>({
      // A search the shopper repeats within five minutes is answered from the cache.
      keepUnusedDataFor: 300,
      query: (search) => {
        const q = search.trim();
        return {
          url: '/get-all-products',
          params: q === '' ? undefined : { q, limit: MAX_PAGE_SIZE },
        };
      },
      transformResponse: (answer: Product[] | ProductPage) =>
        freezeProducts(Array.isArray(answer) ? answer : answer.items),
      // One tag for the list, not one per product: products are only ever invalidated all
      // together (a paid order changes stock), and ten thousand tags cost the store a
      // quarter of a second on a phone each time the catalogue arrives.
      providesTags: [{ type: 'Product', id: 'LIST' }],
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

export const { useGetProductsQuery, useGetProductQuery, useGetShopModeQuery } = productApi;
