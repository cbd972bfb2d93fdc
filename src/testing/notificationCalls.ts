/** The contract test's rows for notificationHandlers.ts. */
// Read only by handlers.contract.test.ts under jest, never bundled: it may use the schemas.
import {
  ErrorBodySchema,
  MessageSchema,
  NotificationListSchema,
  StockAlertListSchema,
  StockAlertSchema,
} from 'contract';
import { fixtureProducts } from './fixtures';
import type { ContractCall } from './contractCall';
import { fixtureNotifications, notificationDb } from './notificationHandlers';

const outOfStock = fixtureProducts.find((p) => p.inventory_stock <= 0);
const [aNotification] = fixtureNotifications;
if (!outOfStock || !aNotification) throw new Error('The notification fixtures are missing');

/** The shopper already waits for the out-of-stock product. */
function waiting(): Promise<void> {
  notificationDb.stockAlerts = [
    { product_id: outOfStock!.id, created_at: '2026-11-20T10:00:00.000Z', notified_at: null },
  ];
  return Promise.resolve();
}

export const notificationCalls: ContractCall[] = [
  {
    name: 'the notifications, newest first',
    method: 'GET',
    service: 'notifications',
    path: '/notifications',
    signedIn: true,
    answer: NotificationListSchema,
  },
  {
    name: 'a page of the notifications',
    method: 'GET',
    service: 'notifications',
    path: '/notifications?limit=2&offset=2',
    signedIn: true,
    answer: NotificationListSchema,
  },
  {
    name: 'the notifications, signed out',
    method: 'GET',
    service: 'notifications',
    path: '/notifications',
    status: 401,
    answer: ErrorBodySchema,
  },
  {
    name: 'a page size the server does not allow',
    method: 'GET',
    service: 'notifications',
    path: '/notifications?limit=0',
    signedIn: true,
    status: 422,
    answer: ErrorBodySchema,
  },
  {
    name: 'mark one notification read',
    method: 'POST',
    service: 'notifications',
    path: `/notifications/${aNotification.id}/read`,
    signedIn: true,
    answer: MessageSchema,
  },
  {
    name: 'mark a notification that is not the shopper’s',
    method: 'POST',
    service: 'notifications',
    path: '/notifications/999999/read',
    signedIn: true,
    status: 404,
    answer: ErrorBodySchema,
  },
  {
    name: 'mark every notification read',
    method: 'POST',
    service: 'notifications',
    path: '/notifications/read-all',
    signedIn: true,
    answer: MessageSchema,
  },
  {
    name: 'the products the shopper waits for',
    method: 'GET',
    service: 'notifications',
    path: '/stock-alerts',
    signedIn: true,
    setup: waiting,
    answer: StockAlertListSchema,
  },
  {
    name: 'ask to be told when a product is back',
    method: 'POST',
    service: 'notifications',
    path: '/stock-alerts',
    body: { product_id: outOfStock.id },
    request: StockAlertSchema,
    signedIn: true,
    answer: MessageSchema,
  },
  {
    name: 'ask about a product that does not exist',
    method: 'POST',
    service: 'notifications',
    path: '/stock-alerts',
    body: { product_id: 999999 },
    request: StockAlertSchema,
    signedIn: true,
    status: 404,
    answer: ErrorBodySchema,
  },
  {
    name: 'stop waiting for a product',
    method: 'DELETE',
    service: 'notifications',
    path: `/stock-alerts/${outOfStock.id}`,
    signedIn: true,
    setup: waiting,
    answer: MessageSchema,
  },
  {
    name: 'stop waiting for a product never asked about',
    method: 'DELETE',
    service: 'notifications',
    path: `/stock-alerts/${outOfStock.id}`,
    signedIn: true,
    status: 404,
    answer: ErrorBodySchema,
  },
];
