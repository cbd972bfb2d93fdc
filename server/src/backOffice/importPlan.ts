/**
 * What a catalogue CSV would do to the shop: each row read by the product rules below, then
 * compared with the products as they are. The same plan is the preview and, inside the
 * apply's transaction, the list of writes, so what the owner saw is what is applied.
 */
import {
  CATALOGUE_CSV_COLUMNS,
  MAX_IMPORT_ROWS,
  MAX_PRODUCT_DESCRIPTION_LENGTH,
  MAX_PRODUCT_NAME_LENGTH,
  MAX_UNIT_LENGTH,
  MAX_STOCK,
  nairaCell,
  readNaira,
  REQUIRED_CSV_COLUMNS,
  VAT_CLASSES,
  type CatalogueCsvColumn,
  type ImportBadRow,
  type ImportFieldChange,
  type VatClass,
} from '../../../contract';
import { slugify } from '../db/seed/catalogue';
import { asSpreadsheetText, fromSpreadsheetText, type CsvRecord } from './csv';

/** A product as the spreadsheet sees it. */
export interface ProductFields {
  name: string;
  description: string;
  category: string;
  amountKobo: number;
  /** The saving per item (products.disc_amount_kobo); null: no discount. */
  discKobo: number | null;
  stock: number;
  unit: string;
  vatClass: VatClass;
  lowStockLevel: number | null;
  archived: boolean;
}

export interface ProductState extends ProductFields {
  id: number;
  slug: string;
}

export interface PlannedAdd {
  line: number;
  slug: string;
  fields: ProductFields;
}

export interface PlannedChange {
  line: number;
  id: number;
  slug: string;
  before: ProductFields;
  after: ProductFields;
  changes: ImportFieldChange[];
}

export interface ImportPlan {
  rows: number;
  adds: PlannedAdd[];
  changes: PlannedChange[];
  unchanged: number;
  bad: ImportBadRow[];
  ignoredColumns: string[];
}

/** What a new product is when the file has no column for a field. */
const NEW_PRODUCT: Omit<ProductFields, 'name' | 'category' | 'amountKobo'> = {
  description: '',
  discKobo: null,
  stock: 0,
  unit: '',
  vatClass: 'exempt',
  lowStockLevel: null,
  archived: false,
};

/** A product's fields as the CSV writes them (the export's cells, the preview's old → new). */
export function productCells(
  p: ProductFields,
): Record<Exclude<CatalogueCsvColumn, 'slug'>, string> {
  return {
    name: p.name,
    description: p.description,
    category: p.category,
    price: nairaCell(p.amountKobo),
    discount: p.discKobo === null ? '' : nairaCell(p.discKobo),
    stock: String(p.stock),
    unit: p.unit,
    vat_class: p.vatClass,
    low_stock_level: p.lowStockLevel === null ? '' : String(p.lowStockLevel),
    archived: p.archived ? 'yes' : 'no',
  };
}

/** The export's rows: the header, then every product. */
export function exportRows(products: readonly ProductState[]): string[][] {
  return [
    [...CATALOGUE_CSV_COLUMNS],
    ...products.map((p) => {
      const cells = productCells(p);
      return CATALOGUE_CSV_COLUMNS.map((column) =>
        column === 'slug' ? p.slug : asSpreadsheetText(cells[column]),
      );
    }),
  ];
}

/**
 * A slug made once from the name, as the demo catalogue makes them (lower case, words joined
 * by '-'), with -2, -3... when it is taken. `taken` gains the answer.
 */
export function newSlug(name: string, taken: Set<string>): string {
  const base = slugify(name).slice(0, 80).replace(/-+$/, '') || 'product';
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

/** "Vat Class", " VAT class " and "vat_class" all name the same column. */
function columnKey(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** The slugs a file names (the products an apply will lock), read from its slug column. */
export function fileSlugs(records: readonly CsvRecord[]): string[] {
  const [header, ...rows] = records;
  const i = header?.fields.findIndex((f) => columnKey(f) === 'slug') ?? -1;
  if (i < 0) return [];
  const slugs = rows.map((r) => (r.fields[i] ?? '').trim().toLowerCase()).filter(Boolean);
  return [...new Set(slugs)];
}

const quoteList = (names: readonly string[]) =>
  names.length === 1
    ? `"${names[0]}"`
    : `${names
        .slice(0, -1)
        .map((n) => `"${n}"`)
        .join(', ')} and "${names[names.length - 1]}"`;

const fileProblem = (reason: string, ignoredColumns: string[] = []): ImportPlan => ({
  rows: 0,
  adds: [],
  changes: [],
  unchanged: 0,
  bad: [{ line: 1, reason }],
  ignoredColumns,
});

const WHOLE = /^(?:\d{1,3}(?:,\d{3})+|\d+)$/;
const YES = new Set(['yes', 'y', 'true', '1', 'archived']);
const NO = new Set(['', 'no', 'n', 'false', '0']);

function wholeNumber(text: string, column: string, max: number): number | string {
  if (text === '') return `${column} is empty: write a whole number, 0 for none`;
  if (!WHOLE.test(text)) return `${column} "${text}" is not a whole number of 0 or more`;
  const value = Number(text.replace(/,/g, ''));
  if (value > max) return `${column} ${text} is more than ${max.toLocaleString('en-NG')}`;
  return value;
}

const naira = (kobo: number) =>
  `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/**
 * The plan for a file's records against the shop's products and category names. A problem
 * with the whole file (a missing column, too many rows) is one bad row on line 1.
 */
export function planImport(
  records: readonly CsvRecord[],
  products: readonly ProductState[],
  categories: readonly string[],
): ImportPlan {
  const [header, ...rest] = records;
  if (!header || header.fields.every((f) => f.trim() === '')) {
    return fileProblem(
      `The file is empty: its first line must name the columns (${CATALOGUE_CSV_COLUMNS.join(', ')})`,
    );
  }
  const index = new Map<CatalogueCsvColumn, number>();
  const ignoredColumns: string[] = [];
  for (const [i, raw] of header.fields.entries()) {
    const key = columnKey(raw);
    const column = CATALOGUE_CSV_COLUMNS.find((c) => c === key);
    if (!column) {
      if (key !== '') ignoredColumns.push(raw.trim());
      continue;
    }
    if (index.has(column)) {
      return fileProblem(`The column "${column}" appears twice in the first line: keep one`);
    }
    index.set(column, i);
  }
  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !index.has(c));
  if (missing.length > 0) {
    return fileProblem(
      `The ${missing.length === 1 ? 'column' : 'columns'} ${quoteList(missing)} ${
        missing.length === 1 ? 'is' : 'are'
      } missing: the first line must name the columns (${CATALOGUE_CSV_COLUMNS.join(', ')})`,
      ignoredColumns,
    );
  }
  // Spreadsheets leave rows of empty cells below the data: not products, not mistakes.
  const rows = rest.filter((r) => r.fields.some((f) => f.trim() !== ''));
  if (rows.length > MAX_IMPORT_ROWS) {
    return fileProblem(
      `The file has ${rows.length.toLocaleString('en-NG')} products; the shop reads up to ${MAX_IMPORT_ROWS.toLocaleString('en-NG')} at a time. Split it into smaller files`,
      ignoredColumns,
    );
  }

  const bySlug = new Map(products.map((p) => [p.slug, p]));
  const categoryByKey = new Map(categories.map((c) => [c.trim().toLowerCase(), c]));
  const has = (column: CatalogueCsvColumn) => index.has(column);
  const headerWidth = header.fields.length;

  interface ReadRow {
    line: number;
    existing: ProductState | null;
    fields: ProductFields | null;
    problems: string[];
  }
  const read: ReadRow[] = [];
  const slugLines = new Map<string, number>();

  for (const record of rows) {
    const problems: string[] = [];
    const cell = (column: CatalogueCsvColumn) => {
      const i = index.get(column);
      return i === undefined ? '' : fromSpreadsheetText((record.fields[i] ?? '').trim());
    };
    const extra = record.fields.slice(headerWidth).filter((f) => f.trim() !== '');
    if (extra.length > 0) {
      problems.push(
        `this line has ${record.fields.length} cells but the first line names ${headerWidth} columns: a cell with a comma in it must be in quotes`,
      );
    }

    let existing: ProductState | null = null;
    const slug = cell('slug').toLowerCase();
    if (slug !== '') {
      const earlier = slugLines.get(slug);
      if (earlier !== undefined) {
        problems.push(`the slug "${slug}" is also on line ${earlier}: one line per product`);
      } else {
        slugLines.set(slug, record.line);
      }
      existing = bySlug.get(slug) ?? null;
      if (!existing) {
        problems.push(`no product has the slug "${slug}": leave slug empty to add a new product`);
      }
    }
    const base: ProductFields = existing ?? {
      ...NEW_PRODUCT,
      name: '',
      category: '',
      amountKobo: 0,
    };

    const name = cell('name').replace(/\s+/g, ' ');
    if (name === '') problems.push('name is empty');
    else if (name.length > MAX_PRODUCT_NAME_LENGTH) {
      problems.push(`name is longer than ${MAX_PRODUCT_NAME_LENGTH} characters`);
    }

    const description = has('description') ? cell('description') : base.description;
    if (description.length > MAX_PRODUCT_DESCRIPTION_LENGTH) {
      problems.push(`description is longer than ${MAX_PRODUCT_DESCRIPTION_LENGTH} characters`);
    }

    const categoryText = cell('category');
    const category = categoryByKey.get(categoryText.toLowerCase());
    if (categoryText === '') problems.push('category is empty');
    else if (!category) {
      const known = categories.slice(0, 12).join(', ');
      problems.push(
        `the category "${categoryText}" is not on the shop's list${
          known ? ` (${known}${categories.length > 12 ? ', ...' : ''})` : ''
        }: add it under Categories first, or correct the spelling`,
      );
    }

    let amountKobo = 0;
    const price = readNaira(cell('price'));
    if ('problem' in price) problems.push(`price ${price.problem}`);
    else if (price.kobo <= 0) problems.push('price must be more than ₦0');
    else amountKobo = price.kobo;

    let discKobo = base.discKobo;
    if (has('discount')) {
      const text = cell('discount');
      const discount = text === '' ? { kobo: 0 } : readNaira(text);
      if ('problem' in discount) {
        problems.push(`discount ${discount.problem}`);
      } else {
        discKobo = discount.kobo === 0 ? null : discount.kobo;
        if (discKobo !== null && amountKobo > 0 && discKobo >= amountKobo) {
          problems.push(
            `the discount (${naira(discKobo)}) must be less than the price (${naira(amountKobo)}): it is the saving, not the new price`,
          );
        }
      }
    }

    let stock = base.stock;
    if (has('stock')) {
      const value = wholeNumber(cell('stock'), 'stock', MAX_STOCK);
      if (typeof value === 'string') problems.push(value);
      else stock = value;
    }

    const unit = has('unit') ? cell('unit') : base.unit;
    if (unit.length > MAX_UNIT_LENGTH) {
      problems.push(`unit is longer than ${MAX_UNIT_LENGTH} characters`);
    }

    let vatClass = base.vatClass;
    if (has('vat_class')) {
      const text = cell('vat_class').toLowerCase();
      const known = VAT_CLASSES.find((v) => v === text);
      if (known) vatClass = known;
      else {
        problems.push(
          text === ''
            ? 'vat_class is empty: write standard or exempt'
            : `vat_class "${cell('vat_class')}" must be standard or exempt`,
        );
      }
    }

    let lowStockLevel = base.lowStockLevel;
    if (has('low_stock_level')) {
      const text = cell('low_stock_level');
      if (text === '') lowStockLevel = null;
      else {
        const value = wholeNumber(text, 'low_stock_level', MAX_STOCK);
        if (typeof value === 'string') problems.push(value);
        else lowStockLevel = value;
      }
    }

    let archived = base.archived;
    if (has('archived')) {
      const text = cell('archived').toLowerCase();
      if (YES.has(text)) archived = true;
      else if (NO.has(text)) archived = false;
      else problems.push(`archived "${cell('archived')}" must be yes or no`);
    }

    read.push({
      line: record.line,
      existing,
      problems,
      fields:
        problems.length > 0
          ? null
          : {
              name,
              description,
              category: category ?? '',
              amountKobo,
              discKobo,
              stock,
              unit,
              vatClass,
              lowStockLevel,
              archived,
            },
    });
  }

  // A name belongs to one product: within the file, and against the products it leaves be.
  const inFile = new Set(read.flatMap((r) => (r.existing ? [r.existing.id] : [])));
  const otherNames = new Map<string, ProductState>();
  for (const p of products) {
    if (!inFile.has(p.id)) otherNames.set(p.name.trim().toLowerCase(), p);
  }
  const nameLines = new Map<string, number>();
  for (const row of read) {
    const name = row.fields?.name ?? '';
    if (name === '') continue;
    const key = name.toLowerCase();
    const earlier = nameLines.get(key);
    if (earlier !== undefined) {
      row.problems.push(
        `the name "${name}" is also on line ${earlier}: each product needs its own name`,
      );
    } else {
      nameLines.set(key, row.line);
    }
    const other = otherNames.get(key);
    if (other) {
      row.problems.push(
        `another product is already called "${other.name}" (slug ${other.slug}${other.archived ? ', archived' : ''}): give this one a different name, or put that slug on this line to change it`,
      );
    }
  }

  const taken = new Set(products.map((p) => p.slug));
  const plan: ImportPlan = {
    rows: read.length,
    adds: [],
    changes: [],
    unchanged: 0,
    bad: [],
    ignoredColumns,
  };
  for (const row of read) {
    if (row.problems.length > 0 || !row.fields) {
      plan.bad.push({ line: row.line, reason: capitalise(row.problems.join('; ')) });
      continue;
    }
    if (!row.existing) {
      plan.adds.push({ line: row.line, slug: newSlug(row.fields.name, taken), fields: row.fields });
      continue;
    }
    const before = productCells(row.existing);
    const after = productCells(row.fields);
    const changes = (Object.keys(after) as (keyof typeof after)[])
      .filter((field) => before[field] !== after[field])
      .map((field) => ({ field, old: before[field], new: after[field] }));
    if (changes.length === 0) {
      plan.unchanged++;
      continue;
    }
    plan.changes.push({
      line: row.line,
      id: row.existing.id,
      slug: row.existing.slug,
      before: pick(row.existing),
      after: row.fields,
      changes,
    });
  }
  return plan;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The editable fields of a product row (without id and slug). */
export function pick(p: ProductFields): ProductFields {
  return {
    name: p.name,
    description: p.description,
    category: p.category,
    amountKobo: p.amountKobo,
    discKobo: p.discKobo,
    stock: p.stock,
    unit: p.unit,
    vatClass: p.vatClass,
    lowStockLevel: p.lowStockLevel,
    archived: p.archived,
  };
}
