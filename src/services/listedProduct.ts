import { createSelector } from '@reduxjs/toolkit';
import type { Product } from 'contract';
import { productApi } from './productApi';

type ProductQueries = ReturnType<typeof productApi.reducer>['queries'];

/** Any store that holds the product slice (services sit below the store's own type). */
interface WithProducts {
  [productApi.reducerPath]: ReturnType<typeof productApi.reducer>;
}

function isProduct(value: unknown): value is Product {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Product).slug === 'string' &&
    typeof (value as Product).name === 'string'
  );
}

function fieldOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** The product lists inside one cached answer, for each of the three shapes a list comes in. */
function listsIn(data: unknown): unknown[][] {
  if (Array.isArray(data)) return [data];
  const items = fieldOf(data, 'items');
  if (Array.isArray(items)) return [items];
  const pages = fieldOf(data, 'pages');
  if (!Array.isArray(pages)) return [];
  return pages.map((page) => fieldOf(page, 'items')).filter(Array.isArray);
}

/**
 * The product with this slug in whatever product lists the store holds, whichever endpoint
 * fetched them: the whole catalogue (an array of products), one page of a listing or search
 * (`{ items }`), or an infinite query's pages (`{ pages: [{ items }] }`). A single product's
 * own answer (getProduct) is left to its own query.
 */
export function findListedProduct(queries: ProductQueries, slug: string): Product | undefined {
  for (const entry of Object.values(queries)) {
    // Data, whatever the status: a list being refetched still holds its last answer.
    if (!entry?.data || entry.endpointName === 'getProduct') continue;
    for (const list of listsIn(entry.data)) {
      for (const item of list) {
        if (isProduct(item) && item.slug === slug) return item;
      }
    }
  }
  return undefined;
}

/**
 * The product as a list already showed it, so its page can paint at once while its own
 * answer (with the description) is on the way. Recomputed only when the product caches or
 * the slug change.
 */
export const selectListedProduct = createSelector(
  [
    (state: WithProducts) => state[productApi.reducerPath].queries,
    (_: WithProducts, slug: string) => slug,
  ],
  findListedProduct,
);
