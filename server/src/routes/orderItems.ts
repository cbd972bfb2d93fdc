import { Type } from 'typebox';
import { ERROR_DETAILS, OrderIdParamsSchema, OrderItemSchema } from '../../../contract';
import type { RoutePlugin } from '../context';
import { findUserOrder, listOrderItems } from '../db/orders';
import { currentUser } from '../plugins/auth';
import { notFound } from '../plugins/errors';

const orderItemRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/order_item/:orderId',
    {
      preValidation: ctx.requireUser,
      schema: { params: OrderIdParamsSchema, response: { 200: Type.Array(OrderItemSchema) } },
    },
    async (request) => {
      const order = await findUserOrder(ctx.db, currentUser(request).id, request.params.orderId);
      if (!order) throw notFound(ERROR_DETAILS.orderNotFound);
      return listOrderItems(ctx.db, order.id, ctx.config.apiPrefix);
    },
  );
};

export default orderItemRoutes;
