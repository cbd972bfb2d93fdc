/**
 * The OpenAPI document: every route declares what it takes and what it answers (so the
 * document, derived from those schemas, is complete), the document is valid OpenAPI 3.1, it
 * is served in every mode, and its reader page only in the demo.
 */
import { validate } from '@readme/openapi-parser';
import type { RouteOptions } from 'fastify';
import type { App } from '../src/app';
import { apiRoutes, call, json, setupHarness } from './helpers';
import { renderedPaths } from '../src/serverRender';

const t = setupHarness();

const PRODUCTION = {
  NODE_ENV: 'production',
  PAYSTACK_SECRET_KEY: 'sk_test_openapi000',
  MAIL_WEBHOOK_URL: 'http://127.0.0.1:9/relay',
  PUBLIC_URL: 'https://shop.example.ng',
  // The test's requests name localhost, as they do in the demo.
  ALLOWED_HOSTS: 'localhost',
};

/** Routes that are no call of the API, by name, and why they need no schema. */
const NOT_API: Record<string, string> = {
  'GET /*': "the storefront's files and pages (HTML, scripts, images), not JSON calls",
  'OPTIONS *': "CORS preflights, answered by @fastify/cors before any route's handler",
  'GET /api/docs': 'the demo reader page (HTML), @fastify/swagger-ui',
  'GET /api/docs/json': "the reader page's copy of the document",
  'GET /api/docs/yaml': "the reader page's copy of the document, as YAML",
  'GET /api/docs/static/*': "the reader page's files",
  'GET /api/docs/static/index.html': "the reader page's files",
  'GET /api/docs/static/swagger-initializer.js': "the reader page's files",
  // The pages the server renders, each answered by a route of its own ('/' by the files').
  ...Object.fromEntries(
    renderedPaths()
      .filter((path) => path !== '/')
      .map((path) => [`GET ${path}`, 'a storefront page (HTML), rendered on the server']),
  ),
};

/**
 * Routes whose body is no schema's to check: Paystack signs the raw bytes, so the webhook
 * keeps them raw, checks the signature, then checks the event itself (checkWebhookEvent);
 * a photo is a multipart file whose bytes are checked as a picture (media/photoCopies.ts).
 */
const RAW_BODY = new Set([
  'POST /api/paystack/webhook',
  'POST /api/staff/products/:id/images',
  'POST /api/staff/categories/:id/image',
]);

/** POST routes that take nothing in their body: the path or the token says it all. */
const NO_BODY = new Set([
  'POST /api/logout',
  'POST /api/notifications/:id/read',
  'POST /api/notifications/read-all',
  'POST /api/staff/unplaced-payments/:id/place',
  'POST /api/staff/unplaced-payments/:id/refund',
]);

interface RouteSchema {
  body?: unknown;
  querystring?: unknown;
  params?: { properties?: Record<string, unknown> };
  response?: Record<string, unknown>;
}

function keyOf(method: string, url: string): string {
  return `${method} ${url}`;
}

/** Every method of every route, as the router holds them. */
function everyRoute(routes: RouteOptions[]) {
  return routes.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== 'HEAD')
      .map((method) => ({ key: keyOf(method, route.url), route })),
  );
}

/** What a route lacks: the request parts it takes without a schema, and a success answer. */
function missingSchemas(key: string, route: RouteOptions): string[] {
  const schema = (route.schema ?? {}) as RouteSchema;
  const source = String(route.handler);
  const method = key.split(' ')[0] ?? '';
  const missing: string[] = [];
  const takesBody = ['POST', 'PUT', 'PATCH'].includes(method) && !NO_BODY.has(key);
  if (takesBody && !schema.body && !RAW_BODY.has(key)) missing.push('body');
  if (!takesBody && schema.body) missing.push('a body it never reads (add it to NO_BODY?)');
  if (!schema.querystring && /request\.query\b/.test(source)) missing.push('querystring');
  const params = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');
  for (const name of params) {
    if (!schema.params?.properties?.[name]) missing.push(`params.${name}`);
  }
  const statuses = Object.keys(schema.response ?? {});
  if (!statuses.some((status) => /^2(\d\d|xx)$/i.test(status))) missing.push('response 2xx');
  return missing;
}

async function documentOf(app: App) {
  const r = await call(app, { url: '/api/openapi.json' });
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  return json<{
    openapi: string;
    paths: Record<string, Record<string, Record<string, unknown>>>;
  }>(r);
}

describe('every route declares its request and its answer', () => {
  let productionRoutes: RouteOptions[] = [];
  let production: App;
  beforeAll(async () => {
    productionRoutes = [];
    production = await t.build(PRODUCTION, {
      mailer: { send: async () => undefined },
      onRoute: (route) => productionRoutes.push(route),
    });
  });

  test('in the demo and in production (where the Paystack webhook is), nothing is missing', () => {
    const routes = [...everyRoute(t.routes), ...everyRoute(productionRoutes)];
    const keys = new Set(routes.map((r) => r.key));
    // The webhook is there, so its exception is checked.
    expect(keys.has('POST /api/paystack/webhook')).toBe(true);
    const gaps = routes
      .filter(({ key }) => !(key in NOT_API))
      .map(({ key, route }) => ({ key, missing: missingSchemas(key, route) }))
      .filter(({ missing }) => missing.length > 0);
    expect(gaps).toEqual([]);
    // No exception outlives its route.
    for (const key of [...Object.keys(NOT_API), ...RAW_BODY, ...NO_BODY]) {
      expect({ key, registered: keys.has(key) }).toEqual({ key, registered: true });
    }
  });

  test('a route without a response schema would be reported', () => {
    const route = { method: 'GET', url: '/api/x/:id', handler: () => null } as RouteOptions;
    expect(missingSchemas('GET /api/x/:id', route)).toEqual(['params.id', 'response 2xx']);
    const post = {
      method: 'POST',
      url: '/api/y',
      handler: (request: { query: unknown }) => request.query,
      schema: { response: { 200: {} } },
    } as unknown as RouteOptions;
    expect(missingSchemas('POST /api/y', post)).toEqual(['body', 'querystring']);
  });

  test('the production document is valid OpenAPI 3.1 and lists every call of the API but the demo helpers', async () => {
    const doc = await documentOf(production);
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);

    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) =>
          keyOf(method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1')),
        ),
      ),
    );
    const expected = apiRoutes(productionRoutes)
      .map(({ method, url }) => keyOf(method, url))
      .filter((key) => key !== 'GET /api/openapi.json');
    expect([...documented].sort()).toEqual([...new Set(expected)].sort());
    expect(documented.has('POST /api/paystack/webhook')).toBe(true);
    // The validator does look: an answer without its description is refused.
    const broken = structuredClone(doc);
    const login = broken.paths['/api/login']?.post;
    if (login) login.responses = { 200: { content: {} } };
    expect((await validate(broken as never)).valid).toBe(false);
    expect(documented.has('GET /api/staff/orders')).toBe(true);
  });

  test('the demo document has the same calls: the outbox and the sandbox are left out', async () => {
    const demo = await documentOf(t.app);
    const paths = Object.keys(demo.paths);
    expect(paths.filter((p) => /\/(dev|sandbox|docs)\//.test(p))).toEqual([]);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/get-all-products', '/api/update-cart/{id}', '/api/login']),
    );
    expect((await validate(structuredClone(demo) as never)).valid).toBe(true);
  });

  test("each operation's answer is the schema its route declares, and signed-in calls say so", async () => {
    const doc = await documentOf(t.app);
    const listing = t.routes.find((r) => r.url === '/api/get-all-products' && r.method === 'GET');
    const declared = (listing?.schema as RouteSchema).response?.[200];
    const documented = doc.paths['/api/get-all-products']?.get?.responses as Record<
      string,
      { content: Record<string, { schema: unknown }> }
    >;
    expect(documented[200]?.content['application/json']?.schema).toEqual(
      JSON.parse(JSON.stringify(declared)),
    );
    expect(documented['4XX']).toBeDefined();
    expect(doc.paths['/api/all-carts']?.get?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/categories']?.get?.security).toBeUndefined();
    const send = doc.paths['/api/v1.0/email/send']?.post?.responses as Record<string, unknown>;
    expect(Object.keys(send).sort()).toEqual(['200', '4XX']);
  });
});

describe('the reader page', () => {
  test("opens in the demo, under the shop's own Content-Security-Policy", async () => {
    const page = await call(t.app, { url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.paystack.co");
    expect(csp).toContain("frame-ancestors 'none'");
    const bundle = await call(t.app, { url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
  });

  test('does not exist in production: 404, and the document is still served', async () => {
    const production = await t.build(PRODUCTION, { mailer: { send: async () => undefined } });
    for (const url of ['/api/docs', '/api/docs/static/index.html', '/api/docs/json']) {
      const r = await call(production, { url });
      expect({ url, status: r.statusCode }).toEqual({ url, status: 404 });
      expect(r.body).not.toContain('swagger');
    }
    expect((await documentOf(production)).openapi).toBe('3.1.0');
  });
});
