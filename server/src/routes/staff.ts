/**
 * The shop staff's side: the orders to act on, oldest first, and one call per tap (move on,
 * money received, cancel). Every call checks the caller's role in the database, so a
 * shopper's token gets 403 and no data; a staff member demoted is refused on the next call.
 * In the demo mode, as the outbox and the sandbox, it answers this computer only: the demo
 * staff account's password is published.
 */
import {
  ERROR_DETAILS,
  OPEN_ORDER_STATES,
  StaffCancelSchema,
  StaffCustomerParamsSchema,
  StaffMeSchema,
  StaffMoveSchema,
  StaffOrderListSchema,
  StaffOrderParamsSchema,
  StaffOrderSchema,
  StaffOrdersQuerySchema,
  StaffOutboxListSchema,
  StaffOutboxQuerySchema,
  StaffPaymentSchema,
  STAFF_PAGE_SIZE,
} from '../../../contract';
import type { RoutePlugin } from '../context';
import type { Queryable } from '../db/client';
import { ORDER_COLUMNS, toOrderRecord, type OrderRecord, type OrderRow } from '../db/orders';
import { listOutboxForStaff } from '../db/outbox';
import { num } from '../db/rows';
import { findUserById } from '../db/users';
import {
  cancelOpenOrders,
  cancelOrder,
  moveOrder,
  recordPayment,
  staffOrders,
} from '../orders/journey';
import { refundCancelledOrder } from '../payments/refunds';
import { currentUser } from '../plugins/auth';
import { notFound } from '../plugins/errors';
import { loopbackOnly } from '../plugins/loopback';
import { shopRole } from '../backOffice/roles';

async function findOrder(db: Queryable, orderId: number): Promise<OrderRecord | null> {
  const rows = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [
    orderId,
  ]);
  return rows[0] ? toOrderRecord(rows[0]) : null;
}

const staffRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db, config } = ctx;

  const guard = {
    ...(config.mode === 'demo' ? { onRequest: loopbackOnly } : {}),
    preValidation: [ctx.requireUser, shopRole(db)],
  };

  app.get(
    '/staff/me',
    { ...guard, schema: { response: { 200: StaffMeSchema } } },
    async (request) => {
      const user = await findUserById(db, currentUser(request).id);
      if (!user) throw notFound('Account not found');
      return {
        id: user.id,
        email: user.email,
        first_name: user.firstName,
        role: request.shopRole!,
      };
    },
  );

  app.get(
    '/staff/orders',
    {
      ...guard,
      schema: { querystring: StaffOrdersQuerySchema, response: { 200: StaffOrderListSchema } },
    },
    async (request) => {
      const { status = 'open', area, limit = STAFF_PAGE_SIZE, offset = 0 } = request.query;
      const where: string[] = [];
      const params: unknown[] = [];
      if (status === 'open') {
        params.push([...OPEN_ORDER_STATES]);
        where.push(`status = ANY($${params.length}::text[])`);
      } else if (status !== 'all') {
        params.push(status);
        where.push(`status = $${params.length}`);
      }
      if (area === 'pickup') {
        where.push(`delivery_model = 'pickup'`);
      } else if (area) {
        params.push(area);
        where.push(`delivery_model = 'delivery' AND delivery_city = $${params.length}`);
      }
      const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const counted = await db.query<{ n: unknown }>(
        `SELECT count(*) AS n FROM orders ${filter}`,
        params,
      );
      const rows = await db.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM orders ${filter}
          ORDER BY order_date, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, offset],
      );
      return {
        orders: await staffOrders(ctx, rows.map(toOrderRecord)),
        total: num(counted[0]?.n ?? 0),
      };
    },
  );

  app.get(
    '/staff/orders/:orderId',
    { ...guard, schema: { params: StaffOrderParamsSchema, response: { 200: StaffOrderSchema } } },
    async (request) => {
      const record = await findOrder(db, request.params.orderId);
      if (!record) throw notFound(ERROR_DETAILS.orderNotFound);
      return (await staffOrders(ctx, [record]))[0];
    },
  );

  app.post(
    '/staff/orders/:orderId/status',
    {
      ...guard,
      schema: {
        params: StaffOrderParamsSchema,
        body: StaffMoveSchema,
        response: { 200: StaffOrderSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const record = await moveOrder(
        ctx,
        actor.id,
        request.params.orderId,
        request.body.from,
        request.body.to,
        request.log,
      );
      return (await staffOrders(ctx, [record]))[0];
    },
  );

  app.post(
    '/staff/orders/:orderId/payment',
    {
      ...guard,
      schema: {
        params: StaffOrderParamsSchema,
        body: StaffPaymentSchema,
        response: { 200: StaffOrderSchema },
      },
    },
    async (request) => {
      const record = await recordPayment(
        ctx,
        currentUser(request).id,
        request.params.orderId,
        request.body.via,
        request.log,
      );
      return (await staffOrders(ctx, [record]))[0];
    },
  );

  app.post(
    '/staff/orders/:orderId/cancel',
    {
      ...guard,
      schema: {
        params: StaffOrderParamsSchema,
        body: StaffCancelSchema,
        response: { 200: StaffOrderSchema },
      },
    },
    async (request) => {
      const record = await cancelOrder(
        ctx,
        currentUser(request).id,
        request.params.orderId,
        request.body.reason,
        request.log,
      );
      await refundCancelledOrder(ctx, record, request.body.reason, request.log);
      return (await staffOrders(ctx, [record]))[0];
    },
  );

  // The messages the shop could not deliver (or any others, by status), newest first.
  app.get(
    '/staff/outbox',
    {
      ...guard,
      schema: { querystring: StaffOutboxQuerySchema, response: { 200: StaffOutboxListSchema } },
    },
    async (request) => {
      const { status = 'dead', limit = STAFF_PAGE_SIZE, offset = 0 } = request.query;
      return listOutboxForStaff(db, { status, limit, offset });
    },
  );

  // The owner's answer to an account holding stock it does not pay for: one tap, not one per
  // order. The answer lists the orders it cancelled (none when there were none left open).
  app.post(
    '/staff/customers/:userId/cancel-open-orders',
    {
      ...guard,
      schema: {
        params: StaffCustomerParamsSchema,
        body: StaffCancelSchema,
        response: { 200: StaffOrderListSchema },
      },
    },
    async (request) => {
      const customer = await findUserById(db, request.params.userId);
      if (!customer) throw notFound('Customer not found');
      const cancelled = await cancelOpenOrders(
        ctx,
        currentUser(request).id,
        customer.id,
        request.body.reason,
        request.log,
      );
      for (const record of cancelled) {
        await refundCancelledOrder(ctx, record, request.body.reason, request.log);
      }
      request.log.info(
        { customerId: customer.id, cancelled: cancelled.length },
        'open orders of a customer cancelled',
      );
      return { orders: await staffOrders(ctx, cancelled), total: cancelled.length };
    },
  );
};

export default staffRoutes;
