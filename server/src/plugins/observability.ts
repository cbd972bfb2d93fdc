/**
 * Request logs and metrics. One line per request through the app's own logger, naming the
 * route's pattern and never the URL, so no query string, token, email or phone number is
 * written; and GET /metrics for Prometheus, which does not exist unless a setting asks
 * for it (a shop's traffic is its own business).
 */
import { timingSafeEqual } from 'node:crypto';
import { Type } from 'typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createMetrics } from '../metrics';
import { forbidden, HttpError, notFound, notFoundBody } from './errors';
import { isLoopbackRequest } from './loopback';

/** What a request's log line and metrics call it: its pattern, or none for a 404. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? '(no route)';
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerObservability(
  app: FastifyInstance,
  options: { config: Config; db: Database },
): void {
  const { logRequests, metrics: setting } = options.config;
  const metrics = setting.token !== null || setting.loopback ? createMetrics(options.db) : null;

  if (logRequests || metrics) {
    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      const route = routeOf(request);
      metrics?.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      if (logRequests) {
        // request.log carries the request id (reqId).
        request.log.info(
          {
            method: request.method,
            route,
            status: reply.statusCode,
            ms: Math.round(reply.elapsedTime * 10) / 10,
          },
          'request',
        );
      }
    });
  }

  // Registered in every mode, so that without the setting it answers 404 as JSON rather
  // than falling through to the storefront's pages.
  app.get(
    '/metrics',
    {
      schema: {
        hide: true,
        response: {
          200: {
            description: "Prometheus's text format",
            content: { 'text/plain': { schema: Type.String() } },
          },
        },
      },
    },
    async (request, reply) => {
      if (!metrics) throw notFound(notFoundBody().detail);
      if (setting.token !== null) {
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice(7) : '';
        if (!sameToken(given, setting.token)) {
          throw new HttpError(401, 'Send the metrics token as a bearer token', {
            'WWW-Authenticate': 'Bearer',
          });
        }
      } else if (!isLoopbackRequest(request)) {
        throw forbidden(
          'The metrics answer only on the computer the shop runs on (METRICS=1); set METRICS_TOKEN to read them from elsewhere.',
        );
      }
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );
}
