/**
 * The pages the browser benchmarks measure, the same list in each so their numbers can be
 * read side by side: /, /home, /shop, a product page, /cart signed in as the demo shopper
 * (with two products in the cart) and /faq.
 */
import { SESSION_KEYS, type SessionValues } from '../contract/session';
import { SESSION_COOKIE, encodeSessionCookie } from '../contract/sessionCookie';

const DEMO_SHOPPER = { username: 'demo@ibadanmarket.ng', password: 'DemoPass123!' };

export interface Route {
  label: string;
  path: string;
  /** The session values (src/app/sessionPersistence.ts) of a shopper who signed in earlier. */
  session?: Record<string, string>;
  /**
   * Words the page must show the shopper, checked after the measurement, so that a page that
   * showed something else (signed out, the cart empty) fails the bench.
   */
  mustShow?: string;
}

interface LoginAnswer {
  access_token: string;
  user_details: { id: number; firstname: string };
}

interface ProductAnswer {
  id: number;
  name: string;
  slug: string;
  amount: number;
  inventory_stock: number;
}

async function api<T>(baseURL: string, path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${baseURL}/api${path}`, init);
  if (!response.ok)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The routes to measure; the demo shopper is signed in through the API and given a cart.
 * `only` (the `--routes` argument: labels or paths, comma-separated) keeps some of them.
 */
export async function prepareRoutes(baseURL: string, only?: string): Promise<Route[]> {
  const products = await api<ProductAnswer[]>(baseURL, '/get-all-products');
  const inStock = products.filter((p) => p.inventory_stock > 0);
  const [first, second] = inStock;
  if (!first || !second)
    throw new Error('The demo catalogue has fewer than two products in stock.');
  const login = await api<LoginAnswer>(baseURL, '/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_SHOPPER),
  });
  const userId = login.user_details.id;
  for (const product of [first, second]) {
    await api(baseURL, '/add-cart', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${login.access_token}`,
      },
      body: JSON.stringify({
        user_id: userId,
        product_id: product.id,
        quantity: 1,
        price_per_item: product.amount,
      }),
    });
  }
  const session = {
    authToken: login.access_token,
    userID: String(userId),
    userName: login.user_details.firstname,
  };
  const routes: Route[] = [
    { label: '/', path: '/' },
    { label: '/home', path: '/home' },
    { label: '/shop', path: '/shop' },
    {
      label: 'product',
      path: `/detail/product-details?${new URLSearchParams({ slug: first.slug })}`,
    },
    { label: '/cart (signed in)', path: '/cart', session, mustShow: first.name },
    { label: '/faq', path: '/faq' },
  ];
  if (only === undefined) return routes;
  const wanted = only.split(',');
  const kept = routes.filter((r) => wanted.includes(r.label) || wanted.includes(r.path));
  if (kept.length === 0) {
    throw new Error(
      `--routes ${only} names none of the routes: ${routes.map((r) => r.path).join(', ')}.`,
    );
  }
  return kept;
}

/**
 * The storefront's session cookie (src/app/sessionCookie.ts) for a signed-in route, in the
 * shape Playwright's addCookies takes: with it the server renders the page for the shopper.
 */
export function sessionCookie(baseURL: string, session: Record<string, string>) {
  const values = Object.fromEntries(SESSION_KEYS.map((key) => [key, session[key] ?? null]));
  return {
    name: SESSION_COOKIE,
    value: encodeSessionCookie(values as SessionValues),
    url: baseURL,
    sameSite: 'Lax' as const,
  };
}
