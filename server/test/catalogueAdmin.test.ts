/**
 * The owner runs the catalogue from the back office: products, stock and categories, with
 * staff allowed to count stock only. Every change shows in the shop, search and the
 * server-rendered pages at once, and is in the change log.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { App } from '../src/app';
import type {
  Category,
  Product,
  ProductPage,
  StaffCategory,
  StaffCategoryList,
  StaffProduct,
  StaffProductList,
  StockChangeAnswer,
  StockHistory,
  LowStockList,
} from '../../contract';
import {
  call,
  createShopMember,
  createShopper,
  detailOf,
  fillCart,
  initialize,
  json,
  seedProducts,
  setupHarness,
  type Shopper,
} from './helpers';

const t = setupHarness();

// The built storefront's page, so the server answers its pages and sitemap as in production.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-catalogue-'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  fs.readFileSync(path.join(__dirname, '../../public/index.html'), 'utf8'),
);
let site: App;
beforeAll(async () => {
  site = await t.build({ DIST_DIR: dist, PUBLIC_URL: 'https://shop.example.ng' });
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

let owner: Shopper;
let staff: Shopper;

beforeEach(async () => {
  owner = await createShopMember(t.app, t.db, 'owner', {
    email: 'owner@example.ng',
    mobile_number: '08030000101',
    first_name: 'Bisi',
    last_name: 'Owner',
  });
  staff = await createShopMember(t.app, t.db, 'staff', {
    email: 'staff@example.ng',
    mobile_number: '08030000102',
    first_name: 'Tunde',
    last_name: 'Staff',
  });
  await seedProducts(t.db, [
    { name: 'Ofada Rice 5kg', price: 9500, stock: 12, category: 'Staples' },
    { name: 'Sunlight Soap', price: 600, stock: 30, category: 'Household' },
  ]);
});

const product = (overrides: Record<string, unknown> = {}) => ({
  name: 'Honey Beans 2kg',
  description: 'Oloyin beans, picked clean',
  category: 'Staples',
  price: 2300,
  discount: 300,
  stock: 40,
  unit: '2 kg',
  vat_class: 'exempt',
  low_stock_level: 5,
  ...overrides,
});

async function create(body: Record<string, unknown> = product(), token = owner.token) {
  return call(t.app, { method: 'POST', url: '/api/staff/products', token, body });
}

async function made(body: Record<string, unknown> = product()): Promise<StaffProduct> {
  const r = await create(body);
  expect(r.statusCode).toBe(201);
  return json<StaffProduct>(r);
}

const patch = (id: number, body: Record<string, unknown>, token = owner.token) =>
  call(t.app, { method: 'PATCH', url: `/api/staff/products/${id}`, token, body });

const stock = (id: number, body: Record<string, unknown>, token = owner.token) =>
  call(t.app, { method: 'POST', url: `/api/staff/products/${id}/stock`, token, body });

async function shopSearch(q: string): Promise<ProductPage> {
  const r = await call(t.app, { url: `/api/get-all-products?q=${encodeURIComponent(q)}&limit=20` });
  expect(r.statusCode).toBe(200);
  return json<ProductPage>(r);
}

async function changes(entity: string) {
  return t.db.query<{ action: string; actor_id: number; before: unknown; after: unknown }>(
    'SELECT action, actor_id, before, after FROM back_office_changes WHERE entity = $1 ORDER BY id',
    [entity],
  );
}

describe('adding a product', () => {
  test('the owner adds one: kept in kobo, a slug from its name, stock in the history', async () => {
    const p = await made();
    expect(p).toMatchObject({
      slug: 'honey-beans-2kg',
      name: 'Honey Beans 2kg',
      price: 2300,
      discount: 300,
      stock: 40,
      held: 0,
      unit: '2 kg',
      vat_class: 'exempt',
      low_stock_level: 5,
      archived_at: null,
      row_version: 1,
      updated_by: 'Bisi Owner',
      has_orders: false,
    });
    const rows = await t.db.query<{ amount_kobo: unknown; disc_amount_kobo: unknown }>(
      'SELECT amount_kobo, disc_amount_kobo FROM products WHERE id = $1',
      [p.id],
    );
    expect(Number(rows[0]?.amount_kobo)).toBe(230000);
    expect(Number(rows[0]?.disc_amount_kobo)).toBe(30000);
    const history = json<StockHistory>(
      await call(t.app, { url: `/api/staff/products/${p.id}/stock`, token: owner.token }),
    );
    expect(history.changes).toEqual([
      expect.objectContaining({ delta: 40, stock_after: 40, reason: 'received', by: 'Bisi Owner' }),
    ]);
    const log = await changes('product');
    expect(log).toEqual([expect.objectContaining({ action: 'create', actor_id: owner.id })]);
  });

  test('a guest finds it at once in the shop, in search and on its own page', async () => {
    // Warm every cache first: the save must still show straight away.
    await shopSearch('beans');
    await call(t.app, { url: '/api/categories' });
    await call(t.app, { url: '/api/get-all-products' });
    const p = await made();
    expect((await shopSearch('beans')).items.map((i) => i.slug)).toContain('honey-beans-2kg');
    const all = json<Product[]>(await call(t.app, { url: '/api/get-all-products' }));
    expect(all.map((i) => i.name)).toContain('Honey Beans 2kg');
    const page = await call(t.app, { url: `/api/get-product/${p.slug}` });
    expect(json<Product>(page)).toMatchObject({
      amount: 2300,
      disc_amount: 300,
      inventory_stock: 40,
    });
    const html = await call(site, { url: `/detail/product-details?slug=${p.slug}` });
    expect(html.statusCode).toBe(200);
    const sitemap = await call(site, { url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`slug=${p.slug}`);
  });

  test('two products of one name: the second is refused in words, nothing added', async () => {
    await made();
    const r = await create(product({ name: '  honey   BEANS 2kg ' }));
    expect(r.statusCode).toBe(409);
    expect(detailOf(r)).toBe(
      'A product called “Honey Beans 2kg” is already in the catalogue. Give this one another name.',
    );
    const n = await t.db.query<{ n: unknown }>('SELECT count(*) AS n FROM products');
    expect(Number(n[0]?.n)).toBe(3);
  });

  test('a slug already taken gets a suffix; renaming never changes the slug', async () => {
    const first = await made(product({ name: 'Garri (Ijebu)' }));
    // Another name whose slug comes out the same.
    const second = await made(product({ name: 'Garri Ijebu' }));
    expect(first.slug).toBe('garri-ijebu');
    expect(second.slug).toBe('garri-ijebu-2');
    const renamed = json<StaffProduct>(
      await patch(first.id, { row_version: first.row_version, name: 'Yellow Garri' }),
    );
    expect(renamed).toMatchObject({ name: 'Yellow Garri', slug: 'garri-ijebu', row_version: 2 });
    const old = await call(t.app, { url: '/api/get-product/garri-ijebu' });
    expect(json<Product>(old).name).toBe('Yellow Garri');
  });

  test.each([
    [{ price: 0 }, 'price', 'Enter a price above ₦0, e.g. 2,300'],
    [{ price: -5 }, 'price', 'Enter a price above ₦0, e.g. 2,300'],
    [{ price: 23.005 }, 'price', 'A price has at most two digits after the point (kobo)'],
    [{ discount: 2300 }, 'discount', 'The discount must be above ₦0 and below the price'],
    [{ name: '   ' }, 'name', 'Enter a product name of 1 to 120 characters'],
    [{ stock: -1 }, 'stock', 'Stock must be a whole number from 0 to 1,000,000'],
  ])('bad input %j is refused in words (%s)', async (overrides, field, msg) => {
    const r = await create(product(overrides));
    expect(r.statusCode).toBe(422);
    expect(detailOf(r)).toEqual([expect.objectContaining({ loc: ['body', field], msg })]);
    const n = await t.db.query<{ n: unknown }>('SELECT count(*) AS n FROM products');
    expect(Number(n[0]?.n)).toBe(2);
  });

  test('a category not on the list is refused and not added to it', async () => {
    const r = await create(product({ category: 'Jewellery' }));
    expect(r.statusCode).toBe(422);
    expect(detailOf(r)).toEqual([
      expect.objectContaining({
        loc: ['body', 'category'],
        msg: 'There is no category called “Jewellery”. Pick one from the list, or add it under Categories first.',
      }),
    ]);
    const c = await t.db.query('SELECT 1 FROM categories WHERE name = $1', ['Jewellery']);
    expect(c).toHaveLength(0);
  });

  test('who may add: owner only; staff 403, a shopper 403, nobody signed in 401', async () => {
    const shopper = await createShopper(t.app, t.db, {
      email: 'ada@example.ng',
      mobile_number: '08030000103',
    });
    const byStaff = await create(product(), staff.token);
    expect(byStaff.statusCode).toBe(403);
    expect(detailOf(byStaff)).toBe('Only the shop owner can do this');
    expect((await create(product(), shopper.token)).statusCode).toBe(403);
    const anon = await call(t.app, { method: 'POST', url: '/api/staff/products', body: product() });
    expect(anon.statusCode).toBe(401);
    for (const url of ['/api/staff/products', '/api/staff/categories', '/api/staff/stock/low']) {
      expect((await call(t.app, { url, token: shopper.token })).statusCode).toBe(403);
      expect((await call(t.app, { url })).statusCode).toBe(401);
      expect((await call(t.app, { url, token: staff.token })).statusCode).toBe(200);
    }
  });
});

describe('editing a product', () => {
  test('a save records before and after of what changed, and the shop shows it at once', async () => {
    const p = await made();
    await shopSearch('beans');
    const r = await patch(p.id, {
      row_version: 1,
      price: 2500,
      discount: null,
      vat_class: 'standard',
    });
    expect(r.statusCode).toBe(200);
    expect(json<StaffProduct>(r)).toMatchObject({ price: 2500, discount: null, row_version: 2 });
    const log = await changes('product');
    expect(log[1]).toMatchObject({
      action: 'update',
      before: { price: 2300, discount: 300, vat_class: 'exempt' },
      after: { price: 2500, discount: null, vat_class: 'standard' },
    });
    const found = (await shopSearch('beans')).items.find((i) => i.id === p.id);
    expect(found).toMatchObject({ amount: 2500, disc_amount: null });
  });

  test('two owners at once: the stale save gets 409 naming who and when, nothing overwritten', async () => {
    const p = await made();
    const other = await createShopMember(t.app, t.db, 'owner', {
      email: 'kemi@example.ng',
      mobile_number: '08030000104',
      first_name: 'Kemi',
      last_name: 'Adeyemi',
    });
    await t.db.query(`UPDATE back_office_changes SET at = '2026-11-28T11:03:00Z'`);
    const first = await patch(p.id, { row_version: 1, price: 2400 }, other.token);
    expect(first.statusCode).toBe(200);
    await t.db.query(
      `UPDATE back_office_changes SET at = '2026-11-28T11:07:00Z' WHERE id = (SELECT max(id) FROM back_office_changes)`,
    );
    const stale = await patch(p.id, { row_version: 1, price: 2600, name: 'Beans' });
    expect(stale.statusCode).toBe(409);
    expect(detailOf(stale)).toBe(
      'Kemi Adeyemi changed this product at 12:07 on 28 November, after you opened it. Nothing was saved: reload to see their change, then make yours again.',
    );
    const now = json<StaffProduct>(
      await call(t.app, { url: `/api/staff/products/${p.id}`, token: owner.token }),
    );
    expect(now).toMatchObject({ price: 2400, name: 'Honey Beans 2kg', row_version: 2 });
  });

  test('staff read products and set stock, but a price change is 403 with nothing applied', async () => {
    const p = await made();
    const list = json<StaffProductList>(
      await call(t.app, { url: '/api/staff/products?q=beans', token: staff.token }),
    );
    expect(list.products.map((i) => i.id)).toEqual([p.id]);
    const refused = await patch(p.id, { row_version: 1, stock: 10, price: 1 }, staff.token);
    expect(refused.statusCode).toBe(403);
    expect(detailOf(refused)).toBe('Only the shop owner can do this');
    for (const field of [
      { name: 'x' },
      { vat_class: 'standard' },
      { discount: null },
      { archived: true },
    ]) {
      expect((await patch(p.id, { row_version: 1, ...field }, staff.token)).statusCode).toBe(403);
    }
    const unchanged = json<StaffProduct>(
      await call(t.app, { url: `/api/staff/products/${p.id}`, token: owner.token }),
    );
    expect(unchanged).toMatchObject({ price: 2300, stock: 40, row_version: 1 });
    const counted = await patch(p.id, { row_version: 1, stock: 38 }, staff.token);
    expect(counted.statusCode).toBe(200);
    expect(json<StaffProduct>(counted)).toMatchObject({ stock: 38, row_version: 2 });
  });

  test('a duplicate name on rename is refused; an unknown product is 404', async () => {
    const p = await made();
    const r = await patch(p.id, { row_version: 1, name: 'sunlight soap' });
    expect(r.statusCode).toBe(409);
    expect(detailOf(r)).toMatch(/“Sunlight Soap” is already in the catalogue/);
    const missing = await patch(9999, { row_version: 1, price: 5 });
    expect(missing.statusCode).toBe(404);
    expect(detailOf(missing)).toBe('That product is not in the catalogue');
  });

  test('a discount must stay below the price the product will have', async () => {
    const p = await made();
    const r = await patch(p.id, { row_version: 1, price: 300 });
    expect(r.statusCode).toBe(422);
    expect(detailOf(r)).toEqual([
      expect.objectContaining({ msg: 'The discount must be above ₦0 and below the price' }),
    ]);
  });
});

describe('archiving', () => {
  test('an archived product leaves the shop, search, sitemap and categories; restore brings it back', async () => {
    await call(t.app, {
      method: 'POST',
      url: '/api/staff/categories',
      token: owner.token,
      body: { name: 'Fresh Food' },
    });
    const p = await made(product({ category: 'Fresh Food', name: 'Tatashe Pepper' }));
    expect((await call(site, { url: '/sitemap.xml' })).body).toContain(`slug=${p.slug}`);
    await shopSearch('tatashe');
    const archived = await patch(p.id, { row_version: 1, archived: true });
    expect(archived.statusCode).toBe(200);
    expect(json<StaffProduct>(archived).archived_at).not.toBeNull();
    expect((await shopSearch('tatashe')).total).toBe(0);
    const all = json<Product[]>(await call(t.app, { url: '/api/get-all-products' }));
    expect(all.map((i) => i.id)).not.toContain(p.id);
    const cats = json<Category[]>(await call(t.app, { url: '/api/categories' }));
    expect(cats.map((c) => c.name)).not.toContain('Fresh Food');
    const sitemap = await call(site, { url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).not.toContain(p.slug);
    const page = await call(t.app, { url: `/api/get-product/${p.slug}` });
    expect(page.statusCode).toBe(404);
    expect(detailOf(page)).toBe('Tatashe Pepper is no longer sold');
    const html = await call(site, { url: `/detail/product-details?slug=${p.slug}` });
    expect(html.statusCode).toBe(404);
    const suggest = await call(t.app, { url: '/api/search-suggestions?q=tatashe' });
    expect(json<{ suggestions: unknown[] }>(suggest).suggestions).toEqual([]);
    expect((await changes('product')).at(-1)).toMatchObject({ action: 'archive' });
    const inArchive = json<StaffProductList>(
      await call(t.app, { url: '/api/staff/products?archived=true', token: owner.token }),
    );
    expect(inArchive.products.map((i) => i.id)).toEqual([p.id]);

    const restored = await patch(p.id, { row_version: 2, archived: false });
    expect(json<StaffProduct>(restored).archived_at).toBeNull();
    expect((await shopSearch('tatashe')).items.map((i) => i.id)).toEqual([p.id]);
  });

  test('a product in a cart cannot be bought once archived; a shopper cannot add it', async () => {
    const p = await made();
    const shopper = await createShopper(t.app, t.db, {
      email: 'ada@example.ng',
      mobile_number: '08030000103',
    });
    await fillCart(t.app, shopper, [[p.id, 2]]);
    await patch(p.id, { row_version: 1, archived: true });
    const add = await call(t.app, {
      method: 'POST',
      url: '/api/add-cart',
      token: shopper.token,
      body: { user_id: shopper.id, product_id: p.id, quantity: 1, price_per_item: 1 },
    });
    expect(add.statusCode).toBe(409);
    expect(detailOf(add)).toBe('Honey Beans 2kg is no longer sold');
    await expect(initialize(t.app, shopper)).rejects.toThrow(/out of stock/);
  });
});

describe('stock', () => {
  test('received, damaged and counted changes are kept with their reason, note and who', async () => {
    const p = await made();
    const got = await stock(p.id, { reason: 'received', delta: 10, note: 'From Bodija market' });
    expect(got.statusCode).toBe(200);
    expect(json<StockChangeAnswer>(got).product.stock).toBe(50);
    await stock(p.id, { reason: 'damaged', delta: -3, note: 'Bags torn' }, staff.token);
    const counted = await stock(p.id, { reason: 'counted', counted: 45 }, staff.token);
    expect(json<StockChangeAnswer>(counted).change).toMatchObject({
      delta: -2,
      stock_after: 45,
      reason: 'counted',
      by: 'Tunde Staff',
    });
    const history = json<StockHistory>(
      await call(t.app, { url: `/api/staff/products/${p.id}/stock`, token: staff.token }),
    );
    expect(history.changes.map((c) => [c.reason, c.delta, c.note])).toEqual([
      ['counted', -2, ''],
      ['damaged', -3, 'Bags torn'],
      ['received', 10, 'From Bodija market'],
      ['received', 40, 'Stock when the product was added'],
    ]);
  });

  test('a count below what open payments hold is refused; held units stay out of sale', async () => {
    const p = await made(product({ stock: 10 }));
    const shopper = await createShopper(t.app, t.db, {
      email: 'ada@example.ng',
      mobile_number: '08030000103',
    });
    await fillCart(t.app, shopper, [[p.id, 3]]);
    await initialize(t.app, shopper);
    const now = json<StaffProduct>(
      await call(t.app, { url: `/api/staff/products/${p.id}`, token: staff.token }),
    );
    expect(now).toMatchObject({ stock: 7, held: 3 });
    const low = await stock(p.id, { reason: 'counted', counted: 2 }, staff.token);
    expect(low.statusCode).toBe(409);
    expect(detailOf(low)).toBe(
      'You counted 2, but 3 are held for open orders and payments of Honey Beans 2kg. Count again, counting the units set aside for orders too.',
    );
    const ok = await stock(p.id, { reason: 'counted', counted: 9 }, staff.token);
    expect(json<StockChangeAnswer>(ok).product).toMatchObject({ stock: 6, held: 3 });
    const tooMany = await stock(p.id, { reason: 'damaged', delta: -7 });
    expect(tooMany.statusCode).toBe(409);
    expect(detailOf(tooMany)).toBe(
      'Only 6 of Honey Beans 2kg are on sale (3 more are held for open orders): you cannot take out 7.',
    );
  });

  test('bad stock changes are refused in words', async () => {
    const p = await made();
    const both = await stock(p.id, { reason: 'counted', counted: 4, delta: 2 });
    expect(both.statusCode).toBe(422);
    expect(detailOf(both)).toEqual([
      expect.objectContaining({ msg: 'Give either the units in or out, or the total you counted' }),
    ]);
    expect((await stock(p.id, { reason: 'stolen', delta: -1 })).statusCode).toBe(422);
    expect((await stock(p.id, { reason: 'received', delta: 0 })).statusCode).toBe(422);
  });

  test('the low-stock list holds products at or below their own level', async () => {
    const p = await made(product({ stock: 6, low_stock_level: 5 }));
    const before = json<LowStockList>(
      await call(t.app, { url: '/api/staff/stock/low', token: staff.token }),
    );
    expect(before.products).toEqual([]);
    await stock(p.id, { reason: 'damaged', delta: -1 }, staff.token);
    const after = json<LowStockList>(
      await call(t.app, { url: '/api/staff/stock/low', token: staff.token }),
    );
    expect(after.products.map((i) => [i.name, i.stock])).toEqual([['Honey Beans 2kg', 5]]);
  });
});

describe('categories', () => {
  const categories = async () =>
    json<StaffCategoryList>(await call(t.app, { url: '/api/staff/categories', token: owner.token }))
      .categories;

  test('add, move and rename: products follow the new name, the shop lists them in order', async () => {
    const added = await call(t.app, {
      method: 'POST',
      url: '/api/staff/categories',
      token: owner.token,
      body: { name: 'Fresh Food' },
    });
    expect(added.statusCode).toBe(201);
    const fresh = json<StaffCategory>(added);
    expect(fresh).toMatchObject({ slug: 'fresh-food', products: 0 });
    await made(product({ category: 'fresh food', name: 'Ugu Leaves' }));
    await call(t.app, { url: '/api/categories' });
    const moved = await call(t.app, {
      method: 'PATCH',
      url: `/api/staff/categories/${fresh.id}`,
      token: owner.token,
      body: { position: 1, name: 'Vegetables' },
    });
    expect(moved.statusCode).toBe(200);
    expect((await categories()).map((c) => [c.name, c.position])).toEqual([
      ['Vegetables', 1],
      ['Staples', 2],
      ['Household', 3],
    ]);
    const shop = json<Category[]>(await call(t.app, { url: '/api/categories' }));
    expect(shop.map((c) => c.name)).toEqual(['Vegetables', 'Staples', 'Household']);
    expect(shop[0]).toMatchObject({ slug: 'fresh-food', image: null, products: 1, in_stock: 1 });
    expect((await shopSearch('ugu')).items[0]?.category).toBe('Vegetables');
    expect((await changes('category')).map((c) => c.action)).toEqual(['create', 'update']);
  });

  test('a category with products cannot be deleted; an empty one can', async () => {
    const [staples] = (await categories()).filter((c) => c.name === 'Staples');
    const refused = await call(t.app, {
      method: 'DELETE',
      url: `/api/staff/categories/${staples?.id}`,
      token: owner.token,
    });
    expect(refused.statusCode).toBe(409);
    expect(detailOf(refused)).toBe(
      '1 product is filed under “Staples” (archived ones count too). Move them to another category first.',
    );
    const empty = json<StaffCategory>(
      await call(t.app, {
        method: 'POST',
        url: '/api/staff/categories',
        token: owner.token,
        body: { name: 'Drinks' },
      }),
    );
    const gone = await call(t.app, {
      method: 'DELETE',
      url: `/api/staff/categories/${empty.id}`,
      token: owner.token,
    });
    expect(gone.statusCode).toBe(200);
    expect((await categories()).map((c) => c.name)).not.toContain('Drinks');
  });

  test('a duplicate name is refused; staff cannot change categories', async () => {
    const dup = await call(t.app, {
      method: 'POST',
      url: '/api/staff/categories',
      token: owner.token,
      body: { name: ' staples ' },
    });
    expect(dup.statusCode).toBe(409);
    expect(detailOf(dup)).toBe('There is already a category called “Staples”.');
    const byStaff = await call(t.app, {
      method: 'POST',
      url: '/api/staff/categories',
      token: staff.token,
      body: { name: 'Drinks' },
    });
    expect(byStaff.statusCode).toBe(403);
  });

  test('the shop lists only categories with a product in stock', async () => {
    const rows = await t.db.query<{ id: number }>('SELECT id FROM products WHERE category = $1', [
      'Household',
    ]);
    await stock(Number(rows[0]?.id), { reason: 'damaged', delta: -30 });
    const shop = json<Category[]>(await call(t.app, { url: '/api/categories' }));
    expect(shop.map((c) => c.name)).toEqual(['Staples']);
  });
});
