/**
 * Ordering to pay later, the confirmation and order page, notifications, back-in-stock alerts
 * and the shop staff's order queue.
 */
import { Type, type Static } from 'typebox';
import { FIELD_MESSAGES } from './messages';
import { OrderItemSchema, OrderProgressFields, OrderSchema } from './orders';
import { PickupStationSchema, ShopAreaSchema } from './shopSettings';
import {
  DEFAULT_PAGE_SIZE,
  DELIVERY_CITIES,
  DELIVERY_MODELS,
  MAX_CANCEL_REASON_LENGTH,
  MAX_ID,
  MAX_PAGE_SIZE,
  ORDER_STATES,
  PAY_LATER_METHODS,
  PAYMENT_RECEIVED_VIA,
} from './rules';

const IdField = Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id });

/** POST /place-order: an order paid on delivery or at pickup, placed at once. */
export const PlaceOrderSchema = Type.Object({
  userid: IdField,
  delivery_method: Type.Enum(DELIVERY_MODELS),
  payment_method: Type.Enum(PAY_LATER_METHODS),
});
export type PlaceOrderRequest = Static<typeof PlaceOrderSchema>;

/**
 * GET /shop: what the storefront shows about the shop itself, as the owner set it in the
 * back office (not one of the spec's calls: it is ours, and grows with the shop).
 */
export const ShopInfoSchema = Type.Object({
  name: Type.String(),
  /** The shop's one address: the footer, the contact page and the messages show it. */
  address: Type.String(),
  /** As people dial it in Nigeria: 08030001234. */
  phone: Type.String(),
  /** International form without '+', as wa.me wants it: 2348030001234. */
  whatsapp_number: Type.String(),
  /** Where pickup orders are collected: the first pickup station, and what it charges. */
  pickup: Type.Object({
    address: Type.String(),
    opening_hours: Type.String(),
    /** naira; 0 is free. Optional for clients and mocks written before it. */
    fee: Type.Optional(Type.Number()),
  }),
  /** The areas the shop delivers to now (switched-off ones left out), in the owner's order. */
  areas: Type.Array(ShopAreaSchema),
  stations: Type.Array(PickupStationSchema),
  pay_later: Type.Object({
    /** naira: the most a pay-later order may come to, and for a shopper's first order. */
    max_total: Type.Number(),
    first_order_max_total: Type.Number(),
  }),
});
export type ShopInfo = Static<typeof ShopInfoSchema>;

export const OrderEventSchema = Type.Object({
  kind: Type.Union([Type.Literal('status'), Type.Literal('payment'), Type.Literal('refund')]),
  /** For a status event the state reached; for a payment, how it came; for a refund, 'due'. */
  status: Type.String(),
  /** The words of the timeline: 'Out for delivery', 'Payment received (cash)'. */
  label: Type.String(),
  note: Type.String(),
  at: Type.String(),
});
export type OrderEvent = Static<typeof OrderEventSchema>;

/** GET /orders/{orderId}: everything the confirmation and order pages show. */
export const OrderDetailSchema = Type.Object({
  ...OrderSchema.properties,
  ...OrderProgressFields,
  /** The order number a shopper quotes. */
  number: Type.String(),
  items: Type.Array(OrderItemSchema),
  payment_label: Type.String(),
  /** Set for pickup orders: where and when to collect. */
  pickup: Type.Union([
    Type.Object({ address: Type.String(), opening_hours: Type.String() }),
    Type.Null(),
  ]),
  /** Expected day (Lagos time, YYYY-MM-DD): earliest and latest; equal for pickup. */
  expected: Type.Object({ from: Type.String(), to: Type.String() }),
  whatsapp: Type.Object({ number: Type.String(), url: Type.String() }),
  events: Type.Array(OrderEventSchema),
});
export type OrderDetail = Static<typeof OrderDetailSchema>;

export const NotificationSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  title: Type.String(),
  body: Type.String(),
  order_id: Type.Union([Type.Integer(), Type.Null()]),
  product_id: Type.Union([Type.Integer(), Type.Null()]),
  /** A path in the storefront ('/orders/12', '/product/rice-10kg'), or ''. */
  link: Type.String(),
  read: Type.Boolean(),
  created_at: Type.String(),
});
export type Notification = Static<typeof NotificationSchema>;

export const PageQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
});
export const NotificationListSchema = Type.Object({
  notifications: Type.Array(NotificationSchema),
  total: Type.Integer(),
  unread: Type.Integer(),
});
export type NotificationList = Static<typeof NotificationListSchema>;
export const NotificationIdParamsSchema = Type.Object({ id: IdField });

export const StockAlertSchema = Type.Object({ product_id: IdField });
export const StockAlertParamsSchema = Type.Object({ productId: IdField });
export const StockAlertListSchema = Type.Object({
  alerts: Type.Array(
    Type.Object({
      product_id: Type.Integer(),
      slug: Type.String(),
      name: Type.String(),
      in_stock: Type.Boolean(),
      created_at: Type.String(),
      /** When the shopper was told it is back; null while waiting. */
      notified_at: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type StockAlertList = Static<typeof StockAlertListSchema>;

export const STAFF_STATUS_FILTERS = ['open', 'all', ...ORDER_STATES] as const;
export const StaffOrdersQuerySchema = Type.Object({
  /** open (the default): every order still to act on. */
  status: Type.Optional(Type.Enum(STAFF_STATUS_FILTERS)),
  /** A delivery city, or 'pickup' for the orders collected at the shop. */
  area: Type.Optional(Type.Enum([...DELIVERY_CITIES, 'pickup'])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
});
export type StaffOrdersQuery = Static<typeof StaffOrdersQuerySchema>;
export const STAFF_PAGE_SIZE = DEFAULT_PAGE_SIZE;

const ActorSchema = Type.Union([
  Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() }),
  Type.Null(),
]);

/** One order as a staff card shows it: who to, what to pack, and the one tap forward. */
export const StaffOrderSchema = Type.Object({
  ...OrderDetailSchema.properties,
  customer: Type.Object({
    name: Type.String(),
    email: Type.String(),
    mobile_number: Type.String(),
  }),
  /** The next step forward, or null when the order is finished. */
  next_state: Type.Union([Type.Enum(ORDER_STATES), Type.Null()]),
  can_cancel: Type.Boolean(),
  can_record_payment: Type.Boolean(),
  refund_due: Type.Boolean(),
  history: Type.Array(Type.Object({ ...OrderEventSchema.properties, actor: ActorSchema })),
});
export type StaffOrder = Static<typeof StaffOrderSchema>;

export const StaffOrderListSchema = Type.Object({
  orders: Type.Array(StaffOrderSchema),
  total: Type.Integer(),
});
export type StaffOrderList = Static<typeof StaffOrderListSchema>;

export const StaffOrderParamsSchema = Type.Object({ orderId: IdField });
/**
 * POST /staff/customers/:userId/cancel-open-orders (body StaffCancelSchema): every open order
 * of one account cancelled at once; the answer is a StaffOrderList of the orders it cancelled.
 */
export const StaffCustomerParamsSchema = Type.Object({ userId: IdField });
export const StaffMoveSchema = Type.Object({
  /** The state the staff member saw the order in: a stale tap gets 409, not a double step. */
  from: Type.Enum(ORDER_STATES),
  to: Type.Enum(ORDER_STATES),
});
export const StaffPaymentSchema = Type.Object({ via: Type.Enum(PAYMENT_RECEIVED_VIA) });
export const StaffCancelSchema = Type.Object({
  reason: Type.String({
    minLength: 1,
    maxLength: MAX_CANCEL_REASON_LENGTH,
    pattern: '\\S',
    errorMessage: 'Say why the order is cancelled (up to 300 characters)',
  }),
});
