/**
 * The mock backend's notifications and back-in-stock alerts (docs/product.md#calls), with
 * state of their own that resetMockDb() puts back. They answer as the reference server does
 * (server/src/routes/fulfilment.ts): newest first with the total and unread counts, its
 * messages word for word, its 404s and 422s.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { Notification, StockAlertList, ValidationIssue } from 'contract';
import { ERROR_DETAILS } from 'contract/details';
import { orderPagePath, productDetailsPath } from 'contract/links';
import { FIELD_MESSAGES } from 'contract/messages';
import { MAX_ID, MAX_PAGE_SIZE } from 'contract/rules';
import { fixtureOrders, fixtureProducts } from './fixtures';
import { detail, invalid, message, mockDb, onMockDbReset, signedIn, url } from './mockDb';

/** The server's page size when the storefront names none. */
const SERVER_DEFAULT_LIMIT = 50;

interface StockAlertRow {
  product_id: number;
  created_at: string;
  notified_at: string | null;
}

export interface NotificationDb {
  /** The signed-in shopper's notifications, oldest first (ids rise with time). */
  notifications: Notification[];
  stockAlerts: StockAlertRow[];
  nextId: number;
}

function productOf(slug: string) {
  const found = fixtureProducts.find((p) => p.slug === slug);
  if (!found) throw new Error(`No fixture product ${slug}`);
  return found;
}

const [delivered, pickup] = fixtureOrders;
if (!delivered || !pickup) throw new Error('The order fixtures are missing');
const palmOil = productOf('red-palm-oil-1l');

/**
 * Four notifications, as the server words them: an order placed and out for delivery (read),
 * another order placed and a product back in stock (unread).
 */
export const fixtureNotifications: Notification[] = [
  {
    id: 501,
    kind: 'order_placed',
    title: `Order ${delivered.reference} placed`,
    body: 'We received your payment of ₦20,505.',
    order_id: delivered.id,
    product_id: null,
    link: orderPagePath(delivered.id),
    read: true,
    created_at: '2026-10-28T14:05:00.000Z',
  },
  {
    id: 502,
    kind: 'order_out_for_delivery',
    title: `Order ${delivered.reference}: Out for delivery`,
    body: `Your order ${delivered.reference}: out for delivery.`,
    order_id: delivered.id,
    product_id: null,
    link: orderPagePath(delivered.id),
    read: true,
    created_at: '2026-10-29T09:40:00.000Z',
  },
  {
    id: 503,
    kind: 'order_placed',
    title: `Order ${pickup.reference} placed`,
    body: 'Pay at pickup (cash or transfer): ₦11,686.25.',
    order_id: pickup.id,
    product_id: null,
    link: orderPagePath(pickup.id),
    read: false,
    created_at: '2026-11-10T08:30:00.000Z',
  },
  {
    id: 504,
    kind: 'back_in_stock',
    title: `${palmOil.name} is back in stock`,
    body: `${palmOil.name} is back in stock. You asked us to tell you.`,
    order_id: null,
    product_id: palmOil.id,
    link: productDetailsPath(palmOil.slug),
    read: false,
    created_at: '2026-11-21T07:15:00.000Z',
  },
];

function freshNotificationDb(): NotificationDb {
  return { notifications: structuredClone(fixtureNotifications), stockAlerts: [], nextId: 600 };
}

/** The mock's notifications and alerts: tests and stories may change them directly. */
export const notificationDb: NotificationDb = freshNotificationDb();

onMockDbReset(() => {
  Object.assign(notificationDb, freshNotificationDb());
});

/** A further notification, newest of all (e.g. to fill more than one page). */
export function addMockNotification(fields: Partial<Notification> = {}): Notification {
  notificationDb.nextId += 1;
  const added: Notification = {
    id: notificationDb.nextId,
    kind: 'order_confirmed',
    title: `Order ${pickup?.reference ?? ''}: Confirmed`,
    body: `Your order ${pickup?.reference ?? ''}: confirmed.`,
    order_id: pickup?.id ?? null,
    product_id: null,
    link: orderPagePath(pickup?.id ?? 1),
    read: false,
    created_at: new Date(Date.UTC(2026, 10, 22, 9, notificationDb.nextId % 60)).toISOString(),
    ...fields,
  };
  notificationDb.notifications.push(added);
  return added;
}

/** A whole number in [min, max] from the query, undefined when absent, NaN when not one. */
function wholeParam(params: URLSearchParams, name: string, min: number, max: number) {
  const text = params.get(name);
  if (text === null) return undefined;
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : Number.NaN;
}

/** A path id as the server's IdField accepts it, else null. */
function pathId(text: string | undefined): number | null {
  const value = Number(text);
  return text !== undefined && /^\d+$/.test(text) && value >= 1 && value <= MAX_ID ? value : null;
}

const pathIssue = (field: string): ValidationIssue => ({
  loc: ['path', field],
  msg: FIELD_MESSAGES.id,
  type: 'value_error',
});

export const notificationHandlers: RequestHandler[] = [
  http.get(
    url('/notifications', 'notifications'),
    signedIn(({ request }) => {
      const params = new URL(request.url).searchParams;
      const limit = wholeParam(params, 'limit', 1, MAX_PAGE_SIZE) ?? SERVER_DEFAULT_LIMIT;
      const offset = wholeParam(params, 'offset', 0, 10_000_000) ?? 0;
      const issues: ValidationIssue[] = [];
      if (Number.isNaN(limit)) {
        issues.push({
          loc: ['query', 'limit'],
          msg: `Expected a whole number from 1 to ${MAX_PAGE_SIZE}`,
          type: 'value_error',
        });
      }
      if (Number.isNaN(offset)) {
        issues.push({
          loc: ['query', 'offset'],
          msg: 'Expected a whole number from 0',
          type: 'value_error',
        });
      }
      if (issues.length > 0) return invalid(issues);
      const newestFirst = [...notificationDb.notifications].sort((a, b) => b.id - a.id);
      return HttpResponse.json({
        notifications: newestFirst.slice(offset, offset + limit),
        total: newestFirst.length,
        unread: newestFirst.filter((n) => !n.read).length,
      });
    }),
  ),
  http.post(
    url('/notifications/read-all', 'notifications'),
    signedIn(() => {
      for (const n of notificationDb.notifications) n.read = true;
      return message('All marked as read');
    }),
  ),
  http.post<{ id: string }>(
    url('/notifications/:id/read', 'notifications'),
    signedIn(({ params }) => {
      const id = pathId(params.id);
      if (id === null) return invalid([pathIssue('id')]);
      const found = notificationDb.notifications.find((n) => n.id === id);
      if (!found) return detail('Notification not found', 404);
      found.read = true;
      return message('Marked as read');
    }),
  ),
  http.get(
    url('/stock-alerts', 'notifications'),
    signedIn(() => {
      const alerts: StockAlertList['alerts'] = [...notificationDb.stockAlerts]
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.product_id - b.product_id)
        .flatMap((a) => {
          const p = mockDb.products.find((candidate) => candidate.id === a.product_id);
          if (!p) return [];
          return [
            {
              product_id: a.product_id,
              slug: p.slug,
              name: p.name,
              in_stock: p.inventory_stock > 0,
              created_at: a.created_at,
              notified_at: a.notified_at,
            },
          ];
        });
      return HttpResponse.json({ alerts });
    }),
  ),
  http.post(
    url('/stock-alerts', 'notifications'),
    signedIn(async ({ request }) => {
      const body = (await request.json().catch(() => null)) as { product_id?: unknown } | null;
      const productId = body?.product_id;
      if (
        typeof productId !== 'number' ||
        !Number.isInteger(productId) ||
        productId < 1 ||
        productId > MAX_ID
      ) {
        return invalid([
          { loc: ['body', 'product_id'], msg: FIELD_MESSAGES.id, type: 'value_error' },
        ]);
      }
      if (!mockDb.products.some((p) => p.id === productId)) {
        return detail(ERROR_DETAILS.productNotFound, 404);
      }
      const now = new Date().toISOString();
      const existing = notificationDb.stockAlerts.find((a) => a.product_id === productId);
      if (!existing) {
        notificationDb.stockAlerts.push({
          product_id: productId,
          created_at: now,
          notified_at: null,
        });
      } else if (existing.notified_at !== null) {
        // Asking again after being told starts a new wait, as on the server.
        existing.created_at = now;
        existing.notified_at = null;
      }
      return message('We will tell you when it is back in stock');
    }),
  ),
  http.delete<{ productId: string }>(
    url('/stock-alerts/:productId', 'notifications'),
    signedIn(({ params }) => {
      const productId = pathId(params.productId);
      if (productId === null) return invalid([pathIssue('productId')]);
      const before = notificationDb.stockAlerts.length;
      notificationDb.stockAlerts = notificationDb.stockAlerts.filter(
        (a) => a.product_id !== productId,
      );
      return notificationDb.stockAlerts.length === before
        ? detail('You are not waiting for this product', 404)
        : message('You will not be told when it is back');
    }),
  ),
];
