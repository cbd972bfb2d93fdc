/**
 * Products, categories and stock as the owner and staff run them from the back office
 * (/api/staff/products..., /api/staff/categories..., /api/staff/stock/low), and the shop's
 * category list (GET /categories) that the home page tiles and the shop's chips read.
 *
 * Money crosses the wire in naira (as the shop's own calls do) and is kept in kobo.
 */
import { Type, type Static } from 'typebox';
import {
  CATALOGUE_MESSAGES,
  MAX_CATEGORY_NAME_LENGTH,
  MAX_PRODUCT_DESCRIPTION_LENGTH,
  MAX_PRODUCT_NAME_LENGTH,
  MAX_PRODUCT_PRICE_NAIRA,
  MAX_STOCK,
  MAX_STOCK_NOTE_LENGTH,
  MAX_UNIT_LENGTH,
  STOCK_REASONS,
  VAT_CLASSES,
} from './catalogueRules';
import { MAX_ID, MAX_PAGE_SIZE } from './rules';

export * from './catalogueRules';

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Name = Type.String({
  minLength: 1,
  maxLength: MAX_PRODUCT_NAME_LENGTH,
  pattern: '\\S',
  errorMessage: CATALOGUE_MESSAGES.name,
});
const Price = Type.Number({
  exclusiveMinimum: 0,
  maximum: MAX_PRODUCT_PRICE_NAIRA,
  errorMessage: CATALOGUE_MESSAGES.price,
});
const Discount = Type.Union([
  Type.Number({
    exclusiveMinimum: 0,
    maximum: MAX_PRODUCT_PRICE_NAIRA,
    errorMessage: CATALOGUE_MESSAGES.discount,
  }),
  Type.Null(),
]);
const Stock = Type.Integer({
  minimum: 0,
  maximum: MAX_STOCK,
  errorMessage: CATALOGUE_MESSAGES.stock,
});
const LowStockLevel = Type.Union([Type.Integer({ minimum: 0, maximum: MAX_STOCK }), Type.Null()]);
const CategoryName = Type.String({
  minLength: 1,
  maxLength: MAX_CATEGORY_NAME_LENGTH,
  pattern: '\\S',
  errorMessage: CATALOGUE_MESSAGES.categoryName,
});

export const StaffProductParamsSchema = Type.Object({ id: Id });
export const StaffCategoryParamsSchema = Type.Object({ id: Id });

/** A product as the back office shows it. */
export const StaffProductSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  category: Type.String(),
  /** naira */
  price: Type.Number(),
  /** naira off the price, or null for none */
  discount: Type.Union([Type.Number(), Type.Null()]),
  /** Units on sale now (held units already left out, as the shop shows it). */
  stock: Type.Integer(),
  /** Units held for open orders and payments under way: still in the shop, not for sale. */
  held: Type.Integer(),
  unit: Type.String(),
  vat_class: Type.Enum(VAT_CLASSES),
  low_stock_level: Type.Union([Type.Integer(), Type.Null()]),
  archived_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Send it back with a change: a save made from an older one is refused (409). */
  row_version: Type.Integer(),
  updated_at: Type.String({ format: 'date-time' }),
  /** Who saved it last from the back office, or null. */
  updated_by: Type.Union([Type.String(), Type.Null()]),
  /** The picture the shop shows. */
  image: Type.String(),
  /** Orders name it: it can be archived, never deleted. */
  has_orders: Type.Boolean(),
});
export type StaffProduct = Static<typeof StaffProductSchema>;

export const StaffProductListQuerySchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  category: Type.Optional(Type.String({ maxLength: MAX_CATEGORY_NAME_LENGTH })),
  archived: Type.Optional(Type.Boolean()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID })),
});
export type StaffProductListQuery = Static<typeof StaffProductListQuerySchema>;

export const StaffProductListSchema = Type.Object({
  products: Type.Array(StaffProductSchema),
  total: Type.Integer(),
});
export type StaffProductList = Static<typeof StaffProductListSchema>;

/** POST /staff/products (owner). */
export const CreateProductSchema = Type.Object(
  {
    name: Name,
    description: Type.Optional(Type.String({ maxLength: MAX_PRODUCT_DESCRIPTION_LENGTH })),
    category: CategoryName,
    price: Price,
    discount: Type.Optional(Discount),
    stock: Type.Optional(Stock),
    unit: Type.Optional(Type.String({ maxLength: MAX_UNIT_LENGTH })),
    vat_class: Type.Optional(Type.Enum(VAT_CLASSES)),
    low_stock_level: Type.Optional(LowStockLevel),
  },
  { additionalProperties: false },
);
export type CreateProductRequest = Static<typeof CreateProductSchema>;

/**
 * PATCH /staff/products/:id: the fields to change, with the row_version the editor started
 * from. Staff may send `stock` only; `archived` archives (true) or restores (false).
 */
export const UpdateProductSchema = Type.Object(
  {
    row_version: Type.Integer({ minimum: 1 }),
    name: Type.Optional(Name),
    description: Type.Optional(Type.String({ maxLength: MAX_PRODUCT_DESCRIPTION_LENGTH })),
    category: Type.Optional(CategoryName),
    price: Type.Optional(Price),
    discount: Type.Optional(Discount),
    stock: Type.Optional(Stock),
    unit: Type.Optional(Type.String({ maxLength: MAX_UNIT_LENGTH })),
    vat_class: Type.Optional(Type.Enum(VAT_CLASSES)),
    low_stock_level: Type.Optional(LowStockLevel),
    archived: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateProductRequest = Static<typeof UpdateProductSchema>;

/**
 * POST /staff/products/:id/stock: either `delta` (units in or out) or `counted` (every unit
 * in the shop, held ones included; what is on sale becomes counted minus held).
 */
export const StockChangeRequestSchema = Type.Object(
  {
    reason: Type.Enum(STOCK_REASONS),
    delta: Type.Optional(Type.Integer({ minimum: -MAX_STOCK, maximum: MAX_STOCK })),
    counted: Type.Optional(Stock),
    note: Type.Optional(Type.String({ maxLength: MAX_STOCK_NOTE_LENGTH })),
  },
  { additionalProperties: false },
);
export type StockChangeRequest = Static<typeof StockChangeRequestSchema>;

export const StockChangeSchema = Type.Object({
  id: Type.Integer(),
  delta: Type.Integer(),
  stock_after: Type.Integer(),
  reason: Type.Enum([...STOCK_REASONS, 'import'] as const),
  note: Type.String(),
  by: Type.Union([Type.String(), Type.Null()]),
  at: Type.String({ format: 'date-time' }),
});
export type StockChange = Static<typeof StockChangeSchema>;

export const StockHistorySchema = Type.Object({
  product_id: Type.Integer(),
  changes: Type.Array(StockChangeSchema),
});
export type StockHistory = Static<typeof StockHistorySchema>;

/** POST /staff/products/:id/stock answers with the product as it is now and the change. */
export const StockChangeAnswerSchema = Type.Object({
  product: StaffProductSchema,
  change: StockChangeSchema,
});
export type StockChangeAnswer = Static<typeof StockChangeAnswerSchema>;

/** GET /staff/stock/low: products on sale at or below their own low-stock level. */
export const LowStockListSchema = Type.Object({ products: Type.Array(StaffProductSchema) });
export type LowStockList = Static<typeof LowStockListSchema>;

export const StaffCategorySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  position: Type.Integer(),
  image_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Products (archived ones too) filed under it: while any is, it cannot be deleted. */
  products: Type.Integer(),
});
export type StaffCategory = Static<typeof StaffCategorySchema>;

export const StaffCategoryListSchema = Type.Object({ categories: Type.Array(StaffCategorySchema) });
export type StaffCategoryList = Static<typeof StaffCategoryListSchema>;

export const CreateCategorySchema = Type.Object(
  { name: CategoryName },
  { additionalProperties: false },
);
export type CreateCategoryRequest = Static<typeof CreateCategorySchema>;

/** PATCH /staff/categories/:id: a new name (its products follow) and/or a new place. */
export const UpdateCategorySchema = Type.Object(
  {
    name: Type.Optional(CategoryName),
    position: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  },
  { additionalProperties: false },
);
export type UpdateCategoryRequest = Static<typeof UpdateCategorySchema>;

export const DeletedSchema = Type.Object({ deleted: Type.Boolean() });
