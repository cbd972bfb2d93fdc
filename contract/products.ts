/** The product service: the catalogue, one product, its picture. */
import { Type, type Static } from 'typebox';

export const VendorSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  description: Type.String(),
});
export type Vendor = Static<typeof VendorSchema>;

export const ProductSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  /** One image link (a path on the server, e.g. /api/images/products/garri.svg). */
  images: Type.String(),
  amount: Type.Number(),
  disc_amount: Type.Union([Type.Number(), Type.Null()]),
  ratings: Type.Integer({ minimum: 0, maximum: 5 }),
  inventory_stock: Type.Integer({ minimum: 0 }),
  description: Type.String(),
  category: Type.String(),
  vendor: VendorSchema,
});
export type Product = Static<typeof ProductSchema>;

export const ProductListQuerySchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  /** Optional paging for very large catalogues; without them the whole catalogue comes back. */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
});
export type ProductListQuery = Static<typeof ProductListQuerySchema>;

export const SlugParamsSchema = Type.Object({
  slug: Type.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9-]+$' }),
});

/** GET /images/products/{file}: `<slug>.svg`. */
export const ProductImageParamsSchema = Type.Object({
  file: Type.String({ minLength: 5, maxLength: 210, pattern: '^[a-z0-9-]+\\.svg$' }),
});
