/**
 * A signed-in shopper's pages come from the server rendered for the shopper: the app keeps
 * the session in a cookie beside localStorage (src/app/sessionCookie.ts), the server renders
 * the page with it (server/src/shopperPage.ts), and the app hydrates that page in place.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addToCart, catalogue, emptyCart, logIn, signInPage } from './fixtures/shopper';
import { hasReactFiber, holdAppCode } from './fixtures/takeover';
import { appRoutes } from './routes';
import { SESSION_COOKIE } from '../contract/sessionCookie';

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
}

function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * The demo shopper signed in on `page`, with a cart of `quantity` of one product in stock
 * (other specs share the shopper), and the session's cookie written: the app copies the
 * session into it once it has started on a page.
 */
async function shopperWithOneProduct(page: Page, request: APIRequestContext, quantity: number) {
  const shopper = await logIn(request);
  await emptyCart(request, shopper);
  const product = (await catalogue(request)).find((p) => p.inventory_stock > 0);
  if (!product) throw new Error('The demo catalogue has no product in stock.');
  await addToCart(request, shopper, product, quantity);
  await signInPage(page, shopper);
  await page.goto('/shop');
  await expect.poll(async () => (await sessionCookie(page))?.sameSite).toBe('Lax');
  return { shopper, product };
}

test("the cart comes from the server as the shopper's, and the app takes it over without asking again", async ({
  page,
  request,
}) => {
  const problems = consoleProblems(page);
  const { shopper, product } = await shopperWithOneProduct(page, request, 2);

  const cartReads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/all-carts') cartReads.push(r.url());
  });
  const release = await holdAppCode(page);
  const response = await page.goto('/cart');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  // Before the app's code has arrived: the server's page already shows the cart.
  const line = page.getByRole('main').getByText(product.name).first();
  await expect(line).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(`Hi, ${shopper.firstName.toUpperCase()}`);
  const heading = page.getByRole('heading', { level: 1, name: 'Your cart' });
  const serverHeading = await heading.elementHandle();
  expect(await serverHeading.evaluate(hasReactFiber)).toBe(false);

  release();
  // Hydrated in place: the server's own heading element is now React's (a page rendered
  // afresh would have replaced it), and the page answers a tap.
  await expect.poll(() => serverHeading.evaluate(hasReactFiber)).toBe(true);
  expect(await serverHeading.evaluate((element) => element.isConnected)).toBe(true);
  await page.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
  const quantity = page.getByRole('group', { name: `Quantity of ${product.name}` });
  await expect(quantity.getByLabel('Quantity', { exact: true })).toHaveValue('3');
  // The cart came with the page: the only read of it is the one after the change.
  expect(cartReads.length).toBeLessThanOrEqual(1);
  expect(problems).toEqual([]);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("the server's cart already has the pinned payment bar, and the app takes it over as it is", async ({
    page,
    request,
  }) => {
    const problems = consoleProblems(page);
    await shopperWithOneProduct(page, request, 1);

    const release = await holdAppCode(page);
    await page.goto('/cart');
    // Before the app's code: the bar with the total and Make Payment, pinned to the bottom of
    // the screen; the panel's own Make Payment is for wide screens only.
    const bar = page.getByRole('region', { name: 'Pay for your order' });
    await expect(bar.getByRole('button', { name: 'Make Payment' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Make Payment' })).toHaveCount(1);
    const serverBar = await bar.elementHandle();
    expect(await serverBar!.evaluate(hasReactFiber)).toBe(false);

    release();
    // Hydrated in place: the server's bar is React's now, nothing was added or replaced.
    await expect.poll(() => serverBar!.evaluate(hasReactFiber)).toBe(true);
    expect(await serverBar!.evaluate((element) => element.isConnected)).toBe(true);
    await expect(page.getByRole('button', { name: 'Make Payment' })).toHaveCount(1);
    await bar.getByRole('button', { name: 'Make Payment' }).tap();
    await expect(page.getByRole('dialog', { name: 'Select mode of delivery' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test("every server-rendered page hydrates as the shopper's with no console error", async ({
  page,
  request,
}) => {
  const shopper = await logIn(request);
  await signInPage(page, shopper);
  const problems = consoleProblems(page);
  await page.goto('/shop');
  await expect.poll(async () => (await sessionCookie(page)) !== undefined).toBe(true);
  for (const route of appRoutes.filter((r) =>
    [
      '/',
      '/shop',
      '/home',
      '/faq',
      '/cart',
      '/profile',
      '/profile/orders',
      '/profile/wishlist',
    ].includes(r.path),
  )) {
    const response = await page.goto(route.path);
    expect({ path: route.path, cache: response?.headers()['cache-control'] }).toEqual({
      path: route.path,
      cache: 'private, no-store',
    });
    const heading = page.getByRole('heading', { level: 1 }).first();
    await expect(heading).toBeVisible();
    await expect.poll(() => heading.evaluate(hasReactFiber)).toBe(true);
  }
  expect(problems).toEqual([]);
});

test('logging out removes the cookie, and the next page is the visitor copy', async ({
  page,
  request,
}) => {
  const shopper = await logIn(request);
  await signInPage(page, shopper);
  await page.goto('/profile');
  await expect.poll(async () => (await sessionCookie(page)) !== undefined).toBe(true);
  await page
    .getByRole('button', { name: /^Log ?out$/i })
    .first()
    .click();
  await expect.poll(async () => (await sessionCookie(page)) === undefined).toBe(true);
  const response = await page.request.get('/cart');
  expect(response.headers()['cache-control']).toBe('no-cache');
  expect(await response.text()).toContain('data-shopper-placeholder');
});
