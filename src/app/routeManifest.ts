/**
 * Every page of the storefront, once: its address, its code, its layout, whether the server
 * renders it, what it asks for first, its title and its link preview. Everything that needs a
 * list of pages reads it from here:
 * - the browser's router and its page preload (src/app/routes.tsx), and the links' paths
 *   (src/lib/paths.ts);
 * - the server: which pages it renders (server/src/serverRender.ts), the data and scripts a
 *   page's HTML preloads (server/src/earlyData.ts), titles, canonical addresses and previews
 *   (server/src/preview.ts), the sitemap and the one spelling of each address
 *   (server/src/routes/site.ts);
 * - the shopper's answers the first script asks for (src/services/earlyAnswers.ts);
 * - the browser tests' list of pages (e2e/routes.ts) and the routes table of docs/product.md
 *   (src/app/routeManifest.test.tsx checks it).
 *
 * Data only, importing nothing from src/: the server reads this file too, and every layer
 * may (eslint.config.mjs). It ships in the first script, so it holds only what the app and
 * the server act on: the words of the docs' table and the browser tests' headings are theirs.
 * Adding a page is one entry here; the type checker then asks for its module's loader in
 * routes.tsx (webpack names a chunk by a literal import(), which the server could not type
 * check without the page's browser code) and for its heading in e2e/routes.ts.
 */
import { ORDER_CONFIRMATION_PATH, ORDER_PAGE_PATH, PRODUCT_PAGE_PATH } from '../../contract/links';
import type { PAGE_TITLES } from '../../contract/titles';

/**
 * What a page sits in. `main`: the shop's header and footer, loaded with the app. `detail`
 * and `profile`: the cart/product and account layouts, each a chunk of its own. `own`: the
 * page brings its own frame and, under a path ending in `/*`, its own nested router (the back
 * office): lazily loaded, never server-rendered.
 */
export type RouteLayout = 'main' | 'detail' | 'profile' | 'own';

/** The chunk a layout's code is in (webpackChunkName in routes.tsx); none when it is in the app's. */
export const LAYOUT_CHUNKS: Readonly<Record<RouteLayout, string | null>> = {
  main: null,
  detail: 'detail-layout',
  profile: 'profile-layout',
  own: null,
};

/** A signed-in shopper's answers the first script can ask for (src/services/earlyAnswers.ts). */
export type ShopperRead = 'cart' | 'delivery' | 'wishlist';

/** What a page's header shows for a signed-in shopper when the page names nothing else. */
export const DEFAULT_SHOPPER_READS: readonly ShopperRead[] = ['cart', 'wishlist'];

export interface RouteQueries {
  /**
   * The public catalogue answer the page's HTML preloads (server/src/earlyData.ts): the shop's
   * listing and categories, or the product named by the address's slug.
   */
  catalogue?: 'listing' | 'product';
  /** The shopper's own answers it opens with; DEFAULT_SHOPPER_READS when not named. */
  shopper?: readonly ShopperRead[];
}

export interface RouteEntry {
  /** The key components link through: `paths.<name>` (src/lib/paths.ts). None: not linked to. */
  name?: string;
  /**
   * react-router's path: `:param` for a part of the address, a trailing `/*` for a page with
   * a router of its own, `*` for the not-found page. Lower case: the server looks addresses up
   * in lower case.
   */
  path: string;
  /** The page's chunk (webpackChunkName); routes.tsx maps it to the page's module. */
  page: string;
  layout: RouteLayout;
  /**
   * The server sends the page's HTML (server/src/serverRender.ts): the visitor's page, or a
   * signed-in shopper's with a placeholder for the shopper's part. A page with a part of its
   * address as a parameter is never rendered.
   */
  serverRendered: boolean;
  /** What the page asks for first, so it can be asked for sooner (undefined: nothing known). */
  queries?: RouteQueries;
  /** The tab title the page sets (contract/titles.ts), written by the server into its HTML too. */
  title?: keyof typeof PAGE_TITLES;
  /** What a shared link shows and the page's one address (server/src/preview.ts). */
  preview?: {
    /** A product's own preview (its name, price, picture) instead of the shop's. */
    kind?: 'product';
    /** The query parameters that make it another page; any other is dropped from its canonical address. */
    canonicalQuery?: readonly string[];
  };
  /** Listed in /sitemap.xml. */
  sitemap?: boolean;
}

const entries = [
  {
    name: 'root',
    path: '/',
    page: 'shop',
    layout: 'main',
    serverRendered: true,
    queries: { catalogue: 'listing' },
    title: 'shop',
    preview: { canonicalQuery: ['category'] },
    sitemap: true,
  },
  {
    name: 'shop',
    path: '/shop',
    page: 'shop',
    layout: 'main',
    serverRendered: true,
    queries: { catalogue: 'listing' },
    title: 'shop',
    preview: { canonicalQuery: ['category'] },
    sitemap: true,
  },
  {
    name: 'home',
    path: '/home',
    page: 'home',
    layout: 'main',
    serverRendered: true,
    title: 'home',
    sitemap: true,
  },
  {
    name: 'vendors',
    path: '/vendors',
    page: 'vendors',
    layout: 'main',
    serverRendered: true,
    title: 'vendors',
    sitemap: true,
  },
  {
    name: 'faq',
    path: '/faq',
    page: 'faq',
    layout: 'main',
    serverRendered: true,
    title: 'faq',
    sitemap: true,
  },
  {
    name: 'contact',
    path: '/contact',
    page: 'contact',
    layout: 'main',
    serverRendered: true,
    title: 'contact',
    sitemap: true,
  },
  {
    name: 'policies',
    path: '/policies',
    page: 'policies',
    layout: 'main',
    serverRendered: true,
    title: 'policies',
    sitemap: true,
  },
  {
    name: 'login',
    path: '/auth/login',
    page: 'login',
    layout: 'main',
    serverRendered: false,
  },
  {
    name: 'register',
    path: '/auth/register',
    page: 'register',
    layout: 'main',
    serverRendered: false,
  },
  {
    /** The spec's test placeholder page ("Hello world"); its route is ours to choose. */
    name: 'helloWorld',
    path: '/hello-world',
    page: 'hello-world',
    layout: 'main',
    serverRendered: false,
  },
  {
    name: 'detail',
    path: '/detail',
    page: 'detail-landing',
    layout: 'detail',
    serverRendered: true,
    title: 'productDetails',
  },
  {
    name: 'productDetails',
    path: PRODUCT_PAGE_PATH,
    page: 'product-detail',
    layout: 'detail',
    serverRendered: true,
    queries: { catalogue: 'product' },
    preview: { kind: 'product', canonicalQuery: ['slug'] },
  },
  {
    name: 'cart',
    path: '/cart',
    page: 'cart',
    layout: 'detail',
    serverRendered: true,
    queries: { shopper: ['cart', 'delivery'] },
  },
  {
    /** The confirmation after an order is placed: build with orderConfirmationPath(id). */
    name: 'orderConfirmation',
    path: ORDER_CONFIRMATION_PATH,
    page: 'order-confirmation',
    layout: 'detail',
    serverRendered: false,
  },
  {
    name: 'profile',
    path: '/profile',
    page: 'account',
    layout: 'profile',
    serverRendered: true,
  },
  {
    name: 'orders',
    path: '/profile/orders',
    page: 'orders',
    layout: 'profile',
    serverRendered: true,
  },
  {
    /** One order and its timeline: build with orderPagePath(id). */
    name: 'order',
    path: ORDER_PAGE_PATH,
    page: 'order',
    layout: 'profile',
    serverRendered: false,
  },
  {
    name: 'notifications',
    path: '/profile/notifications',
    page: 'notifications',
    layout: 'profile',
    serverRendered: true,
  },
  {
    name: 'orderItems',
    path: '/profile/order-items',
    page: 'order-items',
    layout: 'profile',
    serverRendered: true,
  },
  {
    name: 'wishlist',
    path: '/profile/wishlist',
    page: 'wishlist',
    layout: 'profile',
    serverRendered: true,
  },
  {
    name: 'affiliateMarket',
    path: '/profile/affiliate-market',
    page: 'affiliate-market',
    layout: 'profile',
    serverRendered: true,
  },
  {
    /**
     * The back office (owner and staff accounts): its own frame and router, its sections in
     * src/features/backOffice/sections.ts. Never server-rendered, never in a shopper's chunks.
     */
    name: 'backOffice',
    path: '/staff/*',
    page: 'back-office',
    layout: 'own',
    serverRendered: false,
  },
  {
    path: '*',
    page: 'not-found',
    layout: 'main',
    serverRendered: false,
  },
] as const satisfies readonly RouteEntry[];

export type RouteManifest = readonly RouteEntry[];

/** The storefront's pages (see above). */
export const routeManifest: RouteManifest = entries;

/** The chunk names of the pages: routes.tsx has one module loader for each. */
export type PageName = (typeof entries)[number]['page'];
/** The pages that components link to, as `paths.<name>`. */
export type NamedRoute = Extract<(typeof entries)[number], { name: string }>;
