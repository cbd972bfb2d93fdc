/** Every route of spec section 2, in one place: components link through these, never literals. */
export const paths = {
  root: '/',
  shop: '/shop',
  home: '/home',
  vendors: '/vendors',
  faq: '/faq',
  contact: '/contact',
  detail: '/detail',
  productDetails: '/detail/product-details',
  profile: '/profile',
  orders: '/profile/orders',
  notifications: '/profile/notifications',
  orderItems: '/profile/order-items',
  wishlist: '/profile/wishlist',
  affiliateMarket: '/profile/affiliate-market',
  login: '/auth/login',
  register: '/auth/register',
  cart: '/cart',
  policies: '/policies',
  /** The spec's test placeholder page ("Hello world"); its route is ours to choose. */
  helloWorld: '/hello-world',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
