import { Type } from 'typebox';
import { OrderSchema } from '../../../contract';
import type { RoutePlugin } from '../context';
import { listOrders } from '../db/orders';
import { currentUser } from '../plugins/auth';

const orderRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/orders',
    { preValidation: ctx.requireUser, schema: { response: { 200: Type.Array(OrderSchema) } } },
    async (request) => listOrders(ctx.db, currentUser(request).id),
  );
};

export default orderRoutes;
