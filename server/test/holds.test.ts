/**
 * What one shopper can hold without paying: a few orders waiting for payment per account and
 * per phone number, a total for them, unconfirmed ones expiring, payment holds that lapse at
 * their deadline however often the shopper asks again, held units shown as taken, and the
 * owner cancelling an account's open orders in one action.
 */
import type { Order, Product, StaffOrderList } from '../../contract';
import { createOutboxMailer } from '../src/mail/mailer';
import { expireUnconfirmedOrders, sweepStock } from '../src/orders/journey';
import { expireLapsedHolds } from '../src/db/transactions';
import {
  buy,
  call,
  countMessagesTo,
  createShopper,
  DELIVERY,
  detailOf,
  fillCart,
  initialize,
  json,
  lastMessageTo,
  seedProducts,
  setupHarness,
  testConfig,
  TEST_SECRET,
  type Shopper,
  type TestProduct,
} from './helpers';

const SHOP_URL = 'https://shop.example.ng';
const ENV = {
  PAY_LATER_MAX_NAIRA: '100000',
  PAY_LATER_FIRST_ORDER_MAX_NAIRA: '30000',
  PUBLIC_URL: SHOP_URL,
};
const t = setupHarness({ env: ENV });

/** What a listening server's sweep is given. */
const sweeper = () => ({
  db: t.db,
  config: { ...testConfig(ENV), jwtSecret: TEST_SECRET },
  clock: t.clock,
  mailer: createOutboxMailer(t.db, null),
  publicUrl: () => SHOP_URL,
});

let phones = 0;
/** A shopper with a phone number of their own (the harness's default one is shared). */
const shopper = (mobile = `0805${String(++phones).padStart(7, '0')}`) =>
  createShopper(t.app, t.db, { mobile_number: mobile });

async function stockOf(productId: number): Promise<number> {
  const rows = await t.db.query<{ n: unknown }>(
    'SELECT inventory_stock AS n FROM products WHERE id = $1',
    [productId],
  );
  return Number(rows[0]?.n);
}

/** The stock figure a shopper is shown, on the product page and in the catalogue. */
async function shownStock(product: TestProduct): Promise<{ page: number; catalogue: number }> {
  const page = json<Product>(await call(t.app, { url: `/api/get-product/${product.slug}` }));
  const all = json<Product[]>(await call(t.app, { url: '/api/get-all-products' }));
  return {
    page: page.inventory_stock,
    catalogue: all.find((p) => p.id === product.id)?.inventory_stock ?? -1,
  };
}

const placeLater = (s: Shopper, delivery: 'pickup' | 'delivery' = 'pickup') =>
  call(t.app, {
    method: 'POST',
    url: '/api/place-order',
    token: s.token,
    body: {
      userid: s.id,
      delivery_method: delivery,
      payment_method: delivery === 'pickup' ? 'at_pickup' : 'on_delivery',
    },
  });

async function addDelivery(s: Shopper, mobile: string) {
  const r = await call(t.app, {
    method: 'POST',
    url: '/api/delivery',
    token: s.token,
    body: { ...DELIVERY, mobile_number: mobile },
  });
  expect(r.statusCode).toBe(200);
}

async function makeStaff(): Promise<Shopper> {
  const staff = await shopper();
  await t.db.query("UPDATE users SET role = 'staff' WHERE id = $1", [staff.id]);
  return staff;
}

const TWO_WAITING =
  'You already have 2 orders waiting for payment. Please pay for one, or ask us on WhatsApp to cancel one, before ordering again to pay later. You can still pay now with card, bank transfer or USSD.';
const PHONE_TWO_WAITING =
  'Your phone number already has 2 orders waiting for payment. Please pay for one, or ask us on WhatsApp to cancel one, before ordering again to pay later. You can still pay now with card, bank transfer or USSD.';

let rice: TestProduct;
let milo: TestProduct;
let salt: TestProduct;
beforeEach(async () => {
  [rice, milo, salt] = (await seedProducts(t.db, [
    { name: 'Rice 10kg', price: 18500, stock: 40 },
    { name: 'Milo 500g', price: 1000, stock: 1000 },
    // Cheap enough that a cart of 300 stays under the first-order cap.
    { name: 'Salt 500g', price: 50, stock: 1000 },
  ])) as [TestProduct, TestProduct, TestProduct];
});

describe('orders waiting for payment', () => {
  test('an account has at most 2; the third is refused in words and takes nothing', async () => {
    const ada = await shopper();
    for (let i = 0; i < 2; i++) {
      await fillCart(t.app, ada, [[milo.id, 1]]);
      expect((await placeLater(ada)).statusCode).toBe(200);
    }
    await fillCart(t.app, ada, [[milo.id, 3]]);
    const third = await placeLater(ada);
    expect(third.statusCode).toBe(409);
    expect(detailOf(third)).toBe(TWO_WAITING);
    expect(await stockOf(milo.id)).toBe(998);
    // Paying now is still open to the shopper.
    await buy(t.app, ada);
    expect(await stockOf(milo.id)).toBe(995);
  });

  test('an order paid for, or cancelled, no longer counts', async () => {
    const staff = await makeStaff();
    const ada = await shopper();
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      await fillCart(t.app, ada, [[milo.id, 1]]);
      ids.push(json<Order>(await placeLater(ada)).id);
    }
    const paid = await call(t.app, {
      method: 'POST',
      url: `/api/staff/orders/${ids[0]}/payment`,
      token: staff.token,
      body: { via: 'cash' },
    });
    expect(paid.statusCode).toBe(200);
    await fillCart(t.app, ada, [[milo.id, 1]]);
    expect((await placeLater(ada)).statusCode).toBe(200);
  });

  test('one phone number has at most 2 across accounts, as its own or as a delivery number', async () => {
    const phone = '08050009999';
    const first = await shopper(phone);
    for (let i = 0; i < 2; i++) {
      await fillCart(t.app, first, [[milo.id, 1]]);
      expect((await placeLater(first)).statusCode).toBe(200);
    }
    const second = await shopper(phone);
    await fillCart(t.app, second, [[milo.id, 1]]);
    const refused = await placeLater(second);
    expect(refused.statusCode).toBe(409);
    expect(detailOf(refused)).toBe(PHONE_TWO_WAITING);

    // Another number on the account, but deliveries to the same phone.
    const third = await shopper();
    await addDelivery(third, phone);
    await fillCart(t.app, third, [[milo.id, 1]]);
    const viaDelivery = await placeLater(third, 'delivery');
    expect(viaDelivery.statusCode).toBe(409);
    expect(detailOf(viaDelivery)).toBe(PHONE_TWO_WAITING);
    expect(await stockOf(milo.id)).toBe(998);
  });

  test('together they come to at most ₦150,000; the refusal says what is waiting', async () => {
    const ada = await shopper();
    // A first order paid online lifts the pay-later cap to ₦100,000 an order.
    await fillCart(t.app, ada, [[milo.id, 1]]);
    await buy(t.app, ada);
    // 4 x 18,500 = 74,000 + VAT 5,550 = 79,550 (free pickup).
    await fillCart(t.app, ada, [[rice.id, 4]]);
    expect((await placeLater(ada)).statusCode).toBe(200);
    await fillCart(t.app, ada, [[rice.id, 4]]);
    const over = await placeLater(ada);
    expect(over.statusCode).toBe(409);
    expect(detailOf(over)).toBe(
      'Your orders waiting for payment come to ₦79,550; with this one they would come to ₦159,100, above the ₦150,000 we allow to be paid later. Please pay for an earlier order first, or pay now with card, bank transfer or USSD.',
    );
    expect(await stockOf(rice.id)).toBe(36);
  });

  test('they take at most half of any product: the refusal says how many more may be had', async () => {
    const [oil] = await seedProducts(t.db, [{ name: 'Kings Oil 5L', price: 1500, stock: 9 }]);
    const product = oil as TestProduct;
    const ada = await shopper();
    // Half of 9, rounded up: 5.
    await fillCart(t.app, ada, [[product.id, 6]]);
    const greedy = await placeLater(ada);
    expect(greedy.statusCode).toBe(409);
    expect(detailOf(greedy)).toBe(
      'You can order at most 5 more of Kings Oil 5L to pay later: orders waiting for payment may take only part of what we have. Lower the quantity, or pay now with card, bank transfer or USSD.',
    );
    const cart = json<{ all_cart_data: { id: number }[] }>(
      await call(t.app, { url: '/api/all-carts', token: ada.token }),
    );
    await call(t.app, {
      method: 'PATCH',
      url: `/api/update-cart/${cart.all_cart_data[0]?.id}`,
      token: ada.token,
      body: { quantity: 4 },
    });
    expect((await placeLater(ada)).statusCode).toBe(200);
    // 5 left on sale and 4 waiting: 5 of 9 in all, so one more.
    await fillCart(t.app, ada, [[product.id, 2]]);
    const more = await placeLater(ada);
    expect(detailOf(more)).toBe(
      'You can order at most 1 more of Kings Oil 5L to pay later: orders waiting for payment may take only part of what we have, and yours already have 4. Lower the quantity, or pay now with card, bank transfer or USSD.',
    );
    expect(await stockOf(product.id)).toBe(5);
    // The last unit on sale can be had.
    await t.db.query('UPDATE products SET inventory_stock = 1 WHERE id = $1', [milo.id]);
    const bola = await shopper();
    await fillCart(t.app, bola, [[milo.id, 1]]);
    expect((await placeLater(bola)).statusCode).toBe(200);
  });

  /**
   * 300 orders asked for at once, each beside a request that puts one more unit in the cart
   * (all sent together, none waiting for another), every account's cart full to start with:
   * without the caps each account would get at least one order.
   */
  async function race(accounts: Shopper[]): Promise<{ placed: number; units: number }> {
    for (const s of accounts) await fillCart(t.app, s, [[salt.id, 1]]);
    const sent = Array.from({ length: 300 }, (_, i) => {
      const s = accounts[i % accounts.length] as Shopper;
      // The line may be ordered before add-cart reads it back (404): it was added all the same.
      const added = call(t.app, {
        method: 'POST',
        url: '/api/add-cart',
        token: s.token,
        body: { user_id: s.id, product_id: salt.id, quantity: 1, price_per_item: 50 },
      }).then((r) => expect([200, 404]).toContain(r.statusCode));
      return { added, placed: placeLater(s) };
    });
    await Promise.all(sent.map((r) => r.added));
    const answers = await Promise.all(sent.map((r) => r.placed));
    const placed = answers.filter((r) => r.statusCode === 200).length;
    for (const r of answers) {
      if (r.statusCode === 400) expect(detailOf(r)).toBe('Your cart is empty');
      else if (r.statusCode !== 200) {
        expect(r.statusCode).toBe(409);
        expect([TWO_WAITING, PHONE_TWO_WAITING]).toContain(detailOf(r));
      }
    }
    const rows = await t.db.query<{ orders: unknown; units: unknown }>(
      `SELECT count(DISTINCT o.id) AS orders, COALESCE(sum(i.quantity), 0) AS units
         FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.user_id = ANY($1::int[])`,
      [accounts.map((s) => s.id)],
    );
    expect(Number(rows[0]?.orders)).toBe(placed);
    return { placed, units: Number(rows[0]?.units) };
  }

  test('300 requests at once from one account leave at most 2 orders and the stock exact', async () => {
    const { placed, units } = await race([await shopper()]);
    expect(placed).toBeGreaterThanOrEqual(1);
    expect(placed).toBeLessThanOrEqual(2);
    expect(await stockOf(salt.id)).toBe(1000 - units);
  });

  test('300 requests at once from 30 accounts sharing a phone leave at most 2 orders', async () => {
    const phone = '08050008888';
    const accounts: Shopper[] = [];
    for (let i = 0; i < 30; i++) accounts.push(await shopper(phone));
    const { placed, units } = await race(accounts);
    expect(placed).toBeGreaterThanOrEqual(1);
    expect(placed).toBeLessThanOrEqual(2);
    expect(await stockOf(salt.id)).toBe(1000 - units);
  });
});

describe('unconfirmed pay-later orders expire', () => {
  test('after 24 hours: cancelled once, stock back once, the shopper told by SMS', async () => {
    const staff = await makeStaff();
    const mobile = '08050007777';
    const ada = await shopper(mobile);
    await fillCart(t.app, ada, [[rice.id, 1]]);
    const waiting = json<Order>(await placeLater(ada));
    // A confirmed order is the shop's promise: it does not expire.
    await fillCart(t.app, ada, [[rice.id, 1]]);
    const confirmed = json<Order>(await placeLater(ada));
    const moved = await call(t.app, {
      method: 'POST',
      url: `/api/staff/orders/${confirmed.id}/status`,
      token: staff.token,
      body: { from: 'placed', to: 'confirmed' },
    });
    expect(moved.statusCode).toBe(200);
    expect(await stockOf(rice.id)).toBe(38);

    const toldBefore = await countMessagesTo(t.db, mobile);
    t.clock.advance(23 * 3600);
    expect(await expireUnconfirmedOrders(sweeper())).toEqual([]);
    t.clock.advance(2 * 3600);
    // Two servers sweeping at the same moment.
    const [a, b] = await Promise.all([
      expireUnconfirmedOrders(sweeper()),
      expireUnconfirmedOrders(sweeper()),
    ]);
    expect([...a, ...b].map((r) => r.id)).toEqual([waiting.id]);
    expect(await stockOf(rice.id)).toBe(39);
    expect(await expireUnconfirmedOrders(sweeper())).toEqual([]);
    expect(await stockOf(rice.id)).toBe(39);

    const detail = json<{ state: string; cancel_reason: string; events: { status: string }[] }>(
      await call(t.app, { url: `/api/orders/${waiting.id}`, token: ada.token }),
    );
    expect(detail.state).toBe('cancelled');
    expect(detail.cancel_reason).toBe(
      'not paid or confirmed within 24 hours, so its items went back on sale',
    );
    expect(detail.events.filter((e) => e.status === 'cancelled')).toHaveLength(1);
    expect((await countMessagesTo(t.db, mobile)) - toldBefore).toBe(1);
    expect(await lastMessageTo(t.db, mobile)).toMatchObject({
      channel: 'sms',
      body: expect.stringContaining(
        `order ${waiting.reference}: cancelled (not paid or confirmed within 24 hours`,
      ),
    });
    // The shopper may order to pay later again: one order is waiting now.
    await fillCart(t.app, ada, [[rice.id, 1]]);
    expect((await placeLater(ada)).statusCode).toBe(200);
  });
});

describe('a payment hold', () => {
  const startPayment = (s: Shopper) =>
    call(t.app, {
      method: 'POST',
      url: '/api/initialize-transaction',
      token: s.token,
      body: { userid: s.id, delivery_method: 'pickup' },
    });

  test('shows its units as taken, and gives them back when it lapses', async () => {
    const [oil] = await seedProducts(t.db, [{ name: 'Kings Oil 5L', price: 14500, stock: 3 }]);
    const product = oil as TestProduct;
    const ada = await shopper();
    await fillCart(t.app, ada, [[product.id, 2]]);
    await initialize(t.app, ada);
    expect(await shownStock(product)).toEqual({ page: 1, catalogue: 1 });
    const bola = await shopper();
    await fillCart(t.app, bola, [[product.id, 1]]);
    await initialize(t.app, bola);
    expect(await shownStock(product)).toEqual({ page: 0, catalogue: 0 });

    t.clock.advance(16 * 60);
    await sweepStock(sweeper());
    expect(await shownStock(product)).toEqual({ page: 3, catalogue: 3 });
  });

  test('lasts 15 minutes from the first ask: asking again does not stretch it', async () => {
    const [oil] = await seedProducts(t.db, [{ name: 'Kings Oil 5L', price: 14500, stock: 5 }]);
    const product = oil as TestProduct;
    const ada = await shopper();
    const bola = await shopper();
    await fillCart(t.app, ada, [[product.id, 5]]);
    await fillCart(t.app, bola, [[product.id, 5]]);
    await initialize(t.app, ada);

    t.clock.advance(10 * 60);
    const again = await initialize(t.app, ada);
    const told = await startPayment(bola);
    expect(told.statusCode).toBe(409);
    expect(detailOf(told)).toBe('Kings Oil 5L is out of stock');

    // 16 minutes after the first ask: the hold has lapsed, though the second ask was 6 ago.
    t.clock.advance(6 * 60);
    const late = await call(t.app, {
      method: 'POST',
      url: `/api/sandbox/pay/${again.reference}`,
      token: ada.token,
    });
    expect(late.statusCode).toBe(409);
    expect(detailOf(late)).toBe(
      'This payment has expired and no money was taken. Go back to your cart and pay again.',
    );
    expect((await startPayment(bola)).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(0);
  });

  test('lapsed holds swept by two servers at once give their units back once', async () => {
    const [oil] = await seedProducts(t.db, [{ name: 'Kings Oil 5L', price: 14500, stock: 5 }]);
    const ada = await shopper();
    await fillCart(t.app, ada, [[oil?.id ?? 0, 4]]);
    await initialize(t.app, ada);
    expect(await stockOf(oil?.id ?? 0)).toBe(1);
    t.clock.advance(15 * 60);
    const ended = await Promise.all([
      expireLapsedHolds(t.db, t.clock.now()),
      expireLapsedHolds(t.db, t.clock.now()),
    ]);
    expect(ended[0] + ended[1]).toBe(1);
    expect(await stockOf(oil?.id ?? 0)).toBe(5);
  });

  test('paid in time, the order takes the held units once', async () => {
    const [oil] = await seedProducts(t.db, [{ name: 'Kings Oil 5L', price: 14500, stock: 5 }]);
    const ada = await shopper();
    await fillCart(t.app, ada, [[oil?.id ?? 0, 2]]);
    await buy(t.app, ada);
    t.clock.advance(60 * 60);
    await sweepStock(sweeper());
    expect(await stockOf(oil?.id ?? 0)).toBe(3);
  });
});

describe('the owner cancels all of one account’s open orders', () => {
  const cancelAll = (token: string, userId: number, reason = 'Orders never collected') =>
    call(t.app, {
      method: 'POST',
      url: `/api/staff/customers/${userId}/cancel-open-orders`,
      token,
      body: { reason },
    });

  test('in one action: stock back, the shopper told, each recorded with who did it', async () => {
    const staff = await makeStaff();
    const mobile = '08050006666';
    const ada = await shopper(mobile);
    await fillCart(t.app, ada, [[rice.id, 2]]);
    const paid = await buy(t.app, ada);
    for (let i = 0; i < 2; i++) {
      await fillCart(t.app, ada, [[milo.id, 5]]);
      expect((await placeLater(ada)).statusCode).toBe(200);
    }
    expect(await stockOf(milo.id)).toBe(990);
    const toldBefore = await countMessagesTo(t.db, mobile);

    const r = await cancelAll(staff.token, ada.id);
    expect(r.statusCode).toBe(200);
    const list = json<StaffOrderList>(r);
    expect(list.total).toBe(3);
    for (const order of list.orders) {
      expect(order.state).toBe('cancelled');
      expect(order.cancel_reason).toBe('Orders never collected');
      expect(order.history.some((e) => e.status === 'cancelled' && e.actor?.id === staff.id)).toBe(
        true,
      );
    }
    expect(list.orders.find((o) => o.id === paid.id)?.refund_due).toBe(true);
    expect(await stockOf(milo.id)).toBe(1000);
    expect(await stockOf(rice.id)).toBe(40);
    // One cancellation each, and the card refund of the paid one (the sandbox processes it).
    expect((await countMessagesTo(t.db, mobile)) - toldBefore).toBe(4);
    const refunds = await t.db.query('SELECT state FROM refunds WHERE order_id = $1', [paid.id]);
    expect(refunds).toEqual([{ state: 'processed' }]);

    // Again: nothing is open any more.
    const again = await cancelAll(staff.token, ada.id);
    expect(json<StaffOrderList>(again)).toEqual({ orders: [], total: 0 });
    expect(await stockOf(milo.id)).toBe(1000);
  });

  test("a shopper's token is 403 and cancels nothing; an unknown account is 404", async () => {
    const staff = await makeStaff();
    const ada = await shopper();
    await fillCart(t.app, ada, [[milo.id, 1]]);
    expect((await placeLater(ada)).statusCode).toBe(200);
    const bola = await shopper();
    const refused = await cancelAll(bola.token, ada.id);
    expect(refused.statusCode).toBe(403);
    expect(detailOf(refused)).toBe('This page is for the shop staff only');
    expect(await stockOf(milo.id)).toBe(999);
    const unknown = await cancelAll(staff.token, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(detailOf(unknown)).toBe('Customer not found');
    const blank = await cancelAll(staff.token, ada.id, ' ');
    expect(blank.statusCode).toBe(422);
    expect(await stockOf(milo.id)).toBe(999);
  });
});
