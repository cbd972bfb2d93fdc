/**
 * The shop, search and product page in a real browser, against the production build and
 * the reference server on a fresh database (demo catalogue and demo shopper).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Cart, LoginResponse, Product } from 'contract';
import { hasReactFiber, holdAppCode } from './fixtures/takeover';

const DEMO = { email: 'demo@ibadanmarket.ng', password: 'DemoPass123!' };

async function catalogue(request: APIRequestContext): Promise<Product[]> {
  const response = await request.get('/api/get-all-products');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product[];
}

/** A product in stock, with a word in its name that makes a narrower search. */
async function productToSearch(
  request: APIRequestContext,
): Promise<{ product: Product; word: string }> {
  const products = await catalogue(request);
  expect(products.length).toBeGreaterThan(2);
  for (const product of products.filter((p) => p.inventory_stock > 5)) {
    for (const word of product.name.toLowerCase().match(/[a-z]{4,}/g) ?? []) {
      const response = await request.get(`/api/get-all-products?q=${encodeURIComponent(word)}`);
      const found = (await response.json()) as Product[];
      if (found.some((p) => p.id === product.id) && found.length < products.length) {
        return { product, word };
      }
    }
  }
  throw new Error('The demo catalogue has no product with a distinctive word in its name.');
}

async function logIn(request: APIRequestContext): Promise<LoginResponse> {
  const response = await request.post('/api/login', {
    form: { username: DEMO.email, password: DEMO.password },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as LoginResponse;
}

/** Signs the page in as the demo shopper the way the app keeps a session: localStorage keys. */
async function signInPage(page: Page, request: APIRequestContext): Promise<LoginResponse> {
  const login = await logIn(request);
  await page.addInitScript((session) => {
    window.localStorage.setItem('authToken', session.access_token);
    window.localStorage.setItem('userID', String(session.user_details.id));
    window.localStorage.setItem('userName', session.user_details.firstname);
  }, login);
  return login;
}

async function cartQuantity(
  request: APIRequestContext,
  token: string,
  productId: number,
): Promise<number> {
  const response = await request.get('/api/all-carts', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  const cart = (await response.json()) as Cart;
  return cart.all_cart_data.find((line) => line.product.id === productId)?.quantity ?? 0;
}

/** Takes the product's line out of the shopper's cart, if it has one. */
async function removeFromCart(
  request: APIRequestContext,
  token: string,
  productId: number,
): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const cart = (await (await request.get('/api/all-carts', { headers })).json()) as Cart;
  const line = cart.all_cart_data.find((l) => l.product.id === productId);
  if (line)
    expect((await request.delete(`/api/delete-cart/${line.id}`, { headers })).ok()).toBe(true);
}

const productList = (page: Page) => page.getByRole('list', { name: /^Products/ });
const cards = (page: Page) => productList(page).getByRole('listitem');
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });

test('search asks the server, keeps the search in the address, and survives a reload', async ({
  page,
  request,
}) => {
  const { product, word } = await productToSearch(request);
  await page.goto('/shop');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();

  const searches: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('/get-all-products')) searches.push(url.searchParams.get('q') ?? '');
  });
  // Typed once the app has the box: what is typed before then is the next test's.
  await expect.poll(() => searchBox(page).evaluate(hasReactFiber)).toBe(true);
  await searchBox(page).pressSequentially(word, { delay: 40 });
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  // The search's own list (the product may already be on the first page of all products).
  const results = page.getByRole('list', { name: `Products matching “${word}”` });
  await expect(results.getByRole('link', { name: product.name })).toBeVisible();
  // Typed letter by letter, asked once.
  expect(searches).toEqual([word]);

  await page.reload();
  await expect(searchBox(page)).toHaveValue(word);
  await expect(productList(page).getByRole('link', { name: product.name })).toBeVisible();

  // Emptied: every product again, from the cache.
  await searchBox(page).fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page.getByRole('heading', { name: 'All products' })).toBeVisible();
});

for (const shopper of ['a visitor', 'a signed-in shopper'] as const) {
  test(`${shopper} can search before the app has taken the page over`, async ({
    page,
    request,
  }) => {
    const { product, word } = await productToSearch(request);
    // A signed-in shopper's page is rendered afresh over the server's, new elements and all.
    if (shopper === 'a signed-in shopper') await signInPage(page, request);
    const release = await holdAppCode(page);
    await page.goto('/shop');
    await expect(cards(page).first()).toBeVisible();
    await searchBox(page).pressSequentially(word);
    await searchBox(page).press('ArrowLeft');
    expect(await searchBox(page).evaluate(hasReactFiber)).toBe(false);

    release();
    // What was typed on the server's page is the search, with the caret where it was.
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
    const results = page.getByRole('list', { name: `Products matching “${word}”` });
    await expect(results.getByRole('link', { name: product.name })).toBeVisible();
    await expect(searchBox(page)).toBeFocused();
    expect(await searchBox(page).evaluate((box: HTMLInputElement) => box.selectionStart)).toBe(
      word.length - 1,
    );
    await expect(searchBox(page)).toHaveValue(word);
  });
}

test("the phone's search key, before the app has the page, asks the server for the results", async ({
  page,
  request,
}) => {
  const { product, word } = await productToSearch(request);
  const inCategory = new URLSearchParams({ category: product.category });
  const release = await holdAppCode(page);
  await page.goto(`/shop?${inCategory}`);
  await expect(cards(page).first()).toBeVisible();
  await searchBox(page).pressSequentially(word);
  await searchBox(page).press('Enter');

  // The server's page for the search, in the category the shopper was looking at.
  const searched = new URLSearchParams({ category: product.category, q: word });
  await expect.poll(() => new URL(page.url()).search).toBe(`?${searched}`);
  const results = page.getByRole('list', { name: `Products matching “${word}”` });
  await expect(results.getByRole('link', { name: product.name })).toBeVisible();
  await expect(searchBox(page)).toHaveValue(word);
  expect(await searchBox(page).evaluate(hasReactFiber)).toBe(false);

  // Once the app has the page, the search key searches without leaving it.
  release();
  await expect.poll(() => searchBox(page).evaluate(hasReactFiber)).toBe(true);
  const loads: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest()) loads.push(r.url());
  });
  await searchBox(page).fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await searchBox(page).pressSequentially(word);
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(results.getByRole('link', { name: product.name })).toBeVisible();
  expect(loads).toEqual([]);
});

test('a search with no results offers a way back', async ({ page }) => {
  await page.goto('/shop?q=zzzqqqxxx');
  await expect(page.getByText('No products match “zzzqqqxxx”')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(cards(page).first()).toBeVisible();
  await expect(searchBox(page)).toBeFocused();
});

test('a product opens by its name, and its address opens the same product in a new browser', async ({
  page,
  browser,
  request,
}) => {
  const { product, word } = await productToSearch(request);
  await page.goto(`/shop?q=${word}`);
  await productList(page).getByRole('link', { name: product.name }).click();
  await expect(page).toHaveURL(new RegExp(`/detail/product-details\\?slug=${product.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(page.getByRole('region', { name: 'Vendor information' })).toContainText(
    product.vendor.name,
  );
  await expect(page).toHaveTitle(new RegExp(product.name.replace(/[()]/g, '.')));

  // A shared link: a fresh browser with nothing stored shows the same product.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(page.url());
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await fresh.close();
});

test('signed out, add to cart says Please, log in and sends nothing', async ({ page }) => {
  const adds: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/add-cart')) adds.push(r.url());
  });
  await page.goto('/shop');
  await cards(page)
    .filter({ has: page.getByRole('button', { name: /^Add to cart/, disabled: false }) })
    .first()
    .getByRole('button', { name: /^Add to cart/ })
    .click();
  await expect(page.getByText('Please, log in')).toBeVisible();
  expect(adds).toEqual([]);
});

test('the demo shopper adds one from the shop, two more on the product page, and Buy opens the cart', async ({
  page,
  request,
}) => {
  const login = await signInPage(page, request);
  const { product, word } = await productToSearch(request);
  // Out of the cart first (an earlier run may have left it there): only then does its card
  // offer 'Add to cart' rather than the cart's stepper.
  await removeFromCart(request, login.access_token, product.id);
  const before = 0;

  await page.goto(`/shop?q=${word}`);
  await page.getByRole('button', { name: `Add to cart: ${product.name}` }).click();
  await expect(page.getByText('Product successfully added to cart')).toBeVisible();
  expect(await cartQuantity(request, login.access_token, product.id)).toBe(before + 1);

  await productList(page).getByRole('link', { name: product.name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  // In the cart already: the page shows the cart's own quantity with − and +.
  const more = page.getByRole('button', { name: `One more ${product.name}` });
  await more.click();
  await expect.poll(() => cartQuantity(request, login.access_token, product.id)).toBe(before + 2);
  await more.click();
  await expect.poll(() => cartQuantity(request, login.access_token, product.id)).toBe(before + 3);
  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  expect(await cartQuantity(request, login.access_token, product.id)).toBe(before + 3);
});

test('the demo shopper saves a product to the wishlist', async ({ page, request }) => {
  await signInPage(page, request);
  await page.goto('/shop');
  await cards(page)
    .first()
    .getByRole('button', { name: /to wishlist$/ })
    .click();
  // Saved, or already saved by an earlier run: either way the server answered.
  await expect(page.getByText(/Wishlist updated|already in your wishlist/)).toBeVisible();
});

test('keyboard: from the search box, Tab reaches the first product', async ({ page }) => {
  await page.goto('/shop');
  await expect(cards(page).first()).toBeVisible();
  await searchBox(page).focus();
  const firstName =
    (await cards(page).first().getByRole('heading', { level: 3 }).textContent()) ?? '';
  // Past the category chips and the filters beside the grid.
  for (let i = 0; i < 20; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    if (focused === firstName) return;
  }
  throw new Error('Tab from the search box never reached the first product');
});

test.describe('at phone width (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('two cards a row, nothing wider than the screen, and search works', async ({
    page,
    request,
  }) => {
    const { product, word } = await productToSearch(request);
    await page.goto('/shop');
    await expect(cards(page).nth(2)).toBeVisible();
    const [a, b, c] = await Promise.all([0, 1, 2].map((i) => cards(page).nth(i).boundingBox()));
    expect(a && b && c).toBeTruthy();
    if (a && b && c) {
      expect(Math.abs(a.y - b.y)).toBeLessThan(1);
      expect(c.y).toBeGreaterThan(a.y + a.height - 1);
      expect(b.x + b.width).toBeLessThanOrEqual(375);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    await searchBox(page).fill(word);
    await expect(productList(page).getByRole('link', { name: product.name })).toBeVisible();
    await productList(page).getByRole('link', { name: product.name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(page.getByRole('button', { name: 'Buy' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});

test('only the rows near the viewport are in the page, however long the catalogue', async ({
  page,
  request,
}) => {
  const total = (await catalogue(request)).length;
  await page.goto('/shop');
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText(
    `Showing ${total.toLocaleString('en-NG')} ${total === 1 ? 'product' : 'products'}`,
  );
  const drawn = await cards(page).count();
  expect(drawn).toBeLessThanOrEqual(Math.min(total, 40));
  await expect(cards(page).first()).toHaveAttribute('aria-setsize', String(total));
});

test('a product page and a search result have no WCAG 2 A or AA violations', async ({
  page,
  request,
}) => {
  const { product, word } = await productToSearch(request);
  const axe = async () =>
    (
      await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze()
    ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  await page.goto(`/detail/product-details?slug=${product.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  expect(await axe()).toEqual([]);
  await page.goto(`/shop?q=${word}`);
  await expect(productList(page).getByRole('link', { name: product.name })).toBeVisible();
  expect(await axe()).toEqual([]);
});

/** The product names on screen, in order. */
async function listedNames(page: Page): Promise<string[]> {
  return productList(page).getByRole('heading', { level: 3 }).allTextContents();
}

test('a category chip and a sort choice change the list and the address; Back restores', async ({
  page,
  request,
}) => {
  const products = await catalogue(request);
  await page.goto('/shop');
  await expect(cards(page).first()).toBeVisible();
  const firstNames = await listedNames(page);

  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('button', { name: /^Drinks/ })
    .click();
  await expect(page).toHaveURL(/\/shop\?category=Drinks$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Drinks' })).toBeVisible();
  const drinks = products.filter((p) => p.category === 'Drinks');
  await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText(
    `Showing ${drinks.length} products`,
  );
  await expect(cards(page).first().getByRole('heading', { level: 3 })).toHaveText(
    drinks[0]?.name ?? '',
  );

  // The choice is the address's: the radio shows it once the address has changed.
  const lowToHigh = page.getByRole('radio', { name: 'Price: low to high' });
  await lowToHigh.click();
  await expect(page).toHaveURL(/category=Drinks&sort=price_asc$/);
  await expect(lowToHigh).toBeChecked();
  const cheapest = [...drinks].sort(
    (a, b) => a.amount - (a.disc_amount ?? 0) - (b.amount - (b.disc_amount ?? 0)) || a.id - b.id,
  )[0];
  await expect(cards(page).first().getByRole('heading', { level: 3 })).toHaveText(
    cheapest?.name ?? '',
  );

  await page.goBack();
  await expect(page).toHaveURL(/\/shop\?category=Drinks$/);
  await expect(cards(page).first().getByRole('heading', { level: 3 })).toHaveText(
    drinks[0]?.name ?? '',
  );
  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: 'All products' })).toBeVisible();
  await expect
    .poll(() => listedNames(page).then((n) => n.slice(0, 4)))
    .toEqual(firstNames.slice(0, 4));
});

test('scrolling near the end loads the next page, and what is on screen does not move', async ({
  page,
  request,
}) => {
  const total = (await catalogue(request)).length;
  const pageRequests: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('/get-all-products'))
      pageRequests.push(url.searchParams.get('offset') ?? '');
  });
  await page.goto('/shop');
  await expect(cards(page).first()).toBeVisible();
  // The page's own layout settled first: the filter panel beside the grid (its code comes
  // on its own) and the footer below.
  await expect(
    page.getByRole('complementary', { name: 'Filters and sort' }).getByRole('radio').first(),
  ).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();
  // The first page came with the server's HTML (server/src/serverRender.ts).
  expect(pageRequests).toEqual([]);
  const grid = page.getByTestId('product-grid');
  const rowsBefore = Number(await grid.getAttribute('data-row-count'));

  // Down to the last row of the first page.
  const box = await grid.boundingBox();
  if (!box) throw new Error('the grid is not on the page');
  await page.evaluate((y) => window.scrollTo(0, y), box.y + box.height - 900);
  const onScreen = cards(page).last();
  const name = (await onScreen.getByRole('heading', { level: 3 }).textContent()) ?? '';
  const same = productList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
  // Where the card sits once the scroll has been drawn (two equal readings in a row).
  let top: number | undefined;
  await expect
    .poll(async () => {
      const y = (await same.boundingBox())?.y;
      const settled = y !== undefined && y === top;
      top = y;
      return settled;
    })
    .toBe(true);

  await expect(grid).not.toHaveAttribute('data-row-count', String(rowsBefore));
  expect(pageRequests).toContain('24');
  // The same card at the same place: the grid grew below it.
  expect((await same.boundingBox())?.y).toBeCloseTo(top ?? -1, 0);
  await expect(cards(page).first()).toHaveAttribute('aria-setsize', String(total));
});
