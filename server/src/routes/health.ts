import { HealthSchema } from '../../../contract';
import type { RoutePlugin } from '../context';
import { DATABASE_DOWN_DETAIL, HttpError } from '../plugins/errors';

const healthRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get('/health', { schema: { response: { 200: HealthSchema } } }, async (request) => {
    // Stopping: a load balancer reading this sends new shoppers to another server.
    if (ctx.lifecycle.draining) {
      throw new HttpError(503, 'The shop is restarting. Please try again in a moment.', {
        'Retry-After': '5',
      });
    }
    try {
      await ctx.db.query('SELECT 1');
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new HttpError(503, DATABASE_DOWN_DETAIL);
    }
    // The storefront reads the mode to show its demo notice.
    return { status: 'ok' as const, mode: ctx.config.mode };
  });
};

export default healthRoutes;
