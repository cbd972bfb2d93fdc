import { routeManifest } from '../src/app/routeManifest';

/**
 * The heading each page opens with for a visitor who is not signed in, by its route's path in
 * the route manifest (src/app/routeManifest.ts): the exact words, so a 'Page not found' (or
 * any other page) in its place fails. `:orderId` stands for the order the fixtures hold.
 */
const HEADINGS: Readonly<Record<string, string>> = {
  '/': 'Shop',
  '/shop': 'Shop',
  '/home': 'Fresh market groceries, delivered to your door in Ibadan',
  '/vendors': 'Meet the vendors behind Ibadan Market',
  '/faq': 'Frequently asked questions',
  '/contact': 'Contact us',
  '/detail': 'Product details',
  '/detail/product-details': 'Product details',
  '/profile': 'My Account',
  '/profile/orders': 'My Orders',
  '/profile/notifications': 'Notifications',
  '/profile/order-items': 'Order Items',
  '/profile/orders/:orderId': 'Order #:orderId',
  '/profile/wishlist': 'Saved Items',
  '/profile/affiliate-market': 'Affiliate Market',
  '/auth/login': 'Log in',
  '/auth/register': 'Create your account',
  '/cart': 'Your cart',
  '/order-confirmation/:orderId': 'Thank you for your order',
  '/staff/*': 'Back office',
  '/policies': 'Terms and conditions',
  '/hello-world': 'Hello world',
};

/** What the browser tests put in an address's parts: an order the fixtures hold. */
const PARAMS: Readonly<Record<string, string>> = { orderId: '401' };

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function filled(text: string): string {
  return text.replace(/:(\w+)/g, (part, name: string) => {
    const value = PARAMS[name];
    if (value === undefined) throw new Error(`e2e/routes.ts has no value for ${part}`);
    return value;
  });
}

/**
 * Every page of the manifest (the not-found page aside), at an address that shows it, with
 * its heading. A page with a router of its own is opened at its root. A page without a
 * heading here fails the list, so a new page comes with what the browser tests expect of it.
 */
export function appRoutesOf(
  manifest: typeof routeManifest,
  headings: Readonly<Record<string, string>> = HEADINGS,
): { path: string; heading: RegExp }[] {
  return manifest
    .filter((route) => route.path !== '*')
    .map((route) => {
      const heading = headings[route.path];
      if (heading === undefined) {
        throw new Error(`e2e/routes.ts: no heading for ${route.path} (src/app/routeManifest.ts)`);
      }
      const path = filled(route.path.replace(/\/\*$/, '')) || '/';
      return { path, heading: new RegExp(`^${escaped(filled(heading))}$`) };
    });
}

/** Every route of the product's route table (docs/product.md#routes). */
export const appRoutes = appRoutesOf(routeManifest);
