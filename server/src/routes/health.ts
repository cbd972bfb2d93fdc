import { HealthSchema } from '../../../contract';
import type { RoutePlugin } from '../context';
import { HttpError } from '../plugins/errors';

const healthRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get('/health', { schema: { response: { 200: HealthSchema } } }, async (request) => {
    try {
      await ctx.db.query('SELECT 1');
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new HttpError(503, 'The database is unavailable');
    }
    return { status: 'ok' as const };
  });
};

export default healthRoutes;
