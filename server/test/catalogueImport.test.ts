/**
 * The catalogue spreadsheet: the owner exports every product as CSV, changes it in a
 * spreadsheet and imports it back, seeing first what would be added and changed and every
 * line that is wrong; nothing is applied while any line is wrong.
 */
import {
  readNaira,
  type CatalogueImportPreview,
  type CatalogueImportRefused,
} from '../../contract';
import { parseCsv } from '../src/backOffice/csv';
import {
  call,
  createShopMember,
  createShopper,
  json,
  seedProducts,
  setupHarness,
  type Shopper,
} from './helpers';

const t = setupHarness();

const HEADER =
  'slug,name,description,category,price,discount,stock,unit,vat_class,low_stock_level,archived';

const exportCsv = (who: Shopper) =>
  call(t.app, { url: '/api/staff/products.csv', token: who.token });

const importCsv = (who: Shopper | null, csv: string, dryRun = true) =>
  call(t.app, {
    method: 'POST',
    url: `/api/staff/products/import${dryRun ? '?dry_run=1' : ''}`,
    ...(who ? { token: who.token } : {}),
    headers: { 'content-type': 'text/csv' },
    body: csv,
  });

async function preview(who: Shopper, csv: string): Promise<CatalogueImportPreview> {
  const r = await importCsv(who, csv);
  expect(r.statusCode).toBe(200);
  return json<CatalogueImportPreview>(r);
}

async function seedShop() {
  await t.db.query(
    `INSERT INTO categories (name, slug, position) VALUES ('Drinks', 'drinks', 5)
     ON CONFLICT DO NOTHING`,
  );
  return seedProducts(t.db, [
    { name: 'Mama Gold Rice 10kg', price: 18500, stock: 60 },
    { name: 'Milo 500g', price: 5600, disc: 400, stock: 3, category: 'Provisions' },
    { name: 'Salt 500g', price: 450, stock: 0, category: 'Provisions' },
  ]);
}

async function productBySlug(slug: string) {
  const rows = await t.db.query<{
    id: number;
    name: string;
    amount_kobo: unknown;
    disc_amount_kobo: unknown;
    inventory_stock: number;
    category: string;
    vat_class: string;
    archived: boolean;
    row_version: number;
  }>(
    `SELECT id, name, amount_kobo, disc_amount_kobo, inventory_stock, category, vat_class,
            archived_at IS NOT NULL AS archived, row_version
       FROM products WHERE slug = $1`,
    [slug],
  );
  return rows[0] ?? null;
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.db.query<{ n: unknown }>(sql, params))[0]?.n);

/** The export's lines, without the BOM and the last line break. */
const linesOf = (csv: string) =>
  csv
    .replace(/^\ufeff/, '')
    .replace(/\r\n$/, '')
    .split('\r\n');

describe('who may use the spreadsheet', () => {
  test('the owner only: staff and shoppers 403, nobody signed in 401', async () => {
    await seedShop();
    const owner = await createShopMember(t.app, t.db, 'owner');
    const staff = await createShopMember(t.app, t.db, 'staff');
    const shopper = await createShopper(t.app, t.db);
    const csv = `${HEADER}\n,Peak Milk 400g,,Provisions,3000,,5,,exempt,,no\n`;

    expect((await exportCsv(owner)).statusCode).toBe(200);
    expect((await importCsv(owner, csv)).statusCode).toBe(200);
    for (const [who, status] of [
      [staff, 403],
      [shopper, 403],
    ] as const) {
      expect((await exportCsv(who)).statusCode).toBe(status);
      const r = await importCsv(who, csv, false);
      expect(r.statusCode).toBe(status);
      expect(json<{ detail: string }>(r).detail).toMatch(/owner|staff only/i);
    }
    expect((await call(t.app, { url: '/api/staff/products.csv' })).statusCode).toBe(401);
    expect((await importCsv(null, csv, false)).statusCode).toBe(401);
    expect(await productBySlug('peak-milk-400g')).toBeNull();
  });
});

describe('the export', () => {
  test('every product, archived included, as CSV a spreadsheet opens', async () => {
    const [rice, milo] = await seedShop();
    await t.db.query(
      `UPDATE products SET archived_at = now(), unit = '10 kg bag',
         description = 'Say "hello", then
a new line' WHERE id = $1`,
      [rice!.id],
    );
    const owner = await createShopMember(t.app, t.db, 'owner');
    const r = await exportCsv(owner);
    expect(r.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="catalogue-.*\.csv"$/);
    expect(r.body.startsWith('\ufeff')).toBe(true);
    const records = parseCsv(r.body);
    expect(records[0]?.fields.join(',')).toBe(HEADER);
    expect(records).toHaveLength(4);
    const riceRow = records.find((rec) => rec.fields[0] === rice!.slug)!.fields;
    expect(riceRow).toEqual([
      rice!.slug,
      'Mama Gold Rice 10kg',
      'Say "hello", then\na new line',
      'Staples',
      '18500',
      '',
      '60',
      '10 kg bag',
      'exempt',
      '',
      'yes',
    ]);
    const miloRow = records.find((rec) => rec.fields[0] === milo!.slug)!.fields;
    expect(miloRow.slice(4, 7)).toEqual(['5600', '400', '3']);
    expect(miloRow[10]).toBe('no');
  });

  test('the export imports back as it is: nothing to add or change', async () => {
    const [rice] = await seedShop();
    await t.db.query(
      `UPDATE products SET description = 'Rice, "parboiled"' || chr(10) || 'stone-free',
         low_stock_level = 5 WHERE id = $1`,
      [rice!.id],
    );
    const owner = await createShopMember(t.app, t.db, 'owner');
    const csv = (await exportCsv(owner)).body;
    const p = await preview(owner, csv);
    expect(p).toMatchObject({ rows: 3, added: [], changed: [], unchanged: 3, bad: [] });
    const applied = await importCsv(owner, csv, false);
    expect(applied.statusCode).toBe(200);
    expect(json<CatalogueImportPreview>(applied)).toMatchObject({ applied: true, unchanged: 3 });
    expect(await count('SELECT count(*) AS n FROM back_office_changes')).toBe(0);
  });

  test('a text a spreadsheet would run as a formula is exported as text, and imports back unchanged', async () => {
    const [rice] = await seedShop();
    await t.db.query(
      `UPDATE products SET name = '=HYPERLINK("http://evil.example","Rice")',
         description = '-fresh' || chr(10) || '+stone-free', unit = '@bag' WHERE id = $1`,
      [rice!.id],
    );
    const owner = await createShopMember(t.app, t.db, 'owner');
    const csv = (await exportCsv(owner)).body;
    const row = parseCsv(csv).find((rec) => rec.fields[0] === rice!.slug)!.fields;
    expect(row[1]).toBe('\'=HYPERLINK("http://evil.example","Rice")');
    expect(row[2]).toBe("'-fresh\n+stone-free");
    expect(row[7]).toBe("'@bag");
    expect(await preview(owner, csv)).toMatchObject({ added: [], changed: [], bad: [] });
    expect(json<CatalogueImportPreview>(await importCsv(owner, csv, false))).toMatchObject({
      applied: true,
      changed: [],
    });
    expect((await productBySlug(rice!.slug))?.name).toBe(
      '=HYPERLINK("http://evil.example","Rice")',
    );
  });
});

describe('the preview and the apply', () => {
  test('two prices changed and a row added: the preview says exactly that, and changes nothing', async () => {
    const [rice, milo, salt] = await seedShop();
    const owner = await createShopMember(t.app, t.db, 'owner');
    const lines = linesOf((await exportCsv(owner)).body);
    const edited = lines.map((line) =>
      line
        .replace(`${rice!.slug},Mama Gold Rice 10kg,`, `${rice!.slug},Mama Gold Rice 10kg,`)
        .replace(/^(mama-gold-rice-10kg,[^,]*,[^,]*,[^,]*,)18500,/, '$1"₦19,000",')
        .replace(/^(salt-500g,[^,]*,[^,]*,[^,]*,)450,/, '$1500,'),
    );
    edited.push(',Peak Milk Tin 400g,Full-cream milk,Provisions,"N2,300.00",,12,tin,exempt,2,');
    const csv = `${edited.join('\r\n')}\r\n`;
    const versionBefore = await count('SELECT version AS n FROM catalogue_state');

    const p = await preview(owner, csv);
    expect(p.applied).toBe(false);
    expect(p.bad).toEqual([]);
    expect(p.unchanged).toBe(1);
    expect(p.added).toEqual([
      {
        line: 5,
        name: 'Peak Milk Tin 400g',
        slug: null,
        category: 'Provisions',
        price: '2300',
        stock: '12',
      },
    ]);
    expect(p.changed.map((c) => [c.slug, c.changes])).toEqual(
      expect.arrayContaining([
        [rice!.slug, [{ field: 'price', old: '18500', new: '19000' }]],
        [salt!.slug, [{ field: 'price', old: '450', new: '500' }]],
      ]),
    );
    expect(p.changed).toHaveLength(2);
    expect(Number((await productBySlug(rice!.slug))?.amount_kobo)).toBe(1_850_000);
    expect(await productBySlug('peak-milk-tin-400g')).toBeNull();
    expect(await count('SELECT version AS n FROM catalogue_state')).toBe(versionBefore);

    const r = await importCsv(owner, csv, false);
    expect(r.statusCode).toBe(200);
    const done = json<CatalogueImportPreview>(r);
    expect(done.applied).toBe(true);
    expect(done.added[0]?.slug).toBe('peak-milk-tin-400g');
    expect(Number((await productBySlug(rice!.slug))?.amount_kobo)).toBe(1_900_000);
    expect(Number((await productBySlug(salt!.slug))?.amount_kobo)).toBe(50_000);
    expect((await productBySlug(rice!.slug))?.row_version).toBe(2);
    expect((await productBySlug(milo!.slug))?.row_version).toBe(1);
    const added = await productBySlug('peak-milk-tin-400g');
    expect(added).toMatchObject({ name: 'Peak Milk Tin 400g', inventory_stock: 12 });
    expect(Number(added?.amount_kobo)).toBe(230_000);
    expect(await count('SELECT version AS n FROM catalogue_state')).toBeGreaterThan(versionBefore);

    // One change-log row per product, the new product's first stock in its history.
    const log = await t.db.query<{
      entity_id: string;
      action: string;
      before: unknown;
      after: unknown;
    }>('SELECT entity_id, action, before, after FROM back_office_changes ORDER BY id');
    expect(log).toHaveLength(3);
    expect(log.filter((l) => l.action === 'create').map((l) => l.entity_id)).toEqual([
      String(added?.id),
    ]);
    expect(log.find((l) => l.entity_id === String(rice!.id))).toMatchObject({
      action: 'import',
      before: { amount_kobo: 1_850_000 },
      after: { amount_kobo: 1_900_000 },
    });
    const history = await t.db.query<{ product_id: number; delta: number; reason: string }>(
      'SELECT product_id, delta, reason FROM stock_changes',
    );
    expect(history).toEqual([{ product_id: added?.id, delta: 12, reason: 'import' }]);

    // The shop shows the new price and the new product.
    const shown = json<{ amount: number }>(
      await call(t.app, { url: `/api/get-product/${rice!.slug}` }),
    );
    expect(shown.amount).toBe(19000);
    expect((await call(t.app, { url: '/api/get-product/peak-milk-tin-400g' })).statusCode).toBe(
      200,
    );
  });

  test('stock, archiving and the other fields change through the file, stock with its history', async () => {
    const [rice] = await seedShop();
    const owner = await createShopMember(t.app, t.db, 'owner');
    const csv = `${HEADER}\n${rice!.slug},Mama Gold Rice 10kg,New words,Staples,18500,500,45,bag,Standard,10,yes\n`;
    const p = await preview(owner, csv);
    expect(p.changed[0]?.changes).toEqual([
      { field: 'description', old: 'Mama Gold Rice 10kg for tests', new: 'New words' },
      { field: 'discount', old: '', new: '500' },
      { field: 'stock', old: '60', new: '45' },
      { field: 'unit', old: '', new: 'bag' },
      { field: 'vat_class', old: 'exempt', new: 'standard' },
      { field: 'low_stock_level', old: '', new: '10' },
      { field: 'archived', old: 'no', new: 'yes' },
    ]);
    expect((await importCsv(owner, csv, false)).statusCode).toBe(200);
    expect(await productBySlug(rice!.slug)).toMatchObject({
      inventory_stock: 45,
      vat_class: 'standard',
      archived: true,
    });
    const history = await t.db.query<{ delta: number; stock_after: number; actor_id: number }>(
      `SELECT delta, stock_after, actor_id FROM stock_changes WHERE reason = 'import'`,
    );
    expect(history).toEqual([{ delta: -15, stock_after: 45, actor_id: owner.id }]);
  });

  test('a file without the optional columns leaves those fields as they are', async () => {
    const [, milo] = await seedShop();
    const owner = await createShopMember(t.app, t.db, 'owner');
    const p = await preview(
      owner,
      `slug,name,category,price\n${milo!.slug},Milo 500g,Provisions,5800\n`,
    );
    expect(p.changed[0]?.changes).toEqual([{ field: 'price', old: '5600', new: '5800' }]);
  });

  test('a new product gets its slug once, from its name, next to a slug already taken', async () => {
    await seedShop();
    await t.db.query(`UPDATE products SET name = 'Old salt' WHERE slug = 'salt-500g'`);
    const owner = await createShopMember(t.app, t.db, 'owner');
    const r = await importCsv(owner, `name,category,price\nSalt 500g,Provisions,450\n`, false);
    expect(r.statusCode).toBe(200);
    expect(json<CatalogueImportPreview>(r).added[0]?.slug).toBe('salt-500g-2');
  });
});

describe('prices as people type them', () => {
  test.each(['₦2,300', 'N2,300', '2300', '2,300.00', '2 300', ' ₦ 2,300 ', 'NGN2300'])(
    '"%s" is ₦2,300',
    (text) => {
      expect(readNaira(text)).toEqual({ kobo: 230_000 });
    },
  );

  test('kobo after a point are read; a point for thousands, or words, are refused', () => {
    expect(readNaira('2300.5')).toEqual({ kobo: 230_050 });
    expect(readNaira('2.300,00')).toEqual({ problem: expect.stringMatching(/point for kobo/) });
    expect(readNaira('abc')).toEqual({ problem: expect.stringMatching(/not an amount in naira/) });
    expect(readNaira('2,30')).toHaveProperty('problem');
    expect(readNaira('-5')).toHaveProperty('problem');
  });

  test('through the import: each form reads right, the wrong ones are bad lines', async () => {
    await seedShop();
    const owner = await createShopMember(t.app, t.db, 'owner');
    const csv = [
      'name,category,price',
      'Peak A,Provisions,"₦2,300"',
      'Peak B,Provisions,"N2,300"',
      'Peak C,Provisions,2300',
      'Peak D,Provisions,"2,300.00"',
      'Peak E,Provisions,2 300',
      'Peak F,Provisions,"2.300,00"',
      'Peak G,Provisions,abc',
    ].join('\r\n');
    const p = await preview(owner, csv);
    expect(p.added.map((a) => a.price)).toEqual(['2300', '2300', '2300', '2300', '2300']);
    expect(p.bad).toEqual([
      { line: 7, reason: expect.stringMatching(/^Price "2\.300,00" .*point for kobo/) },
      { line: 8, reason: expect.stringMatching(/^Price "abc" is not an amount in naira/) },
    ]);
  });
});

describe('bad lines', () => {
  test('every bad line with its line number and the reason, and the apply changes nothing (422)', async () => {
    const [rice, milo, salt] = await seedShop();
    const owner = await createShopMember(t.app, t.db, 'owner');
    const csv = [
      HEADER,
      `${rice!.slug},Mama Gold Rice 10kg,,Staples,19000,,60,,exempt,,no`,
      ',Tomato Paste,,Vegetables,900,,10,,exempt,,no',
      ',Zero Thing,,Provisions,0,,10,,exempt,,no',
      ',Half Off,,Provisions,1000,1000,10,,exempt,,no',
      ',Twin,,Provisions,1000,,10,,exempt,,no',
      ',twin,,Provisions,1000,,10,,exempt,,no',
      ',Milo 500g,,Provisions,1000,,10,,exempt,,no',
      `${salt!.slug},Salt 500g,,Provisions,450,,0,,exempt,,no`,
      `${salt!.slug},Salt 1kg,,Provisions,850,,0,,exempt,,no`,
      'no-such-product,Ghost,,Provisions,100,,1,,exempt,,no',
      ',Bad Stock,,Provisions,100,,2.5,,exempt,,no',
      ',Minus Stock,,Provisions,100,,-1,,exempt,,no',
      ',Zero Rated,,Provisions,100,,1,,zero,,no',
    ].join('\n');
    const p = await preview(owner, csv);
    expect(p.changed.map((c) => c.slug)).toEqual([rice!.slug, salt!.slug]);
    expect(p.bad).toEqual([
      {
        line: 3,
        reason: expect.stringMatching(/^The category "Vegetables" is not on the shop's list/),
      },
      { line: 4, reason: 'Price must be more than ₦0' },
      {
        line: 5,
        reason: expect.stringMatching(/^The discount \(₦1,000\) must be less than the price/),
      },
      { line: 7, reason: expect.stringMatching(/^The name "twin" is also on line 6/) },
      {
        line: 8,
        reason: expect.stringMatching(
          new RegExp(`^Another product is already called "Milo 500g" \\(slug ${milo!.slug}\\)`),
        ),
      },
      { line: 10, reason: expect.stringMatching(/^The slug "salt-500g" is also on line 9/) },
      { line: 11, reason: expect.stringMatching(/^No product has the slug "no-such-product"/) },
      { line: 12, reason: 'Stock "2.5" is not a whole number of 0 or more' },
      { line: 13, reason: 'Stock "-1" is not a whole number of 0 or more' },
      { line: 14, reason: 'Vat_class "zero" must be standard or exempt' },
    ]);

    const r = await importCsv(owner, csv, false);
    expect(r.statusCode).toBe(422);
    const refused = json<CatalogueImportRefused>(r);
    expect(refused.detail).toMatch(/^Nothing was changed: 10 lines have problems/);
    expect(refused.preview).toEqual(p);
    expect(Number((await productBySlug(rice!.slug))?.amount_kobo)).toBe(1_850_000);
    expect(await count('SELECT count(*) AS n FROM products')).toBe(3);
    expect(await count('SELECT count(*) AS n FROM back_office_changes')).toBe(0);
  });

  test('a missing column is one message naming it', async () => {
    await seedShop();
    const owner = await createShopMember(t.app, t.db, 'owner');
    const p = await preview(owner, 'slug,name,category,stock\n,Rice,Staples,4\n,Beans,Staples,5\n');
    expect(p.bad).toEqual([
      { line: 1, reason: expect.stringMatching(/^The column "price" is missing/) },
    ]);
    const two = await preview(owner, 'name,stock\nRice,4\n');
    expect(two.bad[0]?.reason).toMatch(/^The columns "category" and "price" are missing/);
    expect((await importCsv(owner, 'name,stock\nRice,4\n', false)).statusCode).toBe(422);
  });

  test('more than 5,000 rows are refused in words', async () => {
    await seedShop();
    const owner = await createShopMember(t.app, t.db, 'owner');
    const rows = Array.from({ length: 5001 }, (_, i) => `Thing ${i},Provisions,100`);
    const p = await preview(owner, `name,category,price\n${rows.join('\n')}\n`);
    expect(p.bad).toEqual([
      {
        line: 1,
        reason: expect.stringMatching(/5,001 products; the shop reads up to 5,000 at a time/),
      },
    ]);
  });

  test('a file too large is refused in words before it is read', async () => {
    const owner = await createShopMember(t.app, t.db, 'owner');
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/staff/products/import?dry_run=1',
      token: owner.token,
      headers: { 'content-type': 'text/csv', 'content-length': String(11 * 1024 * 1024) },
      body: 'name',
    });
    expect(r.statusCode).toBe(413);
    expect(json<{ detail: string }>(r).detail).toMatch(/^The file is too large .*10 MB/);
  });

  test('a quote that never closes is named by its line', async () => {
    await seedShop();
    const owner = await createShopMember(t.app, t.db, 'owner');
    const p = await preview(owner, 'name,category,price\nRice,Staples,100\n"Beans,Staples,100\n');
    expect(p.bad).toEqual([
      { line: 3, reason: expect.stringMatching(/^A quote \("\) opens a field/) },
    ]);
  });

  test('an unquoted comma that shifts the cells is a bad line, not a wrong price', async () => {
    await seedShop();
    const owner = await createShopMember(t.app, t.db, 'owner');
    const p = await preview(owner, 'name,category,price\nRice, 10kg,Staples,100\n');
    expect(p.bad[0]?.reason).toMatch(/must be in quotes/);
  });
});

describe('files as spreadsheets save them', () => {
  test("Excel's BOM, CRLF, quoted commas, quotes and line breaks; lines counted as an editor does", async () => {
    await seedShop();
    const owner = await createShopMember(t.app, t.db, 'owner');
    const csv =
      '\ufeffName,Description,Category,Price,VAT class\r\n' +
      '"Beans, brown","Sweet ""Oloyin""\r\nbeans",Staples,"9,000",exempt\r\n' +
      ',,,,\r\n' +
      'Garri,,Nowhere,100,exempt\r\n';
    const p = await preview(owner, csv);
    expect(p.added).toEqual([
      expect.objectContaining({ line: 2, name: 'Beans, brown', price: '9000' }),
    ]);
    expect(p.bad).toEqual([{ line: 5, reason: expect.stringMatching(/"Nowhere"/) }]);

    // As a browser sends a file: the type with its character set.
    const fixed = csv.replace('Nowhere', 'staples');
    const applied = await call(t.app, {
      method: 'POST',
      url: '/api/staff/products/import',
      token: owner.token,
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      body: fixed,
    });
    expect(applied.statusCode).toBe(200);
    const rows = await t.db.query<{ description: string; category: string }>(
      `SELECT description, category FROM products WHERE slug IN ('beans-brown', 'garri') ORDER BY slug`,
    );
    expect(rows).toEqual([
      { description: 'Sweet "Oloyin"\r\nbeans', category: 'Staples' },
      { description: '', category: 'Staples' },
    ]);
  });
});
