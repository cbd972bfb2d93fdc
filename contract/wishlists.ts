/** The wishlist service. */
import { Type, type Static } from 'typebox';
import { FIELD_MESSAGES } from './messages';
import { MAX_ID } from './rules';

export const CreateWishlistSchema = Type.Object({
  product_id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id }),
});
export type CreateWishlist = Static<typeof CreateWishlistSchema>;

export const WishlistEntrySchema = Type.Object({
  id: Type.Integer(),
  created_at: Type.String(),
  product: Type.Object({
    id: Type.Integer(),
    slug: Type.String(),
    images: Type.String(),
    name: Type.String(),
    amount: Type.Number(),
    /** The saving in naira, null when none. */
    disc_amount: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    inventory_stock: Type.Integer(),
  }),
});
export type WishlistEntry = Static<typeof WishlistEntrySchema>;
