import { isValidElement, Suspense, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '../lib/paths';
import MainLayout from '../components/layouts/MainLayout';
import PageLoader from '../components/PageLoader';
import { lazyWithRetry, type LazyComponent } from '../components/lazyWithRetry';

// The shop's layout loads with the app; the cart/detail and profile layouts, and each page,
// are chunks of their own, so a shopper downloads only the screens they open. A chunk lost to a
// dropped connection can be asked for again ('Try again', components/ErrorBoundary.tsx).
const DetailLayout = lazyWithRetry(
  () => import(/* webpackChunkName: "detail-layout" */ '../components/layouts/DetailLayout'),
);
const ProfileLayout = lazyWithRetry(
  () => import(/* webpackChunkName: "profile-layout" */ '../components/layouts/ProfileLayout'),
);

// Each page is its own chunk: a shopper downloads only the screens they open.
const ShopPage = lazyWithRetry(
  () => import(/* webpackChunkName: "shop" */ '../features/shop/ShopPage'),
);
const HomePage = lazyWithRetry(
  () => import(/* webpackChunkName: "home" */ '../features/content/HomePage'),
);
const VendorsPage = lazyWithRetry(
  () => import(/* webpackChunkName: "vendors" */ '../features/content/VendorsPage'),
);
const FaqPage = lazyWithRetry(
  () => import(/* webpackChunkName: "faq" */ '../features/content/FaqPage'),
);
const ContactPage = lazyWithRetry(
  () => import(/* webpackChunkName: "contact" */ '../features/content/ContactPage'),
);
const PoliciesPage = lazyWithRetry(
  () => import(/* webpackChunkName: "policies" */ '../features/content/PoliciesPage'),
);
const HelloWorldPage = lazyWithRetry(
  () => import(/* webpackChunkName: "hello-world" */ '../features/content/HelloWorldPage'),
);
const NotFoundPage = lazyWithRetry(
  () => import(/* webpackChunkName: "not-found" */ '../features/content/NotFoundPage'),
);
const DetailLandingPage = lazyWithRetry(
  () => import(/* webpackChunkName: "detail-landing" */ '../features/product/DetailLandingPage'),
);
const ProductDetailPage = lazyWithRetry(
  () => import(/* webpackChunkName: "product-detail" */ '../features/product/ProductDetailPage'),
);
const CartPage = lazyWithRetry(
  () => import(/* webpackChunkName: "cart" */ '../features/cart/cart/CartPage'),
);
const AccountPage = lazyWithRetry(
  () => import(/* webpackChunkName: "account" */ '../features/account/AccountPage'),
);
const OrdersPage = lazyWithRetry(
  () => import(/* webpackChunkName: "orders" */ '../features/orders/OrdersPage'),
);
const OrderItemsPage = lazyWithRetry(
  () => import(/* webpackChunkName: "order-items" */ '../features/orders/OrderItemsPage'),
);
const OrderPage = lazyWithRetry(
  () => import(/* webpackChunkName: "order" */ '../features/orders/OrderPage'),
);
const OrderConfirmationPage = lazyWithRetry(
  () =>
    import(/* webpackChunkName: "order-confirmation" */ '../features/orders/OrderConfirmationPage'),
);
const NotificationsPage = lazyWithRetry(
  () => import(/* webpackChunkName: "notifications" */ '../features/account/NotificationsPage'),
);
const WishlistPage = lazyWithRetry(
  () => import(/* webpackChunkName: "wishlist" */ '../features/wishlist/WishlistPage'),
);
const AffiliateMarketPage = lazyWithRetry(
  () =>
    import(/* webpackChunkName: "affiliate-market" */ '../features/affiliate/AffiliateMarketPage'),
);
const BackOffice = lazyWithRetry(
  () => import(/* webpackChunkName: "back-office" */ '../features/backOffice/BackOffice'),
);
const LoginPage = lazyWithRetry(
  () => import(/* webpackChunkName: "login" */ '../features/auth/LoginPage'),
);
const RegisterPage = lazyWithRetry(
  () => import(/* webpackChunkName: "register" */ '../features/auth/RegisterPage'),
);

/** The route table of docs/product.md#routes, exactly, plus the test page and a not-found page. */
export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { index: true, element: <ShopPage /> },
      { path: paths.shop, element: <ShopPage /> },
      { path: paths.home, element: <HomePage /> },
      { path: paths.vendors, element: <VendorsPage /> },
      { path: paths.faq, element: <FaqPage /> },
      { path: paths.contact, element: <ContactPage /> },
      { path: paths.policies, element: <PoliciesPage /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.helloWorld, element: <HelloWorldPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: `${paths.backOffice}/*`,
    element: (
      <Suspense fallback={<PageLoader />}>
        <BackOffice />
      </Suspense>
    ),
  },
  {
    element: (
      <Suspense fallback={<PageLoader />}>
        <DetailLayout />
      </Suspense>
    ),
    children: [
      { path: paths.detail, element: <DetailLandingPage /> },
      { path: paths.productDetails, element: <ProductDetailPage /> },
      { path: paths.cart, element: <CartPage /> },
      { path: paths.orderConfirmation, element: <OrderConfirmationPage /> },
    ],
  },
  {
    element: (
      <Suspense fallback={<PageLoader />}>
        <ProfileLayout />
      </Suspense>
    ),
    children: [
      { path: paths.profile, element: <AccountPage /> },
      { path: paths.orders, element: <OrdersPage /> },
      { path: paths.order, element: <OrderPage /> },
      { path: paths.notifications, element: <NotificationsPage /> },
      { path: paths.orderItems, element: <OrderItemsPage /> },
      { path: paths.wishlist, element: <WishlistPage /> },
      { path: paths.affiliateMarket, element: <AffiliateMarketPage /> },
    ],
  },
];

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
export async function preloadPage(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map((match) => lazyComponentOf(match.route.element)?.preload()));
}
