/**
 * The server renderer as the reference server runs it: no window, the API answered by the
 * fetch it is given (here, the storefront's own test handlers).
 */
import { getResponse } from 'msw';
import { fixtureProducts } from '../testing/fixtures';
import { handlers } from '../testing/handlers';
import { createServerPages } from './render';

const requests: string[] = [];
const pageAt = createServerPages(async (input, init) => {
  const request = input instanceof Request ? input : new Request(input, init);
  const url = new URL(request.url);
  requests.push(`${url.pathname}${url.search}`);
  return (await getResponse(handlers, request)) ?? new Response('{}', { status: 404 });
});

beforeEach(() => {
  requests.length = 0;
});

/** Names that read the same in HTML as in text. */
const plainNames = fixtureProducts.map((p) => p.name).filter((name) => /^[\w ()-]+$/.test(name));

test('the shop: the products in the HTML, its styles ahead, no script, the answers handed over', async () => {
  const page = await pageAt('/shop');
  expect(page.html).toMatch(/^<style data-emotion="css [\w -]+">/);
  expect(page.html).not.toContain('<script');
  expect(page.html).toContain('<h1');
  const shown = plainNames.filter((name) => page.html.includes(`>${name}<`));
  expect(shown.length).toBeGreaterThanOrEqual(3);
  // Each request was made once, and each answer is handed over for the browser to keep.
  expect(new Set(requests).size).toBe(requests.length);
  const queries = Object.keys(page.answers.productApi?.queries ?? {});
  expect(queries).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^getProductPages\(/),
      expect.stringMatching(/^getCategories\(/),
    ]),
  );
  // Nothing that belongs to a shopper: the page is rendered for a visitor. The shop's own
  // facts (GET /shop: the footer's address and phone) are everyone's.
  expect(Object.keys(page.answers)).toEqual(['productApi', 'ordersApi']);
  expect(Object.keys(page.answers.ordersApi?.queries ?? {})).toEqual(['getShopInfo(undefined)']);
});

test("a product page: the product's name and price, from its own answer", async () => {
  const product = fixtureProducts.find((p) => plainNames.includes(p.name));
  if (!product) throw new Error('no fixture product with a plain name');
  const page = await pageAt(`/detail/product-details?slug=${product.slug}`);
  expect(page.html).toContain(`>${product.name}</h1>`);
  expect(page.html).toContain('₦');
  expect(requests).toContain(`/api/get-product/${product.slug}`);
  expect(Object.keys(page.answers.productApi?.queries ?? {})).toEqual(
    expect.arrayContaining([`getProduct("${product.slug}")`]),
  );
});

test('a failed answer is left out, for the browser to ask again', async () => {
  const page = await pageAt('/detail/product-details?slug=no-such-product');
  const queries = page.answers.productApi?.queries ?? {};
  expect(Object.keys(queries).some((key) => key.startsWith('getProduct('))).toBe(false);
});

test("the cart: the header and the cart's loading view, no login prompt, no shopper's request", async () => {
  const page = await pageAt('/cart');
  expect(page.html).toContain('>Your cart</h1>');
  // The placeholder, marked so that the browser renders the page afresh (src/index.tsx).
  expect(page.html).toContain('data-shopper-placeholder=""');
  expect(page.html).toContain('Loading your delivery location...');
  expect(page.html).toContain('>Cart Summary<');
  expect(page.html).toContain('>Order summary<');
  expect(page.html).not.toContain('Log in to see your cart');
  // The server never holds the shopper's token: nothing of theirs is asked for.
  expect(requests.filter((r) => /cart|deliver/.test(r))).toEqual([]);
  expect(Object.keys(page.answers)).not.toContain('cartApi');
});

test("a profile page: the sidebar, and a loader where the shopper's part goes", async () => {
  const page = await pageAt('/profile/orders');
  expect(page.html).toContain('aria-label="My account"');
  expect(page.html).toContain('data-shopper-placeholder=""');
  expect(page.html).toContain('Loading your account');
  expect(page.html).not.toContain('Please, log in');
  expect(requests.filter((r) => /orders/.test(r))).toEqual([]);
});

test('a public page holds no placeholder, so the browser hydrates it', async () => {
  const page = await pageAt('/faq');
  expect(page.html).not.toContain('data-shopper-placeholder');
});
