/**
 * No money without an order: stock held from the start of a payment, the order made of the
 * cart as it was priced, and no commission for referring oneself.
 */
import type { Affiliate, OrderItem } from '../../contract';
import {
  buy,
  call,
  createShopper,
  detailOf,
  fillCart,
  initialize,
  json,
  seedProducts,
  setupHarness,
  type Shopper,
} from './helpers';

const t = setupHarness();

const pay = (shopper: Shopper, reference: string) =>
  call(t.app, { method: 'POST', url: `/api/sandbox/pay/${reference}`, token: shopper.token });

const checkout = (shopper: Shopper, reference: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/checkout',
    token: shopper.token,
    body: { reference_id: reference, delivery_model: 'pickup' },
  });

const startPayment = (shopper: Shopper) =>
  call(t.app, {
    method: 'POST',
    url: '/api/initialize-transaction',
    token: shopper.token,
    body: { userid: shopper.id, delivery_method: 'pickup' },
  });

async function stockOf(productId: number): Promise<number> {
  const rows = await t.db.query<{ n: unknown }>(
    'SELECT inventory_stock AS n FROM products WHERE id = $1',
    [productId],
  );
  return Number(rows[0]?.n);
}

test('4 shoppers racing for the last 11 units: every shopper who pays gets an order', async () => {
  const [oil] = await seedProducts(t.db, [{ name: 'Kings Oil 5L', price: 14500, stock: 11 }]);
  const productId = oil?.id ?? 0;
  const shoppers: Shopper[] = [];
  for (let i = 0; i < 4; i++) {
    const shopper = await createShopper(t.app, t.db, { mobile_number: `0803000000${i}` });
    await fillCart(t.app, shopper, [[productId, 6]]);
    shoppers.push(shopper);
  }
  const started = await Promise.all(shoppers.map(startPayment));
  const refused = started.filter((r) => r.statusCode !== 200);
  for (const r of refused) {
    expect(r.statusCode).toBe(409);
    expect(detailOf(r)).toBe('Only 5 left in stock for Kings Oil 5L');
  }

  let paid = 0;
  let orders = 0;
  await Promise.all(
    started.map(async (r, i) => {
      if (r.statusCode !== 200) return;
      const shopper = shoppers[i] as Shopper;
      const { reference } = json<{ transaction_data: { data: { reference: string } } }>(r)
        .transaction_data.data;
      if ((await pay(shopper, reference)).statusCode !== 200) return;
      paid += 1;
      if ((await checkout(shopper, reference)).statusCode === 200) orders += 1;
    }),
  );
  expect(paid).toBeGreaterThan(0);
  expect(orders).toBe(paid);
  expect(await stockOf(productId)).toBe(11 - 6 * orders);
});

test('the order is the cart as priced: changing the cart after paying cannot swap it', async () => {
  const [rice, beans] = await seedProducts(t.db, [
    { name: 'Mama Gold Rice 5kg', price: 9000, stock: 10 },
    { name: 'Honey Beans 5kg', price: 9000, stock: 10 },
  ]);
  const shopper = await createShopper(t.app, t.db);
  await fillCart(t.app, shopper, [[rice?.id ?? 0, 1]]);
  const { reference } = await initialize(t.app, shopper);
  expect((await pay(shopper, reference)).statusCode).toBe(200);

  // Same value, other goods: the cart is swapped after paying.
  const cart = json<{ all_cart_data: { id: number }[] }>(
    await call(t.app, { url: '/api/all-carts', token: shopper.token }),
  );
  for (const line of cart.all_cart_data) {
    await call(t.app, {
      method: 'DELETE',
      url: `/api/delete-cart/${line.id}`,
      token: shopper.token,
    });
  }
  await fillCart(t.app, shopper, [[beans?.id ?? 0, 1]]);

  const order = await checkout(shopper, reference);
  expect(order.statusCode).toBe(200);
  const items = json<OrderItem[]>(
    await call(t.app, {
      url: `/api/order_item/${json<{ id: number }>(order).id}`,
      token: shopper.token,
    }),
  );
  expect(items.map((i) => [i.product.name, i.quantity])).toEqual([['Mama Gold Rice 5kg', 1]]);
  expect(await stockOf(rice?.id ?? 0)).toBe(9);
  expect(await stockOf(beans?.id ?? 0)).toBe(10);
  // What was added after paying is still in the cart.
  const left = json<{ all_cart_data: { product: { name: string } }[] }>(
    await call(t.app, { url: '/api/all-carts', token: shopper.token }),
  );
  expect(left.all_cart_data.map((l) => l.product.name)).toEqual(['Honey Beans 5kg']);
});

test('a shopper who cannot get the stock is told before paying; an expired hold frees it and takes no money', async () => {
  const [milk] = await seedProducts(t.db, [{ name: 'Peak Milk Tin', price: 700, stock: 5 }]);
  const productId = milk?.id ?? 0;
  const first = await createShopper(t.app, t.db, { mobile_number: '08030000011' });
  const second = await createShopper(t.app, t.db, { mobile_number: '08030000012' });
  await fillCart(t.app, first, [[productId, 5]]);
  await fillCart(t.app, second, [[productId, 1]]);

  const held = await initialize(t.app, first);
  // Starting again gives up the first hold, so a second try is never blocked by the first.
  const again = await initialize(t.app, first);
  const told = await startPayment(second);
  expect(told.statusCode).toBe(409);
  expect(detailOf(told)).toBe('Peak Milk Tin is out of stock');

  t.clock.advance(31 * 60);
  const expired = await pay(first, again.reference);
  expect(expired.statusCode).toBe(409);
  expect(detailOf(expired)).toBe(
    'This payment has expired and no money was taken. Go back to your cart and pay again.',
  );
  expect((await pay(first, held.reference)).statusCode).toBe(409);
  const rows = await t.db.query<{ status: string }>(
    'SELECT status FROM sandbox_payments ORDER BY reference',
  );
  expect(rows.every((r) => r.status === 'pending')).toBe(true);
  expect((await startPayment(second)).statusCode).toBe(200);
});

describe('referring oneself earns nothing', () => {
  const DEVICE = 'cookieDevice0123456789';

  async function affiliateWith(mobile: string, accountNumber: string): Promise<Shopper> {
    const affiliate = await createShopper(t.app, t.db, { mobile_number: mobile });
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/affiliate-registration',
      token: affiliate.token,
      body: {
        affiliate_code: `aff${mobile.slice(-4)}`,
        account_details: JSON.stringify({
          account_number: accountNumber,
          account_name: 'Bisi Ade',
          bank_name: 'GTBank',
        }),
      },
    });
    if (r.statusCode !== 200) throw new Error(`affiliate: ${r.body}`);
    return affiliate;
  }

  const earned = async (affiliate: Shopper) =>
    json<Affiliate>(await call(t.app, { url: '/api/affiliate-details', token: affiliate.token }))
      .total_generated;

  async function loginFrom(shopper: Shopper, device: string): Promise<void> {
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      body: { username: shopper.email, password: shopper.password },
      headers: { cookie: `ibm_device=${device}` },
    });
    if (r.statusCode !== 200) throw new Error(`login: ${r.body}`);
  }

  test('same mobile number, same payout account or same browser: no commission; a real referral earns', async () => {
    const [goods] = await seedProducts(t.db, [{ name: 'Golden Penny Semovita', price: 4000 }]);
    const productId = goods?.id ?? 0;
    const affiliate = await affiliateWith('08031110000', '0123456789');
    const code = 'aff0000';

    const sameMobile = await createShopper(t.app, t.db, {
      affiliate_code: code,
      mobile_number: '08031110000',
    });
    await fillCart(t.app, sameMobile, [[productId, 1]]);
    await buy(t.app, sameMobile);
    expect(await earned(affiliate)).toBe(0);

    const sameAccount = await createShopper(t.app, t.db, {
      affiliate_code: code,
      mobile_number: '08031110001',
    });
    await call(t.app, {
      method: 'POST',
      url: '/api/affiliate-registration',
      token: sameAccount.token,
      body: {
        affiliate_code: 'second-me',
        account_details: JSON.stringify({
          account_number: '0123456789',
          account_name: 'B. Ade',
          bank_name: 'GTBank',
        }),
      },
    });
    await fillCart(t.app, sameAccount, [[productId, 1]]);
    await buy(t.app, sameAccount);
    expect(await earned(affiliate)).toBe(0);

    const sameBrowser = await createShopper(t.app, t.db, {
      affiliate_code: code,
      mobile_number: '08031110002',
    });
    await loginFrom(affiliate, DEVICE);
    await loginFrom(sameBrowser, DEVICE);
    await fillCart(t.app, sameBrowser, [[productId, 1]]);
    await buy(t.app, sameBrowser);
    expect(await earned(affiliate)).toBe(0);

    const stranger = await createShopper(t.app, t.db, {
      affiliate_code: code,
      mobile_number: '08031110003',
    });
    await fillCart(t.app, stranger, [[productId, 1]]);
    await buy(t.app, stranger);
    // 4,000 + 300 VAT = 4,300 (free pickup); 2.5% = 107.50
    expect(await earned(affiliate)).toBe(107.5);
  });
});
