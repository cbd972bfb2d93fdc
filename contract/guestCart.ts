/**
 * A guest's cart joining the account at log in or sign-up (`POST /api/cart/merge`, ours, not
 * a spec call): the lines the guest kept in the browser, and what the server added of each.
 * The merge id is made by the browser once per guest cart, so the same cart sent twice (a
 * retry, a second tab) adds once.
 */
import { Type, type Static } from 'typebox';
import { FIELD_MESSAGES } from './messages';
import { MAX_CART_QUANTITY, MAX_ID } from './rules';

/** Lines one merge may carry: far above a real cart, low enough to bound the work. */
export const MAX_GUEST_CART_LINES = 100;

export const GuestCartLineSchema = Type.Object({
  product_id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id }),
  quantity: Type.Integer({
    minimum: 1,
    maximum: MAX_CART_QUANTITY,
    errorMessage: FIELD_MESSAGES.quantity,
  }),
});
export type GuestCartLine = Static<typeof GuestCartLineSchema>;

export const GuestCartMergeSchema = Type.Object({
  merge_id: Type.String({
    minLength: 8,
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]+$',
    errorMessage: 'The merge id must be 8 to 64 letters, digits, - or _',
  }),
  lines: Type.Array(GuestCartLineSchema, {
    minItems: 1,
    maxItems: MAX_GUEST_CART_LINES,
    errorMessage: `Send from 1 to ${MAX_GUEST_CART_LINES} cart lines`,
  }),
});
export type GuestCartMerge = Static<typeof GuestCartMergeSchema>;

/**
 * Why less than asked was added: the shop has only so many (`stock`, none at all when
 * `added` is 0), the cart's limit per product (`cart_limit`), or the product is gone
 * (`unavailable`). null: all of it was added.
 */
export const MergeCapSchema = Type.Union([
  Type.Literal('stock'),
  Type.Literal('cart_limit'),
  Type.Literal('unavailable'),
  Type.Null(),
]);
export type MergeCap = Static<typeof MergeCapSchema>;

export const MergedLineSchema = Type.Object({
  product_id: Type.Integer(),
  /** The product's name, null when it no longer exists. */
  name: Type.Union([Type.String(), Type.Null()]),
  requested: Type.Integer(),
  added: Type.Integer(),
  /** The quantity in the cart after the merge. */
  in_cart: Type.Integer(),
  /** Left in stock at the time of the merge. */
  stock: Type.Integer(),
  capped: MergeCapSchema,
});
export type MergedLine = Static<typeof MergedLineSchema>;

export const GuestCartMergeResultSchema = Type.Object({
  merge_id: Type.String(),
  /** True when this merge id had already been merged: nothing was added this time. */
  repeated: Type.Boolean(),
  lines: Type.Array(MergedLineSchema),
});
export type GuestCartMergeResult = Static<typeof GuestCartMergeResultSchema>;
