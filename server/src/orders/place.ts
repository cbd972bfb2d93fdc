/**
 * The steps every way of buying shares: taking the cart with its stock checked (starting a
 * payment, placing a pay-later order), finding where it goes, and writing the placed order
 * with the stock it takes (a paid payment, a pay-later order). Each runs inside the caller's
 * database transaction.
 */
import {
  areaClosedDetail,
  ERROR_DETAILS,
  type Delivery,
  type DeliveryModel,
  type PaymentMethod,
} from '../../../contract';
import { listCart, type CartLine } from '../db/carts';
import type { Queryable } from '../db/client';
import { findDelivery } from '../db/deliveries';
import { findPickupContact } from '../db/pickupContacts';
import { insertOrder, insertOrderItems, type OrderRecord } from '../db/orders';
import { unitPriceKobo } from '../db/products';
import { num } from '../db/rows';
import { findDeliveryArea, pickupPoint } from '../db/shopSettings';
import type { Config } from '../config';
import { lockProducts } from '../db/stock';
import { releaseUnpaidHolds, unpaidHoldProducts, type PricedLine } from '../db/transactions';
import { cartTotals } from '../money';
import { badRequest, conflict } from '../plugins/errors';
import { stockProblem } from './stock';

/** A cart line at the price it has now, as a payment or an order keeps it. */
export function priceLine(line: CartLine): PricedLine {
  return {
    productId: line.product.id,
    slug: line.product.slug,
    name: line.product.name,
    imageUrl: line.product.imageUrl,
    vendorName: line.product.vendorName,
    quantity: line.quantity,
    unitPriceKobo: unitPriceKobo(line.product),
  };
}

/**
 * The shopper's cart, its products locked, priced when every line can be had. Held units are
 * off the shelf already (a payment's hold takes them as an order does); the shopper's own
 * earlier unpaid payments give theirs back first, so a new attempt never waits for an old
 * one. An empty cart is 400, a line that cannot be had 409 (naming it).
 */
export async function takeCart(q: Queryable, userId: number, now: Date): Promise<PricedLine[]> {
  // Every product this may change is locked at once, in id order, before any stock moves.
  const inCart = await q.query<{ product_id: unknown }>(
    'SELECT product_id FROM cart_items WHERE user_id = $1',
    [userId],
  );
  const held = await unpaidHoldProducts(q, userId);
  await lockProducts(q, [...new Set([...inCart.map((r) => num(r.product_id)), ...held])]);
  await releaseUnpaidHolds(q, userId, now);
  const lines = await listCart(q, userId, { lockProducts: true });
  if (lines.length === 0) throw badRequest(ERROR_DETAILS.cartEmpty);
  for (const line of lines) {
    const problem = stockProblem(line);
    if (problem) throw conflict(problem);
  }
  return lines.map(priceLine);
}

/** Takes the lines' units off the shelf (their rows are locked and the stock checked). */
export async function takeStock(q: Queryable, lines: PricedLine[]): Promise<void> {
  for (const line of lines) {
    if (line.productId === null) continue;
    await q.query(
      `UPDATE products SET inventory_stock = inventory_stock - $2, updated_at = now()
        WHERE id = $1`,
      [line.productId, line.quantity],
    );
  }
}

/** What an order copies of where it goes: a delivery location, or a pickup's contact. */
export type OrderDestination = Omit<Delivery, 'id'>;

/**
 * The shopper's delivery details; delivery without them is 400. Pickup needs no address: its
 * order carries the pickup contact's number (or, for a shopper who never gave one, the saved
 * delivery location's, as before pickup contacts).
 */
export async function deliveryFor(
  q: Queryable,
  userId: number,
  model: DeliveryModel,
): Promise<OrderDestination | null> {
  if (model === 'pickup') {
    const contact = await findPickupContact(q, userId);
    if (contact) {
      return {
        address: '',
        city: '',
        state: '',
        mobile_number: contact.mobile_number,
        alt_mobile_number: '',
      };
    }
  }
  const delivery = await findDelivery(q, userId);
  if (model === 'delivery' && !delivery) throw badRequest(ERROR_DETAILS.deliveryMissing);
  return delivery;
}

/**
 * Where the order goes and what its delivery costs, for a new payment or pay-later order:
 * a delivery is charged its area's fee and refused while the owner has the area switched
 * off; pickup is charged the station's own fee (free unless the owner set one).
 */
export async function deliveryCharge(
  q: Queryable,
  config: Pick<Config, 'payLater' | 'shopWhatsapp' | 'pickup'>,
  userId: number,
  model: DeliveryModel,
): Promise<{ delivery: OrderDestination | null; feeKobo: number }> {
  const delivery = await deliveryFor(q, userId, model);
  if (model === 'pickup') return { delivery, feeKobo: (await pickupPoint(q, config)).feeKobo };
  if (!delivery) throw badRequest(ERROR_DETAILS.deliveryMissing);
  const area = await findDeliveryArea(q, delivery.city);
  if (!area) throw badRequest(areaClosedDetail(delivery.city));
  if (!area.enabled) throw conflict(areaClosedDetail(area.name));
  return { delivery, feeKobo: area.feeKobo };
}

/**
 * Writes a placed order: its totals, the delivery details as they are now, its lines, and
 * the stock they take (given back only if it is cancelled). null, with nothing written,
 * when the reference has an order already.
 */
export async function writeOrder(
  q: Queryable,
  order: {
    userId: number;
    reference: string;
    paymentMethod: PaymentMethod;
    deliveryModel: DeliveryModel;
    lines: PricedLine[];
    delivery: OrderDestination | null;
    /** As deliveryCharge priced it (or the payment kept it). */
    deliveryFeeKobo: number;
  },
): Promise<OrderRecord | null> {
  const { lines, delivery } = order;
  const totals = cartTotals(
    lines.map((line) => line.unitPriceKobo * line.quantity),
    order.deliveryFeeKobo,
  );
  const inserted = await insertOrder(q, {
    userId: order.userId,
    reference: order.reference,
    paymentMethod: order.paymentMethod,
    deliveryModel: order.deliveryModel,
    subtotalKobo: totals.subtotalKobo,
    vatKobo: totals.vatKobo,
    deliveryFeeKobo: order.deliveryFeeKobo,
    totalKobo: totals.payableKobo,
    delivery: {
      address: delivery?.address ?? '',
      city: delivery?.city ?? '',
      state: delivery?.state ?? '',
      mobileNumber: delivery?.mobile_number ?? '',
      altMobileNumber: delivery?.alt_mobile_number ?? '',
    },
  });
  if (!inserted) return null;
  await insertOrderItems(q, inserted.id, lines);
  await takeStock(q, lines);
  return inserted;
}
