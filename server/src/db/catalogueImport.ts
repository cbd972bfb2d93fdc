/**
 * The catalogue spreadsheet's SQL: every product as the CSV sees it, and an import's writes
 * as one statement per kind of change (arrays unnested), so 5,000 rows are a handful of
 * statements, not 5,000 round trips.
 */
import type { VatClass } from '../../../contract';
import { SHOP_TITLE } from '../../../contract/titles';
import type { ImportPlan, ProductFields, ProductState } from '../backOffice/importPlan';
import { recordChanges, type Change } from './changes';
import type { Queryable } from './client';
import { num, numOrNull } from './rows';

interface ProductRow {
  id: unknown;
  slug: string;
  name: string;
  description: string;
  category: string;
  amount_kobo: unknown;
  disc_amount_kobo: unknown;
  inventory_stock: unknown;
  unit: string;
  vat_class: string;
  low_stock_level: unknown;
  archived: boolean;
}

const PRODUCT_COLUMNS = `id, slug, name, description, category, amount_kobo, disc_amount_kobo,
  inventory_stock, unit, vat_class, low_stock_level, archived_at IS NOT NULL AS archived`;

function toState(row: ProductRow): ProductState {
  return {
    id: num(row.id),
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: row.category,
    amountKobo: num(row.amount_kobo),
    discKobo: numOrNull(row.disc_amount_kobo),
    stock: num(row.inventory_stock),
    unit: row.unit,
    vatClass: row.vat_class as VatClass,
    lowStockLevel: numOrNull(row.low_stock_level),
    archived: row.archived,
  };
}

/** Every product, archived ones included, in the order the export lists them. */
export async function catalogueProducts(db: Queryable): Promise<ProductState[]> {
  const rows = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM products ORDER BY category, name, id`,
  );
  return rows.map(toState);
}

/** The managed list of categories, in the shop's order. */
export async function categoryNames(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    'SELECT name FROM categories ORDER BY position, name',
  );
  return rows.map((r) => r.name);
}

/**
 * Locks the products an import names (by slug) until its transaction ends, so an edit or an
 * order in between cannot slip under the values the plan is made from.
 */
export async function lockProductsBySlug(tx: Queryable, slugs: readonly string[]): Promise<void> {
  if (slugs.length === 0) return;
  await tx.query('SELECT id FROM products WHERE slug = ANY($1::text[]) ORDER BY id FOR UPDATE', [
    [...slugs],
  ]);
}

/**
 * The vendor a new product is sold by: the one most products have (this shop sells its own
 * goods), or, in a shop with none yet, a vendor named after the shop.
 */
async function shopVendor(tx: Queryable): Promise<number> {
  const rows = await tx.query<{ id: unknown }>(
    `SELECT id FROM (
       SELECT vendor_id AS id, count(*) AS n FROM products GROUP BY vendor_id
       UNION ALL SELECT id, 0 FROM (SELECT id FROM vendors ORDER BY id LIMIT 1) AS first
     ) AS v ORDER BY n DESC, id LIMIT 1`,
  );
  if (rows[0]) return num(rows[0].id);
  const created = await tx.query<{ id: unknown }>(
    `INSERT INTO vendors (name, address, phone, description) VALUES ($1, '', '', '') RETURNING id`,
    [SHOP_TITLE],
  );
  return num(created[0]?.id);
}

/** A product's fields as the change log keeps them (naira words are the client's job). */
function logged(f: ProductFields, slug: string) {
  return {
    slug,
    name: f.name,
    description: f.description,
    category: f.category,
    amount_kobo: f.amountKobo,
    disc_amount_kobo: f.discKobo,
    stock: f.stock,
    unit: f.unit,
    vat_class: f.vatClass,
    low_stock_level: f.lowStockLevel,
    archived: f.archived,
  };
}

/** Only the fields that changed, before and after, for the change log. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => before[k] !== after[k]);
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

const column = <T>(items: readonly ProductFields[], get: (f: ProductFields) => T): T[] =>
  items.map(get);

/**
 * Writes a plan with no bad rows, inside the caller's transaction: the new products, the
 * changed ones, their stock history (reason 'import') and one change-log row per product.
 * Answers the new products' ids by slug.
 */
export async function applyImportPlan(
  tx: Queryable,
  plan: ImportPlan,
  actorId: number,
  at: Date,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const stamp = at.toISOString();

  if (plan.adds.length > 0) {
    const vendorId = await shopVendor(tx);
    const fields = plan.adds.map((a) => a.fields);
    const inserted = await tx.query<{ id: unknown; slug: string }>(
      `INSERT INTO products (slug, name, description, category, amount_kobo, disc_amount_kobo,
         inventory_stock, unit, vat_class, low_stock_level, archived_at, vendor_id, updated_by,
         created_at, updated_at)
       SELECT v.slug, v.name, v.description, v.category, v.amount_kobo, v.disc, v.stock, v.unit,
              v.vat_class, v.low_stock, CASE WHEN v.archived THEN $12::timestamptz END,
              $13, $14, $12::timestamptz, $12::timestamptz
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[],
                     $7::int[], $8::text[], $9::text[], $10::int[], $11::boolean[])
           AS v(slug, name, description, category, amount_kobo, disc, stock, unit, vat_class,
                low_stock, archived)
       RETURNING id, slug`,
      [
        plan.adds.map((a) => a.slug),
        column(fields, (f) => f.name),
        column(fields, (f) => f.description),
        column(fields, (f) => f.category),
        column(fields, (f) => f.amountKobo),
        column(fields, (f) => f.discKobo),
        column(fields, (f) => f.stock),
        column(fields, (f) => f.unit),
        column(fields, (f) => f.vatClass),
        column(fields, (f) => f.lowStockLevel),
        column(fields, (f) => f.archived),
        stamp,
        vendorId,
        actorId,
      ],
    );
    for (const row of inserted) ids.set(row.slug, num(row.id));
  }

  if (plan.changes.length > 0) {
    const fields = plan.changes.map((c) => c.after);
    await tx.query(
      `UPDATE products AS p
          SET name = v.name, description = v.description, category = v.category,
              amount_kobo = v.amount_kobo, disc_amount_kobo = v.disc, inventory_stock = v.stock,
              unit = v.unit, vat_class = v.vat_class, low_stock_level = v.low_stock,
              archived_at = CASE WHEN v.archived THEN coalesce(p.archived_at, $12::timestamptz) END,
              row_version = p.row_version + 1, updated_by = $13, updated_at = $12::timestamptz
         FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[],
                     $7::int[], $8::text[], $9::text[], $10::int[], $11::boolean[])
           AS v(id, name, description, category, amount_kobo, disc, stock, unit, vat_class,
                low_stock, archived)
        WHERE p.id = v.id`,
      [
        plan.changes.map((c) => c.id),
        column(fields, (f) => f.name),
        column(fields, (f) => f.description),
        column(fields, (f) => f.category),
        column(fields, (f) => f.amountKobo),
        column(fields, (f) => f.discKobo),
        column(fields, (f) => f.stock),
        column(fields, (f) => f.unit),
        column(fields, (f) => f.vatClass),
        column(fields, (f) => f.lowStockLevel),
        column(fields, (f) => f.archived),
        stamp,
        actorId,
      ],
    );
  }

  // The stock history: a new product's first count, and every count the file changed.
  const moves = [
    ...plan.adds
      .filter((a) => a.fields.stock > 0)
      .map((a) => ({ id: ids.get(a.slug) ?? 0, delta: a.fields.stock, after: a.fields.stock })),
    ...plan.changes
      .filter((c) => c.after.stock !== c.before.stock)
      .map((c) => ({ id: c.id, delta: c.after.stock - c.before.stock, after: c.after.stock })),
  ];
  if (moves.length > 0) {
    await tx.query(
      `INSERT INTO stock_changes (product_id, delta, stock_after, reason, actor_id, at)
       SELECT v.id, v.delta, v.after, 'import', $4, $5::timestamptz
         FROM unnest($1::int[], $2::int[], $3::int[]) AS v(id, delta, after)`,
      [
        moves.map((m) => m.id),
        moves.map((m) => m.delta),
        moves.map((m) => m.after),
        actorId,
        stamp,
      ],
    );
  }

  // One change-log row per product, written together.
  await recordChanges(tx, [
    ...plan.adds.map((a): Change => ({
      actorId,
      entity: 'product',
      entityId: ids.get(a.slug) ?? null,
      action: 'create',
      after: logged(a.fields, a.slug),
    })),
    ...plan.changes.map((c): Change => ({
      actorId,
      entity: 'product',
      entityId: c.id,
      action: 'import',
      ...changedFields(logged(c.before, c.slug), logged(c.after, c.slug)),
    })),
  ]);
  return ids;
}
