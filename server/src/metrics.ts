/**
 * The server's metrics in Prometheus's text format (prom-client): requests by route pattern
 * and status class, their latency, the database pool, the outbox, and the page renderer's
 * cache. Each app has its own registry; the render counts are the process's (one renderer
 * per process), shared by every registry.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, PoolStats } from './db/client';
import { outboxBacklog } from './db/outbox';

type RenderOutcome = 'hit' | 'miss' | 'private';

const pageRenders = new Counter({
  name: 'storefront_page_render_cache_total',
  help: 'Pages asked of the server renderer: hit (kept page), miss (rendered now), private (a signed-in shopper, never kept)',
  labelNames: ['result'],
  registers: [],
});

/** Counts one page asked of the server renderer, by how it was answered. */
export function countPageRender(result: RenderOutcome): void {
  pageRenders.inc({ result });
}

interface Metrics {
  registry: Registry;
  /** Counts one answered request; `route` is the route's pattern (/api/orders/:orderId). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

export function createMetrics(db: Database): Metrics {
  const registry = new Registry();
  registry.registerMetric(pageRenders);
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'storefront_http_requests_total',
    help: 'Requests answered, by method, route pattern and status class (2xx, 4xx, ...)',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'storefront_http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by route pattern and status class',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'storefront_outbox_backlog',
    help: 'Messages waiting to be sent (pending, or being sent now)',
    registers: [registry],
    async collect() {
      this.set(await outboxBacklog(db));
    },
  });
  const stats = db.poolStats?.bind(db);
  if (stats) {
    const pool = (name: string, help: string, read: (s: PoolStats) => number) =>
      new Gauge({
        name: `storefront_db_pool_${name}`,
        help,
        registers: [registry],
        collect() {
          this.set(read(stats()));
        },
      });
    pool('connections', 'PostgreSQL connections open (busy or idle)', (s) => s.total);
    pool('idle', 'PostgreSQL connections open and idle', (s) => s.idle);
    pool('waiting', 'Queries waiting for a free PostgreSQL connection', (s) => s.waiting);
    pool('max', 'The most PostgreSQL connections the pool opens', (s) => s.max);
  }
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status_class: `${Math.floor(status / 100)}xx` };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
  };
}
