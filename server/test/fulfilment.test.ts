/**
 * Paying later, an order's journey, what the shopper is told, the staff side and back in
 * stock: issue 18's server contract.
 */
import type {
  NotificationList,
  Order,
  OrderDetail,
  OrderItem,
  StaffOrder,
  StaffOrderList,
  StockAlertList,
} from '../../contract';
import { createOutboxMailer } from '../src/mail/mailer';
import { deliverStockAlerts } from '../src/orders/journey';
import {
  buy,
  call,
  countMessagesTo,
  createShopper,
  DELIVERY,
  detailOf,
  fillCart,
  json,
  lastMessageTo,
  seedProducts,
  setupHarness,
  type Shopper,
  type TestProduct,
} from './helpers';

const SHOP_URL = 'https://shop.example.ng';
const t = setupHarness({
  env: {
    PAY_LATER_MAX_NAIRA: '100000',
    PAY_LATER_FIRST_ORDER_MAX_NAIRA: '30000',
    PUBLIC_URL: SHOP_URL,
  },
});

/** What a listening server's sweep is given: the database, the outbox and the shop's address. */
const sweeper = () => ({
  db: t.db,
  mailer: createOutboxMailer(t.db, null),
  publicUrl: () => SHOP_URL,
});

async function stockOf(productId: number): Promise<number> {
  const rows = await t.db.query<{ n: unknown }>(
    'SELECT inventory_stock AS n FROM products WHERE id = $1',
    [productId],
  );
  return Number(rows[0]?.n);
}

async function addDelivery(shopper: Shopper, mobile = DELIVERY.mobile_number) {
  const r = await call(t.app, {
    method: 'POST',
    url: '/api/delivery',
    token: shopper.token,
    body: { ...DELIVERY, mobile_number: mobile },
  });
  expect(r.statusCode).toBe(200);
}

const placeLater = (
  shopper: Shopper,
  delivery: 'delivery' | 'pickup',
  payment: 'on_delivery' | 'at_pickup',
) =>
  call(t.app, {
    method: 'POST',
    url: '/api/place-order',
    token: shopper.token,
    body: { userid: shopper.id, delivery_method: delivery, payment_method: payment },
  });

async function makeStaff(): Promise<Shopper> {
  const staff = await createShopper(t.app, t.db, { email: `staff${Date.now()}@ibadanmarket.ng` });
  await t.db.query("UPDATE users SET role = 'staff' WHERE id = $1", [staff.id]);
  return staff;
}

const move = (staff: Shopper, orderId: number, from: string, to: string) =>
  call(t.app, {
    method: 'POST',
    url: `/api/staff/orders/${orderId}/status`,
    token: staff.token,
    body: { from, to },
  });

async function notifications(shopper: Shopper): Promise<NotificationList> {
  const r = await call(t.app, { url: '/api/notifications', token: shopper.token });
  expect(r.statusCode).toBe(200);
  return json<NotificationList>(r);
}

let rice: TestProduct;
let milo: TestProduct;
let gone: TestProduct;
beforeEach(async () => {
  [rice, milo, gone] = (await seedProducts(t.db, [
    { name: 'Rice 10kg', price: 18500, stock: 20 },
    { name: 'Milo 500g', price: 5600, stock: 20 },
    { name: 'Golden Penny Semovita', price: 4000, stock: 0 },
  ])) as [TestProduct, TestProduct, TestProduct];
});

describe('pay on delivery and pay at pickup', () => {
  test('placed at once: awaiting payment, stock reserved, cart emptied, confirmation sent', async () => {
    const shopper = await createShopper(t.app, t.db);
    await addDelivery(shopper);
    await fillCart(t.app, shopper, [[milo.id, 2]]);
    const r = await placeLater(shopper, 'delivery', 'on_delivery');
    expect(r.statusCode).toBe(200);
    const order = json<Order>(r);
    // 11,200 + VAT 840 + 1,150
    expect(order).toMatchObject({
      status: 'Placed',
      state: 'placed',
      payment_method: 'on_delivery',
      payment_status: 'awaiting',
      payment_received_via: null,
      total_amount: 13190,
      amounts: { items: 11200, vat: 840, delivery_and_packaging: 1150, total: 13190 },
      delivery_model: 'delivery',
      deliveries: { address: DELIVERY.address, city: DELIVERY.city },
    });
    expect(await stockOf(milo.id)).toBe(18);
    const cart = json<{ all_cart_data: unknown[] }>(
      await call(t.app, { url: '/api/all-carts', token: shopper.token }),
    );
    expect(cart.all_cart_data).toEqual([]);

    const email = await lastMessageTo(t.db, shopper.email);
    expect(email?.subject).toBe(`Ibadan Market: order ${order.reference} placed`);
    expect(email?.body).toContain('2 x Milo 500g: ₦11,200');
    expect(email?.body).toContain('VAT: ₦840');
    expect(email?.body).toContain('Delivery and packaging: ₦1,150');
    expect(email?.body).toContain('Total: ₦13,190');
    expect(email?.body).toContain('Payment: Pay on delivery (cash or transfer)');
    expect(email?.body).toContain(`Delivery to: ${DELIVERY.address}`);
    expect(email?.body).toContain('+2348030001234');
    // A mail client has no site to resolve a path against: the link is whole.
    expect(email?.body).toContain(`Follow your order: ${SHOP_URL}/profile/orders/${order.id}`);
    const sms = await lastMessageTo(t.db, DELIVERY.mobile_number);
    expect(sms?.channel).toBe('sms');
    expect(sms?.body).toContain(order.reference);

    const list = await notifications(shopper);
    expect(list.unread).toBe(1);
    expect(list.notifications[0]).toMatchObject({
      kind: 'order_placed',
      order_id: order.id,
      read: false,
      link: `/profile/orders/${order.id}`,
    });
  });

  test('pay at pickup is for pickup, pay on delivery for delivery: a mismatch is 409, nothing changes', async () => {
    const shopper = await createShopper(t.app, t.db);
    await addDelivery(shopper);
    await fillCart(t.app, shopper, [[rice.id, 1]]);
    const a = await placeLater(shopper, 'pickup', 'on_delivery');
    expect(a.statusCode).toBe(409);
    expect(detailOf(a)).toBe(
      'Pay on delivery is only for orders we deliver. For pickup, choose Pay at pickup or pay now.',
    );
    const b = await placeLater(shopper, 'delivery', 'at_pickup');
    expect(b.statusCode).toBe(409);
    expect(detailOf(b)).toBe(
      'Pay at pickup is only for orders you collect. For delivery, choose Pay on delivery or pay now.',
    );
    expect(await stockOf(rice.id)).toBe(20);
    const orders = json<Order[]>(await call(t.app, { url: '/api/orders', token: shopper.token }));
    expect(orders).toEqual([]);
    const ok = await placeLater(shopper, 'pickup', 'at_pickup');
    expect(ok.statusCode).toBe(200);
    expect(json<Order>(ok).payment_method).toBe('at_pickup');
  });

  test('a first order is capped lower than later ones; the refusal says why and the cap', async () => {
    const shopper = await createShopper(t.app, t.db);
    // 2 x 18,500 = 37,000 + VAT 2,775 = 39,775 (free pickup): over the first-order cap of 30,000.
    await fillCart(t.app, shopper, [[rice.id, 2]]);
    const first = await placeLater(shopper, 'pickup', 'at_pickup');
    expect(first.statusCode).toBe(409);
    expect(detailOf(first)).toBe(
      'Pay at pickup is available for orders up to ₦30,000 on a first order; this order comes to ₦39,775. Please pay now with card, bank transfer or USSD.',
    );
    expect(await stockOf(rice.id)).toBe(20);

    // Paid online, the first order goes through whatever its size.
    await buy(t.app, shopper);
    await fillCart(t.app, shopper, [[rice.id, 2]]);
    const second = await placeLater(shopper, 'pickup', 'at_pickup');
    expect(second.statusCode).toBe(200);

    // 6 x 18,500 = 111,000 + 8,325 = 119,325 (free pickup): over the cap of 100,000.
    await fillCart(t.app, shopper, [[rice.id, 6]]);
    const big = await placeLater(shopper, 'pickup', 'at_pickup');
    expect(big.statusCode).toBe(409);
    expect(detailOf(big)).toBe(
      'Pay at pickup is available for orders up to ₦100,000; this order comes to ₦119,325. Please pay now with card, bank transfer or USSD.',
    );
  });

  test('refuses an empty cart, another shopper id, short stock and a missing delivery location', async () => {
    const shopper = await createShopper(t.app, t.db);
    expect((await placeLater(shopper, 'pickup', 'at_pickup')).statusCode).toBe(400);
    const other = await call(t.app, {
      method: 'POST',
      url: '/api/place-order',
      token: shopper.token,
      body: { userid: shopper.id + 1000, delivery_method: 'pickup', payment_method: 'at_pickup' },
    });
    expect(other.statusCode).toBe(403);
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const noAddress = await placeLater(shopper, 'delivery', 'on_delivery');
    expect(noAddress.statusCode).toBe(400);
    expect(detailOf(noAddress)).toBe('Add your delivery location');
    await t.db.query('UPDATE products SET inventory_stock = 0 WHERE id = $1', [milo.id]);
    const short = await placeLater(shopper, 'pickup', 'at_pickup');
    expect(short.statusCode).toBe(409);
    expect(detailOf(short)).toBe('Milo 500g is out of stock');
    const bad = await call(t.app, {
      method: 'POST',
      url: '/api/place-order',
      token: shopper.token,
      body: { userid: shopper.id, delivery_method: 'pickup', payment_method: 'cheque' },
    });
    expect(bad.statusCode).toBe(422);
    expect(detailOf(bad)).toEqual([expect.objectContaining({ loc: ['body', 'payment_method'] })]);
  });
});

describe('an order paid online', () => {
  test('starts placed and paid, with a placed event, a notification and a confirmation email', async () => {
    const shopper = await createShopper(t.app, t.db);
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const { id } = await buy(t.app, shopper);
    const detail = json<OrderDetail>(
      await call(t.app, { url: `/api/orders/${id}`, token: shopper.token }),
    );
    expect(detail).toMatchObject({
      status: 'Placed',
      payment_status: 'paid',
      payment_received_via: 'online',
      payment_label: 'Paid online',
      pickup: {
        address: 'Shop 14, Bodija Market Complex, Bodija, Ibadan, Oyo State',
        opening_hours: 'Monday to Saturday, 8 am to 6 pm',
      },
      whatsapp: { number: '2348030001234' },
    });
    expect(detail.whatsapp.url).toBe(
      `https://wa.me/2348030001234?text=${encodeURIComponent(`Hello, about my order ${detail.number}`)}`,
    );
    expect(detail.events).toEqual([
      expect.objectContaining({ kind: 'status', status: 'placed', label: 'Placed' }),
    ]);
    expect(detail.items).toEqual([
      expect.objectContaining({ quantity: 1, unit_price: 5600, total_price: 5600 }),
    ]);
    expect(detail.expected.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await lastMessageTo(t.db, shopper.email))?.subject).toContain('placed');
    expect((await notifications(shopper)).notifications).toHaveLength(1);
    // The spec's order-items call keeps its fields and gains the price of one.
    const items = json<OrderItem[]>(
      await call(t.app, { url: `/api/order_item/${id}`, token: shopper.token }),
    );
    expect(items[0]).toMatchObject({ quantity: 1, total_price: 5600, unit_price: 5600 });
  });

  test("without PUBLIC_URL (the demo) the email links to the server's own address", async () => {
    const demo = await t.build({ PUBLIC_URL: '', PORT: '8305' });
    const shopper = await createShopper(demo, t.db);
    await fillCart(demo, shopper, [[milo.id, 1]]);
    const { id } = await buy(demo, shopper);
    expect((await lastMessageTo(t.db, shopper.email))?.body).toContain(
      `Follow your order: http://localhost:8305/profile/orders/${id}`,
    );
  });

  test("another shopper's order detail is 404 with nothing of it", async () => {
    const a = await createShopper(t.app, t.db);
    const b = await createShopper(t.app, t.db);
    await fillCart(t.app, a, [[milo.id, 1]]);
    const { id } = await buy(t.app, a);
    const r = await call(t.app, { url: `/api/orders/${id}`, token: b.token });
    expect(r.statusCode).toBe(404);
    expect(Object.keys(json<object>(r))).toEqual(['detail']);
  });
});

describe('the journey', () => {
  test('delivery: placed, confirmed, packed, out for delivery, delivered; each once, timestamped, told', async () => {
    const staff = await makeStaff();
    const shopper = await createShopper(t.app, t.db);
    await addDelivery(shopper);
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const order = json<Order>(await placeLater(shopper, 'delivery', 'on_delivery'));
    const steps: [string, string][] = [
      ['placed', 'confirmed'],
      ['confirmed', 'packed'],
      ['packed', 'out_for_delivery'],
      ['out_for_delivery', 'delivered'],
    ];
    for (const [from, to] of steps) {
      const r = await move(staff, order.id, from, to);
      expect({ to, status: r.statusCode }).toEqual({ to, status: 200 });
      expect(json<StaffOrder>(r).state).toBe(to);
      // Tapped twice: the second is stale.
      expect((await move(staff, order.id, from, to)).statusCode).toBe(409);
    }
    const detail = json<OrderDetail>(
      await call(t.app, { url: `/api/orders/${order.id}`, token: shopper.token }),
    );
    expect(detail.status).toBe('Delivered');
    expect(detail.events.map((e) => e.label)).toEqual([
      'Placed',
      'Confirmed',
      'Packed',
      'Out for delivery',
      'Delivered',
    ]);
    for (const e of detail.events) expect(Date.parse(e.at)).not.toBeNaN();
    const list = await notifications(shopper);
    expect(list.notifications.map((n) => n.kind)).toEqual([
      'order_delivered',
      'order_out_for_delivery',
      'order_packed',
      'order_confirmed',
      'order_placed',
    ]);
    // Email for placed, out for delivery, delivered; not for confirmed or packed.
    const emails = await t.db.query<{ subject: string }>(
      "SELECT subject FROM outbox WHERE to_address = $1 AND channel = 'email' AND subject LIKE '%order%' ORDER BY id",
      [shopper.email],
    );
    expect(emails.map((e) => e.subject)).toEqual([
      expect.stringMatching(/placed$/),
      expect.stringMatching(/: out for delivery$/),
      expect.stringMatching(/: delivered$/),
    ]);
    // Finished: nothing more, not even a cancel.
    expect((await move(staff, order.id, 'delivered', 'collected')).statusCode).toBe(409);
    const cancel = await call(t.app, {
      method: 'POST',
      url: `/api/staff/orders/${order.id}/cancel`,
      token: staff.token,
      body: { reason: 'Changed mind' },
    });
    expect(cancel.statusCode).toBe(409);
    expect(detailOf(cancel)).toBe('A Delivered order cannot be cancelled.');
  });

  test('pickup: packed leads to ready for pickup, then collected; the delivery steps are 409', async () => {
    const staff = await makeStaff();
    const shopper = await createShopper(t.app, t.db);
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const order = json<Order>(await placeLater(shopper, 'pickup', 'at_pickup'));
    const skip = await move(staff, order.id, 'placed', 'packed');
    expect(skip.statusCode).toBe(409);
    expect(detailOf(skip)).toBe('A Placed order can only be moved on to Confirmed.');
    expect((await move(staff, order.id, 'placed', 'confirmed')).statusCode).toBe(200);
    expect((await move(staff, order.id, 'confirmed', 'packed')).statusCode).toBe(200);
    const wrong = await move(staff, order.id, 'packed', 'out_for_delivery');
    expect(wrong.statusCode).toBe(409);
    expect(detailOf(wrong)).toBe('A Packed order can only be moved on to Ready for pickup.');
    expect((await move(staff, order.id, 'packed', 'ready_for_pickup')).statusCode).toBe(200);
    const ready = await lastMessageTo(t.db, shopper.email);
    expect(ready?.subject).toContain('ready for pickup at Shop 14, Bodija Market Complex');
    expect(ready?.body).toContain(`See your order: ${SHOP_URL}/profile/orders/${order.id}`);
    expect((await move(staff, order.id, 'ready_for_pickup', 'delivered')).statusCode).toBe(409);
    const done = await move(staff, order.id, 'ready_for_pickup', 'collected');
    expect(done.statusCode).toBe(200);
    expect(json<StaffOrder>(done)).toMatchObject({ status: 'Collected', next_state: null });
  });

  test('ten taps at once move an order one step and tell the shopper once', async () => {
    const staff = await makeStaff();
    const shopper = await createShopper(t.app, t.db);
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const order = json<Order>(await placeLater(shopper, 'pickup', 'at_pickup'));
    const results = await Promise.all(
      Array.from({ length: 10 }, () => move(staff, order.id, 'placed', 'confirmed')),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const kinds = (await notifications(shopper)).notifications.map((n) => n.kind);
    expect(kinds.filter((k) => k === 'order_confirmed')).toHaveLength(1);
  });
});

describe('staff', () => {
  test("a shopper's token gets 403 and no data on every staff call; no token gets 401", async () => {
    const shopper = await createShopper(t.app, t.db);
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const order = json<Order>(await placeLater(shopper, 'pickup', 'at_pickup'));
    const calls = [
      { url: '/api/staff/me' },
      { url: '/api/staff/orders' },
      { url: `/api/staff/orders/${order.id}` },
      {
        method: 'POST' as const,
        url: `/api/staff/orders/${order.id}/status`,
        body: { from: 'placed', to: 'confirmed' },
      },
      {
        method: 'POST' as const,
        url: `/api/staff/orders/${order.id}/payment`,
        body: { via: 'cash' },
      },
      {
        method: 'POST' as const,
        url: `/api/staff/orders/${order.id}/cancel`,
        body: { reason: 'x' },
      },
    ];
    for (const c of calls) {
      const r = await call(t.app, { ...c, token: shopper.token });
      expect({ url: c.url, status: r.statusCode }).toEqual({ url: c.url, status: 403 });
      expect(json(r)).toEqual({ detail: 'This page is for the shop staff only' });
      expect((await call(t.app, c)).statusCode).toBe(401);
    }
    const detail = json<OrderDetail>(
      await call(t.app, { url: `/api/orders/${order.id}`, token: shopper.token }),
    );
    expect(detail.state).toBe('placed');
    expect(detail.payment_status).toBe('awaiting');
    expect(detail.events).toHaveLength(1);
  });

  test('/staff/me names the role: staff and owner get in, each told which they are', async () => {
    const staff = await makeStaff();
    const me = await call(t.app, { url: '/api/staff/me', token: staff.token });
    expect(me.statusCode).toBe(200);
    expect(json(me)).toEqual({
      id: staff.id,
      email: staff.email,
      first_name: expect.any(String),
      role: 'staff',
    });
    await t.db.query("UPDATE users SET role = 'owner' WHERE id = $1", [staff.id]);
    const owner = await call(t.app, { url: '/api/staff/me', token: staff.token });
    expect(json(owner)).toMatchObject({ role: 'owner' });
    // The owner runs the order queue too.
    expect((await call(t.app, { url: '/api/staff/orders', token: staff.token })).statusCode).toBe(
      200,
    );
  });

  test('demo mode: staff calls answer this computer only', async () => {
    const staff = await makeStaff();
    const r = await call(t.app, {
      url: '/api/staff/orders',
      token: staff.token,
      remoteAddress: '10.0.0.7',
    });
    expect(r.statusCode).toBe(403);
    expect((await call(t.app, { url: '/api/staff/orders', token: staff.token })).statusCode).toBe(
      200,
    );
  });

  test('the queue: open orders oldest first, by status and area, paged', async () => {
    const staff = await makeStaff();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      // Three shoppers of their own: one phone number may have only 2 orders waiting for money.
      const mobile = i === 1 ? DELIVERY.mobile_number : `0803000020${i}`;
      const shopper = await createShopper(t.app, t.db, { mobile_number: mobile });
      if (i !== 1) await addDelivery(shopper, mobile);
      await fillCart(t.app, shopper, [[milo.id, 1]]);
      const r =
        i === 1
          ? await placeLater(shopper, 'pickup', 'at_pickup')
          : await placeLater(shopper, 'delivery', 'on_delivery');
      ids.push(json<Order>(r).id);
      await t.db.query(
        'UPDATE orders SET order_date = now() - make_interval(hours => $2) WHERE id = $1',
        [json<Order>(r).id, 10 - i],
      );
    }
    const [first, second, third] = ids as [number, number, number];
    await move(staff, third, 'placed', 'confirmed');
    const list = async (query: string) =>
      json<StaffOrderList>(
        await call(t.app, { url: `/api/staff/orders${query}`, token: staff.token }),
      );
    expect((await list('')).orders.map((o) => o.id)).toEqual([first, second, third]);
    expect((await list('?status=placed')).orders.map((o) => o.id)).toEqual([first, second]);
    expect((await list('?area=pickup')).orders.map((o) => o.id)).toEqual([second]);
    expect(
      (await list(`?area=${encodeURIComponent(DELIVERY.city)}`)).orders.map((o) => o.id),
    ).toEqual([first, third]);
    const page = await list('?limit=2&offset=2');
    expect(page).toMatchObject({ total: 3 });
    expect(page.orders.map((o) => o.id)).toEqual([third]);
    const card = (await list('?area=pickup')).orders[0] as StaffOrder;
    expect(card).toMatchObject({
      customer: { name: 'Tunde Bakare', mobile_number: '08031234567' },
      next_state: 'confirmed',
      can_cancel: true,
      can_record_payment: true,
      refund_due: false,
    });
    expect(card.items[0]).toMatchObject({ quantity: 1, product: { name: 'Milo 500g' } });
    const bad = await call(t.app, { url: '/api/staff/orders?status=lost', token: staff.token });
    expect(bad.statusCode).toBe(422);
  });

  test('cash received is recorded apart from the status, once, with who and when', async () => {
    const staff = await makeStaff();
    const shopper = await createShopper(t.app, t.db);
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const order = json<Order>(await placeLater(shopper, 'pickup', 'at_pickup'));
    const pay = () =>
      call(t.app, {
        method: 'POST',
        url: `/api/staff/orders/${order.id}/payment`,
        token: staff.token,
        body: { via: 'cash' },
      });
    const r = await pay();
    expect(r.statusCode).toBe(200);
    const card = json<StaffOrder>(r);
    expect(card).toMatchObject({
      state: 'placed',
      payment_status: 'paid',
      payment_received_via: 'cash',
      can_record_payment: false,
    });
    expect(card.history.at(-1)).toMatchObject({
      kind: 'payment',
      label: 'Payment received (cash)',
      actor: { id: staff.id, email: staff.email },
    });
    expect(Date.parse(card.history.at(-1)?.at ?? '')).not.toBeNaN();
    expect((await pay()).statusCode).toBe(409);
    const moved = json<StaffOrder>(await move(staff, order.id, 'placed', 'confirmed'));
    expect(moved.history.at(-1)).toMatchObject({ status: 'confirmed', actor: { id: staff.id } });
    // The shopper's own view names no staff member.
    const mine = await call(t.app, { url: `/api/orders/${order.id}`, token: shopper.token });
    expect(mine.body).not.toContain(staff.email);
  });

  test('cancel: stock goes back, a paid order is flagged for refund, the reason is told', async () => {
    const staff = await makeStaff();
    const shopper = await createShopper(t.app, t.db);
    await fillCart(t.app, shopper, [[rice.id, 3]]);
    const { id } = await buy(t.app, shopper);
    expect(await stockOf(rice.id)).toBe(17);
    const empty = await call(t.app, {
      method: 'POST',
      url: `/api/staff/orders/${id}/cancel`,
      token: staff.token,
      body: { reason: '   ' },
    });
    expect(empty.statusCode).toBe(422);
    const r = await call(t.app, {
      method: 'POST',
      url: `/api/staff/orders/${id}/cancel`,
      token: staff.token,
      body: { reason: 'Rice supplier did not deliver' },
    });
    expect(r.statusCode).toBe(200);
    expect(json<StaffOrder>(r)).toMatchObject({
      status: 'Cancelled',
      cancel_reason: 'Rice supplier did not deliver',
      payment_status: 'refund_due',
      refund_due: true,
      can_cancel: false,
    });
    expect(json<StaffOrder>(r).history.map((h) => [h.kind, h.actor?.id ?? null])).toEqual([
      ['status', null],
      ['status', staff.id],
      ['refund', staff.id],
    ]);
    expect(await stockOf(rice.id)).toBe(20);
    expect((await lastMessageTo(t.db, shopper.email))?.subject).toContain(
      'cancelled (Rice supplier did not deliver)',
    );
    const again = await call(t.app, {
      method: 'POST',
      url: `/api/staff/orders/${id}/cancel`,
      token: staff.token,
      body: { reason: 'again' },
    });
    expect(again.statusCode).toBe(409);
    expect(await stockOf(rice.id)).toBe(20);
  });

  test('an unpaid cancelled order owes no refund', async () => {
    const staff = await makeStaff();
    const shopper = await createShopper(t.app, t.db);
    await fillCart(t.app, shopper, [[milo.id, 2]]);
    const order = json<Order>(await placeLater(shopper, 'pickup', 'at_pickup'));
    const r = await call(t.app, {
      method: 'POST',
      url: `/api/staff/orders/${order.id}/cancel`,
      token: staff.token,
      body: { reason: 'Not collected in 7 days' },
    });
    expect(json<StaffOrder>(r)).toMatchObject({ payment_status: 'awaiting', refund_due: false });
    expect(await stockOf(milo.id)).toBe(20);
  });
});

describe('notifications', () => {
  test('newest first with unread marked; mark one, or all, read; never another shopper’s', async () => {
    const staff = await makeStaff();
    const shopper = await createShopper(t.app, t.db);
    const other = await createShopper(t.app, t.db);
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const order = json<Order>(await placeLater(shopper, 'pickup', 'at_pickup'));
    await move(staff, order.id, 'placed', 'confirmed');
    const list = await notifications(shopper);
    expect(list).toMatchObject({ total: 2, unread: 2 });
    const [newest, oldest] = list.notifications as [
      NotificationList['notifications'][number],
      NotificationList['notifications'][number],
    ];
    expect(newest.kind).toBe('order_confirmed');
    expect(oldest.kind).toBe('order_placed');
    const intruder = await call(t.app, {
      method: 'POST',
      url: `/api/notifications/${newest.id}/read`,
      token: other.token,
    });
    expect(intruder.statusCode).toBe(404);
    const mark = await call(t.app, {
      method: 'POST',
      url: `/api/notifications/${newest.id}/read`,
      token: shopper.token,
    });
    expect(mark.statusCode).toBe(200);
    const after = await notifications(shopper);
    expect(after.unread).toBe(1);
    expect(after.notifications.map((n) => n.read)).toEqual([true, false]);
    await call(t.app, { method: 'POST', url: '/api/notifications/read-all', token: shopper.token });
    expect((await notifications(shopper)).unread).toBe(0);
    expect((await notifications(other)).total).toBe(0);
  });
});

describe('back in stock', () => {
  test('stock returned by a cancel: one notification and one email per subscriber, once', async () => {
    const staff = await makeStaff();
    const waiting = await createShopper(t.app, t.db);
    const buyer = await createShopper(t.app, t.db);
    // The last unit: paying later may take it (at most half of a product, rounded up).
    await t.db.query('UPDATE products SET inventory_stock = 1 WHERE id = $1', [gone.id]);
    await fillCart(t.app, buyer, [[gone.id, 1]]);
    const order = json<Order>(await placeLater(buyer, 'pickup', 'at_pickup'));
    expect(await stockOf(gone.id)).toBe(0);
    const sub = await call(t.app, {
      method: 'POST',
      url: '/api/stock-alerts',
      token: waiting.token,
      body: { product_id: gone.id },
    });
    expect(sub.statusCode).toBe(200);
    // Subscribing twice is one subscription.
    await call(t.app, {
      method: 'POST',
      url: '/api/stock-alerts',
      token: waiting.token,
      body: { product_id: gone.id },
    });
    const before = await countMessagesTo(t.db, waiting.email);

    await call(t.app, {
      method: 'POST',
      url: `/api/staff/orders/${order.id}/cancel`,
      token: staff.token,
      body: { reason: 'Not collected' },
    });
    expect(await stockOf(gone.id)).toBe(1);
    expect(await countMessagesTo(t.db, waiting.email)).toBe(before + 1);
    const back = await lastMessageTo(t.db, waiting.email);
    expect(back?.subject).toBe('Golden Penny Semovita is back in stock at Ibadan Market');
    expect(back?.body).toContain(`${SHOP_URL}/detail/product-details?slug=${gone.slug}`);
    const kinds = (await notifications(waiting)).notifications.filter(
      (n) => n.kind === 'back_in_stock',
    );
    expect(kinds).toEqual([
      expect.objectContaining({
        product_id: gone.id,
        link: `/detail/product-details?slug=${gone.slug}`,
      }),
    ]);
    // Later sweeps, and stock going up again, tell nobody again.
    expect(await deliverStockAlerts(sweeper())).toBe(0);
    await t.db.query('UPDATE products SET inventory_stock = 0 WHERE id = $1', [gone.id]);
    await t.db.query('UPDATE products SET inventory_stock = 5 WHERE id = $1', [gone.id]);
    expect(await deliverStockAlerts(sweeper())).toBe(0);
    expect(await countMessagesTo(t.db, waiting.email)).toBe(before + 1);
    const alerts = json<StockAlertList>(
      await call(t.app, { url: '/api/stock-alerts', token: waiting.token }),
    );
    expect(alerts.alerts).toEqual([
      expect.objectContaining({
        product_id: gone.id,
        in_stock: true,
        notified_at: expect.any(String),
      }),
    ]);
  });

  test("stock put back by the shop's own UPDATE is found by the sweep; an unsubscribed shopper hears nothing", async () => {
    const a = await createShopper(t.app, t.db);
    const b = await createShopper(t.app, t.db);
    for (const s of [a, b]) {
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/stock-alerts',
        token: s.token,
        body: { product_id: gone.id },
      });
      expect(r.statusCode).toBe(200);
    }
    const off = await call(t.app, {
      method: 'DELETE',
      url: `/api/stock-alerts/${gone.id}`,
      token: b.token,
    });
    expect(off.statusCode).toBe(200);
    expect(
      (await call(t.app, { method: 'DELETE', url: `/api/stock-alerts/${gone.id}`, token: b.token }))
        .statusCode,
    ).toBe(404);
    expect(await deliverStockAlerts(sweeper())).toBe(0);
    await t.db.query('UPDATE products SET inventory_stock = 12 WHERE id = $1', [gone.id]);
    const [once, twice] = await Promise.all([
      deliverStockAlerts(sweeper()),
      deliverStockAlerts(sweeper()),
    ]);
    expect(once + twice).toBe(1);
    const back = await lastMessageTo(t.db, a.email);
    expect(back?.subject).toBe('Golden Penny Semovita is back in stock at Ibadan Market');
    expect(back?.body).toContain(`${SHOP_URL}/detail/product-details?slug=${gone.slug}`);
    expect(
      (await notifications(b)).notifications.filter((n) => n.kind === 'back_in_stock'),
    ).toEqual([]);
    const unknown = await call(t.app, {
      method: 'POST',
      url: '/api/stock-alerts',
      token: a.token,
      body: { product_id: 999999 },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
