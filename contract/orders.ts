/** The orders and order-items services. */
import { Type, type Static } from 'typebox';
import { FIELD_MESSAGES } from './messages';
import {
  DELIVERY_MODELS,
  MAX_ID,
  ORDER_STATES,
  PAYMENT_METHODS,
  PAYMENT_RECEIVED_VIA,
  PAYMENT_STATUSES,
} from './rules';

/** What was actually paid (or is to be paid), in naira. */
export const OrderAmountsSchema = Type.Object({
  items: Type.Number(),
  vat: Type.Number(),
  delivery_and_packaging: Type.Number(),
  total: Type.Number(),
});
export type OrderAmounts = Static<typeof OrderAmountsSchema>;

/**
 * Where an order is and how it is paid. `status` (in OrderSchema) is the words a shopper
 * reads ('Placed', 'Out for delivery'); `state` is the same as a code. Payment is separate:
 * a delivered order may still wait for its cash.
 */
export const OrderProgressFields = {
  state: Type.Enum(ORDER_STATES),
  payment_method: Type.Enum(PAYMENT_METHODS),
  payment_status: Type.Enum(PAYMENT_STATUSES),
  /** How the money came: online, or cash or transfer recorded by the shop; null until then. */
  payment_received_via: Type.Union([
    Type.Literal('online'),
    Type.Enum(PAYMENT_RECEIVED_VIA),
    Type.Null(),
  ]),
  cancel_reason: Type.Union([Type.String(), Type.Null()]),
  amounts: OrderAmountsSchema,
};

/**
 * The spec's order. The server always sends the progress fields; they are optional in the
 * type only so that clients and mocks written before them stay valid.
 */
export const OrderSchema = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  state: Type.Optional(OrderProgressFields.state),
  payment_method: Type.Optional(OrderProgressFields.payment_method),
  payment_status: Type.Optional(OrderProgressFields.payment_status),
  payment_received_via: Type.Optional(OrderProgressFields.payment_received_via),
  cancel_reason: Type.Optional(OrderProgressFields.cancel_reason),
  amounts: Type.Optional(OrderProgressFields.amounts),
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
export const OrderProgressSchema = Type.Object(OrderProgressFields);
/** An order as the server sends it: every progress field present. */
export type PlacedOrder = Order & Static<typeof OrderProgressSchema>;

export const OrderItemSchema = Type.Object({
  id: Type.Integer(),
  quantity: Type.Integer(),
  /** The price of one, as paid (always sent; optional for clients written before it). */
  unit_price: Type.Optional(Type.Number()),
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
