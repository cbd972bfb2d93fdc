import { ORDER_CONFIRMATION_PATH, ORDER_PAGE_PATH, PRODUCT_PAGE_PATH } from 'contract/links';

export { orderConfirmationPath, orderPagePath } from 'contract/links';

/** Every route of docs/product.md#routes, in one place: components link through these, never literals. */
export const paths = {
  root: '/',
  shop: '/shop',
  home: '/home',
  vendors: '/vendors',
  faq: '/faq',
  contact: '/contact',
  detail: '/detail',
  productDetails: PRODUCT_PAGE_PATH,
  profile: '/profile',
  orders: '/profile/orders',
  notifications: '/profile/notifications',
  orderItems: '/profile/order-items',
  /** One order and its timeline: build with orderPagePath(id). */
  order: ORDER_PAGE_PATH,
  /** The confirmation after an order is placed: build with orderConfirmationPath(id). */
  orderConfirmation: ORDER_CONFIRMATION_PATH,
  /** The back office (owner and staff accounts): its own paths are in its sections list. */
  backOffice: '/staff',
  wishlist: '/profile/wishlist',
  affiliateMarket: '/profile/affiliate-market',
  login: '/auth/login',
  register: '/auth/register',
  cart: '/cart',
  policies: '/policies',
  /** The spec's test placeholder page ("Hello world"); its route is ours to choose. */
  helloWorld: '/hello-world',
} as const;

/** The query parameter that carries where to go after logging in. */
export const RETURN_TO_PARAM = 'redirect';

/**
 * The query parameter of the sign-up link an affiliate shares (/auth/register?ref=code): the
 * sign-up page prefills the affiliate code from it.
 */
export const AFFILIATE_REF_PARAM = 'ref';

/** The login page, remembering the page to come back to (only same-site paths are honoured). */
export function loginPathReturningTo(returnTo: string): string {
  return `${paths.login}?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo })}`;
}

/** Where to go after login: the remembered page when it is a path on this site, else the shop. */
export function safeReturnPath(candidate: string | null | undefined): string {
  if (
    !candidate ||
    !candidate.startsWith('/') ||
    candidate.startsWith('//') ||
    candidate.startsWith('/auth/')
  ) {
    return paths.root;
  }
  return candidate;
}
