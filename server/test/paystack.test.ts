/** Paystack mode, against a fake Paystack listening on loopback. */
import { createHmac } from 'node:crypto';
import type { InitializeTransactionResponse, Order, Verification } from '../../contract';
import type { App } from '../src/app';
import {
  call,
  createShopper,
  detailOf,
  fillCart,
  json,
  seedProducts,
  setupHarness,
  type Shopper,
  type TestProduct,
} from './helpers';
import { chargeSuccess, FakePaystack, SECRET, signed } from './paystackStandIn';

const fake = new FakePaystack();
let baseUrl = '';
let paystackApp: App;

const t = setupHarness();

beforeAll(async () => {
  await fake.server.listen({ port: 0, host: '127.0.0.1' });
  const address = fake.server.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  paystackApp = await t.build({ PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: baseUrl });
});

afterAll(async () => {
  await fake.server.close();
});

let shopper: Shopper;
let rice: TestProduct;

beforeEach(async () => {
  fake.transactions.clear();
  fake.requests.length = 0;
  shopper = await createShopper(paystackApp, t.db);
  [rice] = (await seedProducts(t.db, [
    { name: 'Royal Stallion Rice 50kg', price: 79500, stock: 10 },
  ])) as [TestProduct];
  await fillCart(paystackApp, shopper, [[rice.id, 1]]);
});

async function start(): Promise<InitializeTransactionResponse> {
  const r = await call(paystackApp, {
    method: 'POST',
    url: '/api/initialize-transaction',
    token: shopper.token,
    body: { userid: shopper.id, delivery_method: 'pickup' },
  });
  expect(r.statusCode).toBe(200);
  return json<InitializeTransactionResponse>(r);
}

const webhook = (raw: string, signature: string | undefined) =>
  paystackApp.inject({
    method: 'POST',
    url: '/api/paystack/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-paystack-signature': signature } : {}),
    },
    payload: raw,
  });

const countOrders = async () =>
  Number((await t.db.query<{ n: unknown }>('SELECT count(*) AS n FROM orders'))[0]?.n);

// 79,500 + 5,962.50 VAT = 85,462.50 naira (pickup, free by default)
const AMOUNT = 8_546_250;

test('initialize calls Paystack with the secret key, kobo, NGN, the reference and the channels', async () => {
  const answer = await start();
  const reference = answer.transaction_data.data.reference;
  expect(answer).toEqual({
    provider: 'paystack',
    transaction_data: {
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: `https://checkout.paystack.com/ac_${reference.toLowerCase()}`,
        access_code: `ac_${reference.toLowerCase()}`,
        reference,
      },
    },
    user_data: { email: shopper.email, amount: AMOUNT },
  });
  const sent = fake.requests.find((r) => r.url === '/transaction/initialize');
  expect(sent?.authorization).toBe(`Bearer ${SECRET}`);
  expect(sent?.body).toEqual({
    email: shopper.email,
    amount: AMOUNT,
    currency: 'NGN',
    reference,
    channels: ['card', 'bank_transfer', 'ussd'],
    metadata: { user_id: shopper.id, delivery_method: 'pickup' },
  });
});

test("verify reports Paystack's state and checks amount and currency", async () => {
  const reference = (await start()).transaction_data.data.reference;
  const verify = () =>
    call(paystackApp, {
      url: `/api/verify-transaction?reference=${reference}`,
      token: shopper.token,
    });
  expect(json<Verification>(await verify()).status).toBe('abandoned');
  fake.settle(reference, 'success');
  const ok = await verify();
  expect(json<Verification>(ok)).toEqual({
    reference,
    status: 'success',
    amount: AMOUNT,
    currency: 'NGN',
    paid_at: '2026-11-22T10:00:00.000Z',
    // Paystack's verify says how it was paid; the shop answers it as it is.
    channel: 'card',
  });
  const order = await call(paystackApp, {
    method: 'POST',
    url: '/api/checkout',
    token: shopper.token,
    body: { reference_id: reference, delivery_model: 'pickup' },
  });
  expect(order.statusCode).toBe(200);
  expect(json<Order>(order).total_amount).toBe(85462.5);
});

test('a Paystack success for less money than asked never gives an order', async () => {
  const reference = (await start()).transaction_data.data.reference;
  fake.settle(reference, 'success', 100);
  const r = await call(paystackApp, {
    method: 'POST',
    url: '/api/checkout',
    token: shopper.token,
    body: { reference_id: reference, delivery_model: 'pickup' },
  });
  expect(r.statusCode).toBe(409);
  expect(await countOrders()).toBe(0);
});

test('Paystack failing at initialize is a 502 and the transaction is marked failed', async () => {
  fake.failNext = true;
  const r = await call(paystackApp, {
    method: 'POST',
    url: '/api/initialize-transaction',
    token: shopper.token,
    body: { userid: shopper.id, delivery_method: 'pickup' },
  });
  expect(r.statusCode).toBe(502);
  expect(detailOf(r)).toBe('Could not start the payment. Please try again.');
  const rows = await t.db.query<{ status: string }>('SELECT status FROM transactions');
  expect(rows).toEqual([{ status: 'failed' }]);
});

test('an unreachable Paystack is a 502, not a 500', async () => {
  const unreachable = await t.build({
    PAYSTACK_SECRET_KEY: SECRET,
    PAYSTACK_BASE_URL: 'http://127.0.0.1:9',
  });
  const r = await call(unreachable, {
    method: 'POST',
    url: '/api/initialize-transaction',
    token: shopper.token,
    body: { userid: shopper.id, delivery_method: 'pickup' },
  });
  expect(r.statusCode).toBe(502);
});

test('the sandbox pay route does not exist in Paystack mode', async () => {
  const reference = (await start()).transaction_data.data.reference;
  const r = await call(paystackApp, {
    method: 'POST',
    url: `/api/sandbox/pay/${reference}`,
    token: shopper.token,
  });
  expect(r.statusCode).toBe(404);
});

describe('webhook', () => {
  test('refuses a missing or wrong signature (401) and changes nothing', async () => {
    const reference = (await start()).transaction_data.data.reference;
    const { raw, signature } = signed(chargeSuccess(reference, AMOUNT));
    expect((await webhook(raw, undefined)).statusCode).toBe(401);
    expect(
      (await webhook(raw, signed(chargeSuccess(reference, AMOUNT), 'sk_test_wrong').signature))
        .statusCode,
    ).toBe(401);
    expect((await webhook(raw, 'ab'.repeat(64))).statusCode).toBe(401);
    // The signature covers the raw bytes: the same JSON re-spaced is refused.
    const respaced = JSON.stringify(JSON.parse(raw), null, 1);
    const r = await webhook(respaced, signature);
    expect(r.statusCode).toBe(401);
    expect(json(r)).toEqual({ detail: 'Invalid signature' });
    expect(await countOrders()).toBe(0);
  });

  test('charge.success with a good signature places the order, once however often it comes', async () => {
    const reference = (await start()).transaction_data.data.reference;
    const { raw, signature } = signed(chargeSuccess(reference, AMOUNT));
    for (let i = 0; i < 3; i++) {
      const r = await webhook(raw, signature);
      expect(r.statusCode).toBe(200);
    }
    expect(await countOrders()).toBe(1);
    const orders = json<Order[]>(
      await call(paystackApp, { url: '/api/orders', token: shopper.token }),
    );
    expect(orders[0]).toMatchObject({
      reference,
      status: 'Placed',
      payment_status: 'paid',
      total_amount: 85462.5,
      delivery_model: 'pickup',
    });
  });

  test('a webhook racing 10 checkouts of the same reference gives exactly one order', async () => {
    const reference = (await start()).transaction_data.data.reference;
    fake.settle(reference, 'success');
    const { raw, signature } = signed(chargeSuccess(reference, AMOUNT));
    const checkouts = Array.from({ length: 10 }, () =>
      call(paystackApp, {
        method: 'POST',
        url: '/api/checkout',
        token: shopper.token,
        body: { reference_id: reference, delivery_model: 'pickup' },
      }),
    );
    const [hook, ...answers] = await Promise.all([webhook(raw, signature), ...checkouts]);
    expect(hook.statusCode).toBe(200);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => json<Order>(a).id)).size).toBe(1);
    expect(await countOrders()).toBe(1);
    const stock = await t.db.query<{ inventory_stock: number }>(
      'SELECT inventory_stock FROM products',
    );
    expect(stock[0]?.inventory_stock).toBe(9);
  });

  test('a webhook with the wrong amount or currency gives no order', async () => {
    const reference = (await start()).transaction_data.data.reference;
    for (const payload of [
      chargeSuccess(reference, AMOUNT - 1),
      chargeSuccess(reference, AMOUNT, 'USD'),
    ]) {
      const { raw, signature } = signed(payload);
      expect((await webhook(raw, signature)).statusCode).toBe(200);
    }
    expect(await countOrders()).toBe(0);
  });

  test('other events and unknown references are acknowledged and ignored; bad JSON is 400', async () => {
    const other = signed({
      event: 'transfer.success',
      data: { reference: 'X', amount: 1, currency: 'NGN' },
    });
    expect((await webhook(other.raw, other.signature)).statusCode).toBe(200);
    const unknown = signed(chargeSuccess('NOT-OURS-1', 500));
    expect((await webhook(unknown.raw, unknown.signature)).statusCode).toBe(200);
    const garbage = '{not json';
    const sig = createHmac('sha512', SECRET).update(garbage).digest('hex');
    const bad = await webhook(garbage, sig);
    expect(bad.statusCode).toBe(400);
    expect(await countOrders()).toBe(0);
  });
});
