import { isValidElement, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import MainLayout from '../components/layouts/MainLayout';
import PageLoader from '../components/PageLoader';
import { lazyWithRetry, type LazyComponent } from '../components/lazyWithRetry';
import {
  routeManifest,
  type PageName,
  type RouteEntry,
  type RouteLayout,
  type RouteManifest,
} from './routeManifest';

// The shop's layout loads with the app; the cart/detail and profile layouts, and each page,
// are chunks of their own, so a shopper downloads only the screens they open. A chunk lost to a
// dropped connection can be asked for again ('Try again', components/ErrorBoundary.tsx).
const DetailLayout = lazyWithRetry(
  () => import(/* webpackChunkName: "detail-layout" */ '../components/layouts/DetailLayout'),
);
const ProfileLayout = lazyWithRetry(
  () => import(/* webpackChunkName: "profile-layout" */ '../components/layouts/ProfileLayout'),
);

/** A page's code: a module whose default export is the page. */
export type PageModule = () => Promise<{ default: ComponentType<object> }>;

// Each page is its own chunk, named as the route manifest names it: a shopper downloads only
// the screens they open, and the server preloads a page's chunk by that name.
export const pageModules: Readonly<Record<PageName, PageModule>> = {
  shop: () => import(/* webpackChunkName: "shop" */ '../features/shop/ShopPage'),
  home: () => import(/* webpackChunkName: "home" */ '../features/content/HomePage'),
  vendors: () => import(/* webpackChunkName: "vendors" */ '../features/content/VendorsPage'),
  faq: () => import(/* webpackChunkName: "faq" */ '../features/content/FaqPage'),
  contact: () => import(/* webpackChunkName: "contact" */ '../features/content/ContactPage'),
  policies: () => import(/* webpackChunkName: "policies" */ '../features/content/PoliciesPage'),
  'hello-world': () =>
    import(/* webpackChunkName: "hello-world" */ '../features/content/HelloWorldPage'),
  'not-found': () => import(/* webpackChunkName: "not-found" */ '../features/content/NotFoundPage'),
  'detail-landing': () =>
    import(/* webpackChunkName: "detail-landing" */ '../features/product/DetailLandingPage'),
  'product-detail': () =>
    import(/* webpackChunkName: "product-detail" */ '../features/product/ProductDetailPage'),
  cart: () => import(/* webpackChunkName: "cart" */ '../features/cart/cart/CartPage'),
  account: () => import(/* webpackChunkName: "account" */ '../features/account/AccountPage'),
  orders: () => import(/* webpackChunkName: "orders" */ '../features/orders/OrdersPage'),
  'order-items': () =>
    import(/* webpackChunkName: "order-items" */ '../features/orders/OrderItemsPage'),
  order: () => import(/* webpackChunkName: "order" */ '../features/orders/OrderPage'),
  'order-confirmation': () =>
    import(/* webpackChunkName: "order-confirmation" */ '../features/orders/OrderConfirmationPage'),
  notifications: () =>
    import(/* webpackChunkName: "notifications" */ '../features/account/NotificationsPage'),
  wishlist: () => import(/* webpackChunkName: "wishlist" */ '../features/wishlist/WishlistPage'),
  'affiliate-market': () =>
    import(/* webpackChunkName: "affiliate-market" */ '../features/affiliate/AffiliateMarketPage'),
  'back-office': () =>
    import(/* webpackChunkName: "back-office" */ '../features/backOffice/BackOffice'),
  login: () => import(/* webpackChunkName: "login" */ '../features/auth/LoginPage'),
  register: () => import(/* webpackChunkName: "register" */ '../features/auth/RegisterPage'),
};

/** The shop's layout comes with the app; the others wait, behind the page loader, for their code. */
const layoutElements: Readonly<Record<Exclude<RouteLayout, 'own'>, ReactNode>> = {
  main: <MainLayout />,
  detail: (
    <Suspense fallback={<PageLoader />}>
      <DetailLayout />
    </Suspense>
  ),
  profile: (
    <Suspense fallback={<PageLoader />}>
      <ProfileLayout />
    </Suspense>
  ),
};

/**
 * The router's table for `manifest`: each layout with its pages, and the pages that bring
 * their own frame (and router) on their own. Pages that share a chunk share one component,
 * so going from / to /shop keeps the page mounted, as one route would.
 */
export function routesOf(
  manifest: RouteManifest,
  modules: Readonly<Record<string, PageModule>> = pageModules,
): RouteObject[] {
  const components = new Map<string, LazyComponent<object>>();
  const pageOf = (name: string) => {
    let component = components.get(name);
    if (!component) {
      const load = modules[name];
      if (!load) throw new Error(`No page module for "${name}" (src/app/routes.tsx)`);
      component = lazyWithRetry(load);
      components.set(name, component);
    }
    const Page = component;
    return <Page />;
  };
  const childOf = (entry: RouteEntry): RouteObject =>
    entry.path === '/'
      ? { index: true, element: pageOf(entry.page) }
      : { path: entry.path, element: pageOf(entry.page) };
  const framed = (['main', 'detail', 'profile'] as const).map((layout) => ({
    element: layoutElements[layout],
    children: manifest.filter((entry) => entry.layout === layout).map(childOf),
  }));
  const own = manifest
    .filter((entry) => entry.layout === 'own')
    .map((entry) => ({
      path: entry.path,
      element: <Suspense fallback={<PageLoader />}>{pageOf(entry.page)}</Suspense>,
    }));
  return [...framed, ...own];
}

/** The route table of src/app/routeManifest.ts (docs/product.md#routes). */
export const routes: RouteObject[] = routesOf(routeManifest);

/** The lazily loaded component an element renders: itself, or the one in its Suspense. */
function lazyComponentOf(element: ReactNode): LazyComponent<object> | null {
  if (!isValidElement<{ children?: ReactNode }>(element)) return null;
  if (typeof element.type === 'function' && 'preload' in element.type) {
    return element.type as LazyComponent<object>;
  }
  return element.type === Suspense ? lazyComponentOf(element.props.children) : null;
}

/**
 * Loads the code of the layout and page at `pathname` ahead of the first render, so that
 * the first render takes the page at once instead of suspending on it (src/index.tsx).
 */
export async function preloadPage(pathname: string, table: RouteObject[] = routes): Promise<void> {
  const matches = matchRoutes(table, pathname) ?? [];
  await Promise.all(matches.map((match) => lazyComponentOf(match.route.element)?.preload()));
}
