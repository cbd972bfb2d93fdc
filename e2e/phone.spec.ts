/**
 * The storefront on a 360 px phone, as a shopper's thumb meets it: nothing covers the header
 * after an action, a run of cart changes leaves one toast, every control is big enough to
 * tap, and offline and server-down states each say what is wrong while the last known cart
 * stays on screen. Runs against the production build and the reference server.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Cart, LoginResponse, Product } from 'contract';
import { signUp } from './fixtures/shopper';
import { liveToasts } from './fixtures/toasts';

const DEMO = { email: 'demo@ibadanmarket.ng', password: 'DemoPass123!' };
/** The smallest tap area the storefront promises (src/theme/theme.ts). */
const TAP = 44;

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

interface Shopper {
  token: string;
  userId: number;
}

const auth = (shopper: Shopper) => ({ authorization: `Bearer ${shopper.token}` });

async function logIn(request: APIRequestContext, page: Page): Promise<Shopper> {
  return logInAs(request, page, DEMO);
}

async function logInAs(
  request: APIRequestContext,
  page: Page,
  account: { email: string; password: string },
): Promise<Shopper> {
  const answer = await request.post('/api/login', {
    form: { username: account.email, password: account.password },
  });
  expect(answer.ok()).toBe(true);
  const login = (await answer.json()) as LoginResponse;
  await page.addInitScript((session) => {
    window.localStorage.setItem('authToken', session.access_token);
    window.localStorage.setItem('userID', String(session.user_details.id));
    window.localStorage.setItem('userName', session.user_details.firstname);
  }, login);
  return { token: login.access_token, userId: login.user_details.id };
}

async function emptyCart(request: APIRequestContext, shopper: Shopper) {
  const cart = (await (
    await request.get('/api/all-carts', { headers: auth(shopper) })
  ).json()) as Cart;
  for (const line of cart.all_cart_data) {
    await request.delete(`/api/delete-cart/${line.id}`, { headers: auth(shopper) });
  }
}

async function productInStock(request: APIRequestContext): Promise<Product> {
  const products = (await (await request.get('/api/get-all-products')).json()) as Product[];
  const found = products.find((p) => p.inventory_stock >= 10);
  if (!found) throw new Error('The demo catalogue has no product with 10 in stock.');
  return found;
}

async function addToCartByApi(request: APIRequestContext, shopper: Shopper, product: Product) {
  const answer = await request.post('/api/add-cart', {
    headers: auth(shopper),
    data: { user_id: shopper.userId, product_id: product.id, quantity: 1, price_per_item: 0 },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/**
 * Moves inside the app without a page load (as a link does), so its caches stay. A shopper's
 * page is on screen from the server's HTML before the app has taken it over (the placeholder
 * marks the shopper's part until then), and a move made before the router listens is lost.
 */
async function goInApp(page: Page, path: string) {
  await expect(page.locator('[data-shopper-placeholder]')).toHaveCount(0);
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Every visible control smaller than TAP x TAP. Links inside a sentence (a <p>) are left
 * out: WCAG 2.5.8 exempts targets in running text, whose size the line of text sets.
 */
async function smallControls(page: Page): Promise<string[]> {
  return page.evaluate((tap) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'select',
      'textarea',
      '[role=button]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=switch]',
      '[role=tab]',
      '[role=menuitem]',
      '[role=combobox]',
    ].join(',');
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // A skip link waits off screen until focused; MUI's own inputs fill their control.
      if (box.right <= 0 || box.bottom <= 0 || box.left >= window.innerWidth) continue;
      if (element.tagName === 'INPUT' && style.opacity === '0') continue;
      if (element.tagName === 'A' && element.closest('p')) continue;
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      // A link whose ::after is stretched over its card (the product card's name) is tapped
      // anywhere on the card: its tap area is the box the pseudo-element fills.
      const after = getComputedStyle(element, '::after');
      const stretched =
        after.content !== 'none' && after.position === 'absolute' && element.offsetParent;
      const area = stretched ? element.offsetParent.getBoundingClientRect() : box;
      // Round half pixels the layout gives away (43.99 is 44 on the screen).
      if (Math.round(area.width) < tap || Math.round(area.height) < tap) {
        const name = element.getAttribute('aria-label') ?? element.textContent.trim().slice(0, 40);
        found.push(
          `${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
      }
    }
    return found;
  }, TAP);
}

test('after Add to cart the header cart icon is not covered, and a tap opens the cart', async ({
  page,
  request,
}) => {
  const shopper = await logIn(request, page);
  await emptyCart(request, shopper);
  const product = await productInStock(request);
  await page.goto(`/shop?q=${encodeURIComponent(product.name)}`);
  await page.getByRole('button', { name: `Add to cart: ${product.name}` }).click();
  await expect(page.getByText('Product successfully added to cart')).toBeVisible();

  const cartIcon = page.locator('header').getByRole('link', { name: /^Cart\b/ });
  const box = await cartIcon.boundingBox();
  if (!box) throw new Error('The header has no visible cart icon.');
  const atCentre = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.getAttribute('aria-label') ?? null,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(atCentre).toBe('Cart, 1 item');
  await cartIcon.tap();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
});

test('five quantity changes leave at most one toast, and the pay bar stays in view', async ({
  page,
  request,
}) => {
  const shopper = await logIn(request, page);
  await emptyCart(request, shopper);
  const product = await productInStock(request);
  await addToCartByApi(request, shopper, product);
  await page.goto('/cart');
  const line = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: product.name }) });
  const plus = line.getByRole('button', { name: `Increase quantity of ${product.name}` });
  const quantity = line.getByRole('textbox', { name: 'Quantity' });

  for (let n = 2; n <= 6; n += 1) {
    await plus.tap();
    await expect(quantity).toHaveValue(String(n));
    await expect(line).toHaveAttribute('aria-busy', 'false');
    expect(await liveToasts(page).count()).toBeLessThanOrEqual(1);
  }
  await expect(liveToasts(page)).toHaveCount(1);

  const bar = page.getByRole('region', { name: 'Pay for your order' });
  await expect(bar.getByRole('button', { name: 'Make Payment' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Make Payment' })).toHaveCount(1);
  // The toast stands above the bar, which publishes its height for it.
  const barTop = (await bar.boundingBox())?.y ?? 0;
  await expect
    .poll(async () => {
      const toast = await liveToasts(page).first().boundingBox();
      return toast ? toast.y + toast.height : Infinity;
    })
    .toBeLessThanOrEqual(barTop);
});

test('delete then Undo restores the line and its quantity', async ({ page, request }) => {
  const shopper = await logIn(request, page);
  await emptyCart(request, shopper);
  const product = await productInStock(request);
  await addToCartByApi(request, shopper, product);
  await page.goto('/cart');
  const quantity = page.getByRole('textbox', { name: 'Quantity' });
  await quantity.fill('3');
  await quantity.press('Enter');
  await expect(page.getByText('Cart updated!')).toBeVisible();

  await page.getByRole('button', { name: `Delete ${product.name} from cart` }).tap();
  await page.getByRole('button', { name: `Undo: put ${product.name} back` }).tap();

  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('3');
  const cart = (await (
    await request.get('/api/all-carts', { headers: auth(shopper) })
  ).json()) as Cart;
  expect(cart.all_cart_data.map((l) => [l.product.id, l.quantity])).toEqual([[product.id, 3]]);
});

test('every control on the main pages and dialogs is at least 44 x 44 px', async ({
  page,
  request,
}) => {
  const shopper = await logIn(request, page);
  await emptyCart(request, shopper);
  const product = await productInStock(request);
  await addToCartByApi(request, shopper, product);

  const pages: Array<[string, string]> = [
    ['home', '/home'],
    ['shop', '/shop'],
    ['product', `/detail/product-details?slug=${encodeURIComponent(product.slug)}`],
    ['profile', '/profile'],
    ['cart', '/cart'],
  ];
  const problems: string[] = [];
  for (const [name, path] of pages) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    problems.push(...(await smallControls(page)).map((p) => `${name}: ${p}`));
  }

  // The cart's dialogs: delivery location and the mode of delivery.
  await page.getByRole('region', { name: 'Delivery location' }).getByRole('button').first().tap();
  await expect(page.getByRole('dialog')).toBeVisible();
  problems.push(...(await smallControls(page)).map((p) => `delivery dialog: ${p}`));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Make Payment' }).tap();
  await expect(page.getByRole('dialog')).toBeVisible();
  problems.push(...(await smallControls(page)).map((p) => `mode dialog: ${p}`));

  expect(problems).toEqual([]);
});

test('offline and server down each say so, and the last known cart stays', async ({
  page,
  context,
  request,
}) => {
  const shopper = await logIn(request, page);
  await emptyCart(request, shopper);
  const product = await productInStock(request);
  await addToCartByApi(request, shopper, product);
  // The order page's code is fetched while online (without a service worker, as in these
  // tests, a page's code cannot arrive offline); each later order number asks the server.
  await page.goto('/profile/order-items?order=900001');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await goInApp(page, '/cart');
  const line = page.getByRole('heading', { name: product.name });
  await expect(line).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText(/^You are offline\./)).toBeVisible();
  // On the screen the shopper is looking at, not after the footer.
  await expect(page.getByText(/^You are offline\./)).toBeInViewport();
  await goInApp(page, '/profile/order-items?order=900002');
  await expect(page.getByText('You are offline. Check your connection and try again.')).toBeVisible(
    { timeout: 30_000 },
  );
  await goInApp(page, '/cart');
  await expect(line).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(/^You are offline\./)).toHaveCount(0);

  // Online again, but the server does not answer.
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await goInApp(page, '/profile/order-items?order=900003');
  await expect(
    page.getByText('Our server is not answering. Please try again in a moment.'),
  ).toBeVisible({ timeout: 30_000 });
  await goInApp(page, '/cart');
  await expect(line).toBeVisible();
});

/** A new, activated shopper: one with no delivery location yet (the demo shopper may have one). */
async function freshShopper(request: APIRequestContext, page: Page): Promise<Shopper> {
  return logInAs(request, page, await signUp(request));
}

test('without a delivery location, it is added from the mode dialog and payment goes on', async ({
  page,
  request,
}) => {
  const shopper = await freshShopper(request, page);
  const product = await productInStock(request);
  await addToCartByApi(request, shopper, product);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();

  await page.getByRole('button', { name: 'Make Payment' }).tap();
  const modeDialog = page.getByRole('dialog', { name: 'Select mode of delivery' });
  await expect(modeDialog.getByRole('region', { name: 'Selected method' })).toContainText(
    'No delivery location yet',
  );
  await modeDialog.getByRole('button', { name: 'Continue with Delivery' }).tap();

  const form = page.getByRole('dialog', { name: 'Delivery Information' });
  await form.getByLabel('Full Address').fill('3 Agodi Gate Road, Agodi');
  await form.getByRole('combobox', { name: 'City' }).fill('Agod');
  await page.getByRole('option', { name: 'Agodi', exact: true }).tap();
  await form.getByLabel(/^Mobile Number/).fill('08031234567');
  await form.getByRole('button', { name: 'Enter' }).tap();

  // The sandbox's payment window opens without another tap: the flow went on.
  const payment = page.getByRole('dialog', { name: 'Test payment' });
  await expect(payment).toBeVisible();
  await expect(modeDialog).toBeHidden();
  const saved = await request.get('/api/get-delivery', { headers: auth(shopper) });
  expect(((await saved.json()) as { address: string }).address).toBe('3 Agodi Gate Road, Agodi');
  await payment.getByRole('button', { name: 'Pay' }).tap();
  // Every order ends on its confirmation page.
  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
});
