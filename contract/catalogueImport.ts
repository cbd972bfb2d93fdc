/**
 * The catalogue as a spreadsheet: the columns of the CSV the owner exports and imports, how
 * a cell is read (prices as people type them), and the preview an import answers with.
 */
import { Type, type Static } from 'typebox';
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
