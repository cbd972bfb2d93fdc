/**
 * Products, categories and stock as the owner and staff run them. The owner changes
 * everything; staff read the catalogue and change stock only. Each save is one transaction
 * with its change-log row; the products' and categories' triggers bump the catalogue
 * version, so the shop, search and server-rendered pages see a save at once.
 */
import {
  CATALOGUE_MESSAGES,
  CreateCategorySchema,
  CreateProductSchema,
  DeletedSchema,
  LowStockListSchema,
  StaffCategoryListSchema,
  StaffCategoryParamsSchema,
  StaffCategorySchema,
  StaffProductListQuerySchema,
  StaffProductListSchema,
  StaffProductParamsSchema,
  StaffProductSchema,
  STAFF_EDITABLE_FIELDS,
  STAFF_PRODUCT_PAGE_SIZE,
  StockChangeAnswerSchema,
  StockChangeRequestSchema,
  StockHistorySchema,
  UpdateCategorySchema,
  UpdateProductSchema,
  type StaffCategory,
  type StaffProduct,
  type StockChange,
  type UpdateProductRequest,
} from '../../../contract';
import type { RoutePlugin } from '../context';
import type { Queryable } from '../db/client';
import { recordChange } from '../db/changes';
import {
  categoryNamed,
  deleteCategory,
  findAdminProduct,
  findCategory,
  insertCategory,
  insertProduct,
  lastProductChange,
  listAdminCategories,
  listAdminProducts,
  listLowStock,
  lockProductNames,
  moveCategory,
  productNamed,
  renameCategory,
  stockHistory,
  updateProductColumns,
  writeStockChange,
  type AdminProductRecord,
  type CategoryRecord,
  type ProductColumns,
  type StockChangeRecord,
} from '../db/catalogueAdmin';
import { productImagePath } from '../db/products';
import { toNaira } from '../money';
import { currentUser } from '../plugins/auth';
import { conflict, forbidden, issue, notFound, unprocessable } from '../plugins/errors';
import { loopbackOnly } from '../plugins/loopback';
import { shopRole } from './roles';

/** How many stock changes the history shows. */
const STOCK_HISTORY_LIMIT = 100;

function toStaffProduct(p: AdminProductRecord, apiPrefix: string): StaffProduct {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    category: p.category,
    price: toNaira(p.amountKobo),
    discount: p.discAmountKobo === null ? null : toNaira(p.discAmountKobo),
    stock: p.stock,
    held: p.held,
    unit: p.unit,
    vat_class: p.vatClass,
    low_stock_level: p.lowStockLevel,
    archived_at: p.archivedAt,
    row_version: p.rowVersion,
    updated_at: p.updatedAt,
    updated_by: p.updatedBy,
    image: productImagePath(apiPrefix, p.slug, p.imageUrl),
    has_orders: p.hasOrders,
  };
}

const toStaffCategory = (c: CategoryRecord): StaffCategory => ({
  id: c.id,
  name: c.name,
  slug: c.slug,
  position: c.position,
  image_id: c.imageId,
  products: c.products,
});

const toStockChange = (c: StockChangeRecord): StockChange => ({
  id: c.id,
  delta: c.delta,
  stock_after: c.stockAfter,
  reason: c.reason,
  note: c.note,
  by: c.by,
  at: c.at,
});

/** Naira as typed to whole kobo; a third decimal place is a typo, not a price. */
function toKobo(naira: number, field: string): number {
  const kobo = Math.round(naira * 100);
  if (Math.abs(kobo - naira * 100) > 1e-6) {
    throw unprocessable([issue(['body', field], CATALOGUE_MESSAGES.priceKobo)]);
  }
  return kobo;
}

/** A person's text tidied: ends trimmed, inner runs of spaces made one. */
const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

/** "12:03 on 28 November", in the shop's own time zone. */
function whenText(isoTime: string): string {
  const d = new Date(isoTime);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'long',
  }).format(d);
  return `${time} on ${day}`;
}

/** The category as listed (its exact name), or 422 naming the list. */
async function listedCategory(db: Queryable, name: string): Promise<string> {
  const found = await categoryNamed(db, tidy(name));
  if (!found) {
    throw unprocessable([
      issue(
        ['body', 'category'],
        `There is no category called “${tidy(name)}”. Pick one from the list, or add it under Categories first.`,
      ),
    ]);
  }
  return found.name;
}

async function refuseDuplicateName(db: Queryable, name: string, exceptId: number | null) {
  const other = await productNamed(db, name, exceptId);
  if (other) {
    throw conflict(
      `A product called “${other.name}” is already in the catalogue. Give this one another name.`,
    );
  }
}

function checkDiscount(discountKobo: number | null, priceKobo: number) {
  if (discountKobo !== null && (discountKobo <= 0 || discountKobo >= priceKobo)) {
    throw unprocessable([issue(['body', 'discount'], CATALOGUE_MESSAGES.discount)]);
  }
}

/** The API's name of each column a save may change, for the change log. */
const FIELD_OF: Record<keyof ProductColumns, string> = {
  name: 'name',
  description: 'description',
  category: 'category',
  amount_kobo: 'price',
  disc_amount_kobo: 'discount',
  inventory_stock: 'stock',
  unit: 'unit',
  vat_class: 'vat_class',
  low_stock_level: 'low_stock_level',
  archived_at: 'archived_at',
};

function apiValue(column: keyof ProductColumns, value: unknown): unknown {
  if ((column === 'amount_kobo' || column === 'disc_amount_kobo') && typeof value === 'number') {
    return toNaira(value);
  }
  return value;
}

function columnsOf(p: AdminProductRecord): Required<ProductColumns> {
  return {
    name: p.name,
    description: p.description,
    category: p.category,
    amount_kobo: p.amountKobo,
    disc_amount_kobo: p.discAmountKobo,
    inventory_stock: p.stock,
    unit: p.unit,
    vat_class: p.vatClass,
    low_stock_level: p.lowStockLevel,
    archived_at: p.archivedAt,
  };
}

const catalogueRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db, config, clock } = ctx;
  const apiPrefix = config.apiPrefix;

  // In the demo the owner's and staff member's passwords are published: this computer only.
  const local = config.mode === 'demo' ? { onRequest: loopbackOnly } : {};
  const anyMember = { ...local, preValidation: [ctx.requireUser, shopRole(db)] };
  const ownerOnly = { ...local, preValidation: [ctx.requireUser, shopRole(db, ['owner'])] };

  async function productOr404(q: Queryable, id: number, lock = false) {
    const product = await findAdminProduct(q, id, lock);
    if (!product) throw notFound(CATALOGUE_MESSAGES.productNotFound);
    return product;
  }

  // ---------------------------------------------------------------- products

  app.get(
    '/staff/products',
    {
      ...anyMember,
      schema: {
        querystring: StaffProductListQuerySchema,
        response: { 200: StaffProductListSchema },
      },
    },
    async (request) => {
      const {
        q,
        category,
        archived = false,
        limit = STAFF_PRODUCT_PAGE_SIZE,
        offset = 0,
      } = request.query;
      const { records, total } = await listAdminProducts(db, {
        q,
        category,
        archived,
        limit,
        offset,
      });
      return { products: records.map((p) => toStaffProduct(p, apiPrefix)), total };
    },
  );

  app.get(
    '/staff/products/:id',
    {
      ...anyMember,
      schema: { params: StaffProductParamsSchema, response: { 200: StaffProductSchema } },
    },
    async (request) => toStaffProduct(await productOr404(db, request.params.id), apiPrefix),
  );

  app.post(
    '/staff/products',
    {
      ...ownerOnly,
      schema: { body: CreateProductSchema, response: { 201: StaffProductSchema } },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const body = request.body;
      const name = tidy(body.name);
      const amountKobo = toKobo(body.price, 'price');
      const discKobo =
        body.discount === undefined || body.discount === null
          ? null
          : toKobo(body.discount, 'discount');
      checkDiscount(discKobo, amountKobo);
      const at = clock.now();
      const product = await db.transaction(async (tx) => {
        const category = await listedCategory(tx, body.category);
        await lockProductNames(tx);
        await refuseDuplicateName(tx, name, null);
        const stock = body.stock ?? 0;
        const id = await insertProduct(
          tx,
          {
            name,
            description: (body.description ?? '').trim(),
            category,
            amountKobo,
            discAmountKobo: discKobo,
            stock,
            unit: tidy(body.unit ?? ''),
            vatClass: body.vat_class ?? 'exempt',
            lowStockLevel: body.low_stock_level ?? null,
          },
          actor.id,
          at,
        );
        if (stock > 0) {
          await writeStockChange(tx, {
            productId: id,
            delta: stock,
            stockAfter: stock,
            reason: 'received',
            note: 'Stock when the product was added',
            actorId: actor.id,
            at,
          });
        }
        const created = await productOr404(tx, id);
        const after = toStaffProduct(created, apiPrefix);
        await recordChange(tx, {
          actorId: actor.id,
          entity: 'product',
          entityId: id,
          action: 'create',
          after,
        });
        return after;
      });
      request.log.info({ productId: product.id }, 'product added');
      return reply.code(201).send(product);
    },
  );

  app.patch(
    '/staff/products/:id',
    {
      ...anyMember,
      schema: {
        params: StaffProductParamsSchema,
        body: UpdateProductSchema,
        response: { 200: StaffProductSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const body = request.body;
      const asked = (Object.keys(body) as (keyof UpdateProductRequest)[]).filter(
        (k) => k !== 'row_version' && body[k] !== undefined,
      );
      // Staff count stock; everything else (prices, names, VAT, archiving) is the owner's.
      if (
        request.shopRole !== 'owner' &&
        asked.some((field) => !STAFF_EDITABLE_FIELDS.includes(field))
      ) {
        throw forbidden(CATALOGUE_MESSAGES.ownerOnly);
      }
      const at = clock.now();
      const saved = await db.transaction(async (tx) => {
        if (body.name !== undefined) await lockProductNames(tx);
        const current = await productOr404(tx, request.params.id, true);
        if (body.row_version !== current.rowVersion) {
          const last = await lastProductChange(tx, current.id);
          const who = last?.by ?? current.updatedBy ?? 'Someone';
          const when = whenText(last?.at ?? current.updatedAt);
          throw conflict(
            `${who} changed this product at ${when}, after you opened it. Nothing was saved: reload to see their change, then make yours again.`,
          );
        }
        const next: ProductColumns = {};
        if (body.name !== undefined) {
          const name = tidy(body.name);
          await refuseDuplicateName(tx, name, current.id);
          next.name = name;
        }
        if (body.description !== undefined) next.description = body.description.trim();
        if (body.category !== undefined) next.category = await listedCategory(tx, body.category);
        if (body.price !== undefined) next.amount_kobo = toKobo(body.price, 'price');
        if (body.discount !== undefined) {
          next.disc_amount_kobo = body.discount === null ? null : toKobo(body.discount, 'discount');
        }
        if (body.price !== undefined || body.discount !== undefined) {
          checkDiscount(
            next.disc_amount_kobo !== undefined ? next.disc_amount_kobo : current.discAmountKobo,
            next.amount_kobo ?? current.amountKobo,
          );
        }
        if (body.unit !== undefined) next.unit = tidy(body.unit);
        if (body.vat_class !== undefined) next.vat_class = body.vat_class;
        if (body.low_stock_level !== undefined) next.low_stock_level = body.low_stock_level;
        if (body.archived !== undefined) {
          const archived = current.archivedAt !== null;
          if (body.archived !== archived) {
            next.archived_at = body.archived ? at.toISOString() : null;
          }
        }
        // Only what really changes is written and logged.
        const was = columnsOf(current);
        const changed = (Object.keys(next) as (keyof ProductColumns)[]).filter(
          (column) => next[column] !== was[column],
        );
        const stockChanged = body.stock !== undefined && body.stock !== current.stock;
        if (changed.length === 0 && !stockChanged) return current;
        const columns: ProductColumns = {};
        for (const column of changed) Object.assign(columns, { [column]: next[column] });
        await updateProductColumns(tx, current.id, columns, actor.id, at);
        if (stockChanged) {
          // Setting the figure on sale from the form is a count, kept in the history too.
          await writeStockChange(tx, {
            productId: current.id,
            delta: body.stock! - current.stock,
            stockAfter: body.stock!,
            reason: 'counted',
            note: 'Set in the product form',
            actorId: actor.id,
            at,
          });
        }
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const column of changed) {
          before[FIELD_OF[column]] = apiValue(column, was[column]);
          after[FIELD_OF[column]] = apiValue(column, next[column]);
        }
        if (stockChanged) {
          before.stock = current.stock;
          after.stock = body.stock;
        }
        const archiving = changed.includes('archived_at') && changed.length === 1;
        await recordChange(tx, {
          actorId: actor.id,
          entity: 'product',
          entityId: current.id,
          action: archiving && next.archived_at !== null ? 'archive' : 'update',
          before,
          after,
        });
        return productOr404(tx, current.id);
      });
      return toStaffProduct(saved, apiPrefix);
    },
  );

  // ---------------------------------------------------------------- stock

  app.post(
    '/staff/products/:id/stock',
    {
      ...anyMember,
      schema: {
        params: StaffProductParamsSchema,
        body: StockChangeRequestSchema,
        response: { 200: StockChangeAnswerSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { reason, delta, counted, note = '' } = request.body;
      if ((delta === undefined) === (counted === undefined)) {
        throw unprocessable([
          issue(['body'], 'Give either the units in or out, or the total you counted'),
        ]);
      }
      if (delta === 0) {
        throw unprocessable([issue(['body', 'delta'], 'Enter how many units came in or went out')]);
      }
      const at = clock.now();
      return db.transaction(async (tx) => {
        const current = await productOr404(tx, request.params.id, true);
        let stockAfter: number;
        if (counted !== undefined) {
          // The count is every unit in the shop; held ones are among them and stay held.
          if (counted < current.held) {
            throw conflict(
              `You counted ${counted}, but ${current.held} ${current.held === 1 ? 'is' : 'are'} held for open orders and payments of ${current.name}. Count again, counting the units set aside for orders too.`,
            );
          }
          stockAfter = counted - current.held;
        } else {
          stockAfter = current.stock + delta!;
          if (stockAfter < 0) {
            const held = current.held > 0 ? ` (${current.held} more are held for open orders)` : '';
            throw conflict(
              `Only ${current.stock} of ${current.name} ${current.stock === 1 ? 'is' : 'are'} on sale${held}: you cannot take out ${-delta!}.`,
            );
          }
        }
        const change = await writeStockChange(tx, {
          productId: current.id,
          delta: stockAfter - current.stock,
          stockAfter,
          reason,
          note: note.trim(),
          actorId: actor.id,
          at,
        });
        await recordChange(tx, {
          actorId: actor.id,
          entity: 'product',
          entityId: current.id,
          action: 'update',
          before: { stock: current.stock },
          after: { stock: stockAfter, reason, note: note.trim() },
        });
        const product = await productOr404(tx, current.id);
        return { product: toStaffProduct(product, apiPrefix), change: toStockChange(change) };
      });
    },
  );

  app.get(
    '/staff/products/:id/stock',
    {
      ...anyMember,
      schema: { params: StaffProductParamsSchema, response: { 200: StockHistorySchema } },
    },
    async (request) => {
      const product = await productOr404(db, request.params.id);
      const changes = await stockHistory(db, product.id, STOCK_HISTORY_LIMIT);
      return { product_id: product.id, changes: changes.map(toStockChange) };
    },
  );

  app.get(
    '/staff/stock/low',
    { ...anyMember, schema: { response: { 200: LowStockListSchema } } },
    async () => ({
      products: (await listLowStock(db)).map((p) => toStaffProduct(p, apiPrefix)),
    }),
  );

  // ---------------------------------------------------------------- categories

  async function categoryOr404(q: Queryable, id: number, lock = false) {
    const category = await findCategory(q, id, lock);
    if (!category) throw notFound(CATALOGUE_MESSAGES.categoryNotFound);
    return category;
  }

  async function refuseDuplicateCategory(q: Queryable, name: string, exceptId: number | null) {
    const other = await categoryNamed(q, name, exceptId);
    if (other) throw conflict(`There is already a category called “${other.name}”.`);
  }

  app.get(
    '/staff/categories',
    { ...anyMember, schema: { response: { 200: StaffCategoryListSchema } } },
    async () => ({ categories: (await listAdminCategories(db)).map(toStaffCategory) }),
  );

  app.post(
    '/staff/categories',
    {
      ...ownerOnly,
      schema: { body: CreateCategorySchema, response: { 201: StaffCategorySchema } },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const name = tidy(request.body.name);
      const category = await db.transaction(async (tx) => {
        await tx.query('LOCK TABLE categories IN SHARE ROW EXCLUSIVE MODE');
        await refuseDuplicateCategory(tx, name, null);
        const made = await categoryOr404(tx, await insertCategory(tx, name));
        await recordChange(tx, {
          actorId: actor.id,
          entity: 'category',
          entityId: made.id,
          action: 'create',
          after: toStaffCategory(made),
        });
        return made;
      });
      return reply.code(201).send(toStaffCategory(category));
    },
  );

  app.patch(
    '/staff/categories/:id',
    {
      ...ownerOnly,
      schema: {
        params: StaffCategoryParamsSchema,
        body: UpdateCategorySchema,
        response: { 200: StaffCategorySchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { name: typed, position } = request.body;
      const category = await db.transaction(async (tx) => {
        await tx.query('LOCK TABLE categories IN SHARE ROW EXCLUSIVE MODE');
        const current = await categoryOr404(tx, request.params.id, true);
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        if (typed !== undefined && tidy(typed) !== current.name) {
          const name = tidy(typed);
          await refuseDuplicateCategory(tx, name, current.id);
          const moved = await renameCategory(tx, current.id, current.name, name);
          before.name = current.name;
          after.name = name;
          after.products_renamed = moved;
        }
        if (position !== undefined && position !== current.position) {
          await moveCategory(tx, current.id, position);
          before.position = current.position;
          after.position = position;
        }
        if (Object.keys(after).length === 0) return current;
        await recordChange(tx, {
          actorId: actor.id,
          entity: 'category',
          entityId: current.id,
          action: 'update',
          before,
          after,
        });
        return categoryOr404(tx, current.id);
      });
      return toStaffCategory(category);
    },
  );

  app.delete(
    '/staff/categories/:id',
    {
      ...ownerOnly,
      schema: { params: StaffCategoryParamsSchema, response: { 200: DeletedSchema } },
    },
    async (request) => {
      const actor = currentUser(request);
      await db.transaction(async (tx) => {
        // Locked so that no product is filed under it between the count and the delete.
        await tx.query('LOCK TABLE categories IN SHARE ROW EXCLUSIVE MODE');
        const current = await categoryOr404(tx, request.params.id, true);
        const used = await tx.query<{ n: unknown }>(
          'SELECT count(*) AS n FROM products WHERE category = $1',
          [current.name],
        );
        const n = Number(used[0]?.n ?? 0);
        if (n > 0) {
          throw conflict(
            `${n} ${n === 1 ? 'product is' : 'products are'} filed under “${current.name}” (archived ones count too). Move them to another category first.`,
          );
        }
        await deleteCategory(tx, current.id);
        await recordChange(tx, {
          actorId: actor.id,
          entity: 'category',
          entityId: current.id,
          action: 'delete',
          before: toStaffCategory(current),
        });
      });
      return { deleted: true };
    },
  );
};

export default catalogueRoutes;
