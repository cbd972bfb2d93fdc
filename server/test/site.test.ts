/** The storefront host, security headers, CORS, limits, the outbox and the EmailJS endpoint. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { OutboxMessage } from '../../contract';
import type { App } from '../src/app';
import type { Queryable } from '../src/db/client';
import { productPreviewCache } from '../src/preview';
import { parseMultipart } from '../src/routes/emailjs';
import { call, json, seedProducts, setupHarness, type TestProduct } from './helpers';

const t = setupHarness({ env: { CORS_ORIGINS: 'https://shop.example.ng, http://localhost:3000' } });

// dist/ sits inside a folder that also holds a file no request may reach.
const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-site-'));
const dist = path.join(outside, 'dist');
const SECRET = 'SECRET-OUTSIDE-DIST';
fs.writeFileSync(path.join(outside, 'secret.txt'), SECRET);
const INDEX =
  '<!doctype html><html><head><script defer src="/assets/main.0123456789.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("shop")';
const WORKER = 'self.addEventListener("fetch", () => {})';
fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
/** A file and the twins the build writes beside it. */
function writeWithTwins(relative: string, text: string) {
  const file = path.join(dist, relative);
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
}
writeWithTwins('index.html', INDEX);
writeWithTwins('assets/main.0123456789.js', SCRIPT);
writeWithTwins('sw.js', WORKER);
fs.writeFileSync(path.join(dist, 'assets', 'main.0123456789.js.map'), '{"version":3}');
fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
fs.writeFileSync(path.join(dist, '.env'), 'SECRET=1');

let site: App;
beforeAll(async () => {
  site = await t.build({ DIST_DIR: dist });
});
afterAll(() => fs.rmSync(outside, { recursive: true, force: true }));

/**
 * The page as the build wrote it: what the server adds (the page's title and description,
 * which INDEX lacks, the preview tags, structured data and data preloads) taken out.
 */
const withoutPreview = (html: string) =>
  html
    .replace(/<title>[^<]*<\/title>\n/, '')
    .replace(/<meta name="description"[^>]*>\n/, '')
    .replace(/<meta (?:property="og:|name="twitter:)[^>]*>\n/g, '')
    .replace(/<link rel="canonical"[^>]*>\n/, '')
    .replace(/<script type="application\/ld\+json">[^<]*<\/script>\n/, '')
    .replace(/<link rel="preload" as="fetch"[^>]*>/g, '');

/** The content of one preview tag, as a crawler reads it (entities decoded). */
function tag(html: string, name: string): string | undefined {
  const found = new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)" />`).exec(html);
  return found?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The body as the browser would read it, decoded according to Content-Encoding. */
function decoded(r: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = r.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(r.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(r.rawPayload).toString();
  return r.rawPayload.toString();
}

describe('the built storefront', () => {
  test('index.html at / with no-cache and a CSP that allows no inline script', async () => {
    const r = await call(site, { url: '/' });
    expect(r.statusCode).toBe(200);
    expect(withoutPreview(r.body)).toBe(INDEX);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['cache-control']).toBe('no-cache');
    const csp = String(r.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['script-src']).toEqual(["'self'", 'https://js.paystack.co']);
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives['connect-src']).toEqual([
      "'self'",
      'https://api.emailjs.com',
      'https://api.paystack.co',
      'https://checkout.paystack.com',
    ]);
    expect(directives['frame-src']).toEqual(['https://checkout.paystack.com']);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
  });

  test('hashed assets are immutable for a year; other top-level files revalidate', async () => {
    const asset = await call(site, { url: '/assets/main.0123456789.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.body).toBe(SCRIPT);
    const icon = await call(site, { url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    const again = await call(site, {
      url: '/favicon.svg',
      headers: { 'if-none-match': String(icon.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const head = await site.inject({ method: 'HEAD', url: '/assets/main.0123456789.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  test('a hashed asset comes back brotli for br, gzip for gzip, raw otherwise, with Vary', async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.8', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, expected] of cases) {
      const r = await site.inject({
        method: 'GET',
        url: '/assets/main.0123456789.js',
        headers: accept === undefined ? {} : { 'accept-encoding': accept },
      });
      expect({ accept, status: r.statusCode, encoding: r.headers['content-encoding'] }).toEqual({
        accept,
        status: 200,
        encoding: expected,
      });
      expect(decoded(r)).toBe(SCRIPT);
      expect(String(r.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(r.headers['content-length'])).toBe(r.rawPayload.length);
    }
  });

  test('the page, its fallback for app routes and the worker come compressed and revalidate', async () => {
    for (const url of ['/', '/index.html', '/shop', '/profile/orders?tab=1']) {
      const r = await site.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect({ url, status: r.statusCode, encoding: r.headers['content-encoding'] }).toEqual({
        url,
        status: 200,
        encoding: 'br',
      });
      expect(withoutPreview(decoded(r))).toBe(INDEX);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(String(r.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
    const worker = await site.inject({ url: '/sw.js', headers: { 'accept-encoding': 'gzip' } });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-encoding']).toBe('gzip');
    expect(decoded(worker)).toBe(WORKER);
    expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  test('a compressed answer revalidates with its own ETag', async () => {
    const headers = { 'accept-encoding': 'br' };
    const first = await site.inject({ url: '/sw.js', headers });
    const raw = await site.inject({ url: '/sw.js' });
    expect(first.headers.etag).toBeDefined();
    expect(first.headers.etag).not.toBe(raw.headers.etag);
    const again = await site.inject({
      url: '/sw.js',
      headers: { ...headers, 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  test('HEAD gives the headers of the GET without a body', async () => {
    for (const accept of ['br', 'identity']) {
      const get = await site.inject({
        url: '/assets/main.0123456789.js',
        headers: { 'accept-encoding': accept },
      });
      const head = await site.inject({
        method: 'HEAD',
        url: '/assets/main.0123456789.js',
        headers: { 'accept-encoding': accept },
      });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      for (const name of ['content-encoding', 'content-length', 'content-type', 'etag', 'vary']) {
        expect({ accept, name, value: head.headers[name] }).toEqual({
          accept,
          name,
          value: get.headers[name],
        });
      }
    }
    const page = await site.inject({ method: 'HEAD', url: '/profile/orders' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  test('a byte range of a file is answered 206 with that part', async () => {
    const r = await site.inject({
      url: '/assets/main.0123456789.js',
      headers: { range: 'bytes=0-6' },
    });
    expect(r.statusCode).toBe(206);
    expect(r.body).toBe('console');
    expect(r.headers['content-range']).toBe(`bytes 0-6/${SCRIPT.length}`);
    const past = await site.inject({
      url: '/assets/main.0123456789.js',
      headers: { range: 'bytes=500-600' },
    });
    expect(past.statusCode).toBe(416);
  });

  test('source maps are 404 unless SERVE_SOURCE_MAPS is on', async () => {
    for (const url of ['/assets/main.0123456789.js.map', '/assets/MAIN.0123456789.JS.MAP']) {
      const r = await call(site, { url });
      expect(r.statusCode).toBe(404);
      expect(r.body).not.toContain('version');
    }
    const withMaps = await t.build({ DIST_DIR: dist, SERVE_SOURCE_MAPS: '1' });
    const r = await call(withMaps, { url: '/assets/main.0123456789.js.map' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe('{"version":3}');
  });

  test('no path reaches a file outside dist/ or a dotfile', async () => {
    for (const url of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%2e%2e%2fsecret.txt',
      '//..//secret.txt',
      '/./../secret.txt',
      '/.env',
      '/assets/..%2f.env',
      '/%2eenv',
    ]) {
      for (const accept of ['br', 'identity']) {
        const r = await site.inject({ url, headers: { 'accept-encoding': accept } });
        const body = decoded(r);
        // Refused, or (a name that is no file) the app's page: never the file itself.
        const outcome =
          r.statusCode >= 400
            ? 'refused'
            : withoutPreview(body) === INDEX
              ? 'the page'
              : `${r.statusCode} ${body}`;
        expect({ url, accept, outcome }).toEqual({
          url,
          accept,
          outcome: expect.stringMatching(/^(refused|the page)$/),
        });
      }
    }
  });

  test('a precompressed twin is sent to clients that take it', async () => {
    const r = await site.inject({
      method: 'GET',
      url: '/assets/main.0123456789.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  test('history fallback: app routes answer index.html; missing files and dotfiles do not', async () => {
    for (const url of ['/profile/orders', '/auth/login?next=/cart', '/detail/product-details']) {
      const r = await call(site, { url });
      expect(r.statusCode).toBe(200);
      expect(withoutPreview(r.body)).toBe(INDEX);
      expect(r.headers['cache-control']).toBe('no-cache');
    }
    expect((await call(site, { url: '/assets/main.deadbeef00.js' })).statusCode).toBe(404);
    const dotfile = await call(site, { url: '/.env' });
    expect(dotfile.statusCode).toBe(404);
    expect(dotfile.body).not.toContain('SECRET');
    expect((await call(site, { url: '/..%2F..%2Fetc%2Fpasswd' })).body).not.toContain('root:');
    // The preview tags name this server (localhost in the demo); /etc/hosts must not show.
    expect(
      withoutPreview((await call(site, { url: '/%2e%2e/%2e%2e/etc/hosts' })).body),
    ).not.toContain('localhost');
  });

  test('without a build, / says how to build it', async () => {
    const r = await call(t.app, { url: '/' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.body).toContain('npm run build');
  });
});

describe('link previews (Open Graph) of shared pages', () => {
  const SHOP = 'https://shop.example.ng';
  let shared: App;
  beforeAll(async () => {
    shared = await t.build({ DIST_DIR: dist, PUBLIC_URL: SHOP });
  });
  const page = async (url: string, headers: Record<string, string> = {}) => {
    const r = await shared.inject({ url, headers });
    return { r, html: decoded(r) };
  };

  test("a product's page carries its name, price, description, picture and address", async () => {
    const [rice] = await seedProducts(t.db, [{ name: 'Mama Gold Rice 10kg', price: 18500 }]);
    const slug = (rice as TestProduct).slug;
    const { r, html } = await page(`/detail/product-details?slug=${slug}`);
    expect(r.statusCode).toBe(200);
    expect(tag(html, 'og:title')).toBe('Mama Gold Rice 10kg | Ibadan Market');
    expect(tag(html, 'og:description')).toBe('₦18,500. Mama Gold Rice 10kg for tests');
    expect(tag(html, 'og:type')).toBe('product');
    expect(tag(html, 'og:url')).toBe(`${SHOP}/detail/product-details?slug=${slug}`);
    // The drawn pictures are SVG, which chat apps do not show: the shop's icon stands in.
    expect(tag(html, 'og:image')).toBe(`${SHOP}/icons/icon-512.png`);
    expect(tag(html, 'twitter:card')).toBe('summary');
    expect(withoutPreview(html)).toBe(INDEX);
    // Tags sit in the head, where crawlers look.
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));

    await t.db.query(
      "UPDATE products SET image_url = '/uploads/rice.jpg', inventory_stock = 0 WHERE slug = $1",
      [slug],
    );
    const photo = (await page(`/detail/product-details?slug=${slug}`)).html;
    expect(tag(photo, 'og:image')).toBe(`${SHOP}/uploads/rice.jpg`);
    expect(tag(photo, 'twitter:card')).toBe('summary_large_image');
    expect(tag(photo, 'og:description')).toMatch(/^₦18,500, out of stock\. /);
  });

  test('a preview is read from the database once per catalogue version, and never stale', async () => {
    const [beans] = await seedProducts(t.db, [{ name: 'Oloyin Beans 5kg', price: 7200 }]);
    const slug = (beans as TestProduct).slug;
    const productReads: string[] = [];
    const counting: Queryable = {
      query: (sql, params) => {
        if (/FROM products/i.test(sql) && params?.includes(slug)) productReads.push(sql);
        return t.db.query(sql, params);
      },
      exec: (sql) => t.db.exec(sql),
    };
    const find = productPreviewCache(counting, 2);

    expect((await find(slug))?.name).toBe('Oloyin Beans 5kg');
    expect((await find(slug))?.name).toBe('Oloyin Beans 5kg');
    expect(productReads).toHaveLength(1);

    // Any change to the catalogue is a new version: the next view reads the product again.
    await t.db.query("UPDATE products SET name = 'Oloyin Honey Beans 5kg' WHERE slug = $1", [slug]);
    expect((await find(slug))?.name).toBe('Oloyin Honey Beans 5kg');
    expect(productReads).toHaveLength(2);

    // Bounded: two other slugs push the oldest out, so it is read again.
    await find('no-such-product-1');
    await find('no-such-product-2');
    expect((await find(slug))?.name).toBe('Oloyin Honey Beans 5kg');
    expect(productReads).toHaveLength(3);

    // Through the page, as a crawler sees it.
    const { html } = await page(`/detail/product-details?slug=${slug}`);
    expect(tag(html, 'og:title')).toBe('Oloyin Honey Beans 5kg | Ibadan Market');
    await t.db.query('UPDATE products SET amount_kobo = 750000 WHERE slug = $1', [slug]);
    const repriced = (await page(`/detail/product-details?slug=${slug}`)).html;
    expect(tag(repriced, 'og:description')).toMatch(/^₦7,500\. /);
  });

  test('names and descriptions are escaped, never markup', async () => {
    const [odd] = await seedProducts(t.db, [{ name: 'Ata "Rodo" & <b>Tatashe</b>', price: 900 }]);
    const slug = (odd as TestProduct).slug;
    await t.db.query('UPDATE products SET description = $2 WHERE slug = $1', [
      slug,
      '"><script>alert(1)</script> it\'s hot',
    ]);
    const { html } = await page(`/detail/product-details?slug=${slug}`);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>Tatashe');
    expect(tag(html, 'og:title')).toBe('Ata "Rodo" & <b>Tatashe</b> | Ibadan Market');
    expect(tag(html, 'og:description')).toBe('₦900. "><script>alert(1)</script> it\'s hot');
    const hostile = (await page('/shop/"><script>alert(2)</script>')).html;
    expect(hostile).not.toContain('<script>alert');
  });

  test("other pages and an unknown slug carry the shop's own preview", async () => {
    for (const [url, address] of [
      ['/', `${SHOP}/`],
      ['/index.html', `${SHOP}/index.html`],
      ['/shop?category=Drinks', `${SHOP}/shop`],
      ['/detail/product-details?slug=no-such-thing', `${SHOP}/detail/product-details`],
      ['/detail/product-details', `${SHOP}/detail/product-details`],
    ]) {
      const { r, html } = await page(url as string);
      // The app's not-found page, with its status (server/test/seo.test.ts).
      const status = url?.includes('slug=') ? 404 : 200;
      expect({ url, status: r.statusCode }).toEqual({ url, status });
      expect({ url, title: tag(html, 'og:title'), address: tag(html, 'og:url') }).toEqual({
        url,
        title: 'Ibadan Market',
        address,
      });
      expect(tag(html, 'og:description')).toMatch(/^Groceries and general goods delivered/);
      expect(tag(html, 'og:image')).toBe(`${SHOP}/icons/icon-512.png`);
      expect(tag(html, 'og:type')).toBe('website');
    }
  });

  test('the ETag follows the page: per URL, per product change, and 304 only when unchanged', async () => {
    const [rice] = await seedProducts(t.db, [{ name: 'Ofada Rice', price: 4000 }]);
    const url = `/detail/product-details?slug=${(rice as TestProduct).slug}`;
    const home = (await page('/')).r;
    const product = (await page(url, { 'accept-encoding': 'br' })).r;
    expect(product.headers.etag).toBeDefined();
    expect(product.headers.etag).not.toBe(home.headers.etag);
    expect(product.headers['content-encoding']).toBe('br');
    expect(String(product.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(product.headers['cache-control']).toBe('no-cache');
    expect(Number(product.headers['content-length'])).toBe(product.rawPayload.length);
    const etag = String(product.headers.etag);
    const again = await shared.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Home's ETag does not revalidate the product's page.
    const other = await shared.inject({
      url,
      headers: { 'if-none-match': String(home.headers.etag) },
    });
    expect(other.statusCode).toBe(200);
    await t.db.query("UPDATE products SET amount_kobo = 450000 WHERE name = 'Ofada Rice'");
    const changed = await shared.inject({ url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(tag(changed.body, 'og:description')).toMatch(/^₦4,500\. /);
    const head = await shared.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(changed.headers.etag);
    expect(head.headers['content-length']).toBe(changed.headers['content-length']);
  });

  test("without PUBLIC_URL (the demo) addresses are the server's own, with the port it took", async () => {
    const demo = await t.build({ DIST_DIR: dist, PORT: '0' });
    await demo.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = demo.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      expect(port).toBeGreaterThan(0);
      const html = (await demo.inject({ url: '/' })).body;
      expect(tag(html, 'og:url')).toBe(`http://localhost:${port}/`);
      expect(tag(html, 'og:image')).toBe(`http://localhost:${port}/icons/icon-512.png`);
    } finally {
      await demo.close();
    }
  });
});

describe('the API around the routes', () => {
  test('GET /api/health', async () => {
    const r = await call(t.app, { url: '/api/health' });
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({ status: 'ok', mode: 'demo' });
  });

  test('unknown /api paths are 404 {"detail":"Not Found"}, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const r = await call(site, { method, url: '/api/no-such-call' });
      expect(r.statusCode).toBe(404);
      expect(json(r)).toEqual({ detail: 'Not Found' });
    }
    expect(json(await call(t.app, { url: '/api' }))).toEqual({ detail: 'Not Found' });
  });

  test('a body over 64 KiB is 413; a wrong content type 415; malformed JSON 422', async () => {
    const big = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      body: JSON.stringify({ username: 'x'.repeat(70_000), password: 'y' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    expect(json(big)).toEqual({ detail: 'The request body is too large (the limit is 64 KiB)' });
    const xml = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      body: '<x/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(json(xml)).toEqual({
      detail: 'Send the request body as JSON (Content-Type: application/json)',
    });
    const broken = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(422);
    expect(json(broken)).toEqual({
      detail: [{ loc: ['body'], msg: 'The request body is not valid JSON', type: 'json_invalid' }],
    });
  });

  test('a malformed URL is a 400 in the same shape', async () => {
    const r = await call(t.app, { url: '/api/get-product/%E0%A4%A' });
    expect(r.statusCode).toBe(400);
    expect(json<{ detail: string }>(r).detail).toEqual(expect.any(String));
  });

  test('CORS: allow-listed origins only; preflight answered', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/add-cart',
      headers: {
        origin: 'https://shop.example.ng',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.ng');
    expect(String(allowed.headers['access-control-allow-headers'])).toMatch(/Authorization/);

    const stranger = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/add-cart',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await call(t.app, {
      url: '/api/health',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('the API answers with security headers too', async () => {
    const r = await call(t.app, { url: '/api/health' });
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('outbox', () => {
  test('lists messages newest first, filtered by ?to=', async () => {
    await t.db.query(
      `INSERT INTO outbox (to_address, channel, subject, body) VALUES
        ('a@example.ng', 'email', 'First', 'one'), ('08031234567', 'sms', 'Code', 'two'), ('A@example.ng', 'email', 'Second', 'three')`,
    );
    const all = json<OutboxMessage[]>(await call(t.app, { url: '/api/dev/outbox' }));
    expect(all.map((m) => m.subject)).toEqual(['Second', 'Code', 'First']);
    expect(all[1]).toEqual({
      to: '08031234567',
      channel: 'sms',
      subject: 'Code',
      text: 'two',
      created_at: expect.any(String),
    });
    const mine = json<OutboxMessage[]>(
      await call(t.app, { url: '/api/dev/outbox?to=a@example.ng' }),
    );
    expect(mine.map((m) => m.text)).toEqual(['three', 'one']);
  });

  test('messages are printed on the console when OUTBOX_CONSOLE is on', async () => {
    const lines: string[] = [];
    const printing = await t.build({}, { print: (line) => lines.push(line) });
    const r = await call(printing, {
      method: 'POST',
      url: '/api/v1.0/email/send',
      body: {
        user_id: 'k',
        service_id: 's',
        template_id: 't',
        template_params: { name: 'Kemi', email: 'kemi@example.ng', message: 'Hi' },
      },
    });
    expect(r.statusCode).toBe(200);
    expect(lines.join('\n')).toContain(
      '[outbox] email to hello@ibadanmarket.ng: Contact form: Kemi',
    );
  });
});

describe('EmailJS-compatible endpoint', () => {
  const ids = {
    user_id: 'storefront-local',
    service_id: 'service_storefront',
    template_id: 'template_contact',
  };

  test('send (JSON) answers OK and puts the message in the outbox for the shop', async () => {
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/v1.0/email/send',
      body: {
        lib_version: '4.4.1',
        ...ids,
        template_params: {
          name: 'Kemi Adeyemi',
          email: 'kemi@example.ng',
          message: 'Do you deliver to Apete?',
        },
      },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    expect(r.body).toBe('OK');
    const [message] = json<OutboxMessage[]>(await call(t.app, { url: '/api/dev/outbox' }));
    expect(message).toMatchObject({
      to: 'hello@ibadanmarket.ng',
      channel: 'email',
      subject: 'Contact form: Kemi Adeyemi',
      text: 'From: Kemi Adeyemi <kemi@example.ng>\n\nDo you deliver to Apete?',
    });
  });

  test('send-form takes multipart form data (and urlencoded)', async () => {
    const boundary = '----WebKitFormBoundaryX7y';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload =
      part('user_name', 'Femi') +
      part('user_email', 'femi@example.ng') +
      part('message', 'Line one\r\nLine two') +
      `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nfile body\r\n` +
      part('service_id', ids.service_id) +
      part('template_id', ids.template_id) +
      part('user_id', ids.user_id) +
      `--${boundary}--\r\n`;
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/v1.0/email/send-form',
      body: payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe('OK');
    const encoded = await call(t.app, {
      method: 'POST',
      url: '/api/v1.0/email/send-form',
      body: new URLSearchParams({
        ...ids,
        name: 'Bola',
        email: 'bola@example.ng',
        message: 'Hello',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(encoded.statusCode).toBe(200);
    const messages = json<OutboxMessage[]>(await call(t.app, { url: '/api/dev/outbox' }));
    expect(messages.map((m) => m.text)).toEqual([
      'From: Bola <bola@example.ng>\n\nHello',
      'From: Femi <femi@example.ng>\n\nLine one\r\nLine two',
    ]);
  });

  test('missing ids are a 400 with a text body', async () => {
    for (const [missing, text] of [
      ['user_id', 'The public key (user_id) is required'],
      ['service_id', 'The service ID is required'],
      ['template_id', 'The template ID is required'],
    ] as const) {
      const body: Record<string, unknown> = {
        ...ids,
        template_params: { name: 'Ada', email: 'ada@example.ng', message: 'x' },
      };
      delete body[missing];
      const r = await call(t.app, { method: 'POST', url: '/api/v1.0/email/send', body });
      expect(r.statusCode).toBe(400);
      expect(r.headers['content-type']).toMatch(/^text\/plain/);
      expect(r.body).toBe(text);
    }
    const broken = await call(t.app, {
      method: 'POST',
      url: '/api/v1.0/email/send',
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.headers['content-type']).toMatch(/^text\/plain/);
  });

  test('refuses line breaks where they become mail headers, and an invalid or missing email', async () => {
    const send = (params: Record<string, string>) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1.0/email/send',
        body: {
          ...ids,
          template_params: { name: 'Kemi', email: 'kemi@example.ng', message: 'Hi', ...params },
        },
      });
    for (const [params, text] of [
      [{ name: 'Kemi\r\nBcc: everyone@example.ng' }, 'Please enter your name on one line'],
      [{ name: 'Kemi\nX-Injected: 1' }, 'Please enter your name on one line'],
      [
        { email: 'kemi@example.ng\r\nBcc: x@example.ng' },
        'Please enter a valid email address, like ade@example.com',
      ],
      [{ email: 'not-an-email' }, 'Please enter a valid email address, like ade@example.com'],
      [{ email: '' }, 'Please enter your email address'],
      [{ name: '' }, 'Please enter your name'],
      [{ subject: 'Hello\r\nBcc: x@example.ng' }, 'Please enter the subject on one line'],
      [{ message: '' }, 'Please enter your message'],
    ] as const) {
      const r = await send(params);
      expect(r.statusCode).toBe(400);
      expect(r.body).toBe(text);
    }
    const outbox = json<OutboxMessage[]>(await call(t.app, { url: '/api/dev/outbox' }));
    expect(outbox).toEqual([]);
    // A message body may have as many lines as it likes.
    expect((await send({ message: 'Line one\nLine two' })).statusCode).toBe(200);
  });

  test('answers the CORS preflight of a browser posting JSON from any origin', async () => {
    const r = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1.0/email/send',
      headers: {
        origin: 'https://somewhere.example.org',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(r.statusCode).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe('https://somewhere.example.org');
    expect(String(r.headers['access-control-allow-methods'])).toContain('POST');
  });

  test('the multipart reader refuses malformed bodies', () => {
    expect(() => parseMultipart(Buffer.from('x'), 'multipart/form-data')).toThrow('no boundary');
    expect(() =>
      parseMultipart(Buffer.from('--b\r\nno headers'), 'multipart/form-data; boundary=b'),
    ).toThrow();
    expect(
      parseMultipart(
        Buffer.from('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--'),
        'multipart/form-data; boundary="b"',
      ),
    ).toEqual({ a: '1' });
  });
});
