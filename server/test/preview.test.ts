/**
 * The first HTML of a page: its own title and description, and a product's schema.org data,
 * written into the real index.html template (public/index.html) as the server sends it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { App } from '../src/app';
import { scriptSafeJson, withPreview, type PagePreview } from '../src/preview';
import { seedProducts, setupHarness, type TestProduct } from './helpers';

const t = setupHarness();
const SHOP = 'https://shop.example.ng';
const TEMPLATE = fs.readFileSync(path.join(__dirname, '../../public/index.html'), 'utf8');
const SHOP_DESCRIPTION =
  'Groceries and general goods delivered in Ibadan: staples, provisions, drinks and household goods, priced in naira.';

const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-preview-'));
fs.writeFileSync(path.join(outside, 'index.html'), TEMPLATE);
let site: App;
beforeAll(async () => {
  site = await t.build({ DIST_DIR: outside, PUBLIC_URL: SHOP });
});
afterAll(() => fs.rmSync(outside, { recursive: true, force: true }));

/** The page at `url`; 404 where the app shows its not-found page (server/test/seo.test.ts). */
async function html(url: string, status: 200 | 404 = 200): Promise<string> {
  const r = await site.inject({ url });
  expect({ url, status: r.statusCode }).toEqual({ url, status });
  return r.body;
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Every <title>'s text, as a browser shows it. */
const titles = (page: string) =>
  [...page.matchAll(/<title\b[^>]*>([\s\S]*?)<\/title>/gi)].map((m) => decode(m[1] as string));

/** Every meta description's content (the preview tags' og:/twitter: ones are not these). */
const descriptions = (page: string) =>
  [...page.matchAll(/<meta\s+name="description"\s+content="([^"]*)"\s*\/?>/gi)].map((m) =>
    decode(m[1] as string),
  );

/** Each JSON-LD block as a browser's parser ends it: at the first "</script". */
const structuredData = (page: string): unknown[] =>
  [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script/gi)].map((m) =>
    JSON.parse(m[1] as string),
  );

const product = (p: unknown) => p as TestProduct;

describe("a product's page", () => {
  test('has the product as its one title and one description, and its Product data', async () => {
    const gari = product((await seedProducts(t.db, [{ name: 'Gari Ijebu 2kg', price: 2500 }]))[0]);
    const page = await html(`/detail/product-details?slug=${gari.slug}`);

    expect(titles(page)).toEqual(['Gari Ijebu 2kg | Ibadan Market']);
    expect(descriptions(page)).toEqual(['₦2,500. Gari Ijebu 2kg for tests']);
    const address = `${SHOP}/detail/product-details?slug=${gari.slug}`;
    expect(structuredData(page)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Gari Ijebu 2kg',
        description: 'Gari Ijebu 2kg for tests',
        image: [`${SHOP}/api/images/products/${gari.slug}.svg`],
        sku: gari.slug,
        productID: String(gari.id),
        category: 'Staples',
        offers: {
          '@type': 'Offer',
          url: address,
          price: '2500.00',
          priceCurrency: 'NGN',
          availability: 'https://schema.org/InStock',
          itemCondition: 'https://schema.org/NewCondition',
          seller: { '@type': 'Organization', name: 'Test Vendor Bodija' },
        },
      },
    ]);
    // In the head, where crawlers read it.
    expect(page.indexOf('application/ld+json')).toBeLessThan(page.indexOf('</head>'));
  });

  test('offers the price paid after a discount, in kobo exactly, and says when it is out of stock', async () => {
    const oil = product(
      (await seedProducts(t.db, [{ name: 'Palm Oil 1L', price: 3000, disc: 499.5, stock: 0 }]))[0],
    );
    await t.db.query("UPDATE products SET image_url = '/uploads/palm-oil.jpg' WHERE id = $1", [
      oil.id,
    ]);
    const [data] = structuredData(await html(`/detail/product-details?slug=${oil.slug}`)) as {
      image: string[];
      offers: Record<string, string>;
    }[];
    expect(data?.offers.price).toBe('2500.50');
    expect(data?.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(data?.image).toEqual([`${SHOP}/uploads/palm-oil.jpg`]);
  });

  test('a name or description written as markup stays inside the data', async () => {
    const hostile = '</script><script>alert(1)</script>';
    const odd = product((await seedProducts(t.db, [{ name: hostile, price: 100 }]))[0]);
    const description = 'Hot <!-- pepper --> & more\u2028next line</SCRIPT >';
    await t.db.query('UPDATE products SET description = $2 WHERE id = $1', [odd.id, description]);
    const page = await html(`/detail/product-details?slug=${odd.slug}`);

    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<!-- pepper');
    // The template's scripts (none) and the one block of data: no other script opened.
    expect(page.match(/<script\b/gi)).toHaveLength(1);
    const [data] = structuredData(page) as { name: string; description: string }[];
    expect(data?.name).toBe(hostile);
    expect(data?.description).toBe('Hot <!-- pepper --> & more next line</SCRIPT >');
    expect(titles(page)).toEqual([`${hostile} | Ibadan Market`]);
  });
});

describe('pages without a product', () => {
  test('the public pages carry the title the app sets for them', async () => {
    const expected: [string, string][] = [
      ['/', 'Shop | Ibadan Market'],
      ['/shop', 'Shop | Ibadan Market'],
      ['/shop?category=Drinks', 'Shop | Ibadan Market'],
      ['/shop?q=%20palm%20oil%20', '“palm oil” in the shop | Ibadan Market'],
      ['/home', 'Home | Ibadan Market'],
      ['/faq', 'FAQ | Ibadan Market'],
      ['/vendors', 'Vendors | Ibadan Market'],
      ['/policies', 'Terms and conditions | Ibadan Market'],
      ['/contact', 'Contact us | Ibadan Market'],
      ['/detail', 'Product details | Ibadan Market'],
      ['/detail/product-details', 'Product details | Ibadan Market'],
      ['/detail/product-details?slug=no-such-thing', 'Product not found | Ibadan Market'],
      ['/detail/product-details?slug=%3Cb%3E', 'Product not found | Ibadan Market'],
    ];
    for (const [url, title] of expected) {
      const page = await html(url, url.includes('slug=') ? 404 : 200);
      expect({ url, titles: titles(page) }).toEqual({ url, titles: [title] });
      expect({ url, descriptions: descriptions(page) }).toEqual({
        url,
        descriptions: [SHOP_DESCRIPTION],
      });
      expect({ url, data: structuredData(page) }).toEqual({ url, data: [] });
    }
  });

  test("other pages keep the shop's own title and description", async () => {
    for (const url of ['/cart', '/profile/orders', '/auth/login', '/no-such-page']) {
      const page = await html(url, url === '/no-such-page' ? 404 : 200);
      expect({ url, titles: titles(page) }).toEqual({ url, titles: ['Ibadan Market'] });
      expect({ url, descriptions: descriptions(page) }).toEqual({
        url,
        descriptions: [SHOP_DESCRIPTION],
      });
      expect({ url, data: structuredData(page) }).toEqual({ url, data: [] });
    }
  });
});

describe('withPreview', () => {
  const preview: PagePreview = {
    type: 'website',
    title: 'Ibadan Market',
    description: 'Fresh & cheap',
    image: `${SHOP}/icons/icon-512.png`,
    url: `${SHOP}/faq`,
    canonical: `${SHOP}/faq`,
    card: 'summary',
    pageTitle: 'FAQ | Ibadan Market',
    structuredData: null,
  };

  test('replaces the title and description of a minified page where they stand', () => {
    const minified =
      '<!doctype html><html><head><meta charset="utf-8"><meta name="theme-color" content="a>b">' +
      '<meta name=description content="old"><title>Ibadan Market</title></head><body></body></html>';
    const page = withPreview(minified, preview);
    expect(titles(page)).toEqual(['FAQ | Ibadan Market']);
    expect(page).not.toContain('content="old"');
    expect(descriptions(page)).toEqual(['Fresh & cheap']);
    expect(page).toContain('<meta name="theme-color" content="a>b">');
    expect(page.indexOf('<title>')).toBeLessThan(page.indexOf('og:site_name'));
  });

  test('adds a title and description to a page that has neither, and keeps one of each', () => {
    const bare = withPreview('<html><head></head><body></body></html>', preview);
    expect(titles(bare)).toEqual(['FAQ | Ibadan Market']);
    expect(descriptions(bare)).toEqual(['Fresh & cheap']);
    const doubled = withPreview(
      '<head><title>a</title><title>b</title><meta name="description" content="1">' +
        "<meta name='description' content='2'></head>",
      preview,
    );
    expect(titles(doubled)).toEqual(['FAQ | Ibadan Market']);
    expect(doubled).not.toMatch(/content=['"][12]['"]/);
    expect(descriptions(doubled)).toEqual(['Fresh & cheap']);
  });

  test('script-safe JSON parses to the same value and holds nothing that ends a script', () => {
    const value = { name: '</script><!-- ]]> & \u2028\u2029 "quoted"' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
