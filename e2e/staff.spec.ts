/**
 * The shop's staff side on a 390 px phone, against the production build and the reference
 * server: the demo shopper places a pay-on-delivery order through the API, a staff member
 * logs in in the browser and takes it from Placed to Delivered with one tap per step and
 * records the cash, and the shopper's order timeline (through the API) follows each step.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Delivery, LoginResponse, OrderDetail, PlacedOrder, Product } from 'contract';

const PHONE = { width: 390, height: 844 };
const DEMO = { email: 'demo@ibadanmarket.ng', password: 'DemoPass123!' };
const STAFF = { email: 'staff@ibadanmarket.ng', password: 'StaffPass123!' };
/** The first pay-later order is capped at ₦30,000 by default: one cheap item stays below it. */
const CHEAP_ENOUGH_NAIRA = 15_000;
const CITY = 'Ibadan-Dugbe';

interface Shopper {
  token: string;
  userId: number;
}

const auth = (shopper: Shopper) => ({ authorization: `Bearer ${shopper.token}` });

async function logIn(request: APIRequestContext, email: string, password: string) {
  const answer = await request.post('/api/login', { form: { username: email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  const login = (await answer.json()) as LoginResponse;
  return { token: login.access_token, userId: login.user_details.id };
}

async function emptyCart(request: APIRequestContext, shopper: Shopper) {
  const cart = await request.get('/api/all-carts', { headers: auth(shopper) });
  expect(cart.ok()).toBe(true);
  const { all_cart_data } = (await cart.json()) as { all_cart_data: { id: number }[] };
  for (const line of all_cart_data) {
    await request.delete(`/api/delete-cart/${line.id}`, { headers: auth(shopper) });
  }
}

async function ensureDelivery(request: APIRequestContext, shopper: Shopper) {
  const body = {
    address: '21 Oba Adebimpe Road, Dugbe',
    mobile_number: '08031234567',
    alt_mobile_number: '',
    city: CITY,
    state: 'Oyo State',
  };
  const existing = await request.get('/api/get-delivery', { headers: auth(shopper) });
  const answer = existing.ok()
    ? await request.patch(`/api/update-delivery/${((await existing.json()) as Delivery).id}`, {
        headers: auth(shopper),
        data: body,
      })
    : await request.post('/api/delivery', { headers: auth(shopper), data: body });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** One cheap item in the cart, then a pay-on-delivery order, as the checkout places it. */
async function placePayOnDelivery(request: APIRequestContext, shopper: Shopper) {
  await emptyCart(request, shopper);
  await ensureDelivery(request, shopper);
  const products = (await (await request.get('/api/get-all-products')).json()) as Product[];
  const product = products.find((p) => p.inventory_stock >= 5 && p.amount <= CHEAP_ENOUGH_NAIRA);
  if (!product) throw new Error('No cheap product in stock in the demo catalogue');
  const added = await request.post('/api/add-cart', {
    headers: auth(shopper),
    data: {
      user_id: shopper.userId,
      product_id: product.id,
      quantity: 1,
      price_per_item: product.amount,
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const placed = await request.post('/api/place-order', {
    headers: auth(shopper),
    data: { userid: shopper.userId, delivery_method: 'delivery', payment_method: 'on_delivery' },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  return { order: (await placed.json()) as PlacedOrder, product };
}

async function timeline(request: APIRequestContext, shopper: Shopper, orderId: number) {
  const answer = await request.get(`/api/orders/${orderId}`, { headers: auth(shopper) });
  expect(answer.status(), await answer.text()).toBe(200);
  const detail = (await answer.json()) as OrderDetail;
  return { status: detail.status, labels: detail.events.map((e) => e.label), detail };
}

/** Nothing on the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

/** No WCAG 2.1 A/AA problem axe can find on the page as it is now. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

async function expectTappable(target: Locator) {
  const box = await target.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
}

test.use({ viewport: PHONE });

test('staff take a pay-on-delivery order from Placed to Delivered and record the cash', async ({
  page,
  request,
}) => {
  const shopper = await logIn(request, DEMO.email, DEMO.password);
  const { order, product } = await placePayOnDelivery(request, shopper);
  const number = order.reference;
  expect((await timeline(request, shopper, order.id)).labels).toEqual(['Placed']);

  // Signed out, the queue asks for a log in and brings the staff member back.
  await page.goto(`/staff/orders?area=${encodeURIComponent(CITY)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders to fulfil');
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email address').fill(STAFF.email);
  await page.getByLabel(/^Password\b/).fill(STAFF.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/orders\?area=Ibadan-Dugbe$/);

  const card = page.getByRole('article', { name: `Order ${number}` });
  await expect(card).toBeVisible();
  await expect(card.getByText(`1 × ${product.name}`)).toBeVisible();
  await expect(card.getByText('Not paid yet: collect on delivery')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Call 08031234567' })).toHaveAttribute(
    'href',
    'tel:08031234567',
  );
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  const steps: [button: string, label: string][] = [
    ['Confirm', 'Confirmed'],
    ['Mark packed', 'Packed'],
    ['Out for delivery', 'Out for delivery'],
  ];
  const seen = ['Placed'];
  for (const [button, label] of steps) {
    const tap = card.getByRole('button', { name: button, exact: true });
    await expectTappable(tap);
    await tap.click();
    await expect(page.getByText(`Order ${number}: ${label}`)).toBeVisible();
    seen.push(label);
    await expect
      .poll(async () => (await timeline(request, shopper, order.id)).labels)
      .toEqual(seen);
  }
  await expectNoSidewaysScroll(page);

  // Delivered: the order leaves the open queue; the Delivered filter finds it to record the cash.
  await card.getByRole('button', { name: 'Delivered', exact: true }).click();
  await expect(page.getByText(`Order ${number}: Delivered`)).toBeVisible();
  await expect(card).toBeHidden();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Delivered' }).click();
  await expect(page).toHaveURL(/status=delivered/);
  const cash = card.getByRole('button', { name: 'Cash received' });
  await expectTappable(cash);
  await cash.click();
  await expect(card.getByText('Money in (cash)')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cash received' })).toBeHidden();

  const after = await timeline(request, shopper, order.id);
  expect(after.status).toBe('Delivered');
  expect(after.labels).toEqual([
    'Placed',
    'Confirmed',
    'Packed',
    'Out for delivery',
    'Delivered',
    'Payment received (cash)',
  ]);
  expect(after.detail.payment_status).toBe('paid');
  expect(after.detail.payment_received_via).toBe('cash');

  // Who did what: each step by the staff member, in the card's history.
  await card.getByRole('button', { name: /^History/ }).click();
  const history = card.getByRole('list', { name: `History of order ${number}` });
  await expect(history.getByRole('listitem')).toHaveCount(6);
  await expect(history.getByText(/, by /)).toHaveCount(5);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test("a shopper's token gets words, not orders", async ({ page, request }) => {
  const shopper = await logIn(request, DEMO.email, DEMO.password);
  await page.addInitScript((session) => {
    window.localStorage.setItem('authToken', session.token);
    window.localStorage.setItem('userID', String(session.userId));
    window.localStorage.setItem('userName', 'Demo');
  }, shopper);
  await page.goto('/staff/orders');
  await expect(page.getByText("This page is for the shop's staff")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the shop' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});
