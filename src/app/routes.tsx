import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from '../lib/paths';
import MainLayout from '../components/layouts/MainLayout';
import PageLoader from '../components/PageLoader';

// The shop's layout loads with the app; the cart/detail and profile layouts, and each page,
// are chunks of their own, so a shopper downloads only the screens they open.
const DetailLayout = lazy(
  () => import(/* webpackChunkName: "detail-layout" */ '../components/layouts/DetailLayout'),
);
const ProfileLayout = lazy(
  () => import(/* webpackChunkName: "profile-layout" */ '../components/layouts/ProfileLayout'),
);

// Each page is its own chunk: a shopper downloads only the screens they open.
const ShopPage = lazy(() => import(/* webpackChunkName: "shop" */ '../features/shop/ShopPage'));
const HomePage = lazy(() => import(/* webpackChunkName: "home" */ '../features/content/HomePage'));
const VendorsPage = lazy(
  () => import(/* webpackChunkName: "vendors" */ '../features/content/VendorsPage'),
);
const FaqPage = lazy(() => import(/* webpackChunkName: "faq" */ '../features/content/FaqPage'));
const ContactPage = lazy(
  () => import(/* webpackChunkName: "contact" */ '../features/content/ContactPage'),
);
const PoliciesPage = lazy(
  () => import(/* webpackChunkName: "policies" */ '../features/content/PoliciesPage'),
);
const HelloWorldPage = lazy(
  () => import(/* webpackChunkName: "hello-world" */ '../features/content/HelloWorldPage'),
);
const NotFoundPage = lazy(
  () => import(/* webpackChunkName: "not-found" */ '../features/content/NotFoundPage'),
);
const DetailLandingPage = lazy(
  () => import(/* webpackChunkName: "detail-landing" */ '../features/product/DetailLandingPage'),
);
const ProductDetailPage = lazy(
  () => import(/* webpackChunkName: "product-detail" */ '../features/product/ProductDetailPage'),
);
const CartPage = lazy(
  () => import(/* webpackChunkName: "cart" */ '../features/cart/cart/CartPage'),
);
const AccountPage = lazy(
  () => import(/* webpackChunkName: "account" */ '../features/account/AccountPage'),
);
const OrdersPage = lazy(
  () => import(/* webpackChunkName: "orders" */ '../features/orders/OrdersPage'),
);
const OrderItemsPage = lazy(
  () => import(/* webpackChunkName: "order-items" */ '../features/orders/OrderItemsPage'),
);
const NotificationsPage = lazy(
  () => import(/* webpackChunkName: "notifications" */ '../features/account/NotificationsPage'),
);
const WishlistPage = lazy(
  () => import(/* webpackChunkName: "wishlist" */ '../features/wishlist/WishlistPage'),
);
const AffiliateMarketPage = lazy(
  () =>
    import(/* webpackChunkName: "affiliate-market" */ '../features/affiliate/AffiliateMarketPage'),
);
const LoginPage = lazy(() => import(/* webpackChunkName: "login" */ '../features/auth/LoginPage'));
const RegisterPage = lazy(
  () => import(/* webpackChunkName: "register" */ '../features/auth/RegisterPage'),
);

/** The route table of spec section 2, exactly, plus the test page and a not-found page. */
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
    element: (
      <Suspense fallback={<PageLoader />}>
        <DetailLayout />
      </Suspense>
    ),
    children: [
      { path: paths.detail, element: <DetailLandingPage /> },
      { path: paths.productDetails, element: <ProductDetailPage /> },
      { path: paths.cart, element: <CartPage /> },
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
      { path: paths.notifications, element: <NotificationsPage /> },
      { path: paths.orderItems, element: <OrderItemsPage /> },
      { path: paths.wishlist, element: <WishlistPage /> },
      { path: paths.affiliateMarket, element: <AffiliateMarketPage /> },
    ],
  },
];
