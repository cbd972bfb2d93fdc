/**
 * The money ledger and payments that found no order (issue 35, items 1 and 2), with Paystack
 * replaced by its loopback stand-in: every path that moves money writes what Paystack (or the
 * till) saw, once however often it is told; a paid, not placed payment is kept, shown to the
 * shop and resolved either way.
 */
import type {
  Affiliate,
  Ledger,
  Order,
  StaffOrder,
  UnplacedPayment,
  UnplacedPaymentList,
} from '../../contract';
import type { App } from '../src/app';
import {
  buy,
  call,
  countMessagesTo,
  createShopMember,
  createShopper,
  detailOf,
  fillCart,
  json,
  lastMessageTo,
  seedProducts,
  setupHarness,
  type Shopper,
  type TestProduct,
} from './helpers';
import { chargeSuccess, FakePaystack, refundEvent, SECRET, signed } from './paystackStandIn';

const fake = new FakePaystack();
let app: App;
const t = setupHarness();

// 2026-11-27 11:00 in Lagos.
const NOW = new Date('2026-11-27T10:00:00.000Z');
const TODAY = '2026-11-27';

beforeAll(async () => {
  await fake.server.listen({ port: 0, host: '127.0.0.1' });
  const address = fake.server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  app = await t.build({
    PAYSTACK_SECRET_KEY: SECRET,
    PAYSTACK_BASE_URL: `http://127.0.0.1:${port}`,
  });
});

afterAll(async () => {
  await fake.server.close();
});

const BUYER_MOBILE = '08035550101';
let buyer: Shopper;
let owner: Shopper;
let staff: Shopper;
let rice: TestProduct;
let milo: TestProduct;

beforeEach(async () => {
  t.clock.freeze(NOW);
  fake.transactions.clear();
  fake.refunds.length = 0;
  fake.refundAnswer = 'pending';
  buyer = await createShopper(app, t.db, { mobile_number: BUYER_MOBILE });
  owner = await createShopMember(app, t.db, 'owner', { mobile_number: '08035550102' });
  staff = await createShopMember(app, t.db, 'staff', { mobile_number: '08035550103' });
  [rice, milo] = (await seedProducts(t.db, [
    { name: 'Royal Stallion Rice 50kg', price: 79500, stock: 10 },
    { name: 'Milo 500g', price: 5600, stock: 10 },
  ])) as [TestProduct, TestProduct];
});

// 79,500 + 5,962.50 VAT, pickup free by default = 85,462.50 naira
const AMOUNT = 8_546_250;

async function startPayment(who: Shopper = buyer, quantity = 1): Promise<string> {
  await fillCart(app, who, [[rice.id, quantity]]);
  const r = await call(app, {
    method: 'POST',
    url: '/api/initialize-transaction',
    token: who.token,
    body: { userid: who.id, delivery_method: 'pickup' },
  });
  expect(r.statusCode).toBe(200);
  return json<{ transaction_data: { data: { reference: string } } }>(r).transaction_data.data
    .reference;
}

const webhook = (reference: string, amount = AMOUNT) => sendEvent(chargeSuccess(reference, amount));

const sendEvent = (payload: unknown) => {
  const { raw, signature } = signed(payload);
  return app.inject({
    method: 'POST',
    url: '/api/paystack/webhook',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    payload: raw,
  });
};

const checkout = (reference: string, who: Shopper = buyer) =>
  call(app, {
    method: 'POST',
    url: '/api/checkout',
    token: who.token,
    body: { reference_id: reference, delivery_model: 'pickup' },
  });

async function ledger(query = `?from=${TODAY}&to=${TODAY}`): Promise<Ledger> {
  const r = await call(app, { url: `/api/staff/ledger${query}`, token: owner.token });
  expect(r.statusCode).toBe(200);
  return json<Ledger>(r);
}

/** Kobo per kind, summed from the rows the ledger lists (not from its totals). */
function sumRows(l: Ledger): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of l.rows) out[row.kind] = (out[row.kind] ?? 0) + Math.round(row.amount * 100);
  return out;
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.db.query<{ n: unknown }>(sql, params))[0]?.n);

/** The payment's hold lapsed and others bought the stock meanwhile. */
async function holdLapsedAndStockGone(reference: string, left = 0) {
  await t.db.query('UPDATE transactions SET hold_released_at = now() WHERE reference = $1', [
    reference,
  ]);
  await t.db.query('UPDATE products SET inventory_stock = $2 WHERE id = $1', [rice.id, left]);
}

const unplaced = async (who: Shopper = owner, state = '') =>
  call(app, { url: `/api/staff/unplaced-payments${state}`, token: who.token });

const act = (id: number, action: 'place' | 'refund', who: Shopper = owner) =>
  call(app, {
    method: 'POST',
    url: `/api/staff/unplaced-payments/${id}/${action}`,
    token: who.token,
  });

describe('the ledger follows Paystack along each path', () => {
  test('the same webhook ten times: one order, one ledger row of exactly what Paystack took', async () => {
    const reference = await startPayment();
    for (let i = 0; i < 10; i++) {
      const r = await webhook(reference);
      expect(json(r)).toEqual({ status: 'ok' });
    }
    expect(await count('SELECT count(*) AS n FROM orders')).toBe(1);
    const l = await ledger();
    expect(l.rows).toHaveLength(1);
    expect(l.rows[0]).toMatchObject({
      kind: 'payment_online',
      amount: AMOUNT / 100,
      direction: 1,
      shopper_id: buyer.id,
      actor_user_id: null,
      paystack_reference: reference,
      created_at: NOW.toISOString(),
    });
    expect(sumRows(l)).toEqual({ payment_online: AMOUNT });
    expect(l.totals).toMatchObject({ received: AMOUNT / 100, paid_out: 0, net: AMOUNT / 100 });
    expect(l.totals.by_kind.payment_online).toBe(AMOUNT / 100);
  });

  test('checkout verifying first, then the webhook: one row, linked to the order', async () => {
    const reference = await startPayment();
    fake.settle(reference, 'success');
    const order = json<Order>(await checkout(reference));
    await webhook(reference);
    await checkout(reference);
    const l = await ledger();
    expect(l.rows).toHaveLength(1);
    expect(l.rows[0]).toMatchObject({ order_id: order.id, amount: AMOUNT / 100 });
    expect(Math.round(order.total_amount * 100)).toBe(AMOUNT);
  });

  test('cash on pickup recorded by staff, then a paid online order cancelled: the money owed back', async () => {
    await fillCart(app, buyer, [[milo.id, 1]]);
    const later = await call(app, {
      method: 'POST',
      url: '/api/place-order',
      token: buyer.token,
      body: { userid: buyer.id, delivery_method: 'pickup', payment_method: 'at_pickup' },
    });
    expect([later.statusCode, later.body]).toEqual([200, expect.any(String)]);
    const laterOrder = json<Order>(later);
    const record = () =>
      call(app, {
        method: 'POST',
        url: `/api/staff/orders/${laterOrder.id}/payment`,
        token: staff.token,
        body: { via: 'cash' },
      });
    expect((await record()).statusCode).toBe(200);
    expect((await record()).statusCode).toBe(409);

    const reference = await startPayment();
    fake.settle(reference, 'success');
    await webhook(reference);
    const online = (
      await t.db.query<{ id: number }>('SELECT id FROM orders WHERE reference = $1', [reference])
    )[0]!;
    const cancel = await call(app, {
      method: 'POST',
      url: `/api/staff/orders/${online.id}/cancel`,
      token: staff.token,
      body: { reason: 'Out of stock at the warehouse' },
    });
    expect(json<StaffOrder>(cancel).refund_due).toBe(true);

    const l = await ledger();
    expect(sumRows(l)).toEqual({
      payment_cash: Math.round(laterOrder.total_amount * 100),
      payment_online: AMOUNT,
      refund_started: AMOUNT,
    });
    expect(l.rows.find((r) => r.kind === 'payment_cash')).toMatchObject({
      order_id: laterOrder.id,
      actor_user_id: staff.id,
      direction: 1,
    });
    expect(l.rows.find((r) => r.kind === 'refund_started')).toMatchObject({
      order_id: online.id,
      actor_user_id: staff.id,
      paystack_reference: reference,
      direction: 0,
    });
    // A refund started is owed, not yet paid out: the cash in is unchanged until it completes.
    expect(l.totals.received).toBe(laterOrder.total_amount + AMOUNT / 100);
    expect(l.totals.paid_out).toBe(0);
  });

  test("a referred buyer's commission and the affiliate's payout request equal what the affiliate sees", async () => {
    const affiliate = await createShopper(app, t.db, { mobile_number: '08035550104' });
    const registered = await call(app, {
      method: 'POST',
      url: '/api/affiliate-registration',
      token: affiliate.token,
      body: {
        affiliate_code: 'bisi',
        account_details: JSON.stringify({
          account_number: '0123456789',
          account_name: 'Bisi',
          bank_name: 'GTBank',
        }),
      },
    });
    expect(registered.statusCode).toBe(200);
    const referred = await createShopper(app, t.db, {
      affiliate_code: 'bisi',
      mobile_number: '08035550105',
    });
    const reference = await startPayment(referred);
    await webhook(reference);
    await webhook(reference);
    const earned = json<Affiliate>(
      await call(app, { url: '/api/affiliate-details', token: affiliate.token }),
    ).month_generated;
    expect(earned).toBeGreaterThan(0);
    const payout = await call(app, { url: '/api/request-payment', token: affiliate.token });
    expect(payout.statusCode).toBe(200);

    const l = await ledger();
    expect(sumRows(l)).toEqual({
      payment_online: AMOUNT,
      commission_earned: Math.round(earned * 100),
      payout_requested: Math.round(earned * 100),
    });
    expect(l.rows.find((r) => r.kind === 'payout_requested')).toMatchObject({
      actor_user_id: affiliate.id,
      direction: 0,
    });
  });

  test('the rows are never changed in place', async () => {
    const reference = await startPayment();
    await webhook(reference);
    await expect(t.db.query('UPDATE money_ledger SET amount_kobo = 1')).rejects.toThrow(
      /never changed/,
    );
    await expect(t.db.query('DELETE FROM money_ledger')).rejects.toThrow(/never changed/);
  });
});

describe('GET /api/staff/ledger', () => {
  test('owner only: staff and shoppers get 403 in words', async () => {
    for (const who of [staff, buyer]) {
      const r = await call(app, { url: '/api/staff/ledger', token: who.token });
      expect(r.statusCode).toBe(403);
    }
    expect(detailOf(await call(app, { url: '/api/staff/ledger', token: staff.token }))).toBe(
      'Only the shop owner can do this',
    );
  });

  test('days are Lagos days, today by default; impossible or reversed dates are 400 in words', async () => {
    const reference = await startPayment();
    await webhook(reference);
    expect((await ledger('')).rows).toHaveLength(1);
    expect((await ledger('?from=2026-11-26&to=2026-11-26')).rows).toHaveLength(0);
    expect((await ledger('?from=2026-11-01')).totals.received).toBe(AMOUNT / 100);
    const bad = [
      ['?from=2026-02-30', 'There is no such date as 2026-02-30'],
      ['?from=2026-11-28&to=2026-11-27', 'The start date must be on or before the end date'],
    ];
    for (const [query, detail] of bad) {
      const r = await call(app, { url: `/api/staff/ledger${query}`, token: owner.token });
      expect(r.statusCode).toBe(400);
      expect(detailOf(r)).toBe(detail);
    }
    const malformed = await call(app, {
      url: '/api/staff/ledger?from=yesterday',
      token: owner.token,
    });
    expect(malformed.statusCode).toBe(422);
  });
});

describe('paid, not placed', () => {
  const SHOPPER_WORDS =
    'Royal Stallion Rice 50kg is out of stock, so we could not place your order, but your ' +
    'payment of ₦85,462.50 is safe with us. Within one business day the shop will either ' +
    'place your order or refund the full amount to you, and we will text you when it is done.';

  async function keptPayment(): Promise<{ reference: string; kept: UnplacedPayment }> {
    const reference = await startPayment();
    fake.settle(reference, 'success');
    await holdLapsedAndStockGone(reference);
    // Paystack's webhook first, replayed; then the shopper's own checkout call.
    for (let i = 0; i < 10; i++)
      expect(json(await webhook(reference))).toEqual({ status: 'not placed' });
    const r = await checkout(reference);
    expect(r.statusCode).toBe(409);
    expect(detailOf(r)).toBe(SHOPPER_WORDS);
    const list = json<UnplacedPaymentList>(await unplaced(staff));
    expect(list.payments).toHaveLength(1);
    return { reference, kept: list.payments[0]! };
  }

  test('is kept once, with the money in the ledger and one SMS saying what happens next', async () => {
    const { reference, kept } = await keptPayment();
    expect(kept).toEqual({
      id: kept.id,
      reference,
      amount: AMOUNT / 100,
      shopper: { id: buyer.id, name: 'Tunde Bakare', mobile_number: BUYER_MOBILE },
      reason: 'Royal Stallion Rice 50kg is out of stock',
      state: 'open',
      order_id: null,
      created_at: NOW.toISOString(),
      resolved_at: null,
      refund: null,
    });
    expect(await count('SELECT count(*) AS n FROM orders')).toBe(0);
    expect(sumRows(await ledger())).toEqual({ payment_online: AMOUNT });
    expect(await countMessagesTo(t.db, BUYER_MOBILE)).toBe(1);
    expect((await lastMessageTo(t.db, BUYER_MOBILE))?.body).toBe(
      `Ibadan Market: we received your payment of NGN 85,462.50 (ref ${reference}) but could not ` +
        'place your order. Within one business day we will place it or refund you in full, and ' +
        'text you when done.',
    );
  });

  test('the owner places it anyway once stock allows; it leaves the list and the money is counted once', async () => {
    const { reference, kept } = await keptPayment();
    const short = await act(kept.id, 'place');
    expect(short.statusCode).toBe(409);
    expect(detailOf(short)).toBe(
      'This order cannot be placed yet: Royal Stallion Rice 50kg is out of stock. Add stock ' +
        'first, or refund the payment.',
    );
    expect((await act(kept.id, 'place', staff)).statusCode).toBe(403);

    await t.db.query('UPDATE products SET inventory_stock = 3 WHERE id = $1', [rice.id]);
    const placed = await act(kept.id, 'place');
    expect(placed.statusCode).toBe(200);
    const after = json<UnplacedPayment>(placed);
    expect(after).toMatchObject({ state: 'placed', resolved_at: NOW.toISOString() });
    expect(after.order_id).toEqual(expect.any(Number));
    const order = json<Order>(await checkout(reference));
    expect(order.id).toBe(after.order_id);
    expect(Math.round(order.total_amount * 100)).toBe(AMOUNT);
    expect(await count('SELECT inventory_stock AS n FROM products WHERE id = $1', [rice.id])).toBe(
      2,
    );

    expect(json<UnplacedPaymentList>(await unplaced()).payments).toEqual([]);
    expect(json<UnplacedPaymentList>(await unplaced(owner, '?state=placed')).payments).toHaveLength(
      1,
    );
    expect(sumRows(await ledger())).toEqual({ payment_online: AMOUNT });

    const again = await act(kept.id, 'place');
    expect(again.statusCode).toBe(409);
    expect(detailOf(again)).toBe(`This payment is already placed as order ${reference}.`);
    const refund = await act(kept.id, 'refund');
    expect(refund.statusCode).toBe(409);
    expect(
      await count(
        "SELECT count(*) AS n FROM back_office_changes WHERE entity = 'unplaced_payment'",
      ),
    ).toBe(1);
  });

  test('the owner refunds it: refund started in the ledger, the shopper told, and it cannot be placed after', async () => {
    const { reference, kept } = await keptPayment();
    expect((await act(kept.id, 'refund', staff)).statusCode).toBe(403);
    const refunds = await Promise.all([act(kept.id, 'refund'), act(kept.id, 'refund')]);
    expect(refunds.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const done = refunds.find((r) => r.statusCode === 200)!;
    expect(json<UnplacedPayment>(done)).toMatchObject({ state: 'refund_started', order_id: null });
    expect(detailOf(refunds.find((r) => r.statusCode === 409)!)).toBe(
      'A refund of this payment has already been started.',
    );

    const l = await ledger();
    expect(sumRows(l)).toEqual({ payment_online: AMOUNT, refund_started: AMOUNT });
    expect(l.rows.find((r) => r.kind === 'refund_started')).toMatchObject({
      actor_user_id: owner.id,
      shopper_id: buyer.id,
      paystack_reference: reference,
    });
    expect((await lastMessageTo(t.db, BUYER_MOBILE))?.body).toBe(
      `Ibadan Market: we have started a refund of NGN 85,462.50 for your payment ${reference}. It ` +
        'goes back the way you paid and usually arrives within 10 business days.',
    );

    await t.db.query('UPDATE products SET inventory_stock = 5 WHERE id = $1', [rice.id]);
    const place = await act(kept.id, 'place');
    expect(place.statusCode).toBe(409);
    // Nor does the shopper's own retry turn it into an order now the stock is back.
    expect((await checkout(reference)).statusCode).toBe(409);
    expect(await count('SELECT count(*) AS n FROM orders')).toBe(0);
  });

  test('an unknown payment is 404 in words; a bad id is 422', async () => {
    const r = await act(9999, 'refund');
    expect(r.statusCode).toBe(404);
    expect(detailOf(r)).toBe('This payment is not on the list of payments waiting for an order');
    expect((await act(9999, 'place')).statusCode).toBe(404);
    const bad = await call(app, {
      method: 'POST',
      url: '/api/staff/unplaced-payments/abc/place',
      token: owner.token,
    });
    expect(bad.statusCode).toBe(422);
  });

  test('the list is for the shop: a shopper gets 403', async () => {
    const r = await unplaced(buyer);
    expect(r.statusCode).toBe(403);
    expect(detailOf(r)).toBe('This page is for the shop staff only');
  });

  describe('refunded through Paystack', () => {
    test('Paystack queues it; its webhook, sent ten times, completes it once', async () => {
      const { reference, kept } = await keptPayment();
      const r = await act(kept.id, 'refund');
      expect(json<UnplacedPayment>(r).refund).toEqual({ state: 'pending', message: '' });
      expect(fake.refunds).toEqual([{ transaction: reference, amount: AMOUNT }]);
      expect(sumRows(await ledger())).toEqual({ payment_online: AMOUNT, refund_started: AMOUNT });

      const answers = [];
      for (let i = 0; i < 10; i++) {
        answers.push(
          json<{ status: string }>(await sendEvent(refundEvent('refund.processed', reference)))
            .status,
        );
      }
      expect(answers).toEqual(['ok', ...Array(9).fill('ignored')]);
      const l = await ledger();
      expect(sumRows(l)).toEqual({
        payment_online: AMOUNT,
        refund_started: AMOUNT,
        refund_completed: AMOUNT,
      });
      expect(l.totals).toMatchObject({ received: AMOUNT / 100, paid_out: AMOUNT / 100, net: 0 });
      const listed = json<UnplacedPaymentList>(await unplaced(owner, '?state=refund_started'));
      expect(listed.payments[0]?.refund).toEqual({
        state: 'processed',
        message: 'Refund processed',
      });
      expect((await lastMessageTo(t.db, BUYER_MOBILE))?.body).toBe(
        `Ibadan Market: your refund of NGN 85,462.50 for payment ${reference} has been sent ` +
          'back to your card or bank. Banks usually show it within 5 to 10 business days.',
      );
      // The refund is asked for once, however often the owner taps.
      expect((await act(kept.id, 'refund')).statusCode).toBe(409);
      expect(fake.refunds).toHaveLength(1);
    });

    test('Paystack refuses: the owner sees its words, the ledger says failed, later news changes nothing', async () => {
      fake.refundAnswer = 'refuse';
      const { reference, kept } = await keptPayment();
      const r = await act(kept.id, 'refund');
      expect(json<UnplacedPayment>(r).refund).toEqual({
        state: 'failed',
        message: 'Transaction has been fully reversed',
      });
      expect(json(await sendEvent(refundEvent('refund.processed', reference)))).toEqual({
        status: 'ignored',
      });
      expect(sumRows(await ledger())).toEqual({
        payment_online: AMOUNT,
        refund_started: AMOUNT,
        refund_failed: AMOUNT,
      });
    });

    test('a cancelled card order: refunded at once when Paystack processes it; Paystack down leaves it pending until its webhook', async () => {
      fake.refundAnswer = 'processed';
      const cancelPaid = async () => {
        const reference = await startPayment();
        fake.settle(reference, 'success');
        const order = json<Order>(await checkout(reference));
        const r = await call(app, {
          method: 'POST',
          url: `/api/staff/orders/${order.id}/cancel`,
          token: staff.token,
          body: { reason: 'Shop closed for the holiday' },
        });
        expect(r.statusCode).toBe(200);
        return reference;
      };
      const first = await cancelPaid();
      expect(fake.refunds).toEqual([{ transaction: first, amount: AMOUNT }]);
      expect(sumRows(await ledger())).toEqual({
        payment_online: AMOUNT,
        refund_started: AMOUNT,
        refund_completed: AMOUNT,
      });

      fake.refundAnswer = 'fault';
      const second = await cancelPaid();
      const pending = await t.db.query('SELECT state FROM refunds WHERE reference = $1', [second]);
      expect(pending).toEqual([{ state: 'pending' }]);
      expect(json(await sendEvent(refundEvent('refund.processed', second)))).toEqual({
        status: 'ok',
      });
      expect(sumRows(await ledger())).toEqual({
        payment_online: 2 * AMOUNT,
        refund_started: 2 * AMOUNT,
        refund_completed: 2 * AMOUNT,
      });
    });

    test('the demo sandbox refunds a cancelled card order at once, the same way', async () => {
      await fillCart(t.app, buyer, [[milo.id, 1]]);
      const order = await buy(t.app, buyer);
      const cancel = await call(t.app, {
        method: 'POST',
        url: `/api/staff/orders/${order.id}/cancel`,
        token: staff.token,
        body: { reason: 'Shop closed for the holiday' },
      });
      expect(cancel.statusCode).toBe(200);
      const l = await ledger();
      const paid = l.rows.find((r) => r.kind === 'payment_online')?.amount ?? 0;
      expect(paid).toBeGreaterThan(0);
      expect(sumRows(l)).toEqual({
        payment_online: Math.round(paid * 100),
        refund_started: Math.round(paid * 100),
        refund_completed: Math.round(paid * 100),
      });
    });
  });
});
