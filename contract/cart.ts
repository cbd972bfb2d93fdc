/** The cart service: lines, quantities, the cart with its totals, and the checkout that turns it into an order. */
import { Type, type Static } from 'typebox';
import { FIELD_MESSAGES } from './messages';
import { DELIVERY_MODELS, MAX_CART_QUANTITY, MAX_ID, PAYMENT_REFERENCE_PATTERN } from './rules';

export const AddCartItemSchema = Type.Object({
  user_id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id }),
  product_id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id }),
  quantity: Type.Integer({
    minimum: 1,
    maximum: MAX_CART_QUANTITY,
    errorMessage: FIELD_MESSAGES.quantity,
  }),
  /** Sent as the spec says, but the server always prices from the product. */
  price_per_item: Type.Number({ minimum: 0 }),
});
export type AddCartItem = Static<typeof AddCartItemSchema>;

export const UpdateCartItemSchema = Type.Object({
  quantity: Type.Integer({
    minimum: 1,
    maximum: MAX_CART_QUANTITY,
    errorMessage: FIELD_MESSAGES.quantity,
  }),
});
export type UpdateCartItem = Static<typeof UpdateCartItemSchema>;

export const CartProductSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  images: Type.String(),
  amount: Type.Number(),
  /** The saving per item in naira (the line is priced at amount minus disc_amount). */
  disc_amount: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  inventory_stock: Type.Integer(),
  vendor: Type.Object({ name: Type.String() }),
});
export type CartProduct = Static<typeof CartProductSchema>;

export const CartItemSchema = Type.Object({
  id: Type.Integer(),
  quantity: Type.Integer(),
  total_amount: Type.Number(),
  product: CartProductSchema,
});
export type CartItem = Static<typeof CartItemSchema>;

export const CartSchema = Type.Object({
  price_before_vat: Type.Number(),
  vat_value: Type.Number(),
  price_after_vat: Type.Number(),
  all_cart_data: Type.Array(CartItemSchema),
});
export type Cart = Static<typeof CartSchema>;

export const CheckoutSchema = Type.Object({
  reference_id: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: PAYMENT_REFERENCE_PATTERN,
    errorMessage: FIELD_MESSAGES.reference,
  }),
  delivery_model: Type.Enum(DELIVERY_MODELS),
});
export type CheckoutRequest = Static<typeof CheckoutSchema>;

export const IdParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id }),
});
