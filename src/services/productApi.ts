import { createApi } from '@reduxjs/toolkit/query/react';
import type { Product } from 'contract';
import { env } from '../config/env';
import { createBaseQuery } from './baseQuery';

/** Products: the shop grid (with search) and one product's page. Anyone may read them. */
export const productApi = createApi({
  reducerPath: 'productApi',
  baseQuery: createBaseQuery(env.apiBaseUrls.product),
  tagTypes: ['Product'],
  endpoints: (build) => ({
    /** The search text, '' for every product; ?q= is sent only for a non-empty search. */
    getProducts: build.query<Product[], string>({
      // A search the shopper repeats within five minutes is answered from the cache.
      keepUnusedDataFor: 300,
      query: (search) => {
        const q = search.trim();
        return { url: '/get-all-products', params: q === '' ? undefined : { q } };
      },
      providesTags: (products = []) => [
        ...products.map((p) => ({ type: 'Product' as const, id: p.slug })),
        { type: 'Product' as const, id: 'LIST' },
      ],
    }),
    getProduct: build.query<Product, string>({
      query: (slug) => `/get-product/${encodeURIComponent(slug)}`,
      providesTags: (_product, _error, slug) => [{ type: 'Product', id: slug }],
    }),
  }),
});

export const { useGetProductsQuery, useGetProductQuery } = productApi;
