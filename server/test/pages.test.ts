/** Visitors' pages kept in memory, and the page limit per address. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { createPageCache } from '../src/pageCache';
import { registerStaticSite, type PrivatePage, type PublicPage } from '../src/routes/static';
import { call, setupHarness } from './helpers';

const t = setupHarness();

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-pages-'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><meta charset=utf-8><title>Ibadan Market</title></head><body><div id=root></div></body></html>',
);
fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Ibadan Market"}');
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const page = (label: string, bytes = 0) => `<main>${label}</main>${'x'.repeat(bytes)}`;

describe('the page cache', () => {
  test('keeps the pages most lately used within its entries', () => {
    const cache = createPageCache({ maxEntries: 2, maxBytes: 1_000_000 });
    cache.put('v1', '/a', page('a'), 200);
    cache.put('v1', '/b', page('b'), 200);
    expect(cache.get('v1', '/a')?.identity.toString()).toBe(page('a'));
    cache.put('v1', '/c', page('c'), 200);
    // /b was used least lately.
    expect(cache.get('v1', '/b')).toBeUndefined();
    expect(cache.get('v1', '/a')).toBeDefined();
    expect(cache.get('v1', '/c')).toBeDefined();
    expect(cache.size().entries).toBe(2);
  });

  test('stays within its bytes, compressed forms counted, and sends them intact', async () => {
    const maxBytes = 50_000;
    const cache = createPageCache({ maxEntries: 100, maxBytes });
    for (let i = 0; i < 20; i++) {
      const kept = cache.put('v1', `/p${i}`, page(`p${i}`, 9_000), 200);
      const br = await kept.encoded('br');
      const gzip = await kept.encoded('gzip');
      expect(zlib.brotliDecompressSync(br).toString()).toBe(page(`p${i}`, 9_000));
      expect(zlib.gunzipSync(gzip).toString()).toBe(page(`p${i}`, 9_000));
      // Asked again, the same bytes: compressed once.
      await expect(kept.encoded('br')).resolves.toBe(br);
      expect(cache.size().bytes).toBeLessThanOrEqual(maxBytes);
    }
    expect(cache.size().entries).toBeGreaterThan(1);
    expect(cache.get('v1', '/p19')).toBeDefined();
    expect(cache.get('v1', '/p0')).toBeUndefined();
  });

  test("a new catalogue version drops every older version's pages", () => {
    const cache = createPageCache({ maxEntries: 10, maxBytes: 1_000_000 });
    cache.put('v1', '/a', page('a'), 200);
    cache.put('v1', '/b', page('b'), 200);
    expect(cache.get('v2', '/a')).toBeUndefined();
    cache.put('v2', '/a', page('a, now'), 200);
    expect(cache.size().entries).toBe(1);
    expect(cache.get('v2', '/a')?.identity.toString()).toBe(page('a, now'));
  });

  test('a page larger than the whole cache is answered, not kept', () => {
    const cache = createPageCache({ maxEntries: 10, maxBytes: 1_000 });
    cache.put('v1', '/small', page('small'), 200);
    const big = cache.put('v1', '/big', page('big', 2_000), 200);
    expect(big.identity.toString()).toBe(page('big', 2_000));
    expect(cache.get('v1', '/big')).toBeUndefined();
    expect(cache.get('v1', '/small')).toBeDefined();
  });
});

describe('pages of the site', () => {
  let made: string[];
  let next: (request: FastifyRequest) => string | PublicPage | PrivatePage;
  let generation: string;
  let site: FastifyInstance;

  beforeAll(async () => {
    site = Fastify();
    await registerStaticSite(site, {
      distDir: dist,
      isApiPath: (url) => url.startsWith('/api'),
      serveSourceMaps: false,
      notFound: (_request, reply) => reply.code(404).send({ detail: 'Not Found' }),
      renderPage: async (_html, request) => {
        made.push(request.url);
        // Made after a turn of the event loop, as a render is.
        await new Promise((resolve) => setImmediate(resolve));
        return next(request);
      },
      pageKey: async (request) =>
        request.headers.cookie ? null : { generation, key: request.url },
    });
    await site.ready();
  });
  afterAll(() => site.close());
  beforeEach(() => {
    made = [];
    generation = `v${Math.random()}`;
    next = (request) => page(request.url);
  });

  test("a visitor's second request is answered from memory, compressed and revalidated", async () => {
    const first = await site.inject({ url: '/shop', headers: { 'accept-encoding': 'br' } });
    const second = await site.inject({ url: '/shop', headers: { 'accept-encoding': 'br' } });
    expect(made).toEqual(['/shop']);
    expect(second.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(second.rawPayload).toString()).toBe(page('/shop'));
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe('no-cache');
    const revalidated = await site.inject({
      url: '/shop',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(made).toEqual(['/shop']);
  });

  test('visitors asking at once for a page being made share its making', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => site.inject({ url: '/faq' })),
    );
    expect(made).toEqual(['/faq']);
    expect(answers.map((r) => r.body)).toEqual(Array(5).fill(page('/faq')));
  });

  test('a new generation makes the page afresh', async () => {
    await site.inject({ url: '/vendors' });
    generation = 'the catalogue changed';
    await site.inject({ url: '/vendors' });
    expect(made).toEqual(['/vendors', '/vendors']);
  });

  test('a page of the moment is made again for the next visitor', async () => {
    next = (request) => ({ html: page(request.url), keep: false });
    await site.inject({ url: '/home' });
    await site.inject({ url: '/home' });
    expect(made).toEqual(['/home', '/home']);
  });

  test('a page is kept with its status', async () => {
    next = (request) => ({ html: page(`nothing at ${request.url}`), status: 404 });
    const first = await site.inject({ url: '/no-such-page' });
    const second = await site.inject({ url: '/no-such-page' });
    expect([first.statusCode, second.statusCode]).toEqual([404, 404]);
    expect(second.body).toBe(page('nothing at /no-such-page'));
    expect(made).toEqual(['/no-such-page']);
  });

  test("a shopper's page is never kept, and never answered from what is kept", async () => {
    await site.inject({ url: '/cart' });
    next = () => ({ privateHtml: page('Ada’s cart') });
    const shopper = await site.inject({ url: '/cart', headers: { cookie: 'session=ada' } });
    expect(shopper.body).toBe(page('Ada’s cart'));
    expect(shopper.headers['cache-control']).toBe('private, no-store');
    expect(shopper.headers.etag).toBeUndefined();
    next = (request) => page(request.url);
    const visitor = await site.inject({ url: '/cart' });
    expect(visitor.body).toBe(page('/cart'));
    expect(made).toEqual(['/cart', '/cart']);
  });

  test('a private page made under a visitor key is neither kept nor shared', async () => {
    next = () => ({ privateHtml: page('private') });
    const [a, b] = await Promise.all([
      site.inject({ url: '/profile' }),
      site.inject({ url: '/profile' }),
    ]);
    expect([a.headers['cache-control'], b.headers['cache-control']]).toEqual([
      'private, no-store',
      'private, no-store',
    ]);
    expect(made).toEqual(['/profile', '/profile']);
  });
});

describe('the page limit per address', () => {
  const limited = () =>
    t.build({ DIST_DIR: dist, RATE_LIMIT_PAGES_MAX: '3', RATE_LIMIT_PAGES_WINDOW_SECONDS: '60' });

  test('past its pages, an address is asked in words to wait, until the minute is over', async () => {
    const app = await limited();
    for (let i = 0; i < 3; i++) {
      expect((await call(app, { url: `/shop?i=${i}` })).statusCode).toBe(200);
    }
    const refused = await call(app, { url: '/faq' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).toContain('Please wait 1 minute, then reload the page.');
    // Another address is served.
    const other = await app.inject({ url: '/faq', remoteAddress: '10.0.0.9' });
    expect(other.statusCode).toBe(200);
    t.clock.advance(60);
    expect((await call(app, { url: '/faq' })).statusCode).toBe(200);
  });

  test('API calls and the files of the site are not counted, nor refused', async () => {
    const app = await limited();
    for (let i = 0; i < 5; i++) {
      expect((await call(app, { url: '/api/categories' })).statusCode).toBe(200);
      expect((await call(app, { url: '/manifest.webmanifest' })).statusCode).toBe(200);
    }
    for (let i = 0; i < 3; i++) expect((await call(app, { url: '/' })).statusCode).toBe(200);
    expect((await call(app, { url: '/' })).statusCode).toBe(429);
    expect((await call(app, { url: '/api/categories' })).statusCode).toBe(200);
    expect((await call(app, { url: '/manifest.webmanifest' })).statusCode).toBe(200);
  });
});
