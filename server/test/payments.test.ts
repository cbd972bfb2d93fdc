/** Payments through the sandbox provider, checkout, orders and order items. */
import type {
  Cart,
  InitializeTransactionResponse,
  Order,
  OrderItem,
  Verification,
} from '../../contract';
import {
  buy,
  call,
  createShopper,
  DELIVERY,
  detailOf,
  fillCart,
  initialize,
  json,
  seedProducts,
  setupHarness,
  type Shopper,
  type TestProduct,
} from './helpers';

const t = setupHarness();

let shopper: Shopper;
let rice: TestProduct;
let milo: TestProduct;

beforeEach(async () => {
  shopper = await createShopper(t.app, t.db);
  [rice, milo] = (await seedProducts(t.db, [
    { name: 'Mama Gold Rice 10kg', price: 18500, disc: 1000, stock: 10 },
    { name: 'Milo 500g', price: 5600, stock: 4 },
  ])) as [TestProduct, TestProduct];
});

const checkout = (
  reference: string,
  deliveryModel: 'pickup' | 'delivery' = 'pickup',
  who: Shopper = shopper,
) =>
  call(t.app, {
    method: 'POST',
    url: '/api/checkout',
    token: who.token,
    body: { reference_id: reference, delivery_model: deliveryModel },
  });

const pay = (reference: string, outcome?: 'success' | 'failed') =>
  call(t.app, {
    method: 'POST',
    url: `/api/sandbox/pay/${reference}`,
    token: shopper.token,
    ...(outcome ? { body: { outcome } } : {}),
  });

const countOrders = async () =>
  Number((await t.db.query<{ n: unknown }>('SELECT count(*) AS n FROM orders'))[0]?.n);

describe('initialize-transaction', () => {
  test('computes the amount on the server: cart after VAT plus the pickup fee, in kobo', async () => {
    // 2 x 17,500 + 1 x 5,600 = 40,600; VAT 3,045 = 43,645 naira (pickup, free by default)
    await fillCart(t.app, shopper, [
      [rice.id, 2],
      [milo.id, 1],
    ]);
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/initialize-transaction',
      token: shopper.token,
      body: { userid: shopper.id, delivery_method: 'pickup' },
    });
    expect(r.statusCode).toBe(200);
    const body = json<InitializeTransactionResponse>(r);
    expect(body).toEqual({
      provider: 'sandbox',
      transaction_data: {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `/api/sandbox/pay/${body.transaction_data.data.reference}`,
          access_code: expect.stringMatching(/^sandbox_/),
          reference: expect.stringMatching(/^[A-Za-z0-9.=-]+$/),
        },
      },
      user_data: { email: shopper.email, amount: 4_364_500 },
    });
    const rows = await t.db.query<{
      amount_kobo: unknown;
      status: string;
      delivery_method: string;
      user_id: number;
    }>('SELECT amount_kobo, status, delivery_method, user_id FROM transactions');
    expect(rows.map((x) => ({ ...x, amount_kobo: Number(x.amount_kobo) }))).toEqual([
      { amount_kobo: 4_364_500, status: 'pending', delivery_method: 'pickup', user_id: shopper.id },
    ]);
  });

  test('refuses an empty cart, another user id, delivery without a location, and short stock', async () => {
    const init = (body: Record<string, unknown>) =>
      call(t.app, {
        method: 'POST',
        url: '/api/initialize-transaction',
        token: shopper.token,
        body,
      });
    const empty = await init({ userid: shopper.id, delivery_method: 'pickup' });
    expect(empty.statusCode).toBe(400);
    expect(detailOf(empty)).toBe('Your cart is empty');

    await fillCart(t.app, shopper, [[milo.id, 2]]);
    expect((await init({ userid: shopper.id + 1, delivery_method: 'pickup' })).statusCode).toBe(
      403,
    );
    const noAddress = await init({ userid: shopper.id, delivery_method: 'delivery' });
    expect(noAddress.statusCode).toBe(400);
    expect(detailOf(noAddress)).toBe('Add your delivery location');

    await t.db.query('UPDATE products SET inventory_stock = 1 WHERE id = $1', [milo.id]);
    const short = await init({ userid: shopper.id, delivery_method: 'pickup' });
    expect(short.statusCode).toBe(409);
    expect(detailOf(short)).toBe('Only 1 left in stock for Milo 500g');
    expect(await t.db.query('SELECT 1 FROM transactions')).toHaveLength(0);
  });
});

describe('verify-transaction and the sandbox', () => {
  test('pending until paid, then success with the amount and currency', async () => {
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const { reference, amountKobo } = await initialize(t.app, shopper);
    const verify = async () =>
      json<Verification>(
        await call(t.app, {
          url: `/api/verify-transaction?reference=${reference}`,
          token: shopper.token,
        }),
      );
    expect(await verify()).toEqual({
      reference,
      status: 'pending',
      amount: amountKobo,
      currency: 'NGN',
      paid_at: null,
      channel: null,
    });

    const paid = await pay(reference);
    expect(paid.statusCode).toBe(200);
    expect(json<Verification>(paid).status).toBe('success');
    const after = await verify();
    expect(after).toMatchObject({
      reference,
      status: 'success',
      amount: amountKobo,
      currency: 'NGN',
    });
    expect(after.paid_at).toMatch(/^\d{4}-/);
    const rows = await t.db.query<{ status: string; verified_at: unknown }>(
      'SELECT status, verified_at FROM transactions',
    );
    expect(rows[0]?.status).toBe('success');
    expect(rows[0]?.verified_at).not.toBeNull();

    expect((await pay(reference)).statusCode).toBe(409);
  });

  test("the tester's channel is kept and answered as Paystack's verify does; others are 422", async () => {
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const { reference } = await initialize(t.app, shopper);
    const payBy = (channel: string) =>
      call(t.app, {
        method: 'POST',
        url: `/api/sandbox/pay/${reference}`,
        token: shopper.token,
        body: { channel },
      });

    const refused = await payBy('mobile_money');
    expect(refused.statusCode).toBe(422);
    expect(json<{ detail: { loc: string[]; msg: string }[] }>(refused).detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'channel'],
        msg: 'Choose card, bank transfer or USSD',
      }),
    ]);

    const paid = await payBy('ussd');
    expect(paid.statusCode).toBe(200);
    expect(json<Verification>(paid)).toMatchObject({ status: 'success', channel: 'ussd' });
    const verify = async () =>
      json<Verification>(
        await call(t.app, {
          url: `/api/verify-transaction?reference=${reference}`,
          token: shopper.token,
        }),
      );
    // The first verify asks the provider; later ones answer from the shop's own record.
    expect((await verify()).channel).toBe('ussd');
    expect((await verify()).channel).toBe('ussd');
    const [tx] = await t.db.query<{ channel: string | null }>(
      'SELECT channel FROM transactions WHERE reference = $1',
      [reference],
    );
    expect(tx?.channel).toBe('ussd');
  });

  test('a failed payment is reported as failed and gives no order', async () => {
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const { reference } = await initialize(t.app, shopper);
    expect(json<Verification>(await pay(reference, 'failed')).status).toBe('failed');
    const r = await checkout(reference);
    expect(r.statusCode).toBe(400);
    expect(detailOf(r)).toBe('This payment failed, so no order was placed');
    expect(await countOrders()).toBe(0);
  });

  test('an unpaid (pending) or abandoned payment gives no order', async () => {
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const { reference } = await initialize(t.app, shopper);
    const pending = await checkout(reference);
    expect(pending.statusCode).toBe(400);
    expect(detailOf(pending)).toBe('This payment has not been completed yet');
    await t.db.query("UPDATE sandbox_payments SET status = 'abandoned'");
    const abandoned = await checkout(reference);
    expect(detailOf(abandoned)).toBe('This payment was abandoned, so no order was placed');
    expect(await countOrders()).toBe(0);
  });

  test('a tampered amount (provider reports less than asked) never gives an order', async () => {
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const { reference } = await initialize(t.app, shopper);
    await t.db.query('UPDATE sandbox_payments SET amount_kobo = 100 WHERE reference = $1', [
      reference,
    ]);
    await pay(reference);
    const verified = await call(t.app, {
      url: `/api/verify-transaction?reference=${reference}`,
      token: shopper.token,
    });
    expect(verified.statusCode).toBe(409);
    const r = await checkout(reference);
    expect(r.statusCode).toBe(409);
    expect(detailOf(r)).toMatch(/does not match/);
    expect(await countOrders()).toBe(0);
  });

  test('an unknown reference is 404', async () => {
    const r = await call(t.app, {
      url: '/api/verify-transaction?reference=NOPE-123',
      token: shopper.token,
    });
    expect(r.statusCode).toBe(404);
    expect(detailOf(r)).toBe('Transaction not found');
  });
});

describe('checkout', () => {
  test('places the order: items with prices, stock lowered, cart emptied, delivery copied', async () => {
    await call(t.app, {
      method: 'POST',
      url: '/api/delivery',
      token: shopper.token,
      body: DELIVERY,
    });
    await fillCart(t.app, shopper, [
      [rice.id, 2],
      [milo.id, 3],
    ]);
    const { reference } = await initialize(t.app, shopper, 'delivery');
    await pay(reference);
    const r = await checkout(reference, 'delivery');
    expect(r.statusCode).toBe(200);
    const order = json<Order>(r);
    // 35,000 + 16,800 = 51,800; VAT 3,885; + 1,150 = 56,835
    expect(order).toEqual({
      id: expect.any(Number),
      status: 'Placed',
      state: 'placed',
      payment_method: 'online',
      payment_status: 'paid',
      payment_received_via: 'online',
      cancel_reason: null,
      amounts: { items: 51800, vat: 3885, delivery_and_packaging: 1150, total: 56835 },
      order_date: expect.stringMatching(/^\d{4}-/),
      total_amount: 56835,
      delivery_model: 'delivery',
      reference,
      deliveries: {
        mobile_number: '08031234567',
        alt_mobile_number: '',
        address: DELIVERY.address,
        city: 'Ibadan-Bodija',
        state: 'Oyo State',
      },
    });

    const items = json<OrderItem[]>(
      await call(t.app, { url: `/api/order_item/${order.id}`, token: shopper.token }),
    );
    expect(
      items.map((i) => [i.product.name, i.quantity, i.total_price, i.product.vendor.name]),
    ).toEqual([
      ['Mama Gold Rice 10kg', 2, 35000, 'Test Vendor Bodija'],
      ['Milo 500g', 3, 16800, 'Test Vendor Bodija'],
    ]);
    expect(items[0]?.product.images).toBe(`/api/images/products/${rice.slug}.svg`);

    const stock = await t.db.query<{ inventory_stock: number }>(
      'SELECT inventory_stock FROM products ORDER BY id',
    );
    expect(stock.map((s) => s.inventory_stock)).toEqual([8, 1]);
    expect(
      json<Cart>(await call(t.app, { url: '/api/all-carts', token: shopper.token })).all_cart_data,
    ).toEqual([]);
    const orders = json<Order[]>(await call(t.app, { url: '/api/orders', token: shopper.token }));
    expect(orders).toEqual([order]);
  });

  test('the same reference checked out 10 times at once gives exactly one order', async () => {
    await fillCart(t.app, shopper, [[rice.id, 3]]);
    const { reference } = await initialize(t.app, shopper);
    await pay(reference);
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkout(reference)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => json<Order>(a).id));
    expect(ids.size).toBe(1);
    expect(await countOrders()).toBe(1);
    expect(await t.db.query('SELECT 1 FROM order_items')).toHaveLength(1);
    const stock = await t.db.query<{ inventory_stock: number }>(
      'SELECT inventory_stock FROM products WHERE id = $1',
      [rice.id],
    );
    expect(stock[0]?.inventory_stock).toBe(7);
  });

  test('a second checkout later returns the same order even though the cart is now empty', async () => {
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const first = await buy(t.app, shopper);
    const again = await checkout(first.reference);
    expect(again.statusCode).toBe(200);
    expect(json<Order>(again).id).toBe(first.id);
  });

  test('verifies through the provider when checkout comes first', async () => {
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const { reference } = await initialize(t.app, shopper);
    await pay(reference);
    await t.db.query('UPDATE transactions SET verified_at = NULL');
    expect((await checkout(reference)).statusCode).toBe(200);
  });

  test('a cart changed after initialize: the order is what was paid for, the rest stays', async () => {
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const { reference } = await initialize(t.app, shopper);
    await pay(reference);
    await fillCart(t.app, shopper, [[rice.id, 1]]);
    const r = await checkout(reference);
    expect(r.statusCode).toBe(200);
    // Paid 5,600 + 420 VAT = 6,020 (free pickup): the Milo alone.
    expect(json<Order>(r).total_amount).toBe(6020);
    const cart = json<Cart>(await call(t.app, { url: '/api/all-carts', token: shopper.token }));
    expect(cart.all_cart_data.map((l) => l.product.name)).toEqual(['Mama Gold Rice 10kg']);
  });

  test('pickup needs no delivery location; delivery does', async () => {
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const { reference } = await initialize(t.app, shopper, 'pickup');
    await pay(reference);
    const needsAddress = await checkout(reference, 'delivery');
    expect(needsAddress.statusCode).toBe(400);
    expect(detailOf(needsAddress)).toBe('Add your delivery location');
    const pickup = await checkout(reference, 'pickup');
    expect(pickup.statusCode).toBe(200);
    expect(json<Order>(pickup)).toMatchObject({
      delivery_model: 'pickup',
      deliveries: { address: '', city: '', state: '', mobile_number: '', alt_mobile_number: '' },
    });
  });

  test('stock that ran out after the hold lapsed gives 409 and no order', async () => {
    await fillCart(t.app, shopper, [[milo.id, 4]]);
    const { reference } = await initialize(t.app, shopper);
    await pay(reference);
    // As when the money is known only after the hold lapsed and gave its units back, and
    // others bought them meanwhile.
    await t.db.query('UPDATE transactions SET hold_released_at = now() WHERE reference = $1', [
      reference,
    ]);
    await t.db.query('UPDATE products SET inventory_stock = 2 WHERE id = $1', [milo.id]);
    const r = await checkout(reference);
    expect(r.statusCode).toBe(409);
    expect(detailOf(r)).toBe(
      'Only 2 left in stock for Milo 500g, so we could not place your order, but your payment ' +
        'of ₦24,080 is safe with us. Within one business day the shop will either place your ' +
        'order or refund the full amount to you, and we will text you when it is done.',
    );
    expect(await countOrders()).toBe(0);
    // Kept for the shop to place or refund (paid, not placed).
    const kept = await t.db.query('SELECT state FROM unplaced_payments WHERE reference = $1', [
      reference,
    ]);
    expect(kept).toEqual([{ state: 'open' }]);
  });
});

describe('orders', () => {
  test('newest first; order items only for the owner; 404 for unknown', async () => {
    await fillCart(t.app, shopper, [[milo.id, 1]]);
    const first = await buy(t.app, shopper);
    await fillCart(t.app, shopper, [[rice.id, 1]]);
    const second = await buy(t.app, shopper);
    const orders = json<Order[]>(await call(t.app, { url: '/api/orders', token: shopper.token }));
    expect(orders.map((o) => o.id)).toEqual([second.id, first.id]);
    const missing = await call(t.app, { url: '/api/order_item/9999', token: shopper.token });
    expect(missing.statusCode).toBe(404);
    expect(detailOf(missing)).toBe('Order not found');
  });

  test('a new shopper has no orders', async () => {
    expect(json(await call(t.app, { url: '/api/orders', token: shopper.token }))).toEqual([]);
  });
});
