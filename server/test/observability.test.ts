/**
 * Request logs (one structured line per request, without personal data) and the metrics
 * endpoint (absent unless asked for; then for this computer or for a token's holder).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import type { RendererModule } from '../src/serverRender';
import {
  call,
  createShopper,
  DELIVERY,
  json,
  registration,
  seedProducts,
  setupHarness,
  TEST_ENV,
} from './helpers';

const t = setupHarness();

const STRANGER = '192.168.1.20';
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

interface LogLine {
  level: number;
  time?: number;
  pid?: number;
  hostname?: string;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  status?: number;
  ms?: number;
}

describe('request logs', () => {
  test('one line per request: method, route pattern, status, time and request id; no personal data', async () => {
    const written: string[] = [];
    const app = await t.build(
      { LOG_LEVEL: 'info', LOG_REQUESTS: '1' },
      { logStream: { write: (line: string) => void written.push(line) } },
    );
    const [rice] = await seedProducts(t.db, [{ name: 'Rice 10kg', price: 18500 }]);
    const shopper = await createShopper(app, t.db, {
      email: 'adaeze.okafor@example.ng',
      mobile_number: '08039876543',
    });
    await call(app, { method: 'POST', url: '/api/delivery', token: shopper.token, body: DELIVERY });
    await call(app, { url: `/api/get-product/${rice?.slug ?? ''}` });
    await call(app, { url: '/api/search-suggestions?q=adaeze.okafor%40example.ng' });
    await call(app, { url: '/api/orders/31337', token: shopper.token });

    const lines = written.map((line) => JSON.parse(line) as LogLine);
    const requests = lines.filter((line) => line.msg === 'request');
    // Sign-up (register, verify, login), the address, and the four above.
    expect(requests.length).toBe(7);
    for (const line of requests) {
      expect(line).toEqual({
        level: 30,
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
        reqId: expect.any(String),
        method: expect.stringMatching(/^(GET|POST)$/),
        route: expect.stringMatching(/^\/api\//),
        status: expect.any(Number),
        ms: expect.any(Number),
        msg: 'request',
      });
    }
    expect(requests.map((line) => [line.method, line.route, line.status])).toEqual([
      ['POST', '/api/register', 200],
      ['POST', '/api/email-verification', 200],
      ['POST', '/api/login', 200],
      ['POST', '/api/delivery', 200],
      ['GET', '/api/get-product/:slug', 200],
      ['GET', '/api/search-suggestions', 200],
      ['GET', '/api/orders/:orderId', 404],
    ]);
    expect(new Set(requests.map((line) => line.reqId)).size).toBe(requests.length);

    // Nothing the shopper sent or was given is in any line of the log.
    // (Without the time, the process id and the host name, whose digits mean nothing here.)
    const log = lines
      .map(({ time: _time, pid: _pid, hostname: _host, ...rest }) => JSON.stringify(rest))
      .join('\n');
    for (const secret of [
      shopper.email,
      'adaeze.okafor%40example.ng',
      '08039876543',
      shopper.password,
      shopper.token,
      DELIVERY.address,
      rice?.slug ?? 'rice',
      '?q=',
      '31337',
    ]) {
      expect({ secret, logged: log.includes(secret) }).toEqual({ secret, logged: false });
    }
  });

  test('off unless asked for outside production; on at info in production', () => {
    expect(loadConfig({ ...TEST_ENV }).logRequests).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({
      logRequests: false,
      logLevel: 'warn',
    });
    expect(loadConfig({ NODE_ENV: 'development', LOG_REQUESTS: '1' })).toMatchObject({
      logRequests: true,
      logLevel: 'info',
    });
    const production = {
      NODE_ENV: 'production',
      PAYSTACK_SECRET_KEY: 'sk_test_logs0000',
      MAIL_WEBHOOK_URL: 'http://127.0.0.1:9/relay',
      PUBLIC_URL: 'https://shop.example.ng',
    };
    expect(loadConfig(production)).toMatchObject({ logRequests: true, logLevel: 'info' });
    expect(loadConfig({ ...production, LOG_REQUESTS: '0' }).logRequests).toBe(false);
    expect(() => loadConfig({ ...production, LOG_REQUESTS: '1', LOG_LEVEL: 'warn' })).toThrow(
      /LOG_REQUESTS=1 writes request lines at info, which LOG_LEVEL=warn drops/,
    );
  });
});

// ------------------------------------------------------------------ metrics

/** The value of one sample of the metrics text, or null when it is not there. */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',');
    if (wanted.every((pair) => have.includes(pair))) return Number(match[3]);
  }
  return null;
}

describe('/metrics', () => {
  test('by default it does not exist, from this computer or any other: 404, not the shop', async () => {
    for (const remoteAddress of ['127.0.0.1', STRANGER]) {
      const r = await call(t.app, { url: '/metrics', remoteAddress });
      expect(r.statusCode).toBe(404);
      expect(json(r)).toEqual({ detail: 'Not Found' });
    }
    expect(loadConfig({ NODE_ENV: 'development' }).metrics).toEqual({
      token: null,
      loopback: false,
    });
  });

  test('METRICS=1: this computer reads the counts; other addresses and proxied requests get 403', async () => {
    // A relay route: messages wait in the outbox for a sender, which an app that does not
    // listen never starts.
    const app = await t.build({ METRICS: '1', MAIL_WEBHOOK_URL: 'http://127.0.0.1:9/relay' });
    await seedProducts(t.db, [{ name: 'Rice 10kg', price: 18500 }]);
    await call(app, { url: '/api/categories' });
    await call(app, { url: '/api/categories' });
    await call(app, { url: '/api/orders/12' });
    await call(app, { method: 'POST', url: '/api/register', body: registration() });

    const r = await call(app, { url: '/metrics' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const labels = { method: 'GET', route: '/api/categories', status_class: '2xx' };
    expect(sample(r.body, 'storefront_http_requests_total', labels)).toBe(2);
    expect(sample(r.body, 'storefront_http_request_duration_seconds_count', labels)).toBe(2);
    expect(
      sample(r.body, 'storefront_http_requests_total', {
        route: '/api/orders/:orderId',
        status_class: '4xx',
      }),
    ).toBe(1);
    // The sign-up's code waits in the outbox.
    expect(sample(r.body, 'storefront_outbox_backlog', {})).toBe(1);
    if (t.db.kind === 'postgres') {
      expect(sample(r.body, 'storefront_db_pool_max', {})).toBe(10);
      expect(sample(r.body, 'storefront_db_pool_connections', {})).toBeGreaterThanOrEqual(1);
      expect(sample(r.body, 'storefront_db_pool_waiting', {})).not.toBeNull();
    } else {
      // The embedded database has one connection, no pool to report.
      expect(r.body).not.toContain('storefront_db_pool');
    }

    for (const request of [
      { url: '/metrics', remoteAddress: STRANGER },
      { url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } },
    ]) {
      const refused = await call(app, request);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('storefront_http');
    }
  });

  test('METRICS_TOKEN: any address with the token reads them; without it, 401', async () => {
    const app = await t.build({ METRICS_TOKEN });
    await call(app, { url: '/api/health' });
    for (const token of [undefined, 'wrong', `${METRICS_TOKEN}x`]) {
      const r = await call(app, { url: '/metrics', token, remoteAddress: STRANGER });
      expect({ token, status: r.statusCode }).toEqual({ token, status: 401 });
      expect(r.body).not.toContain('storefront_http');
    }
    const r = await call(app, { url: '/metrics', token: METRICS_TOKEN, remoteAddress: STRANGER });
    expect(r.statusCode).toBe(200);
    expect(
      sample(r.body, 'storefront_http_requests_total', {
        route: '/api/health',
        status_class: '2xx',
      }),
    ).toBe(1);
    expect(() => loadConfig({ ...TEST_ENV, METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be at least 24 characters/,
    );
  });

  test("the page renderer's cache: a page rendered once, then kept, counts a miss then a hit", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-metrics-'));
    try {
      fs.writeFileSync(
        path.join(dist, 'index.html'),
        '<!doctype html><html><head><title>Ibadan Market</title></head><body><div id=root></div></body></html>',
      );
      const renderer: RendererModule = {
        createServerPages: () => async () => ({ html: '<main>FAQ</main>', answers: {} }),
      };
      const app = await t.build({ METRICS: '1', DIST_DIR: dist }, { pageRenderer: renderer });
      // The counts are the process's: compare before and after.
      const count = async (result: string) =>
        sample((await call(app, { url: '/metrics' })).body, 'storefront_page_render_cache_total', {
          result,
        }) ?? 0;
      const [hits, misses] = [await count('hit'), await count('miss')];
      for (let i = 0; i < 2; i++) {
        const page = await call(app, { url: '/faq' });
        expect(page.body).toContain('<main>FAQ</main>');
      }
      expect([(await count('hit')) - hits, (await count('miss')) - misses]).toEqual([1, 1]);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
