import type { Product, ProductSort } from '../../../contract';
import { toNaira } from '../money';
import type { Queryable } from './client';
import { isoOrNull, num, numOrNull } from './rows';
import {
  filterOf,
  loadCatalogueIndex,
  orderOf,
  pageOfRows,
  rowOf,
  type CatalogueIndex,
} from './catalogueIndex';
import { planNearest, planSearch, planTypeAhead, searchWords, type SearchPlan } from './search';

export interface ProductRecord {
  id: number;
  slug: string;
  name: string;
  description: string;
  category: string;
  amountKobo: number;
  discAmountKobo: number | null;
  ratings: number;
  inventoryStock: number;
  imageUrl: string | null;
  /** Set when the owner archived it: out of the shop, kept for the orders that name it. */
  archivedAt: string | null;
  vendor: { id: number; name: string; address: string; phone: string; description: string };
}

interface ProductRow {
  id: unknown;
  slug: string;
  name: string;
  description: string;
  category: string;
  amount_kobo: unknown;
  disc_amount_kobo: unknown;
  ratings: unknown;
  inventory_stock: unknown;
  image_url: string | null;
  archived_at: unknown;
  vendor_id: unknown;
  vendor_name: string;
  vendor_address: string;
  vendor_phone: string;
  vendor_description: string;
}

const SELECT = `SELECT p.id, p.slug, p.name, p.description, p.category, p.amount_kobo,
    p.disc_amount_kobo, p.ratings, p.inventory_stock, p.image_url, p.archived_at, p.vendor_id,
    v.name AS vendor_name, v.address AS vendor_address, v.phone AS vendor_phone,
    v.description AS vendor_description
  FROM products p JOIN vendors v ON v.id = p.vendor_id`;

function toRecord(r: ProductRow): ProductRecord {
  return {
    id: num(r.id),
    slug: r.slug,
    name: r.name,
    description: r.description,
    category: r.category,
    amountKobo: num(r.amount_kobo),
    discAmountKobo: numOrNull(r.disc_amount_kobo),
    ratings: num(r.ratings),
    inventoryStock: num(r.inventory_stock),
    imageUrl: r.image_url,
    archivedAt: isoOrNull(r.archived_at),
    vendor: {
      id: num(r.vendor_id),
      name: r.vendor_name,
      address: r.vendor_address,
      phone: r.vendor_phone,
      description: r.vendor_description,
    },
  };
}

/** A photo when one is set, else the tile this server draws for the product. */
export function productImagePath(apiPrefix: string, slug: string, imageUrl: string | null): string {
  return imageUrl ?? `${apiPrefix}/images/products/${slug}.svg`;
}

/** What one item costs the shopper, in kobo. */
export function unitPriceKobo(p: { amountKobo: number; discAmountKobo: number | null }): number {
  return p.amountKobo - (p.discAmountKobo ?? 0);
}

export function toProduct(p: ProductRecord, apiPrefix: string): Product {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    images: productImagePath(apiPrefix, p.slug, p.imageUrl),
    amount: toNaira(p.amountKobo),
    disc_amount: p.discAmountKobo === null ? null : toNaira(p.discAmountKobo),
    ratings: p.ratings,
    inventory_stock: p.inventoryStock,
    description: p.description,
    category: p.category,
    vendor: p.vendor,
  };
}

export interface ProductPageQuery {
  q?: string;
  category?: string;
  minPriceKobo?: number;
  maxPriceKobo?: number;
  inStock?: boolean;
  discounted?: boolean;
  sort: ProductSort;
  limit: number;
  offset: number;
}

/**
 * Name matches weigh most (A), then category (B), then description (C): ts_rank's weights
 * are given as {D, C, B, A}. The name's likeness to the whole text puts "Palm Oil 1 Litre"
 * above a longer name that also holds both words.
 */
const RANK = `(ts_rank('{0.02, 0.1, 0.3, 1.0}', p.search_vector, tsq) +
  0.5 * similarity(lower(p.name), qtext))`;

/**
 * What a server may keep while the catalogue version stays the same: search plans and ranked
 * results (`remember`), and the catalogue's index of filter and sort columns (`index`, one,
 * larger than any other entry). `make` computes the value when it is not kept; `bytes` says
 * what keeping it would cost.
 */
export interface ListingMemo {
  remember<T>(key: string, make: () => Promise<T>, bytes: (value: T) => number): Promise<T>;
  index(make: () => Promise<CatalogueIndex>): Promise<CatalogueIndex>;
}

const NO_MEMO: ListingMemo = { remember: (_key, make) => make(), index: (make) => make() };

/** A kept entry's own cost beyond its values. */
const ENTRY_BYTES = 64;

/**
 * One page of the catalogue, filtered, searched and sorted, with how many products match
 * over all pages. A search whose words reduce to nothing searchable matches nothing.
 *
 * Filters and sorts are applied to the catalogue index (catalogueIndex.ts), read once per
 * catalogue version. A search ranks every match once (ids only, whatever the filters and
 * sort) and keeps that order in `memo`; each page of it, in any sort and with any filters, is
 * then worked out in memory. The database is then only asked for the products on the page.
 */
export async function listProductPage(
  db: Queryable,
  query: ProductPageQuery,
  memo: ListingMemo = NO_MEMO,
): Promise<{ records: ProductRecord[]; total: number }> {
  if ((query.q ?? '').trim() === '') query = { ...query, q: undefined };
  const words = searchWords(query.q ?? '').join(' ');
  // Typed, but nothing searchable in it ("_"): a search that matches nothing.
  if (query.q !== undefined && words === '') return { records: [], total: 0 };
  const plan =
    words === ''
      ? null
      : await memo.remember(
          `plan ${words}`,
          () => planSearch(db, words),
          (p) => 2 * (p.tsquery.length + p.text.length) + ENTRY_BYTES,
        );
  if (plan && plan.tsquery === '') return { records: [], total: 0 };
  const index = await memo.index(() => loadCatalogueIndex(db));
  const pass = filterOf(index, query);
  let page: { ids: number[]; total: number };
  if (plan) {
    const ranked = await memo.remember(
      `ranked ${JSON.stringify([plan.tsquery, plan.text])}`,
      () => rankMatches(db, plan),
      (ids) => ids.byteLength + ENTRY_BYTES,
    );
    if (query.sort === 'relevance') {
      const rows = Int32Array.from(ranked, (id) => rowOf(index, id));
      page = pageOfRows(index, rows, ranked, pass, query.offset, query.limit);
    } else {
      const matched = new Uint8Array(index.ids.length);
      for (const id of ranked) {
        const row = rowOf(index, id);
        if (row !== -1) matched[row] = 1;
      }
      const both = (row: number) => matched[row] === 1 && (!pass || pass(row));
      page = pageOfRows(index, orderOf(index, query.sort), null, both, query.offset, query.limit);
    }
  } else {
    const sort = query.sort === 'relevance' ? 'featured' : query.sort;
    page = pageOfRows(index, orderOf(index, sort), null, pass, query.offset, query.limit);
  }
  return { records: await recordsInOrder(db, page.ids), total: page.total };
}

/** Every product matching a search, best first (ties by id). */
async function rankMatches(db: Queryable, plan: SearchPlan): Promise<Int32Array> {
  const rows = await db.query<{ id: unknown }>(
    `SELECT p.id, ${RANK} AS rank
       FROM products p, to_tsquery('english', $2::text) AS tsq, CAST($1 AS text) AS qtext
      WHERE p.search_vector @@ tsq AND p.archived_at IS NULL
      ORDER BY rank DESC, p.id`,
    [plan.text, plan.tsquery],
  );
  return Int32Array.from(rows, (r) => num(r.id));
}

/** The products with these ids, in the order given (ids no longer in the catalogue left out). */
async function recordsInOrder(db: Queryable, ids: number[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<ProductRow>(`${SELECT} WHERE p.id = ANY($1::int[])`, [ids]);
  const byId = new Map(rows.map((r) => [num(r.id), r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toRecord(row)] : [];
  });
}

/** The products nearest to a search that matched nothing (no filters), best first. */
export async function nearestProducts(
  db: Queryable,
  q: string,
  limit: number,
): Promise<ProductRecord[]> {
  const plan = await planNearest(db, q);
  if (plan.tsquery === '') return [];
  const rows = await db.query<ProductRow>(
    `WITH page AS (
       SELECT p.id, ${RANK} AS rank FROM products p, to_tsquery('english', $2::text) AS tsq, CAST($1 AS text) AS qtext
        WHERE p.search_vector @@ tsq AND p.archived_at IS NULL ORDER BY rank DESC, p.id LIMIT $3
     )
     ${SELECT} JOIN page ON page.id = p.id ORDER BY page.rank DESC, p.id`,
    [plan.text, plan.tsquery, limit],
  );
  return rows.map(toRecord);
}

/** Product names for type-ahead: names matching every word, the last one as typed so far. */
export async function suggestProductNames(
  db: Queryable,
  q: string,
  limit: number,
): Promise<{ name: string; slug: string }[]> {
  const plan = await planTypeAhead(db, q);
  if (plan.tsquery === '') return [];
  return db.query<{ name: string; slug: string }>(
    `SELECT p.name, p.slug FROM products p, to_tsquery('english', $2::text) AS tsq, CAST($1 AS text) AS qtext
      WHERE p.search_vector @@ tsq AND p.archived_at IS NULL ORDER BY ${RANK} DESC, p.id LIMIT $3`,
    [plan.text, plan.tsquery, limit],
  );
}

/** The whole catalogue on sale (archived products left out), in catalogue order. */
export async function listProducts(db: Queryable): Promise<ProductRecord[]> {
  return (await db.query<ProductRow>(`${SELECT} WHERE p.archived_at IS NULL ORDER BY p.id`)).map(
    toRecord,
  );
}

/** A product by slug, archived or not (its page says when it is no longer sold). */
export async function findProductBySlug(
  db: Queryable,
  slug: string,
): Promise<ProductRecord | null> {
  const rows = await db.query<ProductRow>(`${SELECT} WHERE p.slug = $1`, [slug]);
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function findProductById(db: Queryable, id: number): Promise<ProductRecord | null> {
  const rows = await db.query<ProductRow>(`${SELECT} WHERE p.id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Changes whenever any product or vendor changes (a trigger bumps it). */
export async function catalogueVersion(db: Queryable): Promise<number> {
  const rows = await db.query<{ version: unknown }>(
    'SELECT version FROM catalogue_state WHERE id = 1',
  );
  return rows[0] ? num(rows[0].version) : 0;
}

/**
 * catalogueVersion for callers on every request: those arriving while a query is on its way
 * share it, so the answer is at most one round trip old.
 */
export function sharedCatalogueVersion(db: Queryable): () => Promise<number> {
  let pending: Promise<number> | null = null;
  return () => {
    pending ??= catalogueVersion(db).finally(() => {
      pending = null;
    });
    return pending;
  };
}

export async function countProducts(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: unknown }>('SELECT count(*) AS n FROM products');
  return rows[0] ? num(rows[0].n) : 0;
}
