/**
 * Data starts early: the catalogue answers a page needs are asked for by the page's HTML,
 * while its JavaScript is still on the way, instead of after it has loaded and run (one
 * round trip and the API's time saved on a first visit; seconds on a slow mobile network).
 *
 * The HTML names each answer with `<link rel="preload" as="fetch" crossorigin>`, and the
 * storefront's own request (RTK Query's fetch: same address, CORS mode, same-origin
 * credentials) is then served from that preload, so the browser asks once. The address must
 * be the one the storefront builds, letter for letter (src/services/productApi.ts: the
 * listing's parameters, then `limit` and `offset`); e2e/earlyData.spec.ts fails when the two
 * drift apart (a second request). Only the public catalogue is named: answers that need the
 * shopper's token cannot be preloaded.
 */
import { DEFAULT_PAGE_SIZE } from '../../contract/listing';
import { PRODUCT_PAGE_PATH, PRODUCT_SLUG_PARAM } from '../../contract/links';

/** The shop's routes: the same listing at / and /shop. */
const SHOP_PATHS = new Set(['/', '/shop']);

/**
 * Address parameters that change the shop's first request in ways the server does not
 * rebuild here (a search, filters, an order): with any of them the page asks for itself.
 */
const OTHER_LISTING_PARAMS = ['q', 'min_price', 'max_price', 'in_stock', 'discounted', 'sort'];

/** The shop reads a category of at most this many characters (src/features/shop/listingParams.ts). */
const MAX_CATEGORY_LENGTH = 100;

/** The API addresses the page at `pathname?query` asks for first, to preload. */
export function earlyDataPaths(
  apiPrefix: string,
  pathname: string,
  query: URLSearchParams,
): string[] {
  if (SHOP_PATHS.has(pathname)) {
    if (OTHER_LISTING_PARAMS.some((name) => query.has(name))) return [];
    const category = query.get('category')?.trim() ?? '';
    const listing = new URLSearchParams();
    if (category !== '' && category.length <= MAX_CATEGORY_LENGTH)
      listing.set('category', category);
    listing.set('limit', String(DEFAULT_PAGE_SIZE));
    listing.set('offset', '0');
    return [`${apiPrefix}/get-all-products?${listing}`, `${apiPrefix}/categories`];
  }
  if (pathname === PRODUCT_PAGE_PATH) {
    const slug = query.get(PRODUCT_SLUG_PARAM)?.trim();
    return slug ? [`${apiPrefix}/get-product/${encodeURIComponent(slug)}`] : [];
  }
  return [];
}

const escapeAttribute = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * index.html with a preload for each address early in its head (after the charset, before
 * the scripts), so the browser asks for the data as soon as it reads the page. At low
 * priority: the scripts paint the header and need the bandwidth first; the data is needed
 * only once they have run.
 */
export function withEarlyData(html: string, paths: readonly string[]): string {
  if (paths.length === 0) return html;
  const links = paths
    .map(
      (p) =>
        `<link rel="preload" as="fetch" crossorigin fetchpriority="low" href="${escapeAttribute(p)}" />`,
    )
    .join('');
  const anchor = /<meta charset[^>]*>/i.exec(html) ?? /<head[^>]*>/i.exec(html);
  if (!anchor) return `${links}${html}`;
  const at = anchor.index + anchor[0].length;
  return `${html.slice(0, at)}${links}${html.slice(at)}`;
}
