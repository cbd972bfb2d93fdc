/**
 * The catalogue spreadsheet round trip on a 390 px phone, as the demo owner does it: download
 * the catalogue from the back office, change two prices and add a product in the file, bring
 * it back, read exactly that in the preview, apply it, and find the new prices and the new
 * product in the shop. The demo catalogue is put back afterwards (the new product archived).
 */
import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { CatalogueImportPreview } from 'contract';
import { productDetailsPath } from 'contract/links';
import { auth, logIn, signInPage, uniqueSuffix, type Account } from './fixtures/shopper';

const PHONE = { width: 390, height: 844 };
const OWNER: Account = { email: 'owner@ibadanmarket.ng', password: 'OwnerPass123!' };

/** RFC 4180 as the export writes it: quoted fields may hold commas, "" and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\ufeff/, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

const toCsv = (rows: string[][]) =>
  `${rows
    .map((r) => r.map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(','))
    .join('\r\n')}\r\n`;

/** ₦ 19,150 as the shop writes it (formatNaira), whatever space it puts after the sign. */
const priceText = (naira: number) => new RegExp(`₦\\s?${naira.toLocaleString('en-NG')}\\b`);

async function importFile(request: APIRequestContext, token: string, csv: string) {
  const answer = await request.post('/api/staff/products/import', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    data: csv,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as CatalogueImportPreview;
}

test.use({ viewport: PHONE });

test('the owner changes two prices and adds a product through the spreadsheet', async ({
  page,
  request,
}) => {
  const owner = await logIn(request, OWNER);
  await signInPage(page, owner);
  await page.goto('/staff/import');

  // 1. Download: a real file, from the signed-in call.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the catalogue (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
  const original = fs.readFileSync(await download.path(), 'utf8');
  const [header = [], ...rows] = parseCsv(original);
  const col = (name: string) => header.indexOf(name);
  expect(col('slug')).toBe(0);

  // 2. In the spreadsheet: two products on sale (no discount) get new prices, one is added.
  const onSale = rows.filter(
    (r) => r[col('archived')] === 'no' && r[col('discount')] === '' && Number(r[col('stock')]) > 0,
  );
  const [first, second] = onSale;
  if (!first || !second) throw new Error('The demo catalogue has no two products to reprice');
  const repriced = [first, second].map((r) => ({
    slug: r[col('slug')] ?? '',
    name: r[col('name')] ?? '',
    old: Number(r[col('price')]),
    new: Number(r[col('price')]) + 150,
  }));
  const edited = rows.map((r) => {
    const change = repriced.find((p) => p.slug === r[col('slug')]);
    if (!change) return r;
    const copy = [...r];
    copy[col('price')] = `₦${change.new.toLocaleString('en-NG')}`;
    return copy;
  });
  const newName = `Ofada Rice Parboiled ${uniqueSuffix()}`;
  const added = header.map(
    (name) =>
      ({
        name: newName,
        description: 'Local rice, picked clean',
        category: 'Staples',
        price: '4,321',
        stock: '7',
        vat_class: 'exempt',
        archived: 'no',
      })[name] ?? '',
  );
  const file = toCsv([header, ...edited, added]);

  // 3. Bring it back: the preview says exactly that.
  await page.getByTestId('catalogue-file').setInputFiles({
    name: 'catalogue.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file, 'utf8'),
  });
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(
    preview.getByText(`1 to add · 2 to change · ${rows.length - 2} unchanged · 0 with problems`),
  ).toBeVisible();
  const toChange = preview.getByRole('list', { name: 'To change' }).getByRole('listitem');
  await expect(toChange).toHaveCount(2);
  for (const p of repriced) {
    const item = toChange.filter({ hasText: p.name });
    await expect(item).toContainText(/price: ₦\s?[\d,]+ → ₦\s?[\d,]+/);
    await expect(item).toContainText(priceText(p.old));
    await expect(item).toContainText(priceText(p.new));
  }
  const toAdd = preview.getByRole('list', { name: 'To add' }).getByRole('listitem');
  await expect(toAdd).toHaveCount(1);
  await expect(toAdd).toContainText(`${newName} (Staples)`);
  await expect(toAdd).toContainText(priceText(4321));

  // 4. Apply.
  await preview.getByRole('button', { name: 'Apply these changes' }).click();
  const done = page.getByRole('region', { name: 'Applied' });
  await expect(done.getByText(/Done: 1 product added, 2 products changed/)).toBeVisible();
  const newSlug = newName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

  try {
    // 5. The shop shows the new prices and the new product.
    for (const p of repriced) {
      await page.goto(productDetailsPath(p.slug));
      await expect(page.getByRole('heading', { name: p.name })).toBeVisible();
      await expect(page.getByText(priceText(p.new)).first()).toBeVisible();
    }
    await page.goto(productDetailsPath(newSlug));
    await expect(page.getByRole('heading', { name: newName })).toBeVisible();
    await expect(page.getByText(priceText(4321)).first()).toBeVisible();
  } finally {
    // The demo catalogue as it was, the new product archived: other tests price from it.
    const archived = [...added];
    archived[col('slug')] = newSlug;
    archived[col('archived')] = 'yes';
    await importFile(request, owner.token, toCsv([header, ...rows, archived]));
    const check = await request.get(`/api/get-product/${repriced[0]?.slug ?? ''}`, {
      headers: auth(owner),
    });
    expect(((await check.json()) as { amount: number }).amount).toBe(repriced[0]?.old);
  }
});
