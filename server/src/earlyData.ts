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
 *
 * The same goes for the page's own code: the route's chunks (the shop's grid, the product
 * page) load only once the app's entry has run and chosen the route. The build lists each
 * named chunk group's files in dist/.chunk-groups.json (webpack.config.ts), and the HTML
 * preloads the groups of the page a visit lands on.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_PAGE_SIZE } from '../../contract/listing';
import {
  ORDER_CONFIRMATION_PATH,
  ORDER_PAGE_PATH,
  PRODUCT_PAGE_PATH,
  PRODUCT_SLUG_PARAM,
} from '../../contract/links';
import { pageTemplateOf, type PageSlots } from './pageTemplate';

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

/**
 * The chunk groups (webpackChunkName in src/app/routes.tsx) each page shows first: its layout's
 * when that is a chunk of its own, then its page's. A page the browser renders or hydrates
 * (the cart and the profile's pages, whether the server rendered them for the shopper or not)
 * would otherwise ask for its layout, then for its page, each only once the one before had
 * run. server/test/earlyData.test.ts checks the
 * names against routes.tsx. A name the build no longer has is skipped: the page then loads its
 * code as it always did.
 */
const ROUTE_CHUNKS: Readonly<Record<string, readonly string[]>> = {
  '/': ['shop'],
  '/shop': ['shop'],
  '/home': ['home'],
  '/vendors': ['vendors'],
  '/faq': ['faq'],
  '/contact': ['contact'],
  '/policies': ['policies'],
  '/hello-world': ['hello-world'],
  '/auth/login': ['login'],
  '/auth/register': ['register'],
  '/detail': ['detail-layout', 'detail-landing'],
  [PRODUCT_PAGE_PATH]: ['detail-layout', 'product-detail'],
  '/cart': ['detail-layout', 'cart'],
  '/profile': ['profile-layout', 'account'],
  '/profile/orders': ['profile-layout', 'orders'],
  '/profile/notifications': ['profile-layout', 'notifications'],
  '/profile/order-items': ['profile-layout', 'order-items'],
  '/profile/wishlist': ['profile-layout', 'wishlist'],
  '/profile/affiliate-market': ['profile-layout', 'affiliate-market'],
};

/** Pages with an id in their address (contract/links.ts): one order, an order's confirmation. */
const ROUTE_CHUNK_PATTERNS: readonly [RegExp, readonly string[]][] = [
  [patternOf(ORDER_PAGE_PATH), ['profile-layout', 'order']],
  [patternOf(ORDER_CONFIRMATION_PATH), ['detail-layout', 'order-confirmation']],
  // The back office's shell routes everything under /staff; its sections load their own code.
  [/^\/staff(?:\/.*)?$/, ['back-office']],
];

/** '/profile/orders/:orderId' -> /^\/profile\/orders\/[^/]+\/?$/ */
function patternOf(route: string): RegExp {
  const source = route
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('\\/');
  return new RegExp(`^${source}\\/?$`);
}

export function routeChunkGroups(pathname: string): readonly string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    ROUTE_CHUNKS[path] ?? ROUTE_CHUNK_PATTERNS.find(([pattern]) => pattern.test(path))?.[1] ?? []
  );
}

/** The build's chunk groups, read again only when the build rewrites the file. */
export function chunkGroupsReader(distDir: string): () => Promise<Record<string, string[]>> {
  const file = path.join(distDir, '.chunk-groups.json');
  let kept: { mtimeMs: number; groups: Record<string, string[]> } | null = null;
  return async () => {
    try {
      const { mtimeMs } = await fs.stat(file);
      if (kept?.mtimeMs !== mtimeMs) {
        const parsed: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
        const groups =
          typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
        kept = {
          mtimeMs,
          groups: Object.fromEntries(
            Object.entries(groups).filter(
              (entry): entry is [string, string[]] =>
                Array.isArray(entry[1]) && entry[1].every((f) => typeof f === 'string'),
            ),
          ),
        };
      }
      return kept.groups;
    } catch {
      // No build, or one from before the file existed: no script preloads, nothing else lost.
      return {};
    }
  };
}

/**
 * The chunk groups index.html names itself: the entry's scripts, and the app's code, which it
 * preloads (webpack.config.ts, PreloadAppPlugin).
 */
const NAMED_BY_INDEX_HTML = ['main', 'app'];

/**
 * The script files of the page's route chunks, as paths on the site, less those index.html
 * already names.
 */
export function earlyScriptPaths(
  groups: Readonly<Record<string, readonly string[]>>,
  pathname: string,
): string[] {
  const entry = new Set(NAMED_BY_INDEX_HTML.flatMap((name) => groups[name] ?? []));
  const files = routeChunkGroups(pathname).flatMap((name) => groups[name] ?? []);
  return [...new Set(files)].filter((file) => !entry.has(file)).map((file) => `/${file}`);
}

const escapeAttribute = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * A preload for each data address early in the head (after the charset, before the scripts),
 * so the browser asks for them as soon as it reads the page, and one for each route script
 * at the end of the head, after the entry's own scripts. The data at low priority: the
 * scripts paint the header and need the bandwidth first; the data is needed only once they
 * have run.
 */
export function earlyDataSlots(
  paths: readonly string[],
  scripts: readonly string[] = [],
): PageSlots {
  return {
    dataLinks: paths
      .map(
        (p) =>
          `<link rel="preload" as="fetch" crossorigin fetchpriority="low" href="${escapeAttribute(p)}" />`,
      )
      .join(''),
    scriptLinks: scripts
      .map((p) => `<link rel="preload" as="script" href="${escapeAttribute(p)}" />`)
      .join(''),
  };
}

/** index.html with the preloads of earlyDataSlots. */
export function withEarlyData(
  html: string,
  paths: readonly string[],
  scripts: readonly string[] = [],
): string {
  return pageTemplateOf(html).fill(earlyDataSlots(paths, scripts));
}
