import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chunkGroupsReader,
  earlyDataPaths,
  earlyScriptPaths,
  routeChunkGroups,
  withEarlyData,
} from '../src/earlyData';

const paths = (url: string) => {
  const u = new URL(url, 'http://page');
  return earlyDataPaths('/api', u.pathname, u.searchParams);
};

describe('the data a page asks for before its JavaScript', () => {
  test("the shop's first page and its categories, at / and /shop", () => {
    for (const url of ['/', '/shop', '/shop?utm_source=whatsapp']) {
      expect({ url, paths: paths(url) }).toEqual({
        url,
        paths: ['/api/get-all-products?limit=24&offset=0', '/api/categories'],
      });
    }
  });

  test("a category's first page, as the shop asks for it (trimmed, encoded)", () => {
    expect(paths('/shop?category=%20Fresh%20Food%20')).toEqual([
      '/api/get-all-products?category=Fresh+Food&limit=24&offset=0',
      '/api/categories',
    ]);
    // The shop ignores a blank or overlong category; so does the preload.
    expect(paths('/shop?category=%20')[0]).toBe('/api/get-all-products?limit=24&offset=0');
    expect(paths(`/shop?category=${'x'.repeat(101)}`)[0]).toBe(
      '/api/get-all-products?limit=24&offset=0',
    );
  });

  test('a search, filter or order is left to the page (nothing preloaded)', () => {
    for (const url of ['/shop?q=rice', '/?sort=price_asc', '/shop?in_stock=true&category=Drinks']) {
      expect({ url, paths: paths(url) }).toEqual({ url, paths: [] });
    }
  });

  test('a product page asks for its product; other pages for nothing', () => {
    expect(paths('/detail/product-details?slug=mama-gold-rice-10kg')).toEqual([
      '/api/get-product/mama-gold-rice-10kg',
    ]);
    expect(paths('/detail/product-details?slug=a%2Fb%20c')).toEqual(['/api/get-product/a%2Fb%20c']);
    expect(paths('/detail/product-details')).toEqual([]);
    for (const url of ['/home', '/cart', '/faq', '/profile/orders']) expect(paths(url)).toEqual([]);
  });

  test('the preloads go after the charset, before the scripts, escaped', () => {
    const html =
      '<!doctype html><html><head><meta charset=utf-8><script defer src="/a.js"></script></head></html>';
    const out = withEarlyData(html, ['/api/x?a=1&b="2"']);
    expect(out).toBe(
      '<!doctype html><html><head><meta charset=utf-8>' +
        '<link rel="preload" as="fetch" crossorigin fetchpriority="low" href="/api/x?a=1&amp;b=&quot;2&quot;" />' +
        '<script defer src="/a.js"></script></head></html>',
    );
    expect(withEarlyData(html, [])).toBe(html);
  });

  const GROUPS = {
    main: ['assets/runtime.1.js', 'assets/main.3.js'],
    app: ['assets/vendor.2.js', 'assets/app.8.js'],
    shop: ['assets/2109.4.js', 'assets/shop.5.js'],
    'detail-layout': ['assets/vendor.2.js', 'assets/detail-layout.6.js'],
    'product-detail': ['assets/2109.4.js', 'assets/product-detail.7.js'],
  };

  test("the route's own chunks are preloaded, not the entry's or the app's, each once", () => {
    expect(earlyScriptPaths(GROUPS, '/shop')).toEqual(['/assets/2109.4.js', '/assets/shop.5.js']);
    expect(earlyScriptPaths(GROUPS, '/')).toEqual(['/assets/2109.4.js', '/assets/shop.5.js']);
    expect(earlyScriptPaths(GROUPS, '/detail/product-details')).toEqual([
      '/assets/detail-layout.6.js',
      '/assets/2109.4.js',
      '/assets/product-detail.7.js',
    ]);
    expect(earlyScriptPaths(GROUPS, '/cart')).toEqual(['/assets/detail-layout.6.js']);
    expect(earlyScriptPaths(GROUPS, '/no-such-page')).toEqual([]);
    // A build without the group (renamed chunk): nothing, never an error.
    expect(earlyScriptPaths({ main: GROUPS.main }, '/shop')).toEqual([]);
  });

  test('every page names its layout and page chunks, ids in the address included', () => {
    expect(routeChunkGroups('/cart')).toEqual(['detail-layout', 'cart']);
    expect(routeChunkGroups('/cart/')).toEqual(['detail-layout', 'cart']);
    expect(routeChunkGroups('/profile/orders')).toEqual(['profile-layout', 'orders']);
    expect(routeChunkGroups('/profile/orders/42')).toEqual(['profile-layout', 'order']);
    expect(routeChunkGroups('/order-confirmation/42')).toEqual([
      'detail-layout',
      'order-confirmation',
    ]);
    expect(routeChunkGroups('/profile/orders/42/more')).toEqual([]);
    expect(routeChunkGroups('/profile/orders/:orderId')).toEqual(['profile-layout', 'order']);
  });

  test('the chunk names are the ones src/app/routes.tsx gives its pages', () => {
    const routesSource = fs.readFileSync(path.join(__dirname, '../../src/app/routes.tsx'), 'utf8');
    const named = new Set(
      [...routesSource.matchAll(/webpackChunkName: "([^"]+)"/g)].map((match) => match[1]),
    );
    const pages = [
      '/',
      '/shop',
      '/home',
      '/vendors',
      '/faq',
      '/contact',
      '/policies',
      '/hello-world',
      '/auth/login',
      '/auth/register',
      '/staff',
      '/staff/orders',
      '/staff/team',
      '/detail',
      '/detail/product-details',
      '/cart',
      '/profile',
      '/profile/orders',
      '/profile/notifications',
      '/profile/order-items',
      '/profile/wishlist',
      '/profile/affiliate-market',
      '/profile/orders/7',
      '/order-confirmation/7',
    ];
    for (const page of pages) {
      const groups = routeChunkGroups(page);
      expect({ page, known: groups.length > 0 && groups.every((g) => named.has(g)) }).toEqual({
        page,
        known: true,
      });
    }
  });

  test('script preloads go after the entry scripts, data preloads before them', () => {
    const html =
      '<html><head><meta charset=utf-8><script defer src="/a.js"></script></head><body></body></html>';
    expect(withEarlyData(html, ['/api/categories'], ['/assets/shop.5.js'])).toBe(
      '<html><head><meta charset=utf-8>' +
        '<link rel="preload" as="fetch" crossorigin fetchpriority="low" href="/api/categories" />' +
        '<script defer src="/a.js"></script>' +
        '<link rel="preload" as="script" href="/assets/shop.5.js" />' +
        '</head><body></body></html>',
    );
  });

  test("the build's chunk groups are read from dist/, again when the build changes", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'early-data-'));
    try {
      const read = chunkGroupsReader(dist);
      expect(await read()).toEqual({});
      const file = path.join(dist, '.chunk-groups.json');
      fs.writeFileSync(file, JSON.stringify({ shop: ['assets/shop.1.js'], bad: 'x' }));
      expect(await read()).toEqual({ shop: ['assets/shop.1.js'] });
      fs.writeFileSync(file, JSON.stringify({ shop: ['assets/shop.2.js'] }));
      const later = new Date(Date.now() + 5000);
      fs.utimesSync(file, later, later);
      expect(await read()).toEqual({ shop: ['assets/shop.2.js'] });
      fs.writeFileSync(file, 'not json');
      fs.utimesSync(file, new Date(Date.now() + 9000), new Date(Date.now() + 9000));
      expect(await read()).toEqual({});
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
