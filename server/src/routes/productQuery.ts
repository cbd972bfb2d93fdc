/** The listing parameters of GET /get-all-products, checked together and given defaults. */
import { DEFAULT_PAGE_SIZE, type ProductListQuery } from '../../../contract';
import type { ProductPageQuery } from '../db/products';
import { issue, unprocessable } from '../plugins/errors';

/** Naira (as sent) to kobo; a fraction of a kobo rounds to the nearest. */
function kobo(naira: number | undefined): number | undefined {
  return naira === undefined ? undefined : Math.round(naira * 100);
}

/**
 * A search asked without page parameters: every match, best first. Null for a blank search
 * text, which is no search.
 */
export function searchQuery(q: string | undefined): (ProductPageQuery & { q: string }) | null {
  const text = q?.trim();
  if (!text) return null;
  return { q: text, sort: 'relevance', limit: Number.MAX_SAFE_INTEGER, offset: 0 };
}

/**
 * What the schema cannot say on its own: a price range the right way round, and relevance
 * only for a search. A blank search text is no search.
 */
export function pageQuery(query: ProductListQuery): ProductPageQuery {
  const q = query.q?.trim() || undefined;
  const issues = [];
  if (
    query.min_price !== undefined &&
    query.max_price !== undefined &&
    query.min_price > query.max_price
  ) {
    issues.push(
      issue(['query', 'max_price'], 'The highest price must not be below the lowest price'),
    );
  }
  if (query.sort === 'relevance' && q === undefined) {
    issues.push(issue(['query', 'sort'], 'Sorting by relevance needs a search text (q)'));
  }
  if (issues.length > 0) throw unprocessable(issues);
  return {
    q,
    category: query.category,
    minPriceKobo: kobo(query.min_price),
    maxPriceKobo: kobo(query.max_price),
    inStock: query.in_stock,
    discounted: query.discounted,
    sort: query.sort ?? (q === undefined ? 'featured' : 'relevance'),
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    offset: query.offset ?? 0,
  };
}
