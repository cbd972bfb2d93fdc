/**
 * The catalogue as a spreadsheet: the columns of the CSV the owner exports and imports, how
 * a cell is read (prices as people type them), and the preview an import answers with.
 */
import { Type, type Static } from 'typebox';
import { MAX_PRODUCT_PRICE_NAIRA } from './catalogueRules';
import { ValidationIssueSchema } from './errors';

/** The columns, in the order the export writes them. */
export const CATALOGUE_CSV_COLUMNS = [
  'slug',
  'name',
  'description',
  'category',
  'price',
  'discount',
  'stock',
  'unit',
  'vat_class',
  'low_stock_level',
  'archived',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** A file without one of these cannot say what a product is. */
export const REQUIRED_CSV_COLUMNS: readonly CatalogueCsvColumn[] = ['name', 'category', 'price'];

/** The most data rows one import reads: about the largest shop, in one file. */
export const MAX_IMPORT_ROWS = 5000;
/** The largest file the import takes: 5,000 rows with long descriptions fit. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** The product form's limit: more is a typo (an extra zero or two), not a price. */
const MAX_PRICE_KOBO = MAX_PRODUCT_PRICE_NAIRA * 100;

/** What reading a money cell gives: kobo, or the reason in words. */
export type NairaReading = { kobo: number } | { problem: string };

// Thousands grouped by commas or spaces (no grouping at all is fine too), then at most two
// digits of kobo after a point. "2.300,00" (a point for thousands) is refused rather than
// guessed: read as 2.3 it would sell a ₦2,300 bag for ₦2.30.
const GROUPED = /^\d{1,3}(?:([, ])\d{3})?(?:\1\d{3})*(?:\.\d{1,2})?$/;
const PLAIN = /^\d+(?:\.\d{1,2})?$/;

/**
 * Reads an amount in naira as people type it: "₦2,300", "N2,300", "NGN 2300", "2300",
 * "2,300.00", "2 300". Answers whole kobo, or a sentence saying what is wrong.
 */
export function readNaira(text: string): NairaReading {
  const cleaned = text
    .trim()
    // Spreadsheets and phones write a no-break or thin space between the thousands.
    .replace(/[\u00a0\u2009\u202f]/g, ' ')
    .replace(/^(?:₦|NGN|N)\s*/i, '')
    .trim();
  if (cleaned === '') return { problem: 'is empty: write the amount in naira, like 2300' };
  if (/^-/.test(cleaned)) return { problem: `"${text.trim()}" is below ₦0` };
  if (!PLAIN.test(cleaned) && !GROUPED.test(cleaned)) {
    return /^[\d., ]+$/.test(cleaned)
      ? {
          problem: `"${text.trim()}" is not an amount the shop can read: use a point for kobo and commas for thousands, like 2,300.50`,
        }
      : { problem: `"${text.trim()}" is not an amount in naira: write it like 2300 or ₦2,300` };
  }
  const [whole = '0', fraction = ''] = cleaned.replace(/[, ]/g, '').split('.');
  const kobo = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (kobo > MAX_PRICE_KOBO) {
    return {
      problem: `"${text.trim()}" is more than ₦${MAX_PRODUCT_PRICE_NAIRA.toLocaleString('en-NG')}: check the zeros`,
    };
  }
  return { kobo };
}

/** Kobo as the export writes it: plain naira a spreadsheet reads as a number (2300, 2300.5). */
export function nairaCell(kobo: number): string {
  const naira = Math.floor(kobo / 100);
  const rest = kobo % 100;
  return rest === 0 ? String(naira) : `${naira}.${String(rest).padStart(2, '0')}`;
}

/** POST /staff/products/import?dry_run=1: the preview only; without it, apply. */
export const CatalogueImportQuerySchema = Type.Object({
  dry_run: Type.Optional(Type.Enum(['0', '1', 'true', 'false'])),
});
export type CatalogueImportQuery = Static<typeof CatalogueImportQuerySchema>;

/** The body: the CSV file's text (Content-Type: text/csv). */
export const CatalogueCsvBodySchema = Type.String({ description: 'The CSV file, UTF-8' });

/** One field of a product the import changes, as the CSV writes it before and after. */
export const ImportFieldChangeSchema = Type.Object({
  field: Type.Enum(CATALOGUE_CSV_COLUMNS),
  old: Type.String(),
  new: Type.String(),
});
export type ImportFieldChange = Static<typeof ImportFieldChangeSchema>;

export const ImportAddedRowSchema = Type.Object({
  /** The line of the file (the header is line 1). */
  line: Type.Integer(),
  name: Type.String(),
  /** The slug the product gets; null in a preview (it is made when the import is applied). */
  slug: Type.Union([Type.String(), Type.Null()]),
  category: Type.String(),
  /** The values as the CSV writes them. */
  price: Type.String(),
  stock: Type.String(),
});
export type ImportAddedRow = Static<typeof ImportAddedRowSchema>;

export const ImportChangedRowSchema = Type.Object({
  line: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  changes: Type.Array(ImportFieldChangeSchema),
});
export type ImportChangedRow = Static<typeof ImportChangedRowSchema>;

export const ImportBadRowSchema = Type.Object({
  /** The line of the file; 1 (the header) for a problem with the whole file. */
  line: Type.Integer(),
  reason: Type.String(),
});
export type ImportBadRow = Static<typeof ImportBadRowSchema>;

/** What an import would do (a preview) or did (applied: true). */
export const CatalogueImportPreviewSchema = Type.Object({
  applied: Type.Boolean(),
  /** Data rows read (blank rows are skipped). */
  rows: Type.Integer(),
  added: Type.Array(ImportAddedRowSchema),
  changed: Type.Array(ImportChangedRowSchema),
  unchanged: Type.Integer(),
  bad: Type.Array(ImportBadRowSchema),
  /** Columns of the file the shop does not know, left out. */
  ignored_columns: Type.Array(Type.String()),
});
export type CatalogueImportPreview = Static<typeof CatalogueImportPreviewSchema>;

/**
 * 422 from an apply while any row is bad: nothing changed, and the preview says why. (A
 * request the schema refuses gets the usual list of issues, with no preview.)
 */
export const CatalogueImportRefusedSchema = Type.Object({
  detail: Type.Union([Type.String(), Type.Array(ValidationIssueSchema)]),
  preview: Type.Optional(CatalogueImportPreviewSchema),
});
export type CatalogueImportRefused = Static<typeof CatalogueImportRefusedSchema>;
