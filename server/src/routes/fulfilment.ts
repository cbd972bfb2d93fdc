/**
 * Ordering to pay later, the shop's own facts, one order in full (the confirmation and order
 * pages), notifications and back-in-stock alerts: every call but /shop is the shopper's own.
 */
import {
  ERROR_DETAILS,
  MessageSchema,
  NotificationIdParamsSchema,
  NotificationListSchema,
  OrderDetailSchema,
  OrderIdParamsSchema,
  OrderSchema,
  PageQuerySchema,
  PlaceOrderSchema,
  ShopInfoSchema,
  StockAlertListSchema,
  StockAlertParamsSchema,
  StockAlertSchema,
} from '../../../contract';
import type { RoutePlugin } from '../context';
import {
  listNotifications,
  listStockAlerts,
  markAllNotificationsRead,
  markNotificationRead,
  subscribeStockAlert,
  unsubscribeStockAlert,
} from '../db/fulfilment';
import { findUserOrder } from '../db/orders';
import { shopInfo } from '../backOffice/shopSettings';
import { orderDetail, placePayLaterOrder } from '../orders/journey';
import { currentUser } from '../plugins/auth';
import { forbidden, notFound } from '../plugins/errors';

const fulfilmentRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db, config } = ctx;
  const auth = { preValidation: ctx.requireUser };

  app.get('/shop', { schema: { response: { 200: ShopInfoSchema } } }, async () =>
    shopInfo(db, config),
  );

  app.post(
    '/place-order',
    { ...auth, schema: { body: PlaceOrderSchema, response: { 200: OrderSchema } } },
    async (request) => {
      const user = currentUser(request);
      const { userid, delivery_method: model, payment_method: method } = request.body;
      if (userid !== user.id) throw forbidden('You can only order from your own cart');
      const record = await placePayLaterOrder(ctx, user.id, model, method, request.log);
      request.log.info({ orderId: record.id, method }, 'pay-later order placed');
      return record.order;
    },
  );

  app.get(
    '/orders/:orderId',
    { ...auth, schema: { params: OrderIdParamsSchema, response: { 200: OrderDetailSchema } } },
    async (request) => {
      const record = await findUserOrder(db, currentUser(request).id, request.params.orderId);
      if (!record) throw notFound(ERROR_DETAILS.orderNotFound);
      return orderDetail(ctx, record);
    },
  );

  app.get(
    '/notifications',
    {
      ...auth,
      schema: { querystring: PageQuerySchema, response: { 200: NotificationListSchema } },
    },
    async (request) =>
      listNotifications(db, currentUser(request).id, {
        limit: request.query.limit ?? 50,
        offset: request.query.offset ?? 0,
      }),
  );

  app.post(
    '/notifications/:id/read',
    {
      ...auth,
      schema: { params: NotificationIdParamsSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      if (!(await markNotificationRead(db, currentUser(request).id, request.params.id))) {
        throw notFound('Notification not found');
      }
      return { message: 'Marked as read' };
    },
  );

  app.post(
    '/notifications/read-all',
    { ...auth, schema: { response: { 200: MessageSchema } } },
    async (request) => {
      await markAllNotificationsRead(db, currentUser(request).id);
      return { message: 'All marked as read' };
    },
  );

  app.get(
    '/stock-alerts',
    { ...auth, schema: { response: { 200: StockAlertListSchema } } },
    async (request) => ({ alerts: await listStockAlerts(db, currentUser(request).id) }),
  );

  app.post(
    '/stock-alerts',
    { ...auth, schema: { body: StockAlertSchema, response: { 200: MessageSchema } } },
    async (request) => {
      const productId = request.body.product_id;
      const found = await db.query('SELECT 1 FROM products WHERE id = $1', [productId]);
      if (found.length === 0) throw notFound(ERROR_DETAILS.productNotFound);
      await subscribeStockAlert(db, currentUser(request).id, productId);
      return { message: 'We will tell you when it is back in stock' };
    },
  );

  app.delete(
    '/stock-alerts/:productId',
    { ...auth, schema: { params: StockAlertParamsSchema, response: { 200: MessageSchema } } },
    async (request) => {
      if (!(await unsubscribeStockAlert(db, currentUser(request).id, request.params.productId))) {
        throw notFound('You are not waiting for this product');
      }
      return { message: 'You will not be told when it is back' };
    },
  );
};

export default fulfilmentRoutes;
