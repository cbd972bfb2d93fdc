import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import type { Product } from '../../contract';
import { createPasswordHasher } from '../src/auth/passwords';
import { DEMO_PRODUCTS, slugify } from '../src/db/seed/catalogue';
import { DEMO_SHOPPER, seedDemo } from '../src/db/seed/demo';
import { generatedProduct, growCatalogue } from '../src/db/seed/generate';
import { call, json, seedProducts, setupHarness } from './helpers';

const t = setupHarness();
const cheapHasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });

describe('demo data', () => {
  test('seeds 60+ real products, a vendor in Ibadan and the demo shopper, once', async () => {
    const result = await seedDemo(t.db, cheapHasher);
    expect(result).toEqual({ products: DEMO_PRODUCTS.length, shopperCreated: true });
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(60);
    expect(await seedDemo(t.db, cheapHasher)).toBeNull();

    const products = json<Product[]>(await call(t.app, { url: '/api/get-all-products' }));
    expect(products).toHaveLength(DEMO_PRODUCTS.length);
    const names = products.map((p) => p.name).join(' | ');
    for (const staple of [
      'Rice',
      'Garri',
      'Beans',
      'Elubo',
      'Semovita',
      'Palm Oil',
      'Groundnut Oil',
      'Indomie',
      'Peak',
      'Milo',
      'Golden Morn',
      'Sugar',
      'Salt',
      'Maggi',
    ]) {
      expect(names).toContain(staple);
    }
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    expect(products.filter((p) => p.inventory_stock === 0).length).toBeGreaterThanOrEqual(3);
    expect(products.filter((p) => p.disc_amount !== null).length).toBeGreaterThanOrEqual(10);
    for (const p of products) {
      expect(p.ratings).toBeGreaterThanOrEqual(1);
      expect(p.ratings).toBeLessThanOrEqual(5);
      expect(p.description.length).toBeGreaterThan(10);
      expect(p.images).toBe(`/api/images/products/${p.slug}.svg`);
      if (p.disc_amount !== null) expect(p.disc_amount).toBeLessThan(p.amount);
      expect(p.vendor.address).toContain('Ibadan');
    }

    const login = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      body: { username: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password },
    });
    expect(login.statusCode).toBe(200);
    expect(json<{ user_details: { firstname: string } }>(login).user_details.firstname).toBe(
      'Adaeze',
    );
  });

  test('servers starting together on one empty database seed it once, and all start', async () => {
    const seedThree = () => Promise.allSettled([1, 2, 3].map(() => seedDemo(t.db, cheapHasher)));
    let results: Awaited<ReturnType<typeof seedThree>>;
    const databaseUrl = process.env.DATABASE_URL;
    if (t.db.kind === 'postgres' && databaseUrl) {
      // Each seed has its own connection, as separate servers have. Another connection holds
      // the table until all three have looked at it and wait, so they overlap on any machine.
      const schema = (await t.db.query<{ s: string }>('SELECT current_schema() AS s'))[0]?.s;
      const holder = new pg.Client({ connectionString: databaseUrl });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query(`LOCK TABLE ${schema}.products IN SHARE ROW EXCLUSIVE MODE`);
        const seeds = seedThree();
        // Each ends up waiting: for the table (to insert), for the seed lock, or for another
        // seed's row (the catalogue version its vendor insert bumped).
        const deadline = Date.now() + 30_000;
        let waiting = 0;
        while (waiting < 3 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const rows = await holder.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_locks
              WHERE NOT granted
                AND (relation = $1::regclass OR locktype IN ('advisory', 'transactionid', 'tuple'))`,
            [`${schema}.products`],
          );
          waiting = Number(rows.rows[0]?.n);
        }
        await holder.query('COMMIT');
        results = await seeds;
      } finally {
        await holder.end();
      }
    } else {
      // The embedded database has one connection: its transactions already take turns.
      results = await seedThree();
    }
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(results.filter((r) => r.status === 'fulfilled' && r.value !== null)).toHaveLength(1);
    const rows = await t.db.query<{ n: unknown }>('SELECT count(*) AS n FROM products');
    expect(Number(rows[0]?.n)).toBe(DEMO_PRODUCTS.length);
  });

  test('the large-catalogue generator adds unique, valid products up to the target', async () => {
    await seedDemo(t.db, cheapHasher);
    const added = await growCatalogue(t.db, 2500);
    expect(added).toBe(2500 - DEMO_PRODUCTS.length);
    expect(await growCatalogue(t.db, 2500)).toBe(0);
    const count = await t.db.query<{ n: number; slugs: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT slug)::int AS slugs FROM products',
    );
    expect(count[0]).toEqual({ n: 2500, slugs: 2500 });
    expect(generatedProduct(7).slug).toBe(slugify(generatedProduct(7).name));
  });
});

describe('GET /get-all-products', () => {
  test('answers the catalogue with an ETag, 304 when unchanged, gzip when asked, fresh after a change', async () => {
    await seedProducts(t.db, [
      { name: 'Ofada Rice 5kg', price: 9500 },
      { name: 'Ijebu Garri 4kg', price: 4800, disc: 300 },
    ]);
    const first = await call(t.app, { url: '/api/get-all-products' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/application\/json/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"c\d+-/);
    expect(json<Product[]>(first).map((p) => [p.name, p.amount, p.disc_amount])).toEqual([
      ['Ofada Rice 5kg', 9500, null],
      ['Ijebu Garri 4kg', 4800, 300],
    ]);

    const notModified = await call(t.app, {
      url: '/api/get-all-products',
      headers: { 'if-none-match': etag },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/get-all-products',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(json(first));

    await t.db.query("UPDATE products SET inventory_stock = 3 WHERE slug = 'ofada-rice-5kg'");
    const changed = await call(t.app, {
      url: '/api/get-all-products',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(json<Product[]>(changed)[0]?.inventory_stock).toBe(3);
  });

  test('?q= searches name, category and description, case-insensitively, every word', async () => {
    await seedProducts(t.db, [
      { name: 'Peak Evaporated Milk 160g', price: 900, category: 'Provisions' },
      { name: 'Peak Milk Powder 380g', price: 5200, category: 'Provisions' },
      { name: 'Milo 500g', price: 5600, category: 'Provisions' },
      { name: 'Hypo Bleach 1L', price: 1600, category: 'Household' },
      { name: '50% Off Sugar', price: 1000 },
    ]);
    const search = async (q: string) =>
      json<Product[]>(
        await call(t.app, { url: `/api/get-all-products?q=${encodeURIComponent(q)}` }),
      ).map((p) => p.name);
    expect(await search('PEAK')).toEqual(['Peak Evaporated Milk 160g', 'Peak Milk Powder 380g']);
    expect(await search('peak powder')).toEqual(['Peak Milk Powder 380g']);
    expect(await search('household')).toEqual(['Hypo Bleach 1L']);
    expect(await search('for tests')).toHaveLength(5);
    expect(await search('50%')).toEqual(['50% Off Sugar']);
    expect(await search('_')).toEqual([]);
    expect(await search('   ')).toHaveLength(5);
    expect(await search('yam')).toEqual([]);
  });

  test('limit and offset page through the catalogue', async () => {
    await seedProducts(
      t.db,
      Array.from({ length: 7 }, (_, i) => ({ name: `Item ${i + 1}`, price: 100 + i })),
    );
    const page = json<Product[]>(
      await call(t.app, { url: '/api/get-all-products?limit=3&offset=3' }),
    );
    expect(page.map((p) => p.name)).toEqual(['Item 4', 'Item 5', 'Item 6']);
    const bad = await call(t.app, { url: '/api/get-all-products?limit=0' });
    expect(bad.statusCode).toBe(422);
    expect(json(bad)).toEqual({
      detail: [{ loc: ['query', 'limit'], msg: 'Must be at least 1', type: 'greater_than_equal' }],
    });
  });

  test('a search text over 200 characters is a 422 on query.q', async () => {
    const r = await call(t.app, { url: `/api/get-all-products?q=${'a'.repeat(201)}` });
    expect(r.statusCode).toBe(422);
    expect(json<{ detail: { loc: unknown[] }[] }>(r).detail[0]?.loc).toEqual(['query', 'q']);
  });
});

describe('GET /get-product/{slug}', () => {
  test('answers one product with its vendor; 404 for an unknown slug; 422 for a malformed one', async () => {
    await seedProducts(t.db, [{ name: 'Golden Morn 900g', price: 6200, disc: 400, stock: 0 }]);
    const r = await call(t.app, { url: '/api/get-product/golden-morn-900g' });
    expect(r.statusCode).toBe(200);
    expect(json(r)).toMatchObject({
      slug: 'golden-morn-900g',
      amount: 6200,
      disc_amount: 400,
      inventory_stock: 0,
      vendor: { name: 'Test Vendor Bodija' },
    });
    const missing = await call(t.app, { url: '/api/get-product/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toEqual({ detail: 'Product not found' });
    const malformed = await call(t.app, { url: '/api/get-product/Bad_Slug' });
    expect(malformed.statusCode).toBe(422);
    expect(json<{ detail: { loc: unknown[] }[] }>(malformed).detail[0]?.loc).toEqual([
      'path',
      'slug',
    ]);
  });
});

describe('product images', () => {
  test('each product has an offline SVG tile at its images path', async () => {
    await seedProducts(t.db, [
      { name: 'Dettol Soap <175g> & "Co"', price: 1300, category: 'Toiletries' },
    ]);
    const product = json<Product[]>(
      await call(t.app, { url: '/api/get-all-products' }),
    )[0] as Product;
    const r = await call(t.app, { url: product.images });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(r.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(r.body).toContain('Dettol Soap &#60;175g&#62;');
    expect(r.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    expect(r.body).not.toContain('<script');
    const again = await call(t.app, {
      url: product.images,
      headers: { 'if-none-match': String(r.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await call(t.app, { url: '/api/images/products/nothing.svg' })).statusCode).toBe(404);
    expect((await call(t.app, { url: '/api/images/products/..%2F..%2Fetc.svg' })).statusCode).toBe(
      422,
    );
  });
});
