import { earlyDataPaths, withEarlyData } from '../src/earlyData';

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
});
