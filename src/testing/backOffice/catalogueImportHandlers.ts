/**
 * The mock backend's catalogue spreadsheet (server/src/backOffice/catalogueImport.ts): the
 * export, and an import that answers one of two previews. A file with the word "abc" in a
 * price is the file with bad lines; any other file changes two prices and adds one product.
 * Apply answers the preview as applied, or 422 with the bad preview, as the server does.
 * Stories and tests add these with `parameters.msw` or `server.use`.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { CatalogueImportPreview } from 'contract';
import { ERROR_DETAILS } from 'contract/details';
import { detail, isSignedIn, url } from '../mockDb';

export const fixtureCatalogueCsv =
  '\ufeffslug,name,description,category,price,discount,stock,unit,vat_class,low_stock_level,archived\r\n' +
  'mama-gold-rice-10kg,Mama Gold Rice 10kg,"Parboiled, stone-free",Staples,18500,,60,10 kg,exempt,5,no\r\n' +
  'milo-500g,Milo 500g,,Provisions,5600,400,3,,exempt,,no\r\n';

/** The file of the preview with changes: two prices changed, one product added. */
export const fixtureEditedCsv =
  'slug,name,category,price\r\n' +
  'mama-gold-rice-10kg,Mama Gold Rice 10kg,Staples,19000\r\n' +
  'milo-500g,Milo 500g,Provisions,5800\r\n' +
  ',Peak Milk Tin 400g,Provisions,"₦2,300"\r\n';

/** The file of the preview with bad lines. */
export const fixtureBadCsv =
  'slug,name,category,price\r\n' +
  'mama-gold-rice-10kg,Mama Gold Rice 10kg,Staples,19000\r\n' +
  ',Tomato Paste,Vegetables,900\r\n' +
  ',Peak Milk Tin 400g,Provisions,abc\r\n';

export const fixtureChangesPreview: CatalogueImportPreview = {
  applied: false,
  rows: 3,
  added: [
    {
      line: 4,
      name: 'Peak Milk Tin 400g',
      slug: null,
      category: 'Provisions',
      price: '2300',
      stock: '0',
    },
  ],
  changed: [
    {
      line: 2,
      slug: 'mama-gold-rice-10kg',
      name: 'Mama Gold Rice 10kg',
      changes: [{ field: 'price', old: '18500', new: '19000' }],
    },
    {
      line: 3,
      slug: 'milo-500g',
      name: 'Milo 500g',
      changes: [{ field: 'price', old: '5600', new: '5800' }],
    },
  ],
  unchanged: 76,
  bad: [],
  ignored_columns: [],
};

export const fixtureBadPreview: CatalogueImportPreview = {
  applied: false,
  rows: 3,
  added: [],
  changed: [fixtureChangesPreview.changed[0]!],
  unchanged: 76,
  bad: [
    {
      line: 3,
      reason:
        'The category "Vegetables" is not on the shop\'s list (Staples, Provisions, Drinks): add it under Categories first, or correct the spelling',
    },
    {
      line: 4,
      reason: 'Price "abc" is not an amount in naira: write it like 2300 or ₦2,300',
    },
  ],
  ignored_columns: [],
};

export const fixtureAppliedPreview: CatalogueImportPreview = {
  ...fixtureChangesPreview,
  applied: true,
  added: fixtureChangesPreview.added.map((a) => ({ ...a, slug: 'peak-milk-tin-400g' })),
};

const isBad = (csv: string) => /,abc\b/.test(csv);

export const catalogueImportHandlers: RequestHandler[] = [
  http.get(url('/staff/products.csv', 'staff'), ({ request }) => {
    if (!isSignedIn(request)) return detail(ERROR_DETAILS.credentials, 401);
    return new HttpResponse(fixtureCatalogueCsv, {
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    });
  }),
  http.post(url('/staff/products/import', 'staff'), async ({ request }) => {
    if (!isSignedIn(request)) return detail(ERROR_DETAILS.credentials, 401);
    const csv = await request.text();
    const dryRun = new URL(request.url).searchParams.get('dry_run') === '1';
    if (dryRun) return HttpResponse.json(isBad(csv) ? fixtureBadPreview : fixtureChangesPreview);
    if (isBad(csv)) {
      return HttpResponse.json(
        {
          detail:
            'Nothing was changed: 2 lines have problems. Correct them in the file and import it again',
          preview: fixtureBadPreview,
        },
        { status: 422 },
      );
    }
    return HttpResponse.json(fixtureAppliedPreview);
  }),
];

/** The server failing (a 500 with no words of its own) on both calls. */
export const catalogueImportDownHandlers: RequestHandler[] = [
  http.get(url('/staff/products.csv', 'staff'), () =>
    HttpResponse.json({ detail: 'Internal Server Error' }, { status: 500 }),
  ),
  http.post(url('/staff/products/import', 'staff'), () =>
    HttpResponse.json({ detail: 'Internal Server Error' }, { status: 500 }),
  ),
];
