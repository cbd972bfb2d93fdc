import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from './paths';
import MainLayout from '../components/layouts/MainLayout';
import DetailLayout from '../components/layouts/DetailLayout';
import ProfileLayout from '../components/layouts/ProfileLayout';

// Each page is its own chunk: a shopper downloads only the screens they open.
const ShopPage = lazy(() => import('../features/shop/ShopPage'));
const HomePage = lazy(() => import('../features/content/HomePage'));
const VendorsPage = lazy(() => import('../features/content/VendorsPage'));
const FaqPage = lazy(() => import('../features/content/FaqPage'));
const ContactPage = lazy(() => import('../features/content/ContactPage'));
const PoliciesPage = lazy(() => import('../features/content/PoliciesPage'));
const HelloWorldPage = lazy(() => import('../features/content/HelloWorldPage'));
const NotFoundPage = lazy(() => import('../features/content/NotFoundPage'));
const DetailLandingPage = lazy(() => import('../features/product/DetailLandingPage'));
const ProductDetailPage = lazy(() => import('../features/product/ProductDetailPage'));
const CartPage = lazy(() => import('../features/cart/CartPage'));
const AccountPage = lazy(() => import('../features/account/AccountPage'));
const OrdersPage = lazy(() => import('../features/orders/OrdersPage'));
const OrderItemsPage = lazy(() => import('../features/orders/OrderItemsPage'));
const NotificationsPage = lazy(() => import('../features/account/NotificationsPage'));
const WishlistPage = lazy(() => import('../features/wishlist/WishlistPage'));
const AffiliateMarketPage = lazy(() => import('../features/affiliate/AffiliateMarketPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));

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
    element: <DetailLayout />,
    children: [
      { path: paths.detail, element: <DetailLandingPage /> },
      { path: paths.productDetails, element: <ProductDetailPage /> },
      { path: paths.cart, element: <CartPage /> },
    ],
  },
  {
    element: <ProfileLayout />,
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
