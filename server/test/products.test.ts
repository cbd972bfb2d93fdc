import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MAX_SEARCH_SUGGESTIONS,
  type Product,
  type ProductPage,
  type SearchSuggestions,
} from '../../contract';
import { createPasswordHasher } from '../src/auth/passwords';
import { DEMO_PRODUCTS, slugify } from '../src/db/seed/catalogue';
import { DEMO_SHOPPER, seedDemo } from '../src/db/seed/demo';
import { generatedProduct, growCatalogue } from '../src/db/seed/generate';
import { call, json, seedProducts, setupHarness } from './helpers';

const t = setupHarness();
const cheapHasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });

describe('demo data', () => {
  test('the demo sets VAT by category, units from the names, and the categories in order', async () => {
    await seedDemo(t.db, cheapHasher);
    const rows = await t.db.query<{
      name: string;
      category: string;
      unit: string;
      vat_class: string;
    }>('SELECT name, category, unit, vat_class FROM products ORDER BY id');
    for (const row of rows) {
      const taxed = row.category === 'Toiletries' || row.category === 'Household';
      expect([row.name, row.vat_class]).toEqual([row.name, taxed ? 'standard' : 'exempt']);
    }
    const unit = (name: string) => rows.find((r) => r.name === name)?.unit;
    expect(unit('Mama Gold Rice 50kg')).toBe('50kg');
    expect(unit('Coca-Cola 50cl PET (pack of 12)')).toBe('50cl PET, pack of 12');
    expect(unit('Ofada Rice (1 paint bucket)')).toBe('1 paint bucket');
    const categories = await t.db.query<{ name: string }>(
      'SELECT name FROM categories ORDER BY position',
    );
    expect(categories.map((c) => c.name)).toEqual([
      'Staples',
      'Fresh Food',
      'Provisions',
      'Drinks',
      'Toiletries',
      'Household',
    ]);
  });

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
});

type Page = ProductPage;
const page = async (query: string) => {
  const r = await call(t.app, { url: `/api/get-all-products?${query}` });
  expect(r.statusCode).toBe(200);
  return json<Page>(r);
};
const names = (p: Page) => p.items.map((i) => i.name);

describe('GET /get-all-products with listing parameters', () => {
  const shelf = () =>
    seedProducts(t.db, [
      { name: 'Ofada Rice 5kg', price: 9500, category: 'Staples', stock: 4 },
      { name: 'Ijebu Garri 4kg', price: 4800, disc: 300, category: 'Staples', stock: 0 },
      { name: 'Peak Milk 160g', price: 900, category: 'Provisions', stock: 10 },
      { name: 'Milo 500g', price: 5600, disc: 1600, category: 'Provisions', stock: 3 },
      { name: 'Hypo Bleach 1L', price: 1600, category: 'Household', stock: 0 },
    ]);

  test('any paging, filter or sort parameter gives a page with its total; limit and offset page through', async () => {
    await shelf();
    const first = await page('limit=2');
    expect(first).toMatchObject({ total: 5, limit: 2, offset: 0, sort: 'featured', q: null });
    expect(names(first)).toEqual(['Ofada Rice 5kg', 'Ijebu Garri 4kg']);
    expect(first.suggestions).toEqual([]);
    expect(names(await page('limit=2&offset=2'))).toEqual(['Peak Milk 160g', 'Milo 500g']);
    const last = await page('limit=2&offset=4');
    expect(names(last)).toEqual(['Hypo Bleach 1L']);
    expect(last.total).toBe(5);
    const beyond = await page('limit=2&offset=50');
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(5);
    const defaults = await page('offset=0');
    expect(defaults.limit).toBe(DEFAULT_PAGE_SIZE);
    expect(defaults.items).toHaveLength(5);
    // Unknown parameters are not listing parameters: the spec's whole array.
    const plain = await call(t.app, { url: '/api/get-all-products?utm_source=x' });
    expect(Array.isArray(json(plain))).toBe(true);
  });

  test('category, price (what the shopper pays), stock and discount filter, alone and together', async () => {
    await shelf();
    expect(names(await page('category=Provisions'))).toEqual(['Peak Milk 160g', 'Milo 500g']);
    expect((await page('category=Nothing')).total).toBe(0);
    // Milo costs 5,600 less 1,600: 4,000. Garri 4,500.
    expect(names(await page('min_price=4000&max_price=4500'))).toEqual([
      'Ijebu Garri 4kg',
      'Milo 500g',
    ]);
    expect(names(await page('max_price=1600'))).toEqual(['Peak Milk 160g', 'Hypo Bleach 1L']);
    expect(names(await page('in_stock=true'))).toEqual([
      'Ofada Rice 5kg',
      'Peak Milk 160g',
      'Milo 500g',
    ]);
    expect(names(await page('in_stock=false'))).toEqual(['Ijebu Garri 4kg', 'Hypo Bleach 1L']);
    expect(names(await page('discounted=true'))).toEqual(['Ijebu Garri 4kg', 'Milo 500g']);
    expect(names(await page('discounted=false&category=Staples'))).toEqual(['Ofada Rice 5kg']);
    const together = await page('category=Staples&in_stock=false&discounted=true&max_price=5000');
    expect(names(together)).toEqual(['Ijebu Garri 4kg']);
    expect(together.total).toBe(1);
  });

  test('each sort orders the whole result before paging', async () => {
    await shelf();
    await t.db.query("UPDATE products SET ratings = 5 WHERE name = 'Milo 500g'");
    await t.db.query("UPDATE products SET ratings = 1 WHERE name <> 'Milo 500g'");
    await t.db.query(
      "UPDATE products SET created_at = now() + interval '1 day' WHERE name = 'Peak Milk 160g'",
    );
    expect(names(await page('sort=price_asc'))).toEqual([
      'Peak Milk 160g',
      'Hypo Bleach 1L',
      'Milo 500g',
      'Ijebu Garri 4kg',
      'Ofada Rice 5kg',
    ]);
    expect(names(await page('sort=price_desc&limit=2&offset=1'))).toEqual([
      'Ijebu Garri 4kg',
      'Milo 500g',
    ]);
    // Milo saves 28.6%, Garri 6.3%.
    expect(names(await page('sort=discount&limit=2'))).toEqual(['Milo 500g', 'Ijebu Garri 4kg']);
    expect(names(await page('sort=newest&limit=1'))).toEqual(['Peak Milk 160g']);
    expect(names(await page('sort=rating&limit=2'))).toEqual(['Milo 500g', 'Ofada Rice 5kg']);
    expect(names(await page('sort=price_asc&category=Staples'))).toEqual([
      'Ijebu Garri 4kg',
      'Ofada Rice 5kg',
    ]);
  });

  test('the filter and sort columns are read once per catalogue version, and again after a change', async () => {
    await shelf();
    const query = jest.spyOn(t.db, 'query');
    const reads = () =>
      query.mock.calls.filter(([sql]) => /AS created\s+FROM products/.test(sql)).length;
    try {
      // Different pages asked at once share one read.
      const together = await Promise.all([
        page('category=Staples&limit=1'),
        page('in_stock=true&sort=price_desc'),
        page('discounted=true&sort=rating'),
      ]);
      expect(together.map((p) => p.total)).toEqual([2, 3, 2]);
      expect(names(await page('category=Staples&limit=1&offset=1'))).toEqual(['Ijebu Garri 4kg']);
      expect((await page('category=Staples&limit=1&offset=1&sort=price_asc')).total).toBe(2);
      expect(reads()).toBe(1);
      await seedProducts(t.db, [{ name: 'Honey Beans 1kg', price: 2400, category: 'Staples' }]);
      expect((await page('category=Staples&limit=1&offset=2')).total).toBe(3);
      await t.db.query("UPDATE products SET category = 'Household' WHERE name = 'Ofada Rice 5kg'");
      const moved = await page('category=Staples&limit=1&offset=2');
      expect(moved.total).toBe(2);
      expect(moved.items).toEqual([]);
      expect(reads()).toBe(3);
    } finally {
      query.mockRestore();
    }
  });

  test('every filter and sort pages exactly as the database orders and counts', async () => {
    // Generated products repeat prices, ratings and discounts, and share created_at
    // within a batch: ties everywhere, each broken by id as the SQL sorts break them.
    await growCatalogue(t.db, 120);
    await t.db.query(
      "UPDATE products SET created_at = now() - (id % 7) * interval '1 hour' WHERE id % 3 = 0",
    );
    await t.db.query('UPDATE products SET inventory_stock = 0 WHERE id % 5 = 0');
    const orderBy: Record<string, string> = {
      featured: 'id',
      price_asc: 'price_kobo, id',
      price_desc: 'price_kobo DESC, id',
      discount: 'discount_permille DESC, id',
      newest: 'created_at DESC, id DESC',
      rating: 'ratings DESC, id',
    };
    const filterSets: [string, string][] = [
      ['', 'TRUE'],
      ['category=Staples', "category = 'Staples'"],
      ['min_price=2000&max_price=9000', 'price_kobo BETWEEN 200000 AND 900000'],
      ['in_stock=false', 'inventory_stock = 0'],
      ['in_stock=true&discounted=true', 'inventory_stock > 0 AND disc_amount_kobo IS NOT NULL'],
      ['category=Drinks&discounted=false', "category = 'Drinks' AND disc_amount_kobo IS NULL"],
    ];
    // A search (no synonym or misspelling involved) with each sort and filter too.
    const searches: [string, string][] = [
      ['', 'TRUE'],
      ['q=rice&', "search_vector @@ to_tsquery('english', 'rice')"],
    ];
    for (const [sort, order] of Object.entries(orderBy)) {
      for (const [params, where] of filterSets) {
        for (const [q, matches] of searches) {
          const expected = await t.db.query<{ name: string }>(
            `SELECT name FROM products WHERE ${where} AND ${matches} ORDER BY ${order}`,
          );
          const offset = q ? 1 : 5;
          const answer = await page(`${q}sort=${sort}&limit=7&offset=${offset}&${params}`);
          expect([sort, q, params, answer.total]).toEqual([sort, q, params, expected.length]);
          expect(names(answer)).toEqual(expected.slice(offset, offset + 7).map((r) => r.name));
        }
      }
    }
  });

  test('bad values are a 422 that says what is wrong with which parameter', async () => {
    const bad = async (query: string) => {
      const r = await call(t.app, { url: `/api/get-all-products?${query}` });
      expect(r.statusCode).toBe(422);
      return json<{ detail: { loc: unknown[]; msg: string }[] }>(r).detail;
    };
    expect(await bad('limit=0')).toEqual([
      { loc: ['query', 'limit'], msg: 'Must be at least 1', type: 'greater_than_equal' },
    ]);
    expect((await bad(`limit=${MAX_PAGE_SIZE + 1}`))[0]?.msg).toBe(
      `Must be at most ${MAX_PAGE_SIZE}`,
    );
    expect((await bad('offset=-1'))[0]?.loc).toEqual(['query', 'offset']);
    expect((await bad('limit=ten'))[0]).toMatchObject({ msg: 'Enter a whole number' });
    expect((await bad('min_price=cheap'))[0]).toMatchObject({
      loc: ['query', 'min_price'],
      msg: 'Enter a number',
    });
    expect((await bad('max_price=-5'))[0]?.loc).toEqual(['query', 'max_price']);
    expect((await bad('in_stock=yes'))[0]).toMatchObject({
      loc: ['query', 'in_stock'],
      msg: 'Must be true or false',
    });
    expect((await bad('sort=cheapest'))[0]).toMatchObject({ loc: ['query', 'sort'] });
    expect((await bad('sort=cheapest'))[0]?.msg).toContain('price_asc');
    expect(await bad('min_price=500&max_price=100')).toEqual([
      {
        loc: ['query', 'max_price'],
        msg: 'The highest price must not be below the lowest price',
        type: 'value_error',
      },
    ]);
    expect((await bad('sort=relevance'))[0]).toMatchObject({
      loc: ['query', 'sort'],
      msg: 'Sorting by relevance needs a search text (q)',
    });
    expect((await bad(`q=${'a'.repeat(201)}`))[0]?.loc).toEqual(['query', 'q']);
  });
});

describe('search', () => {
  // A page of the search: `extra` names at least one page parameter (q alone answers an array).
  const search = async (q: string, extra = '&offset=0') =>
    page(`q=${encodeURIComponent(q)}${extra}`);
  const searchArray = async (q: string) => {
    const r = await call(t.app, { url: `/api/get-all-products?q=${encodeURIComponent(q)}` });
    expect(r.statusCode).toBe(200);
    return json<Product[]>(r);
  };

  test('a search text alone answers an array of every match, in the order of its pages', async () => {
    await seedDemo(t.db, cheapHasher);
    const oil = await searchArray('oil');
    expect(Array.isArray(oil)).toBe(true);
    const pages = await search('oil', `&limit=${MAX_PAGE_SIZE}`);
    expect(oil.length).toBe(pages.total);
    expect(oil.length).toBeGreaterThan(DEFAULT_PAGE_SIZE / 4);
    expect(oil.map((p) => p.name)).toEqual(names(pages));
    expect(oil[0]).toEqual(pages.items[0]);
    // Misspelt and synonyms too, best first; nothing found is an empty array.
    expect((await searchArray('indomi'))[0]?.name).toMatch(/^Indomie/);
    expect((await searchArray('ewa'))[0]?.name).toMatch(/Beans/);
    expect(await searchArray('golden sugr biscuits xyz')).toEqual([]);
    // A blank search is no search: the whole catalogue.
    expect(await searchArray('   ')).toHaveLength(DEMO_PRODUCTS.length);
  });

  test('a search array has an ETag and answers 304 while the catalogue is unchanged', async () => {
    await seedProducts(t.db, [{ name: 'Ofada Rice 5kg', price: 9500 }]);
    const first = await call(t.app, { url: '/api/get-all-products?q=rice' });
    const etag = String(first.headers.etag);
    const again = await call(t.app, {
      url: '/api/get-all-products?q=rice',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    await seedProducts(t.db, [{ name: 'Mama Gold Rice 10kg', price: 18000 }]);
    const changed = await call(t.app, {
      url: '/api/get-all-products?q=rice',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(json<Product[]>(changed)).toHaveLength(2);
  });

  test('finds the right demo product first for stems, misspellings and synonyms', async () => {
    await seedDemo(t.db, cheapHasher);
    const first = async (q: string) => names(await search(q))[0] ?? '';
    expect(await first('gari')).toMatch(/Garri/);
    expect(await first('garri')).toMatch(/Garri/);
    expect(await first('tomatoes')).toMatch(/Tomato/);
    expect(await first('beens')).toMatch(/Beans/);
    expect(await first('indomi')).toMatch(/^Indomie/);
    expect(await first('groundnut oil')).toMatch(/^Groundnut Oil/);
    expect(await first('palm oil')).toMatch(/^Palm Oil/);
    const yam = names(await search('yam'));
    expect(yam[0]).toMatch(/Yam/);
    expect(yam.indexOf('Titus Sardines in Oil 125g')).toBeGreaterThan(0);
    expect(await first('ata rodo')).toMatch(/Ata Rodo/);
    expect(await first('scotch bonnet')).toMatch(/Ata Rodo/);
    expect(await first('ewa')).toMatch(/Beans/);
    expect(await first('PEAK')).toMatch(/Peak/);
  });

  test('a synonym finds products named with another term of its group', async () => {
    await seedProducts(t.db, [
      { name: 'Roasted Peanuts 250g', price: 800 },
      { name: 'Honey Beans 1kg', price: 2400 },
      { name: 'Ofada Rice 5kg', price: 9500 },
    ]);
    expect(names(await search('groundnut'))).toEqual(['Roasted Peanuts 250g']);
    expect(names(await search('ewa'))).toEqual(['Honey Beans 1kg']);
    expect(names(await search('iresi'))).toEqual(['Ofada Rice 5kg']);
  });

  test('a name match ranks above a description that repeats the words', async () => {
    await seedProducts(t.db, [
      { name: 'Yellow Garri 4kg', price: 4800 },
      { name: 'Palm Oil 1 Litre', price: 3200 },
    ]);
    await t.db.query(
      "UPDATE products SET description = 'Garri fried in palm oil: palm oil colour, palm oil taste' WHERE name = 'Yellow Garri 4kg'",
    );
    await t.db.query(
      "UPDATE products SET description = 'Red, fresh.' WHERE name = 'Palm Oil 1 Litre'",
    );
    expect(names(await search('palm oil'))).toEqual(['Palm Oil 1 Litre', 'Yellow Garri 4kg']);
  });

  test('every word must match; relevance is the default and other sorts and filters apply', async () => {
    await seedProducts(t.db, [
      { name: 'Peak Evaporated Milk 160g', price: 900, category: 'Provisions' },
      { name: 'Peak Milk Powder 380g', price: 5200, category: 'Provisions' },
      { name: 'Milo 500g', price: 5600, category: 'Provisions' },
      { name: 'Hypo Bleach 1L', price: 1600, category: 'Household' },
      { name: '50% Off Sugar', price: 1000 },
    ]);
    const peak = await search('peak');
    expect(peak).toMatchObject({ total: 2, sort: 'relevance', q: 'peak' });
    expect(names(await search('peak powder'))).toEqual(['Peak Milk Powder 380g']);
    expect(names(await search('household'))).toEqual(['Hypo Bleach 1L']);
    expect(names(await search('50%'))).toEqual(['50% Off Sugar']);
    expect(names(await search('milk', '&sort=price_desc'))).toEqual([
      'Peak Milk Powder 380g',
      'Peak Evaporated Milk 160g',
    ]);
    expect(names(await search('milk', '&max_price=1000'))).toEqual(['Peak Evaporated Milk 160g']);
    const blank = await search('   ');
    expect(blank).toMatchObject({ total: 5, q: null, sort: 'featured' });
  });

  test('a search that finds nothing says so and offers the nearest products', async () => {
    await seedDemo(t.db, cheapHasher);
    const none = await search('golden sugr biscuits xyz');
    expect(none.total).toBe(0);
    expect(none.items).toEqual([]);
    expect(none.suggestions.length).toBeGreaterThan(0);
    expect(none.suggestions.length).toBeLessThanOrEqual(MAX_SEARCH_SUGGESTIONS);
    const nothingAtAll = await search('_');
    expect(nothingAtAll).toMatchObject({ total: 0, items: [], suggestions: [] });
  });

  test('words of products added later are found, misspelt too', async () => {
    await seedProducts(t.db, [{ name: 'Ofada Rice 5kg', price: 9500 }]);
    expect((await search('semovita')).total).toBe(0);
    await seedProducts(t.db, [{ name: 'Semovita 1kg', price: 1900 }]);
    expect(names(await search('semovta'))).toEqual(['Semovita 1kg']);
  });

  test('the same search asked many times at once runs its queries once', async () => {
    await seedProducts(t.db, [{ name: 'Ofada Rice 5kg', price: 9500 }]);
    const query = jest.spyOn(t.db, 'query');
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => call(t.app, { url: '/api/get-all-products?q=rice' })),
      );
      expect(answers.map((a) => json<Product[]>(a).length)).toEqual([1, 1, 1, 1, 1]);
      const rankings = query.mock.calls.filter(([sql]) => /@@ tsq/.test(sql));
      expect(rankings).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
  });

  test('a search ranks its matches once for all its pages, sorts and filters, and again after a change', async () => {
    await seedProducts(t.db, [
      { name: 'Ofada Rice 5kg', price: 9500 },
      { name: 'Mama Gold Rice 10kg', price: 18000 },
      { name: 'Rice Bran Oil 1L', price: 4000, category: 'Provisions' },
    ]);
    const query = jest.spyOn(t.db, 'query');
    const rankings = () => query.mock.calls.filter(([sql]) => /@@ tsq/.test(sql)).length;
    try {
      const all = names(await search('rice'));
      expect(all).toHaveLength(3);
      expect(names(await search('rice', '&limit=1&offset=1'))).toEqual([all[1]]);
      expect(names(await search('rice', '&limit=2&offset=1'))).toEqual(all.slice(1));
      expect(rankings()).toBe(1);
      expect(names(await search('rice', '&sort=price_asc&limit=1&offset=2'))).toEqual([
        'Mama Gold Rice 10kg',
      ]);
      expect(names(await search('rice', '&category=Provisions'))).toEqual(['Rice Bran Oil 1L']);
      expect(rankings()).toBe(1);
      await t.db.query(
        "UPDATE products SET name = 'Ofada Beans 5kg', description = 'Beans' WHERE name = 'Ofada Rice 5kg'",
      );
      const after = await search('rice', '&limit=1&offset=1');
      expect(after.total).toBe(2);
      expect(names(await search('rice'))).not.toContain('Ofada Beans 5kg');
      expect(names(await search('rice', '&category=Provisions'))).toEqual(['Rice Bran Oil 1L']);
      expect(rankings()).toBe(2);
    } finally {
      query.mockRestore();
    }
  });

  test('a synonym added later is found at once', async () => {
    await seedProducts(t.db, [{ name: 'Ofada Rice 5kg', price: 9500 }]);
    expect((await search('tuwo shinkafa')).total).toBe(0);
    try {
      await t.db.query(
        "INSERT INTO search_synonyms (group_id, term) VALUES (900, 'tuwo shinkafa'), (900, 'rice')",
      );
      expect(names(await search('tuwo shinkafa'))).toEqual(['Ofada Rice 5kg']);
    } finally {
      await t.db.query('DELETE FROM search_synonyms WHERE group_id = 900');
    }
    expect((await search('tuwo shinkafa')).total).toBe(0);
  });

  test('type-ahead answers a few names, the last word as a prefix', async () => {
    await seedDemo(t.db, cheapHasher);
    const r = await call(t.app, { url: '/api/search-suggestions?q=indo' });
    expect(r.statusCode).toBe(200);
    const body = json<SearchSuggestions>(r);
    expect(body.q).toBe('indo');
    expect(body.suggestions.length).toBeGreaterThan(0);
    expect(body.suggestions.length).toBeLessThanOrEqual(MAX_SEARCH_SUGGESTIONS);
    for (const s of body.suggestions) {
      expect(s.name).toMatch(/^Indomie/);
      expect(Object.keys(s).sort()).toEqual(['name', 'slug']);
    }
    const missing = await call(t.app, { url: '/api/search-suggestions' });
    expect(missing.statusCode).toBe(422);
  });
});

describe('GET /categories', () => {
  test('lists the categories with a product in stock, in the list order, with their counts', async () => {
    await seedProducts(t.db, [
      { name: 'Ofada Rice 5kg', price: 9500, category: 'Staples', stock: 4 },
      { name: 'Milo 500g', price: 5600, category: 'Provisions', stock: 0 },
      { name: 'Ijebu Garri 4kg', price: 4800, category: 'Staples', stock: 0 },
    ]);
    const r = await call(t.app, { url: '/api/categories' });
    expect(r.statusCode).toBe(200);
    // Provisions has nothing to sell: no tile or chip may lead to an empty aisle.
    expect(json(r)).toEqual([
      { name: 'Staples', slug: 'staples', image: null, products: 2, in_stock: 1 },
    ]);
    await t.db.query("UPDATE products SET inventory_stock = 9 WHERE name = 'Milo 500g'");
    expect(json(await call(t.app, { url: '/api/categories' }))).toContainEqual({
      name: 'Provisions',
      slug: 'provisions',
      image: null,
      products: 1,
      in_stock: 1,
    });
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
