/**
 * Notifications, 'Notify me' and sharing a product, on a 390 px phone against the production
 * build and the reference server: the demo shopper asks to hear when an out-of-stock product
 * is back (and changes their mind), sees the WhatsApp share link, and finds a pay-at-pickup
 * order's notification unread, then marks everything read.
 *
 * The order is placed through the API: the screens under test are the notifications.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type {
  Cart,
  LoginResponse,
  NotificationList,
  Order,
  Product,
  StockAlertList,
} from 'contract';

const DEMO = { email: 'demo@ibadanmarket.ng', password: 'DemoPass123!' };

interface Session {
  token: string;
  userId: number;
  firstName: string;
}

async function logIn(request: APIRequestContext): Promise<Session> {
  const response = await request.post('/api/login', {
    form: { username: DEMO.email, password: DEMO.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const login = (await response.json()) as LoginResponse;
  return {
    token: login.access_token,
    userId: login.user_details.id,
    firstName: login.user_details.firstname,
  };
}

const bearer = (session: Session) => ({ authorization: `Bearer ${session.token}` });

async function api<T>(
  request: APIRequestContext,
  session: Session,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api${path}`, { method, headers: bearer(session), data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** Signs the page in the way the app keeps a session: its localStorage keys. */
async function signInPage(page: Page, session: Session): Promise<void> {
  await page.addInitScript((s) => {
    window.localStorage.setItem('authToken', s.token);
    window.localStorage.setItem('userID', String(s.userId));
    window.localStorage.setItem('userName', s.firstName);
  }, session);
}

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

async function catalogue(request: APIRequestContext): Promise<Product[]> {
  const response = await request.get('/api/get-all-products');
  return (await response.json()) as Product[];
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
  const cart = await api<Cart>(request, session, 'GET', '/all-carts');
  for (const line of cart.all_cart_data) {
    await api<unknown>(request, session, 'DELETE', `/delete-cart/${line.id}`);
  }
  const product = (await catalogue(request))
    .filter((p) => p.inventory_stock > 20)
    .sort((a, b) => a.amount - b.amount)[0];
  if (!product) throw new Error('The demo catalogue has no product in stock.');
  await api<unknown>(request, session, 'POST', '/add-cart', {
    user_id: session.userId,
    product_id: product.id,
    quantity: 1,
    price_per_item: product.amount,
  });
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
