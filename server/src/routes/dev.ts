/** Development helpers; GET /dev/outbox is off in production unless DEV_OUTBOX=1. */
import { Type } from 'typebox';
import { OutboxMessageSchema, OutboxQuerySchema } from '../../../contract';
import type { RoutePlugin } from '../context';
import { listOutbox } from '../db/outbox';

const devRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        querystring: OutboxQuerySchema,
        response: { 200: Type.Array(OutboxMessageSchema) },
      },
    },
    async (request) => listOutbox(ctx.db, request.query.to),
  );
};

export default devRoutes;
