/**
 * Cart, delivery and payment in a real browser, against the production build and the
 * reference server: the Test payment dialog (the server's sandbox), Paystack's real inline
 * library with checkout.paystack.com answered by a stub (fixtures/paystackStub.ts) and a
 * second reference server that holds a Paystack key pointed at a fake Paystack API, a reload
 * between paying and checkout, and the whole purchase on a 375 px phone.
 *
 * The demo shopper pays throughout; specs run one at a time, and each test here starts by
 * emptying the demo cart (other specs add to it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Order, Product } from 'contract';
import { formatNaira } from '../src/lib/format';
import {
  startFakePaystackApi,
  stubPaystackCheckout,
  type CheckoutOutcome,
  type FakePaystack,
} from './fixtures/paystackStub';
import { liveToasts } from './fixtures/toasts';
import {
  addToCart,
  catalogue,
  emptyCart,
  ensureDelivery,
  getCart,
  logIn,
  ordersOf,
  signInPage,
  type Shopper,
} from './fixtures/shopper';

const ROOT = path.resolve(__dirname, '..');
/** docs/product.md#numbers-and-limits: delivery plus packaging. */
const DELIVERY_AND_PACKAGING = 1150;
/** The station's own fee: free until the owner sets one. */
const PICKUP_FEE = 0;
/** The build waits CHECKOUT_DELAY_MS (5 s by default) between verification and checkout. */
const ORDER_TIMEOUT = 30_000;

// ------------------------------------------------------------------ API helpers

/** In-stock products with room for a few more in the cart. */
async function productsInStock(request: APIRequestContext, count: number): Promise<Product[]> {
  const found = (await catalogue(request)).filter((p) => p.inventory_stock >= 10).slice(0, count);
  expect(found).toHaveLength(count);
  return found;
}

// ------------------------------------------------------------------ page helpers

const quantityOf = (page: Page, name: string) =>
  page
    .getByRole('group', { name: `Quantity of ${name}` })
    .getByRole('textbox', { name: 'Quantity' });
/** The figure (dd) after its label (dt) in the Order summary. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Order summary' })
    .locator('dt', { hasText: label })
    .locator('xpath=following-sibling::dd[1]');

/** Sets (or changes) the delivery location through the Delivery Information modal. */
async function setDeliveryLocation(page: Page, { checkAccessibility = false } = {}) {
  await page
    .getByRole('region', { name: 'Delivery location' })
    .getByRole('button', { name: /^(Add Delivery Location|Change)$/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delivery Information' });
  if (checkAccessibility) {
    await expect(dialog.getByLabel('Full Address')).toBeVisible();
    await expectAccessible(page);
  }
  await dialog.getByLabel('Full Address').fill('7 Bodija Estate Road, Old Bodija');
  // The area picker searches the names people use; the value sent stays 'Ibadan-Bodija'.
  await dialog.getByRole('combobox', { name: 'City' }).fill('Bodija');
  await page.getByRole('option', { name: 'Bodija', exact: true }).click();
  await dialog.getByLabel(/^Mobile Number/).fill('0803 123 4567');
  await dialog.getByLabel(/^Alt\. Mobile Number/).fill('');
  await dialog.getByRole('button', { name: 'Enter' }).click();
  await expect(page.getByText(/^Delivery details (created|updated)!$/).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Delivery location' })).toContainText(
    '7 Bodija Estate Road, Old Bodija, Bodija, Oyo State',
  );
}

/** Make Payment, then the method in the Select mode of delivery modal, then Continue. */
async function chooseMethod(page: Page, method: 'Pickup' | 'Delivery') {
  await page.getByRole('button', { name: 'Make Payment' }).click();
  const modal = page.getByRole('dialog', { name: 'Select mode of delivery' });
  await expect(modal.getByRole('radio', { name: /^Delivered/ })).toBeChecked();
  if (method === 'Pickup') {
    await modal.getByRole('radio', { name: /^Pickup Station/ }).check();
    const selected = modal.getByRole('region', { name: 'Selected method' });
    await expect(selected).toContainText('Pick up your order at');
    // Pickup asks only who collects and a number, prefilled from the account; no address.
    await expect(selected.getByLabel(/^Full name/)).not.toHaveValue('');
    await expect(selected.getByLabel(/^Mobile Number/)).not.toHaveValue('');
    await expect(selected.getByLabel(/Full Address/)).toHaveCount(0);
    await expect(modal.getByText('Pickup: free')).toBeVisible();
  }
  await modal.getByRole('button', { name: `Continue with ${method}` }).click();
  await expect(modal).toBeHidden();
}

/** The order's confirmation page, where every order lands: its number and the total paid. */
async function expectOrderShown(page: Page, order: Order) {
  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${order.id}$`));
  await expect(page.getByText(`Your order ${order.reference} is placed.`)).toBeVisible();
  const amounts: Locator = page.getByLabel('Amounts');
  await expect(amounts).toContainText(`Total paid${formatNaira(order.total_amount)}`);
}

/** The one order placed since `before`, once it exists. */
async function newOrder(request: APIRequestContext, shopper: Shopper, before: Order[]) {
  const known = new Set(before.map((o) => o.id));
  let placed: Order[] = [];
  await expect
    .poll(
      async () => {
        placed = (await ordersOf(request, shopper)).filter((o) => !known.has(o.id));
        return placed.length;
      },
      { timeout: ORDER_TIMEOUT },
    )
    .toBe(1);
  const [order] = placed;
  if (!order) throw new Error('no new order');
  return order;
}

/**
 * No WCAG 2 A or AA violation on what the shopper sees now (dialogs included). Toasts are
 * left out: they come and go on their own, and axe would catch them half faded in.
 */
async function expectAccessible(page: Page) {
  // Dialogs fade in: measure colours once every finite animation has ended.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(page.viewportSize()?.width ?? 375);
}

// ------------------------------------------------------------------ the sandbox (Test payment)

test.describe('paying with the Test payment dialog', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let shopper: Shopper;

  test.beforeAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    shopper = await logIn(request);
    await request.dispose();
  });

  test.beforeEach(async ({ page, request }) => {
    await emptyCart(request, shopper);
    await signInPage(page, shopper);
  });

  test('adds two products, changes quantities without a reload, sets a location, picks pickup, pays and sees the order', async ({
    page,
    request,
  }) => {
    const [first, second] = await productsInStock(request, 2);
    if (!first || !second) throw new Error('catalogue too small');
    const ordersBefore = await ordersOf(request, shopper);

    await page.goto('/shop');
    await expect(page.getByRole('button', { name: `Add to cart: ${first.name}` })).toBeVisible();
    // Survives only if nothing reloads the page from here on.
    await page.evaluate(() => Object.assign(window, { checkoutMarker: 'still here' }));

    await page.getByRole('button', { name: `Add to cart: ${first.name}` }).click();
    await expect.poll(async () => (await getCart(request, shopper)).all_cart_data.length).toBe(1);
    await page.getByRole('button', { name: `Add to cart: ${second.name}` }).click();
    await expect.poll(async () => (await getCart(request, shopper)).all_cart_data.length).toBe(2);

    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Cart\b/ })
      .click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await expect(page).toHaveTitle(/^Cart \| /);

    const serverQuantity = async () =>
      (await getCart(request, shopper)).all_cart_data.find((l) => l.product.id === first.id)
        ?.quantity;
    const plus = page.getByRole('button', { name: `Increase quantity of ${first.name}` });
    const minus = page.getByRole('button', { name: `Decrease quantity of ${first.name}` });
    await expect(minus).toBeDisabled();
    await plus.click();
    await expect(quantityOf(page, first.name)).toHaveValue('2');
    await expect.poll(serverQuantity).toBe(2);
    await expect(page.getByText('Cart updated!').first()).toBeVisible();
    await plus.click();
    await expect(quantityOf(page, first.name)).toHaveValue('3');
    await expect.poll(serverQuantity).toBe(3);
    await minus.click();
    await expect(quantityOf(page, first.name)).toHaveValue('2');
    await expect.poll(serverQuantity).toBe(2);

    // The page settles on the server's figures.
    const cart = await getCart(request, shopper);
    const total = cart.price_after_vat + DELIVERY_AND_PACKAGING;
    await expect(figure(page, 'Value before VAT')).toHaveText(formatNaira(cart.price_before_vat));
    await expect(figure(page, 'VAT (7.5%)')).toHaveText(formatNaira(cart.vat_value));
    await expect(figure(page, 'Value after VAT')).toHaveText(formatNaira(cart.price_after_vat));
    await expect(figure(page, 'Delivery + packaging')).toHaveText('₦ 1,150');
    await expect(figure(page, 'Total to pay')).toHaveText(formatNaira(total));

    await setDeliveryLocation(page);
    await chooseMethod(page, 'Pickup');

    // Pickup is charged the station's fee, not delivery and packaging.
    const pickupTotal = cart.price_after_vat + PICKUP_FEE;
    const payment = page.getByRole('dialog', { name: 'Test payment' });
    await expect(payment).toContainText(formatNaira(pickupTotal));
    await payment.getByRole('button', { name: 'Pay' }).click();
    await expect(liveToasts(page, 'Please wait... Do NOT refresh page')).toBeVisible();

    const order = await newOrder(request, shopper, ordersBefore);
    expect(order).toMatchObject({ total_amount: pickupTotal, delivery_model: 'pickup' });
    await expect(page).toHaveURL(/\/order-confirmation\/\d+$/, { timeout: ORDER_TIMEOUT });
    await expect(page.getByText('Congratulations!').first()).toBeVisible();
    await expectOrderShown(page, order);
    expect(await page.evaluate(() => Reflect.get(window, 'checkoutMarker'))).toBe('still here');
    expect((await getCart(request, shopper)).all_cart_data).toHaveLength(0);
  });

  test('a reload right after paying still ends with exactly one order', async ({
    page,
    request,
  }) => {
    const [product] = await productsInStock(request, 1);
    if (!product) throw new Error('catalogue too small');
    await addToCart(request, shopper, product);
    await ensureDelivery(request, shopper);
    const ordersBefore = await ordersOf(request, shopper);

    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
    await chooseMethod(page, 'Delivery');
    const payment = page.getByRole('dialog', { name: 'Test payment' });
    const paid = page.waitForResponse(
      (response) => response.url().includes('/api/sandbox/pay/') && response.ok(),
    );
    await payment.getByRole('button', { name: 'Pay' }).click();
    await paid;
    // Paid and noted by the page, not yet ordered (the build waits 5 s before checkout): the
    // shopper reloads. (Playwright sees the answer before the page has handled it.)
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('pendingPayment')))
      .not.toBeNull();
    await page.reload();

    await expect(page.getByText('Finishing your paid order...').first()).toBeVisible();
    const order = await newOrder(request, shopper, ordersBefore);
    await expect(page).toHaveURL(/\/order-confirmation\/\d+$/, { timeout: ORDER_TIMEOUT });
    await expectOrderShown(page, order);
    expect(await page.evaluate(() => window.localStorage.getItem('pendingPayment'))).toBeNull();

    // Past the moment the first page would have checked out: still one order.
    await page.waitForTimeout(6_000);
    const after = await ordersOf(request, shopper);
    expect(after.filter((o) => !ordersBefore.some((b) => b.id === o.id))).toHaveLength(1);
  });

  test('the whole purchase on a 375 px phone, keyboard and screen reader friendly', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const [product] = await productsInStock(request, 1);
    if (!product) throw new Error('catalogue too small');
    const ordersBefore = await ordersOf(request, shopper);

    await page.goto('/shop');
    await page.getByRole('button', { name: `Add to cart: ${product.name}` }).click();
    await expect.poll(async () => (await getCart(request, shopper)).all_cart_data.length).toBe(1);
    // On a phone the top-centre toast lies over the header's icons: wait until it has gone.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Cart\b/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await page.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
    await expect(quantityOf(page, product.name)).toHaveValue('2');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    await setDeliveryLocation(page, { checkAccessibility: true });

    // The Select mode of delivery modal by keyboard: Delivered by default, arrows choose.
    await page.getByRole('button', { name: 'Make Payment' }).focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Select mode of delivery' });
    await expect(modal.getByRole('radio', { name: /^Delivered/ })).toBeChecked();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await modal.getByRole('radio', { name: /^Delivered/ }).focus();
    await page.keyboard.press('ArrowUp');
    await expect(modal.getByRole('radio', { name: /^Pickup Station/ })).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(modal.getByRole('radio', { name: /^Delivered/ })).toBeChecked();
    await modal.getByRole('button', { name: 'Continue with Delivery' }).click();

    const cart = await getCart(request, shopper);
    const total = cart.price_after_vat + DELIVERY_AND_PACKAGING;
    const payment = page.getByRole('dialog', { name: 'Test payment' });
    await expect(payment).toContainText(formatNaira(total));
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await payment.getByRole('button', { name: 'Pay' }).click();

    const order = await newOrder(request, shopper, ordersBefore);
    expect(order).toMatchObject({ total_amount: total, delivery_model: 'delivery' });
    await expect(page).toHaveURL(/\/order-confirmation\/\d+$/, { timeout: ORDER_TIMEOUT });
    await expectOrderShown(page, order);
  });
});

// ------------------------------------------------------------------ Paystack

const PAYSTACK_SECRET = 'sk_test_e2estub0000000000';
const PAYSTACK_SERVER_PORT = Number(
  process.env.E2E_PAYSTACK_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 11,
);
const PAYSTACK_SERVER = `http://127.0.0.1:${PAYSTACK_SERVER_PORT}`;

/** A second reference server, with a Paystack key and a fake Paystack behind it. */
async function startPaystackServer(paystack: FakePaystack): Promise<ChildProcess> {
  const dataDir = path.join(ROOT, 'test-results', 'e2e-paystack-data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PAYSTACK_SERVER_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: process.env.E2E_DIST_DIR ?? path.join(ROOT, 'dist'),
      PAYSTACK_SECRET_KEY: PAYSTACK_SECRET,
      PAYSTACK_BASE_URL: paystack.url,
      OUTBOX_CONSOLE: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The Paystack server stopped: ${errors}`);
    try {
      if ((await fetch(`${PAYSTACK_SERVER}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`The Paystack server did not start in time: ${errors}`);
}

test.describe('paying through Paystack', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  test.use({ baseURL: PAYSTACK_SERVER });
  let paystack: FakePaystack;
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    paystack = await startFakePaystackApi(PAYSTACK_SECRET);
    server = await startPaystackServer(paystack);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    // Unassigned when beforeAll failed before it started.
    await (paystack as FakePaystack | undefined)?.close();
  });

  test('the popup resumes the server transaction; closing it pays nothing, paying places the order', async ({
    page,
    request,
  }) => {
    const shopper = await logIn(request);
    await emptyCart(request, shopper);
    const [first, second] = await productsInStock(request, 2);
    if (!first || !second) throw new Error('catalogue too small');
    await addToCart(request, shopper, first);
    await addToCart(request, shopper, second);
    await ensureDelivery(request, shopper);
    const ordersBefore = await ordersOf(request, shopper);
    const cart = await getCart(request, shopper);
    const total = cart.price_after_vat + DELIVERY_AND_PACKAGING;

    const outcomes: CheckoutOutcome[] = ['close', 'success'];
    const stub = await stubPaystackCheckout(page, paystack, () => outcomes.shift() ?? 'success');
    await signInPage(page, shopper);
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: first.name })).toBeVisible();
    await expect(figure(page, 'Total to pay')).toHaveText(formatNaira(total));

    // First try: the shopper closes the popup. Nothing is verified, no order, try again.
    await chooseMethod(page, 'Delivery');
    await expect.poll(() => stub.opened.length).toBe(1);
    await expect(page.getByRole('button', { name: 'Make Payment' })).toBeEnabled();
    await expect(liveToasts(page, 'Please wait... Do NOT refresh page')).toHaveCount(0);
    expect(await ordersOf(request, shopper)).toHaveLength(ordersBefore.length);

    // Second try: paid in the popup.
    await chooseMethod(page, 'Delivery');
    await expect.poll(() => stub.opened.length).toBe(2);
    const order = await newOrder(request, shopper, ordersBefore);
    expect(order).toMatchObject({ total_amount: total, delivery_model: 'delivery' });
    await expect(page).toHaveURL(/\/order-confirmation\/\d+$/, { timeout: ORDER_TIMEOUT });
    await expectOrderShown(page, order);

    // The server asked Paystack for exactly the total shown, in naira, on the spec's channels.
    const charged = paystack.transactions.get(order.reference);
    expect(charged).toMatchObject({
      amount: Math.round(total * 100),
      currency: 'NGN',
      channels: ['card', 'bank_transfer', 'ussd'],
      status: 'success',
    });
    expect(stub.opened[1]).toBe(charged?.accessCode);
    // The popups' iframes do not pile up.
    await expect(page.locator('iframe[id^="inline-"]')).toHaveCount(0);
  });
});
