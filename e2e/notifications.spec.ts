/**
 * Notifications, 'Notify me' and sharing a product, on a 390 px phone against the production
 * build and the reference server: the demo shopper asks to hear when an out-of-stock product
 * is back (and changes their mind), sees the WhatsApp share link, and finds a pay-at-pickup
 * order's notification unread, then marks everything read.
 *
 * The order is placed through the API: the screens under test are the notifications.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { NotificationList, Order, StockAlertList } from 'contract';
import {
  addToCart,
  auth,
  catalogue,
  emptyCart,
  logIn,
  signInPage,
  type Shopper,
} from './fixtures/shopper';

async function api<T>(
  request: APIRequestContext,
  session: Shopper,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api${path}`, { method, headers: auth(session), data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('Notify me on an out-of-stock product: on, then off again', async ({ page, request }) => {
  const session = await logIn(request);
  const product = (await catalogue(request)).find((p) => p.inventory_stock <= 0);
  if (!product) throw new Error('The demo catalogue has no product out of stock.');
  await signInPage(page, session);
  await page.goto(`/detail/product-details?slug=${encodeURIComponent(product.slug)}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  // The signed-in page, once the app has replaced the server's page for a visitor.
  await expect(
    page.getByRole('banner').getByRole('link', { name: /^Cart, \d+ items?$/ }),
  ).toBeVisible();

  const notifyMe = page.getByRole('button', {
    name: `Notify me when ${product.name} is back in stock`,
  });
  await expect(notifyMe).toHaveAttribute('aria-pressed', 'false');
  const box = await notifyMe.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await notifyMe.tap();
  await expect(
    page.locator('[data-sonner-toast]', { hasText: 'We will tell you when it is back in stock' }),
  ).toBeVisible();
  await expect(notifyMe).toHaveAttribute('aria-pressed', 'true');
  const waiting = await api<StockAlertList>(request, session, 'GET', '/stock-alerts');
  expect(waiting.alerts.map((a) => a.product_id)).toContain(product.id);

  // Share: WhatsApp's link with the product's own absolute address (Chromium here has no share sheet).
  const share = page.getByRole('link', { name: 'Share' });
  const text = new URL((await share.getAttribute('href')) ?? '').searchParams.get('text') ?? '';
  expect(text).toContain(product.name);
  expect(text).toContain(new URL(`/detail/product-details?slug=${product.slug}`, page.url()).href);
  await expectNoSidewaysScroll(page);

  await notifyMe.tap();
  await expect(notifyMe).toHaveAttribute('aria-pressed', 'false');
  const after = await api<StockAlertList>(request, session, 'GET', '/stock-alerts');
  expect(after.alerts.map((a) => a.product_id)).not.toContain(product.id);
});

test('an order placed shows as an unread notification; Mark all as read', async ({
  page,
  request,
}) => {
  const session = await logIn(request);
  // A first pay-at-pickup order is capped: the demo cart goes, and one cheap product is bought.
  await emptyCart(request, session);
  const product = (await catalogue(request))
    .filter((p) => p.inventory_stock > 20)
    .sort((a, b) => a.amount - b.amount)[0];
  if (!product) throw new Error('The demo catalogue has no product in stock.');
  await addToCart(request, session, product);
  const order = await api<Order>(request, session, 'POST', '/place-order', {
    userid: session.userId,
    delivery_method: 'pickup',
    payment_method: 'at_pickup',
  });

  await signInPage(page, session);
  await page.goto('/profile/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });
  const newest = list.getByRole('link').first();
  await expect(newest).toHaveAccessibleName(new RegExp(`^Unread: Order ${order.reference} placed`));
  await expect(newest).toHaveAttribute('href', `/profile/orders/${order.id}`);
  await expect(page.getByText(/^You have \d+ unread notifications?\.$/)).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'Mark all as read' }).tap();
  await expect(page.getByText('You have read them all.')).toBeVisible();
  await expect(list.getByText(/^Unread:/)).toHaveCount(0);
  const after = await api<NotificationList>(request, session, 'GET', '/notifications');
  expect(after.unread).toBe(0);
});
