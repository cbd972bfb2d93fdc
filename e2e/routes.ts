/**
 * Every route of the product's route table (docs/product.md#routes), with the heading its page
 * opens with for a visitor who is not signed in: the exact words, so a 'Page not found'
 * (or any other page) in its place fails.
 */
export const appRoutes: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /^Shop$/ },
  { path: '/shop', heading: /^Shop$/ },
  { path: '/home', heading: /^Fresh market groceries, delivered to your door in Ibadan$/ },
  { path: '/vendors', heading: /^Meet the vendors behind Ibadan Market$/ },
  { path: '/faq', heading: /^Frequently asked questions$/ },
  { path: '/contact', heading: /^Contact us$/ },
  { path: '/detail', heading: /^Product details$/ },
  { path: '/detail/product-details', heading: /^Product details$/ },
  { path: '/profile', heading: /^My Account$/ },
  { path: '/profile/orders', heading: /^My Orders$/ },
  { path: '/profile/notifications', heading: /^Notifications$/ },
  { path: '/profile/order-items', heading: /^Order Items$/ },
  { path: '/profile/orders/401', heading: /^Order #401$/ },
  { path: '/profile/wishlist', heading: /^Saved Items$/ },
  { path: '/profile/affiliate-market', heading: /^Affiliate Market$/ },
  { path: '/auth/login', heading: /^Log in$/ },
  { path: '/auth/register', heading: /^Create your account$/ },
  { path: '/cart', heading: /^Your cart$/ },
  { path: '/order-confirmation/401', heading: /^Thank you for your order$/ },
  { path: '/staff/orders', heading: /^Orders to fulfil$/ },
  { path: '/policies', heading: /^Terms and conditions$/ },
  { path: '/hello-world', heading: /^Hello world$/ },
];
