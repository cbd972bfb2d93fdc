/**
 * What a search engine reads: the sitemap and robots.txt, each page's canonical address, the
 * status of pages that do not exist, and product links as they are shared (trailing slash,
 * capitals, tracking parameters).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { App } from '../src/app';
import { sitemapFiles } from '../src/routes/site';
import { seedProducts, setupHarness, type TestProduct } from './helpers';

const t = setupHarness();
const SHOP = 'https://shop.example.ng';
const TEMPLATE = fs.readFileSync(path.join(__dirname, '../../public/index.html'), 'utf8');
const ROBOTS = fs.readFileSync(path.join(__dirname, '../../public/robots.txt'), 'utf8');

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-seo-'));
fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
fs.writeFileSync(path.join(dist, 'robots.txt'), ROBOTS);
let site: App;
beforeAll(async () => {
  site = await t.build({ DIST_DIR: dist, PUBLIC_URL: SHOP });
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/** Every <loc> of a sitemap, entities decoded. */
function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
}

/** The page's canonical links' addresses. */
function canonicals(html: string): string[] {
  return [...html.matchAll(/<link rel="canonical" href="([^"]*)" \/>/g)].map((m) =>
    (m[1] ?? '').replace(/&amp;/g, '&'),
  );
}

async function products(): Promise<TestProduct[]> {
  return seedProducts(t.db, [
    { name: 'Mama Gold Rice 10kg', price: 18500, category: 'Staples' },
    { name: 'Peak Milk Tin', price: 950, category: 'Provisions' },
    { name: 'Fresh Tatashe', price: 600, category: 'Fresh Food & Veg' },
  ]);
}

describe('sitemap.xml', () => {
  test('lists the content pages, every category as the shop links it and every product, on PUBLIC_URL', async () => {
    const [rice, milk, pepper] = await products();
    const r = await site.inject({ url: '/sitemap.xml' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(r.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(locations(r.body)).toEqual([
      `${SHOP}/`,
      `${SHOP}/shop`,
      `${SHOP}/home`,
      `${SHOP}/vendors`,
      `${SHOP}/faq`,
      `${SHOP}/contact`,
      `${SHOP}/policies`,
      `${SHOP}/shop?category=Staples`,
      `${SHOP}/shop?category=Provisions`,
      `${SHOP}/shop?category=Fresh+Food+%26+Veg`,
      `${SHOP}/detail/product-details?slug=${rice?.slug}`,
      `${SHOP}/detail/product-details?slug=${milk?.slug}`,
      `${SHOP}/detail/product-details?slug=${pepper?.slug}`,
    ]);
    // XML: the ampersand of a query is escaped.
    expect(r.body).not.toMatch(/&(?!amp;)/);
    // Every address in it is a page that answers 200.
    for (const loc of locations(r.body)) {
      const page = await site.inject({ url: loc.slice(SHOP.length) });
      expect({ loc, status: page.statusCode }).toEqual({ loc, status: 200 });
    }
  });

  test('follows the catalogue: a new or removed product shows at the next request', async () => {
    const [rice] = await products();
    expect(locations((await site.inject({ url: '/sitemap.xml' })).body)).toHaveLength(13);
    await seedProducts(t.db, [{ name: 'Golden Penny Semovita', price: 2100 }]);
    await t.db.query('DELETE FROM products WHERE slug = $1', [rice?.slug]);
    const after = locations((await site.inject({ url: '/sitemap.xml' })).body);
    expect(after).toContain(`${SHOP}/detail/product-details?slug=golden-penny-semovita`);
    expect(after).not.toContain(`${SHOP}/detail/product-details?slug=${rice?.slug}`);
  });

  test('comes compressed to a client that takes it, and answers HEAD', async () => {
    await products();
    const plain = await site.inject({ url: '/sitemap.xml' });
    const gz = await site.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const br = await site.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'br' } });
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/i);
    const head = await site.inject({ method: 'HEAD', url: '/sitemap.xml' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    // A part of a sitemap that is not split is no page.
    expect((await site.inject({ url: '/sitemap.xml?page=2' })).statusCode).toBe(404);
  });

  test('past the most addresses a sitemap may hold, it is an index of parts', async () => {
    const [rice, milk, pepper] = await products();
    // 13 addresses, parts of 5: an index and three parts, in order, nothing lost.
    const files = await sitemapFiles({ db: t.db, publicUrl: () => SHOP }, 5)();
    const [index, ...parts] = files.map((f) => f.xml.toString());
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locations(index ?? '')).toEqual([1, 2, 3].map((n) => `${SHOP}/sitemap.xml?page=${n}`));
    expect(parts.map((part) => locations(part).length)).toEqual([5, 5, 3]);
    expect(parts.flatMap(locations).slice(-3)).toEqual(
      [rice, milk, pepper].map((p) => `${SHOP}/detail/product-details?slug=${p?.slug}`),
    );
  });

  test("without PUBLIC_URL (the demo) it is on the server's own address", async () => {
    await products();
    const demo = await t.build({ DIST_DIR: dist });
    await demo.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = demo.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const xml = (await demo.inject({ url: '/sitemap.xml' })).body;
      expect(locations(xml)[0]).toBe(`http://localhost:${port}/`);
      const robots = (await demo.inject({ url: '/robots.txt' })).body;
      expect(robots).toContain(`\nSitemap: http://localhost:${port}/sitemap.xml\n`);
    } finally {
      await demo.close();
    }
  });

  test('robots.txt names it by its absolute address and keeps the rest of the file', async () => {
    expect(ROBOTS).toMatch(/^Sitemap: \/sitemap\.xml$/m);
    const r = await site.inject({ url: '/robots.txt' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(r.body).toBe(ROBOTS.replace('Sitemap: /sitemap.xml', `Sitemap: ${SHOP}/sitemap.xml`));
    // Before a build there is no robots.txt, as before.
    expect((await t.app.inject({ url: '/robots.txt' })).statusCode).toBe(404);
  });
});

describe('canonical addresses', () => {
  test('every page names one, without tracking parameters, keeping what the page reads', async () => {
    const [rice] = await products();
    const product = `${SHOP}/detail/product-details?slug=${rice?.slug}`;
    for (const [url, canonical] of [
      ['/', `${SHOP}/`],
      ['/index.html', `${SHOP}/`],
      ['/shop?utm_source=whatsapp&fbclid=abc', `${SHOP}/shop`],
      [
        '/shop?category=Staples&utm_source=whatsapp&sort=price_desc',
        `${SHOP}/shop?category=Staples`,
      ],
      ['/shop?q=rice', `${SHOP}/shop`],
      ['/faq?utm_campaign=launch', `${SHOP}/faq`],
      ['/profile/orders', `${SHOP}/profile/orders`],
      [`/detail/product-details?slug=${rice?.slug}&utm_source=whatsapp`, product],
      [`/detail/product-details?utm_medium=social&slug=${rice?.slug}`, product],
    ] as const) {
      const r = await site.inject({ url });
      expect({ url, status: r.statusCode }).toEqual({ url, status: 200 });
      expect({ url, canonical: canonicals(r.body) }).toEqual({ url, canonical: [canonical] });
      // In the head, beside the preview tags.
      expect(r.body.indexOf('rel="canonical"')).toBeLessThan(r.body.indexOf('</head>'));
    }
  });
});

describe('pages that do not exist', () => {
  test('an unknown path is a 404 with the app (its not-found page), never cached as a page', async () => {
    for (const url of [
      '/no-such-page',
      '/shop/rice',
      '/profile/orders/12/extra',
      '/detail/nothing',
    ]) {
      const r = await site.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect({ url, status: r.statusCode }).toEqual({ url, status: 404 });
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.headers.etag).toBeUndefined();
      expect(zlib.brotliDecompressSync(r.rawPayload).toString()).toContain('<div id="root">');
    }
    // An order's page and other app routes with an id are pages.
    expect((await site.inject({ url: '/profile/orders/12' })).statusCode).toBe(200);
    expect((await site.inject({ url: '/order-confirmation/12' })).statusCode).toBe(200);
  });

  test('a product that does not exist (or is removed) is a 404 with the app', async () => {
    const [rice] = await products();
    const url = `/detail/product-details?slug=${rice?.slug}`;
    expect((await site.inject({ url })).statusCode).toBe(200);
    await t.db.query('DELETE FROM products WHERE slug = $1', [rice?.slug]);
    const gone = await site.inject({ url });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('<title>Product not found | Ibadan Market</title>');
    for (const other of [
      '/detail/product-details?slug=no-such-thing',
      '/detail/product-details?slug=%3Cb%3E',
    ]) {
      expect({ other, status: (await site.inject({ url: other })).statusCode }).toEqual({
        other,
        status: 404,
      });
    }
    // The product page without a slug asks the shopper to choose: a page.
    expect((await site.inject({ url: '/detail/product-details' })).statusCode).toBe(200);
    // HEAD says the same.
    expect((await site.inject({ method: 'HEAD', url })).statusCode).toBe(404);
  });

  test('missing files and API paths keep their own 404s', async () => {
    expect((await site.inject({ url: '/assets/gone.0123456789.js' })).body).toBe('Not Found');
    expect((await site.inject({ url: '/api/no-such-call' })).json()).toEqual({
      detail: 'Not Found',
    });
  });
});

describe('product links as they are shared', () => {
  test('a trailing slash, capitals or a padded slug move (301) to the shop spelling, query kept', async () => {
    const [rice] = await products();
    const slug = rice?.slug ?? '';
    for (const [url, location] of [
      [`/detail/product-details/?slug=${slug}`, `/detail/product-details?slug=${slug}`],
      [`/Detail/Product-Details?slug=${slug}`, `/detail/product-details?slug=${slug}`],
      [
        `/detail/product-details?slug=${slug.toUpperCase()}&utm_source=whatsapp`,
        `/detail/product-details?slug=${slug}&utm_source=whatsapp`,
      ],
      [`/detail/product-details?slug=%20${slug}%20`, `/detail/product-details?slug=${slug}`],
      ['/FAQ/', '/faq'],
      ['/Shop/?category=Staples', '/shop?category=Staples'],
    ] as const) {
      const r = await site.inject({ url });
      expect({ url, status: r.statusCode, location: r.headers.location }).toEqual({
        url,
        status: 301,
        location,
      });
      const followed = await site.inject({ url: location });
      expect({ location, status: followed.statusCode }).toEqual({ location, status: 200 });
    }
  });

  test('with a tracking query it is served as the product page at once', async () => {
    const [rice] = await products();
    const r = await site.inject({
      url: `/detail/product-details?slug=${rice?.slug}&utm_source=whatsapp&utm_medium=share`,
    });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<title>Mama Gold Rice 10kg | Ibadan Market</title>');
    expect(canonicals(r.body)).toEqual([`${SHOP}/detail/product-details?slug=${rice?.slug}`]);
  });

  test('an unknown path in capitals is not redirected anywhere, only answered 404', async () => {
    const r = await site.inject({ url: '/Evil/FAQ/' });
    expect(r.statusCode).toBe(404);
    expect(r.headers.location).toBeUndefined();
  });
});
