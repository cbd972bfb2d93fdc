/** Demo helpers: GET /dev/outbox, registered in demo mode only, for this computer only. */
import { Type } from 'typebox';
import { OutboxMessageSchema, OutboxQuerySchema } from '../../../contract';
import type { RoutePlugin } from '../context';
import { listOutbox } from '../db/outbox';
import { loopbackOnly } from '../plugins/loopback';

const devRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/dev/outbox',
    {
      onRequest: loopbackOnly,
      schema: {
        querystring: OutboxQuerySchema,
        response: { 200: Type.Array(OutboxMessageSchema) },
      },
    },
    async (request) => listOutbox(ctx.db, request.query.to),
  );
};

export default devRoutes;
