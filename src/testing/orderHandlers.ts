/**
 * The mock backend's pay-later orders, one order in full and the shop's own facts
 * (POST /place-order, GET /orders/:orderId, GET /shop), answering as the reference server
 * does (server/src/routes/fulfilment.ts, server/src/orders/journey.ts). Each order's timeline
 * is state of its own that resetMockDb() puts back; staff handlers add to it through
 * `recordOrderEvent`.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type {
  Order,
  OrderDetail,
  OrderEvent,
  PlacedOrder,
  PlaceOrderRequest,
  ShopInfo,
} from 'contract';
import { ERROR_DETAILS, PAY_LATER_MISMATCH_DETAILS, payLaterCapDetail } from 'contract/details';
import { FIELD_MESSAGES } from 'contract/messages';
import {
  DELIVERY_AND_PACKAGING_NAIRA,
  DELIVERY_MODELS,
  ORDER_STATE_LABELS,
  PAY_LATER_DELIVERY_MODEL,
  PAY_LATER_METHODS,
  PAYMENT_METHOD_LABELS,
  type DeliveryModel,
} from 'contract/rules';
import { formatNaira } from '../lib/format';
import { fixtureOrderEvents, fixtureShopInfo, orderAmountsOf } from './fixtures';
import { detail, invalid, issue, mockDb, nextId, onMockDbReset, signedIn, url } from './mockDb';

/** The shop's facts; a test or story may lower the caps (`mockShop.pay_later.max_total = 10`). */
export const mockShop: ShopInfo = structuredClone(fixtureShopInfo);
const orderEvents = new Map<number, OrderEvent[]>();

function reset() {
  Object.assign(mockShop, structuredClone(fixtureShopInfo));
  orderEvents.clear();
  for (const [id, events] of Object.entries(fixtureOrderEvents)) {
    orderEvents.set(Number(id), structuredClone(events));
  }
}
reset();
onMockDbReset(reset);

/** Adds one step to an order's timeline (the order page shows them). */
export function recordOrderEvent(orderId: number, event: Omit<OrderEvent, 'at'> & { at?: string }) {
  const list = orderEvents.get(orderId) ?? [];
  list.push({ ...event, at: event.at ?? new Date().toISOString() });
  orderEvents.set(orderId, list);
}

/**
 * What getting an order costs, as the server charges it: pickup the first station's fee,
 * delivery its area's (the fixed charge for an area the shop does not list).
 */
export function mockFee(model: DeliveryModel): number {
  if (model === 'pickup') return mockShop.pickup.fee ?? 0;
  const city = mockDb.delivery?.city;
  return mockShop.areas.find((a) => a.city === city)?.fee ?? DELIVERY_AND_PACKAGING_NAIRA;
}

/** Where an order goes: the delivery location, or for pickup the contact's number only. */
export function mockDestination(model: DeliveryModel): PlacedOrder['deliveries'] {
  if (model === 'pickup' && mockDb.pickupContact) {
    const phone = mockDb.pickupContact.mobile_number;
    return { mobile_number: phone, alt_mobile_number: '', address: '', city: '', state: '' };
  }
  return {
    mobile_number: mockDb.delivery?.mobile_number ?? '',
    alt_mobile_number: mockDb.delivery?.alt_mobile_number ?? '',
    address: mockDb.delivery?.address ?? '',
    city: mockDb.delivery?.city ?? '',
    state: mockDb.delivery?.state ?? '',
  };
}

/** The progress fields of an order paid online just now (the checkout call). */
export function paidOnlineProgress(
  itemsTotals: readonly { total_price: number }[],
  fee?: number,
): Pick<
  PlacedOrder,
  | 'state'
  | 'payment_method'
  | 'payment_status'
  | 'payment_received_via'
  | 'cancel_reason'
  | 'amounts'
> {
  return {
    state: 'placed',
    payment_method: 'online',
    payment_status: 'paid',
    payment_received_via: 'online',
    cancel_reason: null,
    amounts: orderAmountsOf(itemsTotals, fee),
  };
}

const DAY_MS = 86_400_000;
const LAGOS_OFFSET_MS = 3_600_000;
const lagosDate = (ms: number) => new Date(ms + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

function addWorkdays(fromMs: number, days: number, workdays: readonly number[]): number {
  let at = fromMs;
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    if (workdays.includes(new Date(at + LAGOS_OFFSET_MS).getUTCDay())) left -= 1;
  }
  return at;
}

/** As the server: pickup the next working day (Monday to Saturday), delivery 1-3 weekdays. */
function expectedDays(orderDate: string, model: DeliveryModel) {
  const placed = Date.parse(orderDate);
  if (model === 'pickup') {
    const day = lagosDate(addWorkdays(placed, 1, [1, 2, 3, 4, 5, 6]));
    return { from: day, to: day };
  }
  const weekdays = [1, 2, 3, 4, 5];
  return {
    from: lagosDate(addWorkdays(placed, 1, weekdays)),
    to: lagosDate(addWorkdays(placed, 3, weekdays)),
  };
}

/** GET /orders/:orderId's answer for a mock order. */
export function orderDetailOf(order: Order): OrderDetail {
  const items = mockDb.orderItems[order.id] ?? [];
  const method = order.payment_method ?? 'online';
  const number = order.reference;
  const text = encodeURIComponent(`Hello, about my order ${number}`);
  return {
    ...order,
    state: order.state ?? 'placed',
    payment_method: method,
    payment_status: order.payment_status ?? 'paid',
    payment_received_via: order.payment_received_via ?? (method === 'online' ? 'online' : null),
    cancel_reason: order.cancel_reason ?? null,
    amounts: order.amounts ?? orderAmountsOf(items),
    number,
    items,
    payment_label: PAYMENT_METHOD_LABELS[method],
    pickup: order.delivery_model === 'pickup' ? { ...mockShop.pickup } : null,
    expected: expectedDays(order.order_date, order.delivery_model),
    whatsapp: {
      number: mockShop.whatsapp_number,
      url: `https://wa.me/${mockShop.whatsapp_number}?text=${text}`,
    },
    events: orderEvents.get(order.id) ?? [],
  };
}

function placeOrderIssues(body: Partial<PlaceOrderRequest>) {
  const issues = [];
  if (!Number.isInteger(body.userid)) issues.push(issue('userid', FIELD_MESSAGES.id));
  if (!DELIVERY_MODELS.includes(body.delivery_method as DeliveryModel)) {
    issues.push(issue('delivery_method', `Input should be 'pickup' or 'delivery'`));
  }
  if (!PAY_LATER_METHODS.includes(body.payment_method as PlaceOrderRequest['payment_method'])) {
    issues.push(issue('payment_method', `Input should be 'on_delivery' or 'at_pickup'`));
  }
  return issues;
}

export const orderHandlers: RequestHandler[] = [
  http.get(url('/shop', 'orders'), () => HttpResponse.json(mockShop)),
  http.post<never, PlaceOrderRequest>(
    url('/place-order', 'orders'),
    signedIn(async ({ request }) => {
      const body = (await request.json()) as Partial<PlaceOrderRequest>;
      const issues = placeOrderIssues(body);
      if (issues.length > 0) return invalid(issues);
      const { delivery_method: model, payment_method: method } = body as PlaceOrderRequest;
      if (body.userid !== mockDb.user.id) {
        return detail('You can only order from your own cart', 403);
      }
      if (PAY_LATER_DELIVERY_MODEL[method] !== model)
        return detail(PAY_LATER_MISMATCH_DETAILS[method], 409);
      if (mockDb.cartLines.length === 0) return detail(ERROR_DETAILS.cartEmpty, 400);
      for (const line of mockDb.cartLines) {
        const p = mockDb.products.find((item) => item.id === line.product.id);
        const stock = p?.inventory_stock ?? 0;
        if (stock === 0) return detail(`${line.product.name} is out of stock`, 409);
        if (line.quantity > stock) {
          return detail(`Only ${stock} left in stock for ${line.product.name}`, 409);
        }
      }
      if (model === 'delivery' && !mockDb.delivery) {
        return detail(ERROR_DETAILS.deliveryMissing, 400);
      }
      const first = !mockDb.orders.some((o) => o.state !== 'cancelled');
      const cap = first ? mockShop.pay_later.first_order_max_total : mockShop.pay_later.max_total;
      const items = mockDb.cartLines.map((l) => ({
        id: nextId(),
        quantity: l.quantity,
        unit_price: Math.round((l.total_amount / l.quantity) * 100) / 100,
        total_price: l.total_amount,
        product: {
          id: l.product.id,
          slug: l.product.slug,
          images: l.product.images,
          name: l.product.name,
          vendor: l.product.vendor,
        },
      }));
      const amounts = orderAmountsOf(items, mockFee(model));
      if (amounts.total > cap)
        return detail(
          payLaterCapDetail(method, formatNaira(cap), formatNaira(amounts.total), first),
          409,
        );

      const id = nextId();
      const order: PlacedOrder = {
        id,
        status: ORDER_STATE_LABELS.placed,
        state: 'placed',
        payment_method: method,
        payment_status: 'awaiting',
        payment_received_via: null,
        cancel_reason: null,
        amounts,
        order_date: new Date().toISOString(),
        total_amount: amounts.total,
        delivery_model: model,
        reference: `IBM-TEST-${id}`,
        deliveries: mockDestination(model),
      };
      mockDb.orderItems[id] = items;
      for (const l of mockDb.cartLines) {
        const p = mockDb.products.find((item) => item.id === l.product.id);
        if (p) p.inventory_stock -= l.quantity;
      }
      mockDb.orders = [order, ...mockDb.orders];
      mockDb.cartLines = [];
      recordOrderEvent(id, {
        kind: 'status',
        status: 'placed',
        label: ORDER_STATE_LABELS.placed,
        note: PAYMENT_METHOD_LABELS[method],
        at: order.order_date,
      });
      return HttpResponse.json(order);
    }),
  ),
  http.get<{ orderId: string }>(
    url('/orders/:orderId', 'orders'),
    signedIn(({ params }) => {
      const id = Number(params.orderId);
      if (!/^\d{1,10}$/.test(params.orderId) || id < 1) {
        return invalid([{ loc: ['path', 'orderId'], msg: FIELD_MESSAGES.id, type: 'value_error' }]);
      }
      const order = mockDb.orders.find((o) => o.id === id);
      return order
        ? HttpResponse.json(orderDetailOf(order))
        : detail(ERROR_DETAILS.orderNotFound, 404);
    }),
  ),
];
