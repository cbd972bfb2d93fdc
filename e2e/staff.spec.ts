/**
 * The shop's staff side on a 390 px phone, against the production build and the reference
 * server, with two browsers side by side: the demo shopper's and a staff member's. The shopper
 * places a pay-on-delivery order (through the API); the staff member logs in and takes it from
 * Placed to Delivered with one tap per step and records the cash; after each step the shopper's
 * Notifications page lists the news, unread, and opening it shows the step in the order's
 * timeline.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { OrderDetail, PlacedOrder } from 'contract';
import {
  addToCart,
  auth,
  catalogue,
  DEMO_DELIVERY,
  emptyCart,
  ensureDelivery,
  logIn,
  signInPage,
  STAFF,
  type Shopper,
} from './fixtures/shopper';

const PHONE = { width: 390, height: 844 };
/** The first pay-later order is capped at ₦30,000 by default: one cheap item stays below it. */
const CHEAP_ENOUGH_NAIRA = 15_000;
const CITY = DEMO_DELIVERY.city;

/** One cheap item in the cart, then a pay-on-delivery order, as the checkout places it. */
async function placePayOnDelivery(request: APIRequestContext, shopper: Shopper) {
  await emptyCart(request, shopper);
  await ensureDelivery(request, shopper);
  const product = (await catalogue(request)).find(
    (p) => p.inventory_stock >= 5 && p.amount <= CHEAP_ENOUGH_NAIRA,
  );
  if (!product) throw new Error('No cheap product in stock in the demo catalogue');
  await addToCart(request, shopper, product);
  const placed = await request.post('/api/place-order', {
    headers: auth(shopper),
    data: { userid: shopper.userId, delivery_method: 'delivery', payment_method: 'on_delivery' },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  return { order: (await placed.json()) as PlacedOrder, product };
}

async function orderDetail(request: APIRequestContext, shopper: Shopper, orderId: number) {
  const answer = await request.get(`/api/orders/${orderId}`, { headers: auth(shopper) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as OrderDetail;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The shopper's side of one step, as a shopper would follow it: from the account menu to
 * Notifications, where the step's news is the newest entry and the only unread one; opening
 * it lands on the order, whose timeline now ends with the step.
 */
async function shopperFollows(
  page: Page,
  orderId: number,
  news: string,
  timeline: readonly string[],
) {
  await page
    .getByRole('navigation', { name: 'My account' })
    .getByRole('link', { name: 'Notification', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications');
  await expect(page.getByText('You have 1 unread notification.')).toBeVisible();
  const newest = page.getByRole('list', { name: 'Notifications' }).getByRole('link').first();
  await expect(newest).toHaveAccessibleName(new RegExp(`^Unread: ${escapeRegExp(news)}`));
  await expectNoSidewaysScroll(page);
  await newest.click();

  await expect(page).toHaveURL(new RegExp(`/profile/orders/${orderId}$`));
  const steps = page.getByRole('list', { name: 'Order timeline' }).getByRole('listitem');
  await expect(steps).toHaveText(timeline.map((label) => new RegExp(`^${escapeRegExp(label)}`)));
  await expect(steps.last()).toHaveAttribute('aria-current', 'step');
  await expectNoSidewaysScroll(page);
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

test("staff take a pay-on-delivery order to Delivered and the cash; the shopper's screens follow", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const shopper = await logIn(request);
  // Older news from other specs is read: each step's news is then the only unread one.
  const read = await request.post('/api/notifications/read-all', { headers: auth(shopper) });
  expect(read.status(), await read.text()).toBe(200);
  const { order, product } = await placePayOnDelivery(request, shopper);
  const number = order.reference;

  // The shopper's phone: the order page, then Notifications with the order's news unread.
  const shopperContext = await browser.newContext();
  try {
    const shopperPage = await shopperContext.newPage();
    await signInPage(shopperPage, shopper);
    await shopperPage.goto(`/profile/orders/${order.id}`);
    await expect(shopperPage.getByText('Status: Placed')).toBeVisible();
    const seen = ['Placed'];
    await shopperFollows(shopperPage, order.id, `Order ${number} placed`, seen);

    // The staff member's phone: signed out, the queue asks for a log in and comes back.
    await page.goto(`/staff/orders?area=${encodeURIComponent(CITY)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders to fulfil');
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Email or phone number').fill(STAFF.email);
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
    for (const [button, label] of steps) {
      const tap = card.getByRole('button', { name: button, exact: true });
      await expectTappable(tap);
      await tap.click();
      await expect(page.getByText(`Order ${number}: ${label}`)).toBeVisible();
      seen.push(label);
      await shopperFollows(shopperPage, order.id, `Order ${number}: ${label}`, seen);
    }
    await expectNoSidewaysScroll(page);

    // Delivered: the order leaves the open queue; the Delivered filter finds it to record the cash.
    await card.getByRole('button', { name: 'Delivered', exact: true }).click();
    await expect(page.getByText(`Order ${number}: Delivered`)).toBeVisible();
    await expect(card).toBeHidden();
    seen.push('Delivered');
    await shopperFollows(shopperPage, order.id, `Order ${number}: Delivered`, seen);
    await expect(shopperPage.getByText('Status: Delivered')).toBeVisible();

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Delivered' }).click();
    await expect(page).toHaveURL(/status=delivered/);
    const cash = card.getByRole('button', { name: 'Cash received' });
    await expectTappable(cash);
    await cash.click();
    await expect(card.getByText('Money in (cash)')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cash received' })).toBeHidden();
    seen.push('Payment received (cash)');
    await shopperFollows(shopperPage, order.id, `Payment received for order ${number}`, seen);
    await expectAccessible(shopperPage);

    const after = await orderDetail(request, shopper, order.id);
    expect(after.status).toBe('Delivered');
    expect(after.payment_status).toBe('paid');
    expect(after.payment_received_via).toBe('cash');

    // Who did what: each step by the staff member, in the card's history.
    await card.getByRole('button', { name: /^History/ }).click();
    const history = card.getByRole('list', { name: `History of order ${number}` });
    await expect(history.getByRole('listitem')).toHaveCount(6);
    await expect(history.getByText(/, by /)).toHaveCount(5);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  } finally {
    await shopperContext.close();
  }
});

test("a shopper's token gets words, not orders", async ({ page, request }) => {
  await signInPage(page, await logIn(request));
  await page.goto('/staff/orders');
  await expect(page.getByText("This page is for the shop's staff")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the shop' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});
