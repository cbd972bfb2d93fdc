import {
  ORDER_STATE_LABELS,
  type DeliveryModel,
  type PlacedOrder,
  type OrderItem,
  type OrderState,
  type PaymentMethod,
  type PaymentStatus,
} from '../../../contract';
import { toNaira } from '../money';
import type { Queryable } from './client';
import { productImagePath } from './products';
import { iso, num, numOrNull } from './rows';

export interface OrderRow {
  id: unknown;
  user_id: unknown;
  reference: string;
  status: OrderState;
  delivery_model: DeliveryModel;
  subtotal_kobo: unknown;
  vat_kobo: unknown;
  delivery_fee_kobo: unknown;
  total_kobo: unknown;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  payment_received_via: 'online' | 'cash' | 'transfer' | null;
  cancel_reason: string | null;
  delivery_address: string;
  delivery_city: string;
  delivery_state: string;
  delivery_mobile_number: string;
  delivery_alt_mobile_number: string;
  order_date: unknown;
}

export interface OrderRecord {
  id: number;
  userId: number;
  state: OrderState;
  deliveryModel: DeliveryModel;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  orderDate: string;
  order: PlacedOrder;
}

export const ORDER_COLUMNS = `id, user_id, reference, status, delivery_model, subtotal_kobo, vat_kobo,
  delivery_fee_kobo, total_kobo, payment_method, payment_status, payment_received_via,
  cancel_reason, delivery_address, delivery_city, delivery_state, delivery_mobile_number,
  delivery_alt_mobile_number, order_date`;
const COLUMNS = ORDER_COLUMNS;

export function toOrderRecord(r: OrderRow): OrderRecord {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    state: r.status,
    deliveryModel: r.delivery_model,
    paymentMethod: r.payment_method,
    paymentStatus: r.payment_status,
    orderDate: iso(r.order_date),
    order: {
      id: num(r.id),
      status: ORDER_STATE_LABELS[r.status],
      state: r.status,
      payment_method: r.payment_method,
      payment_status: r.payment_status,
      payment_received_via: r.payment_received_via,
      cancel_reason: r.cancel_reason,
      amounts: {
        items: toNaira(num(r.subtotal_kobo)),
        vat: toNaira(num(r.vat_kobo)),
        delivery_and_packaging: toNaira(num(r.delivery_fee_kobo)),
        total: toNaira(num(r.total_kobo)),
      },
      order_date: iso(r.order_date),
      total_amount: toNaira(num(r.total_kobo)),
      delivery_model: r.delivery_model,
      reference: r.reference,
      deliveries: {
        mobile_number: r.delivery_mobile_number,
        alt_mobile_number: r.delivery_alt_mobile_number,
        address: r.delivery_address,
        city: r.delivery_city,
        state: r.delivery_state,
      },
    },
  };
}

export async function findOrderByReference(
  db: Queryable,
  reference: string,
): Promise<OrderRecord | null> {
  const rows = await db.query<OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE reference = $1`, [
    reference,
  ]);
  return rows[0] ? toOrderRecord(rows[0]) : null;
}

export async function listOrders(db: Queryable, userId: number): Promise<PlacedOrder[]> {
  const rows = await db.query<OrderRow>(
    `SELECT ${COLUMNS} FROM orders WHERE user_id = $1 ORDER BY order_date DESC, id DESC`,
    [userId],
  );
  return rows.map((r) => toOrderRecord(r).order);
}

export async function findUserOrder(
  db: Queryable,
  userId: number,
  orderId: number,
): Promise<OrderRecord | null> {
  const rows = await db.query<OrderRow>(
    `SELECT ${COLUMNS} FROM orders WHERE id = $1 AND user_id = $2`,
    [orderId, userId],
  );
  return rows[0] ? toOrderRecord(rows[0]) : null;
}

export interface NewOrder {
  userId: number;
  reference: string;
  paymentMethod: PaymentMethod;
  deliveryModel: DeliveryModel;
  subtotalKobo: number;
  vatKobo: number;
  deliveryFeeKobo: number;
  totalKobo: number;
  delivery: {
    address: string;
    city: string;
    state: string;
    mobileNumber: string;
    altMobileNumber: string;
  };
}

/**
 * null when an order for the reference exists already (the unique constraint decides). Every
 * order starts placed; one paid online starts paid, one paid later awaits its money.
 */
export async function insertOrder(db: Queryable, o: NewOrder): Promise<OrderRecord | null> {
  const rows = await db.query<OrderRow>(
    `INSERT INTO orders (user_id, reference, payment_method, delivery_model, subtotal_kobo, vat_kobo,
       delivery_fee_kobo, total_kobo, delivery_address, delivery_city, delivery_state,
       delivery_mobile_number, delivery_alt_mobile_number, status, status_changed_at,
       payment_status, payment_received_via, payment_received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'placed', now(),
       CASE WHEN $3 = 'online' THEN 'paid' ELSE 'awaiting' END,
       CASE WHEN $3 = 'online' THEN 'online' END,
       CASE WHEN $3 = 'online' THEN now() END)
     ON CONFLICT ON CONSTRAINT orders_reference_key DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      o.userId,
      o.reference,
      o.paymentMethod,
      o.deliveryModel,
      o.subtotalKobo,
      o.vatKobo,
      o.deliveryFeeKobo,
      o.totalKobo,
      o.delivery.address,
      o.delivery.city,
      o.delivery.state,
      o.delivery.mobileNumber,
      o.delivery.altMobileNumber,
    ],
  );
  return rows[0] ? toOrderRecord(rows[0]) : null;
}

export interface NewOrderItem {
  productId: number | null;
  slug: string;
  name: string;
  imageUrl: string | null;
  vendorName: string;
  quantity: number;
  unitPriceKobo: number;
}

export async function insertOrderItems(
  db: Queryable,
  orderId: number,
  items: NewOrderItem[],
): Promise<void> {
  if (items.length === 0) return;
  const params: unknown[] = [orderId];
  const values = items.map((item) => {
    const base = params.length;
    params.push(
      item.productId,
      item.slug,
      item.name,
      item.imageUrl,
      item.vendorName,
      item.quantity,
      item.unitPriceKobo,
      item.unitPriceKobo * item.quantity,
    );
    return `($1, ${Array.from({ length: 8 }, (_, i) => `$${base + i + 1}`).join(', ')})`;
  });
  await db.query(
    `INSERT INTO order_items (order_id, product_id, product_slug, product_name, product_image_url,
       vendor_name, quantity, unit_price_kobo, total_price_kobo)
     VALUES ${values.join(', ')}`,
    params,
  );
}

interface OrderItemRow {
  id: unknown;
  product_id: unknown;
  product_slug: string;
  product_name: string;
  product_image_url: string | null;
  vendor_name: string;
  quantity: unknown;
  unit_price_kobo: unknown;
  total_price_kobo: unknown;
}

export async function listOrderItems(
  db: Queryable,
  orderId: number,
  apiPrefix: string,
): Promise<OrderItem[]> {
  const rows = await db.query<OrderItemRow>(
    `SELECT id, product_id, product_slug, product_name, product_image_url, vendor_name, quantity,
            unit_price_kobo, total_price_kobo
       FROM order_items WHERE order_id = $1 ORDER BY id`,
    [orderId],
  );
  return rows.map((r) => ({
    id: num(r.id),
    quantity: num(r.quantity),
    unit_price: toNaira(num(r.unit_price_kobo)),
    total_price: toNaira(num(r.total_price_kobo)),
    product: {
      id: numOrNull(r.product_id) ?? 0,
      slug: r.product_slug,
      images: productImagePath(apiPrefix, r.product_slug, r.product_image_url),
      name: r.product_name,
      vendor: { name: r.vendor_name },
    },
  }));
}
