/** The orders and order-items services. */
import { Type, type Static } from 'typebox';
import { FIELD_MESSAGES } from './messages';
import { DELIVERY_MODELS, MAX_ID } from './rules';

export const OrderSchema = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  order_date: Type.String(),
  total_amount: Type.Number(),
  delivery_model: Type.Enum(DELIVERY_MODELS),
  reference: Type.String(),
  deliveries: Type.Object({
    mobile_number: Type.String(),
    alt_mobile_number: Type.String(),
    address: Type.String(),
    city: Type.String(),
    state: Type.String(),
  }),
});
export type Order = Static<typeof OrderSchema>;

export const OrderItemSchema = Type.Object({
  id: Type.Integer(),
  quantity: Type.Integer(),
  total_price: Type.Number(),
  product: Type.Object({
    id: Type.Integer(),
    slug: Type.String(),
    images: Type.String(),
    name: Type.String(),
    vendor: Type.Object({ name: Type.String() }),
  }),
});
export type OrderItem = Static<typeof OrderItemSchema>;

export const OrderIdParamsSchema = Type.Object({
  orderId: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id }),
});
