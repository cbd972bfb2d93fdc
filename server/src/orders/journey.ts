/**
 * An order's life after it is placed: paying later, the one step forward at a time, money
 * received, cancelling with stock returned, and what the shopper is told at each step.
 *
 * Each change runs in one database transaction with the order row locked and writes its
 * event and its notification there, so a change and its notice happen exactly once however
 * many taps race. Email and SMS go after the commit: a relay that is down never undoes a step.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  ERROR_DETAILS,
  nextOrderState,
  OPEN_ORDER_STATES,
  ORDER_STATE_LABELS,
  ORDER_STATES,
  PAY_LATER_DELIVERY_MODEL,
  PAYMENT_METHOD_LABELS,
  type DeliveryModel,
  type OrderDetail,
  type OrderState,
  type PayLaterMethod,
  type PaymentReceivedVia,
  type StaffOrder,
} from '../../../contract';
import {
  PAY_LATER_MISMATCH_DETAILS,
  payLaterCapDetail,
  stockShareDetail,
  unpaidOrdersDetail,
  unpaidTotalDetail,
} from '../../../contract/details';
import { orderPagePath, productDetailsPath } from '../../../contract/links';
import type { AppContext } from '../context';
import { clearCart } from '../db/carts';
import type { Queryable } from '../db/client';
import { findDelivery } from '../db/deliveries';
import { ledgerKeys, recordMoney } from '../db/ledger';
import {
  claimDueStockAlerts,
  insertNotification,
  insertOrderEvent,
  listOrderEvents,
  type OrderEventRecord,
} from '../db/fulfilment';
import {
  listOrderItems,
  ORDER_COLUMNS,
  toOrderRecord,
  type OrderRecord,
  type OrderRow,
} from '../db/orders';
import { num } from '../db/rows';
import { pickupPoint, readShopSettings } from '../db/shopSettings';
import { returnStock } from '../db/stock';
import { expireLapsedHolds, type PricedLine } from '../db/transactions';
import { findUserById } from '../db/users';
import type { OutgoingMessage } from '../mail/mailer';
import {
  backInStockMessage,
  orderPlacedMessages,
  orderStatusMessages,
  type OrderFacts,
} from '../mail/messages';
import { cartTotals, formatNaira } from '../money';
import { newReference } from '../payments/provider';
import { conflict, HttpError, notFound } from '../plugins/errors';
import { deliveryCharge, takeCart, writeOrder } from './place';

type Ctx = Pick<AppContext, 'db' | 'config' | 'clock' | 'mailer' | 'publicUrl'>;
type Log = Pick<FastifyBaseLogger, 'error'>;

/** The states whose news also goes out by email and SMS, not only as a notification. */
const MESSAGED: readonly OrderState[] = [
  'out_for_delivery',
  'ready_for_pickup',
  'delivered',
  'collected',
  'cancelled',
];

// ------------------------------------------------------------------ reading

export async function lockOrder(q: Queryable, orderId: number): Promise<OrderRecord | null> {
  const rows = await q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`,
    [orderId],
  );
  return rows[0] ? toOrderRecord(rows[0]) : null;
}

const DAY_MS = 86_400_000;
/** Nigeria keeps West Africa Time all year (UTC+1, no daylight saving). */
const LAGOS_OFFSET_MS = 3_600_000;

function lagosDate(ms: number): string {
  return new Date(ms + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** Adds working days (Monday to Saturday for pickup, Monday to Friday for delivery). */
function addDays(fromMs: number, days: number, workdays: number[]): number {
  let at = fromMs;
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    if (workdays.includes(new Date(at + LAGOS_OFFSET_MS).getUTCDay())) left -= 1;
  }
  return at;
}

/** Pickup: ready within a day (the shop opens Monday to Saturday); delivery: 1-3 business days. */
export function expectedDays(
  orderDate: string,
  model: DeliveryModel,
): { from: string; to: string } {
  const placed = Date.parse(orderDate);
  if (model === 'pickup') {
    const day = lagosDate(addDays(placed, 1, [1, 2, 3, 4, 5, 6]));
    return { from: day, to: day };
  }
  const weekdays = [1, 2, 3, 4, 5];
  return {
    from: lagosDate(addDays(placed, 1, weekdays)),
    to: lagosDate(addDays(placed, 3, weekdays)),
  };
}

// An event's status is free text in the database: a state for status events, yet read back
// as any string, so an unknown one is shown as it is rather than as nothing.
const isOrderState = (status: string): status is OrderState =>
  (ORDER_STATES as readonly string[]).includes(status);

function eventLabel(e: Pick<OrderEventRecord, 'kind' | 'status'>): string {
  if (e.kind === 'payment') return `Payment received (${e.status})`;
  if (e.kind === 'refund') return 'Refund due';
  return isOrderState(e.status) ? ORDER_STATE_LABELS[e.status] : e.status;
}

function whatsappLink(whatsapp: string, number: string) {
  const text = encodeURIComponent(`Hello, about my order ${number}`);
  return { number: whatsapp, url: `https://wa.me/${whatsapp}?text=${text}` };
}

async function details(
  ctx: Pick<Ctx, 'db' | 'config'>,
  records: OrderRecord[],
): Promise<{ detail: OrderDetail; events: OrderEventRecord[] }[]> {
  const events = await listOrderEvents(
    ctx.db,
    records.map((r) => r.id),
  );
  const out = [];
  const settings = await readShopSettings(ctx.db, ctx.config);
  const pickup = records.some((r) => r.deliveryModel === 'pickup')
    ? await pickupPoint(ctx.db, ctx.config)
    : null;
  for (const r of records) {
    const own = events.get(r.id) ?? [];
    const number = r.order.reference;
    out.push({
      events: own,
      detail: {
        ...r.order,
        number,
        items: await listOrderItems(ctx.db, r.id, ctx.config.apiPrefix),
        state: r.state,
        payment_label: PAYMENT_METHOD_LABELS[r.paymentMethod],
        pickup: r.deliveryModel === 'pickup' ? pickup : null,
        expected: expectedDays(r.orderDate, r.deliveryModel),
        whatsapp: whatsappLink(settings.whatsapp, number),
        events: own.map((e) => ({
          kind: e.kind,
          status: e.status,
          label: eventLabel(e),
          note: e.note,
          at: e.at,
        })),
      },
    });
  }
  return out;
}

export async function orderDetail(
  ctx: Pick<Ctx, 'db' | 'config'>,
  record: OrderRecord,
): Promise<OrderDetail> {
  const [one] = await details(ctx, [record]);
  return (one as { detail: OrderDetail }).detail;
}

export async function staffOrders(
  ctx: Pick<Ctx, 'db' | 'config'>,
  records: OrderRecord[],
): Promise<StaffOrder[]> {
  const customers = new Map<number, { name: string; email: string; mobile_number: string }>();
  for (const r of records) {
    if (customers.has(r.userId)) continue;
    const u = await findUserById(ctx.db, r.userId);
    customers.set(r.userId, {
      name: u ? `${u.firstName} ${u.lastName}` : '',
      email: u?.email ?? '',
      mobile_number: r.order.deliveries.mobile_number || (u?.mobileNumber ?? ''),
    });
  }
  return (await details(ctx, records)).map(({ detail, events }, i) => {
    const r = records[i] as OrderRecord;
    const open = OPEN_ORDER_STATES.includes(r.state);
    return {
      ...detail,
      customer: customers.get(r.userId) ?? { name: '', email: '', mobile_number: '' },
      next_state: nextOrderState(r.state, r.deliveryModel),
      can_cancel: open,
      can_record_payment: r.paymentStatus === 'awaiting' && r.state !== 'cancelled',
      refund_due: r.paymentStatus === 'refund_due',
      history: events.map((e) => ({
        kind: e.kind,
        status: e.status,
        label: eventLabel(e),
        note: e.note,
        at: e.at,
        actor: e.actor,
      })),
    };
  });
}

// ------------------------------------------------------------------ telling the shopper

async function facts(
  ctx: Ctx,
  record: OrderRecord,
  q: Queryable = ctx.db,
): Promise<OrderFacts | null> {
  const user = await findUserById(q, record.userId);
  if (!user) return null;
  const items = await listOrderItems(q, record.id, ctx.config.apiPrefix);
  const d = record.order.deliveries;
  const expected = expectedDays(record.orderDate, record.deliveryModel);
  const settings = await readShopSettings(q, ctx.config);
  const pickup = record.deliveryModel === 'pickup' ? await pickupPoint(q, ctx.config) : null;
  return {
    number: record.order.reference,
    firstName: user.firstName,
    email: user.email,
    mobileNumber: d.mobile_number || user.mobileNumber,
    items: items.map((i) => ({
      name: i.product.name,
      quantity: i.quantity,
      totalKobo: Math.round(i.total_price * 100),
    })),
    subtotalKobo: Math.round(record.order.amounts.items * 100),
    vatKobo: Math.round(record.order.amounts.vat * 100),
    deliveryKobo: Math.round(record.order.amounts.delivery_and_packaging * 100),
    totalKobo: Math.round(record.order.total_amount * 100),
    paymentLabel: PAYMENT_METHOD_LABELS[record.paymentMethod],
    where: pickup
      ? `Pickup: ${pickup.address} (${pickup.opening_hours})`
      : `Delivery to: ${d.address}, ${d.city}, ${d.state}`,
    expected: expected.from === expected.to ? expected.from : `${expected.from} to ${expected.to}`,
    whatsapp: settings.whatsapp,
    orderUrl: `${ctx.publicUrl()}${orderPagePath(record.id)}`,
  };
}

/**
 * Queues the messages; given the transaction of the step they tell of, in it, so they go
 * out if and only if the step commits (an error there undoes the step, and loses nothing).
 */
async function sendAll(
  ctx: Pick<Ctx, 'mailer'>,
  messages: OutgoingMessage[],
  log?: Log,
  q?: Queryable,
): Promise<void> {
  if (q) {
    for (const message of messages) await ctx.mailer.send(message, q);
    return;
  }
  for (const message of messages) {
    try {
      await ctx.mailer.send(message);
    } catch (error) {
      // The step itself is committed and the notification is in the shopper's list.
      log?.error({ err: error, to: message.to }, 'order message not sent');
    }
  }
}

/** In the order's transaction: the notification of a new order. */
export async function notePlaced(q: Queryable, record: OrderRecord): Promise<void> {
  await insertOrderEvent(q, {
    orderId: record.id,
    kind: 'status',
    status: 'placed',
    note: PAYMENT_METHOD_LABELS[record.paymentMethod],
    actorUserId: null,
  });
  await insertNotification(q, {
    userId: record.userId,
    kind: 'order_placed',
    title: `Order ${record.order.reference} placed`,
    body:
      record.paymentMethod === 'online'
        ? `We received your payment of ${formatNaira(Math.round(record.order.total_amount * 100))}.`
        : `${PAYMENT_METHOD_LABELS[record.paymentMethod]}: ${formatNaira(Math.round(record.order.total_amount * 100))}.`,
    orderId: record.id,
    link: orderPagePath(record.id),
  });
}

/** The confirmation by email and SMS, queued in the order's transaction `q`. */
export async function sendPlaced(
  ctx: Ctx,
  record: OrderRecord,
  log: Log | undefined,
  q: Queryable,
): Promise<void> {
  const f = await facts(ctx, record, q);
  if (f) await sendAll(ctx, orderPlacedMessages(f, formatNaira), log, q);
}

/** `pickup`: where a pickup order waits (needed for ready_for_pickup only). */
function headline(
  state: OrderState,
  reason: string | null,
  pickup: { address: string; opening_hours: string } | null = null,
): string {
  switch (state) {
    case 'ready_for_pickup':
      return `ready for pickup at ${pickup?.address ?? ''} (${pickup?.opening_hours ?? ''})`;
    case 'cancelled':
      return `cancelled (${reason ?? ''})`;
    default:
      return ORDER_STATE_LABELS[state].toLowerCase();
  }
}

// ------------------------------------------------------------------ placing to pay later

// Advisory lock namespaces (any fixed numbers): one shopper's, and one phone number's,
// pay-later orders are decided one at a time, on every server sharing the database.
const ACCOUNT_LOCK = 727_274_101;
const PHONE_LOCK = 727_274_102;

/**
 * In the order's transaction, before any stock moves: refuses a pay-later order when the
 * account, or its phone number (the account's or the delivery's, whichever account uses
 * it), already has as many orders waiting for payment as the shop allows. The locks make
 * the count and the order that follows it one step, however many requests race. Returns
 * what the account's orders waiting for payment already come to, in kobo.
 */
async function checkUnpaidOrders(
  q: Queryable,
  config: Ctx['config'],
  userId: number,
  deliveryModel: DeliveryModel,
): Promise<number> {
  await q.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [ACCOUNT_LOCK, userId]);
  const user = await findUserById(q, userId);
  const delivery = deliveryModel === 'delivery' ? await findDelivery(q, userId) : null;
  const phones = [
    ...new Set([user?.mobileNumber ?? '', delivery?.mobile_number ?? ''].filter((p) => p)),
  ].sort();
  for (const phone of phones) {
    await q.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2::text))', [PHONE_LOCK, phone]);
  }
  const rows = await q.query<{ mine: unknown; by_phone: unknown; mine_kobo: unknown }>(
    `SELECT count(*) FILTER (WHERE o.user_id = $1) AS mine,
            count(*) FILTER (WHERE o.delivery_mobile_number = ANY($2::text[])
                                OR u.mobile_number = ANY($2::text[])) AS by_phone,
            COALESCE(sum(o.total_kobo) FILTER (WHERE o.user_id = $1), 0) AS mine_kobo
       FROM orders o JOIN users u ON u.id = o.user_id
      WHERE o.payment_status = 'awaiting' AND o.status = ANY($3::text[])
        AND (o.user_id = $1 OR o.delivery_mobile_number = ANY($2::text[])
             OR u.mobile_number = ANY($2::text[]))`,
    [userId, phones, [...OPEN_ORDER_STATES]],
  );
  const max = config.payLater.maxOpenOrders;
  if (num(rows[0]?.mine ?? 0) >= max) throw conflict(unpaidOrdersDetail(max, false));
  if (num(rows[0]?.by_phone ?? 0) >= max) throw conflict(unpaidOrdersDetail(max, true));
  return num(rows[0]?.mine_kobo ?? 0);
}

export async function placePayLaterOrder(
  ctx: Ctx,
  userId: number,
  deliveryModel: DeliveryModel,
  method: PayLaterMethod,
  log?: Log,
): Promise<OrderRecord> {
  if (PAY_LATER_DELIVERY_MODEL[method] !== deliveryModel) {
    throw conflict(PAY_LATER_MISMATCH_DETAILS[method]);
  }
  const now = ctx.clock.now();
  await expireLapsedHolds(ctx.db, now);
  const record = await ctx.db.transaction(async (q) => {
    const waitingKobo = await checkUnpaidOrders(q, ctx.config, userId, deliveryModel);
    const priced = await takeCart(q, userId, now);
    await checkStockShare(q, ctx.config.payLater.maxStockPercent, userId, priced);
    const { delivery, feeKobo } = await deliveryCharge(q, ctx.config, userId, deliveryModel);
    const totals = cartTotals(
      priced.map((p) => p.unitPriceKobo * p.quantity),
      feeKobo,
    );
    const settings = await readShopSettings(q, ctx.config);
    const earlier = await q.query<{ n: unknown }>(
      `SELECT count(*) AS n FROM orders WHERE user_id = $1 AND status <> 'cancelled'`,
      [userId],
    );
    const first = num(earlier[0]?.n ?? 0) === 0;
    const cap = first ? settings.payLaterFirstOrderMaxKobo : settings.payLaterMaxKobo;
    if (totals.payableKobo > cap) {
      throw conflict(
        payLaterCapDetail(method, formatNaira(cap), formatNaira(totals.payableKobo), first),
      );
    }
    const openMax = settings.payLaterOpenMaxKobo;
    if (waitingKobo + totals.payableKobo > openMax) {
      throw conflict(
        unpaidTotalDetail(
          formatNaira(openMax),
          formatNaira(waitingKobo),
          formatNaira(waitingKobo + totals.payableKobo),
        ),
      );
    }

    // The stock is the order's from now on, as for a paid order: it comes back if cancelled.
    const inserted = await writeOrder(q, {
      userId,
      reference: newReference(now),
      paymentMethod: method,
      deliveryModel,
      lines: priced,
      delivery,
      deliveryFeeKobo: feeKobo,
    });
    if (!inserted) throw new Error('A new order reference was already taken');
    await clearCart(q, userId);
    await notePlaced(q, inserted);
    await sendPlaced(ctx, inserted, log, q);
    return inserted;
  });
  return record;
}

/**
 * With the cart's products locked: refuses a pay-later order that would leave the account's
 * orders waiting for payment holding more than `percent` of a product's stock (what is on
 * sale plus what they hold already). Rounded up, so the last unit can still be had.
 */
async function checkStockShare(
  q: Queryable,
  percent: number,
  userId: number,
  lines: PricedLine[],
): Promise<void> {
  if (percent >= 100) return;
  const ids = lines.flatMap((l) => (l.productId === null ? [] : [l.productId]));
  const rows = await q.query<{ id: unknown; inventory_stock: unknown; waiting: unknown }>(
    `SELECT p.id, p.inventory_stock, COALESCE(w.units, 0) AS waiting
       FROM products p
       LEFT JOIN (SELECT i.product_id, sum(i.quantity) AS units
                    FROM order_items i JOIN orders o ON o.id = i.order_id
                   WHERE o.user_id = $1 AND o.payment_status = 'awaiting'
                     AND o.status = ANY($3::text[])
                   GROUP BY i.product_id) w ON w.product_id = p.id
      WHERE p.id = ANY($2::int[])`,
    [userId, ids, [...OPEN_ORDER_STATES]],
  );
  const byId = new Map(rows.map((r) => [num(r.id), r]));
  for (const line of lines) {
    const row = line.productId === null ? undefined : byId.get(line.productId);
    if (!row) continue;
    const waiting = num(row.waiting);
    const allowed = Math.ceil(((num(row.inventory_stock) + waiting) * percent) / 100);
    if (waiting + line.quantity > allowed) {
      throw conflict(stockShareDetail(line.name, Math.max(0, allowed - waiting), waiting));
    }
  }
}

// ------------------------------------------------------------------ staff steps

async function changeAndTell(
  ctx: Ctx,
  orderId: number,
  change: (
    q: Queryable,
    order: OrderRecord,
  ) => Promise<{ state: OrderState | null; reason?: string }>,
  log?: Log,
): Promise<OrderRecord> {
  const record = await ctx.db.transaction(async (q) => {
    const order = await lockOrder(q, orderId);
    if (!order) throw notFound(ERROR_DETAILS.orderNotFound);
    const { state, reason } = await change(q, order);
    const after = (await lockOrder(q, orderId)) as OrderRecord;
    if (state === null) return after;
    const pickup = state === 'ready_for_pickup' ? await pickupPoint(q, ctx.config) : null;
    await insertNotification(q, {
      userId: after.userId,
      kind: `order_${state}`,
      title: `Order ${after.order.reference}: ${ORDER_STATE_LABELS[state]}`,
      body: `Your order ${after.order.reference}: ${headline(state, reason ?? null, pickup)}.`,
      orderId: after.id,
      link: orderPagePath(after.id),
    });
    if (MESSAGED.includes(state)) {
      const f = await facts(ctx, after, q);
      if (f)
        await sendAll(ctx, orderStatusMessages(f, headline(state, reason ?? null, pickup)), log, q);
    }
    return after;
  });
  return record;
}

/** One step forward; `from` is what the staff member saw, so a stale or double tap is 409. */
export async function moveOrder(
  ctx: Ctx,
  actorId: number,
  orderId: number,
  from: OrderState,
  to: OrderState,
  log?: Log,
): Promise<OrderRecord> {
  return changeAndTell(
    ctx,
    orderId,
    async (q, order) => {
      const next = nextOrderState(order.state, order.deliveryModel);
      if (order.state !== from) {
        throw conflict(
          `This order is already ${ORDER_STATE_LABELS[order.state]}; refresh to see it as it is now.`,
        );
      }
      if (next !== to) {
        throw conflict(
          next === null
            ? `A ${ORDER_STATE_LABELS[order.state]} order cannot be moved on.`
            : `A ${ORDER_STATE_LABELS[order.state]} order can only be moved on to ${ORDER_STATE_LABELS[next]}.`,
        );
      }
      await q.query('UPDATE orders SET status = $2, status_changed_at = now() WHERE id = $1', [
        orderId,
        to,
      ]);
      await insertOrderEvent(q, { orderId, kind: 'status', status: to, actorUserId: actorId });
      return { state: to };
    },
    log,
  );
}

export async function recordPayment(
  ctx: Ctx,
  actorId: number,
  orderId: number,
  via: PaymentReceivedVia,
  log?: Log,
): Promise<OrderRecord> {
  return changeAndTell(
    ctx,
    orderId,
    async (q, order) => {
      if (order.state === 'cancelled') throw conflict('This order is cancelled.');
      if (order.paymentStatus !== 'awaiting') {
        throw conflict('The payment for this order is already recorded.');
      }
      await q.query(
        `UPDATE orders SET payment_status = 'paid', payment_received_via = $2,
                payment_received_at = now() WHERE id = $1`,
        [orderId, via],
      );
      await insertOrderEvent(q, { orderId, kind: 'payment', status: via, actorUserId: actorId });
      await recordMoney(q, {
        kind: via === 'cash' ? 'payment_cash' : 'payment_transfer',
        amountKobo: Math.round(order.order.total_amount * 100),
        eventKey: ledgerKeys.orderPayment(orderId),
        orderId,
        shopperId: order.userId,
        actorUserId: actorId,
        at: ctx.clock.now(),
      });
      await insertNotification(q, {
        userId: order.userId,
        kind: 'payment_received',
        title: `Payment received for order ${order.order.reference}`,
        body: `We received ${formatNaira(Math.round(order.order.total_amount * 100))} by ${via}. Thank you.`,
        orderId,
        link: orderPagePath(orderId),
      });
      return { state: null };
    },
    log,
  );
}

/** Stock goes back to the shelf; money already taken is flagged for a refund. */
export async function cancelOrder(
  ctx: Ctx,
  actorId: number | null,
  orderId: number,
  reason: string,
  log?: Log,
): Promise<OrderRecord> {
  const record = await changeAndTell(
    ctx,
    orderId,
    async (q, order) => {
      if (!OPEN_ORDER_STATES.includes(order.state)) {
        throw conflict(`A ${ORDER_STATE_LABELS[order.state]} order cannot be cancelled.`);
      }
      const refund = order.paymentStatus === 'paid';
      await q.query(
        `UPDATE orders SET status = 'cancelled', status_changed_at = now(), cancel_reason = $2,
                payment_status = CASE WHEN payment_status = 'paid' THEN 'refund_due'
                                      ELSE payment_status END
          WHERE id = $1`,
        [orderId, reason.trim()],
      );
      const items = await q.query<{ product_id: unknown; quantity: unknown }>(
        `SELECT product_id, sum(quantity) AS quantity FROM order_items
          WHERE order_id = $1 AND product_id IS NOT NULL GROUP BY product_id ORDER BY product_id`,
        [orderId],
      );
      for (const item of items) {
        await q.query(
          `UPDATE products SET inventory_stock = inventory_stock + $2, updated_at = now()
            WHERE id = $1`,
          [num(item.product_id), num(item.quantity)],
        );
      }
      await insertOrderEvent(q, {
        orderId,
        kind: 'status',
        status: 'cancelled',
        note: reason.trim(),
        actorUserId: actorId,
      });
      if (refund) {
        await insertOrderEvent(q, { orderId, kind: 'refund', status: 'due', actorUserId: actorId });
        // Owed from now on: the money goes back when the refund completes.
        await recordMoney(q, {
          kind: 'refund_started',
          amountKobo: Math.round(order.order.total_amount * 100),
          eventKey: ledgerKeys.orderRefundStarted(orderId),
          orderId,
          shopperId: order.userId,
          actorUserId: actorId,
          paystackReference: order.paymentMethod === 'online' ? order.order.reference : null,
          at: ctx.clock.now(),
        });
      }
      return { state: 'cancelled', reason: reason.trim() };
    },
    log,
  );
  await deliverStockAlerts(ctx, log);
  return record;
}

/**
 * The owner's one action against an account that holds stock it does not pay for: every
 * open order of the account cancelled as a staff cancel would (stock back, shopper told,
 * recorded with who did it; money already taken flagged for a refund). An order someone
 * else finished or cancelled meanwhile is left as it is. The orders it cancelled.
 */
export async function cancelOpenOrders(
  ctx: Ctx,
  actorId: number,
  userId: number,
  reason: string,
  log?: Log,
): Promise<OrderRecord[]> {
  const open = await ctx.db.query<{ id: unknown }>(
    'SELECT id FROM orders WHERE user_id = $1 AND status = ANY($2::text[]) ORDER BY id',
    [userId, [...OPEN_ORDER_STATES]],
  );
  const cancelled: OrderRecord[] = [];
  for (const row of open) {
    try {
      cancelled.push(await cancelOrder(ctx, actorId, num(row.id), reason, log));
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 409) continue;
      throw error;
    }
  }
  return cancelled;
}

/** The reason an unconfirmed pay-later order is cancelled with, as the shopper reads it. */
export function expiryReason(hours: number): string {
  return `not paid or confirmed within ${hours} hours, so its items went back on sale`;
}

/**
 * Cancels the pay-later orders still unpaid and unconfirmed `payLater.expiryHours` after
 * they were placed: their stock back, an event and a notification each, then an email and an
 * SMS. The status guard in the one UPDATE claims each order once, and rows another server
 * (or a staff member) has locked are skipped, so sweeps racing each other never give stock
 * back twice. Returns the orders it cancelled.
 */
export async function expireUnconfirmedOrders(ctx: Ctx, log?: Log): Promise<OrderRecord[]> {
  const hours = ctx.config.payLater.expiryHours;
  const cutoff = new Date(ctx.clock.now().getTime() - hours * 3_600_000);
  const reason = expiryReason(hours);
  const expired = await ctx.db.transaction(async (q) => {
    const rows = await q.query<OrderRow>(
      `UPDATE orders SET status = 'cancelled', status_changed_at = now(), cancel_reason = $2
        WHERE id IN (SELECT id FROM orders
                      WHERE status = 'placed' AND payment_status = 'awaiting'
                        AND order_date <= $1
                      ORDER BY order_date, id LIMIT 200 FOR UPDATE SKIP LOCKED)
          AND status = 'placed' AND payment_status = 'awaiting'
        RETURNING ${ORDER_COLUMNS}`,
      [cutoff.toISOString(), reason],
    );
    const records = rows.map(toOrderRecord);
    if (records.length === 0) return records;
    const units = await q.query<{ product_id: unknown; quantity: unknown }>(
      `SELECT product_id, sum(quantity) AS quantity FROM order_items
        WHERE order_id = ANY($1::int[]) AND product_id IS NOT NULL GROUP BY product_id`,
      [records.map((r) => r.id)],
    );
    await returnStock(q, units);
    for (const r of records) {
      await insertOrderEvent(q, {
        orderId: r.id,
        kind: 'status',
        status: 'cancelled',
        note: reason,
        actorUserId: null,
      });
      await insertNotification(q, {
        userId: r.userId,
        kind: 'order_cancelled',
        title: `Order ${r.order.reference}: ${ORDER_STATE_LABELS.cancelled}`,
        body: `Your order ${r.order.reference}: ${headline('cancelled', reason)}.`,
        orderId: r.id,
        link: orderPagePath(r.id),
      });
    }
    return records;
  });
  for (const record of expired) {
    const f = await facts(ctx, record);
    if (f) await sendAll(ctx, orderStatusMessages(f, headline('cancelled', reason)), log);
  }
  return expired;
}

/**
 * A listening server's regular round: lapsed payments give their stock back, unconfirmed
 * pay-later orders expire, and shoppers waiting for a product that came back are told.
 */
export async function sweepStock(ctx: Ctx, log?: Log): Promise<void> {
  await expireLapsedHolds(ctx.db, ctx.clock.now());
  await expireUnconfirmedOrders(ctx, log);
  await deliverStockAlerts(ctx, log);
}

// ------------------------------------------------------------------ back in stock

/** Tells every shopper whose product came back, once each: a notification and an email. */
export async function deliverStockAlerts(
  ctx: Pick<Ctx, 'db' | 'mailer' | 'publicUrl'>,
  log?: Log,
): Promise<number> {
  const due = await ctx.db.transaction(async (q) => {
    const claimed = await claimDueStockAlerts(q);
    for (const a of claimed) {
      await insertNotification(q, {
        userId: a.userId,
        kind: 'back_in_stock',
        title: `${a.name} is back in stock`,
        body: `${a.name} is back in stock. You asked us to tell you.`,
        productId: a.productId,
        link: productDetailsPath(a.slug),
      });
    }
    await sendAll(
      ctx,
      claimed.map((a) =>
        backInStockMessage(
          { email: a.email, firstName: a.firstName },
          { name: a.name },
          `${ctx.publicUrl()}${productDetailsPath(a.slug)}`,
        ),
      ),
      log,
      q,
    );
    return claimed;
  });
  return due.length;
}
