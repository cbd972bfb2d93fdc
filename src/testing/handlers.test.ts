/**
 * The mock server that jest and Storybook share: it answers the whole contract, checks the
 * token like the real one, and keeps state so flows work end to end.
 */
import type { Product } from 'contract';
import type { ServiceName } from '../config/env';
import {
  apiUrl,
  fixtureAuthToken,
  fixtureCart,
  fixtureCredentials,
  fixtureOtp,
  fixtureProducts,
  unitPrice,
} from './fixtures';
import { mockDb, resetMockDb } from './handlers';

async function call(
  method: string,
  path: string,
  service: ServiceName,
  options: { body?: unknown; token?: string | null } = {},
) {
  const token = options.token === undefined ? fixtureAuthToken : options.token;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(apiUrl(path, service), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

const protectedCalls: [string, string, ServiceName][] = [
  ['GET', '/all-carts', 'cart'],
  ['POST', '/add-cart', 'cart'],
  ['PATCH', '/update-cart/101', 'cart'],
  ['DELETE', '/delete-cart/101', 'cart'],
  ['POST', '/checkout', 'cart'],
  ['GET', '/get-wishlists', 'wishlist'],
  ['POST', '/create-wishlist', 'wishlist'],
  ['DELETE', '/delete-wishlist/201', 'wishlist'],
  ['GET', '/user/me', 'users'],
  ['PATCH', '/customer-update', 'users'],
  ['GET', '/orders', 'orders'],
  ['GET', '/order_item/401', 'orderItems'],
  ['GET', '/get-delivery', 'delivery'],
  ['POST', '/delivery', 'delivery'],
  ['PATCH', '/update-delivery/301', 'delivery'],
  ['POST', '/initialize-transaction', 'payment'],
  ['GET', '/verify-transaction?reference=x', 'payment'],
  ['POST', '/sandbox/pay/x', 'payment'],
  ['GET', '/affiliate-details', 'affiliates'],
  ['POST', '/affiliate-registration', 'affiliates'],
  ['GET', '/request-payment', 'affiliates'],
];

test.each(protectedCalls)(
  '%s %s without a valid token is refused',
  async (method, path, service) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    for (const token of [null, 'forged-token']) {
      expect(await call(method, path, service, { token, body })).toEqual({
        status: 401,
        body: { detail: 'Could not validate credentials' },
      });
    }
  },
);

describe('products', () => {
  test('a dozen naira-priced products, ratings 0-5, one out of stock', async () => {
    const { body } = await call('GET', '/get-all-products', 'product', { token: null });
    expect(body).toEqual(fixtureProducts);
    expect(fixtureProducts).toHaveLength(12);
    expect(fixtureProducts.every((p) => p.ratings >= 0 && p.ratings <= 5)).toBe(true);
    expect(fixtureProducts.filter((p) => p.inventory_stock === 0)).toHaveLength(1);
  });

  test('a search alone answers an array, best match first, as the server does', async () => {
    const { body } = await call('GET', '/get-all-products?q=fresh', 'product', { token: null });
    const found = body as Product[];
    const fresh = fixtureProducts.filter((p) =>
      `${p.name} ${p.description} ${p.category}`.toLowerCase().includes('fresh'),
    );
    expect(fresh.length).toBeGreaterThan(2);
    expect(found.map((p) => p.slug).sort()).toEqual(fresh.map((p) => p.slug).sort());
    // The one match by name ranks above those by description or category.
    expect(found[0]?.slug).toBe('fresh-tomatoes-basket');
    expect((await call('GET', '/get-all-products?q=ricee', 'product')).body).toEqual([]);
  });

  test('search with paging matches name, description or category', async () => {
    // With a page parameter a search answers a page, as the reference server does.
    const { body } = await call('GET', '/get-all-products?q=GARRI&offset=0', 'product', {
      token: null,
    });
    expect(body).toMatchObject({
      items: [expect.objectContaining({ slug: 'ijebu-garri-5kg' })],
      total: 1,
      offset: 0,
      q: 'GARRI',
      suggestions: [],
    });
    const { body: grains } = await call('GET', '/get-all-products?q=grains&limit=24', 'product', {
      token: null,
    });
    expect(grains).toMatchObject({ total: 3 });
    expect((grains as { items: unknown[] }).items).toHaveLength(3);
  });

  test('listing parameters answer a page: filters, order, paging, as the server does', async () => {
    const { body } = await call(
      'GET',
      '/get-all-products?category=Grains&sort=price_desc&limit=2&offset=1',
      'product',
      { token: null },
    );
    const grains = fixtureProducts
      .filter((p) => p.category === 'Grains')
      .sort((a, b) => unitPrice(b) - unitPrice(a));
    expect(body).toEqual({
      items: grains.slice(1, 3),
      total: grains.length,
      limit: 2,
      offset: 1,
      sort: 'price_desc',
      q: null,
      suggestions: [],
    });
    const { body: cheap } = await call(
      'GET',
      '/get-all-products?max_price=4000&in_stock=true&discounted=true',
      'product',
    );
    const expected = fixtureProducts.filter(
      (p) => unitPrice(p) <= 4000 && p.inventory_stock > 0 && (p.disc_amount ?? 0) > 0,
    );
    expect(cheap).toMatchObject({ total: expected.length, items: expected, sort: 'featured' });
  });

  test('bad listing parameters are refused with a 422, as the server does', async () => {
    for (const query of ['sort=relevance', 'min_price=9&max_price=1', 'in_stock=yes', 'limit=0']) {
      expect((await call('GET', `/get-all-products?${query}`, 'product')).status).toBe(422);
    }
  });

  test('a search matching nothing offers the nearest names', async () => {
    const { body } = await call('GET', '/get-all-products?q=ricee&offset=0', 'product');
    expect(body).toMatchObject({
      total: 0,
      items: [],
      suggestions: [expect.objectContaining({ slug: 'ofada-rice-5kg' })],
    });
  });

  test('categories with their counts, and names suggested for a search', async () => {
    const { body } = await call('GET', '/categories', 'product', { token: null });
    // As the server: only the categories with something in stock.
    const names = [
      ...new Set(fixtureProducts.filter((p) => p.inventory_stock > 0).map((p) => p.category)),
    ];
    expect((body as { name: string }[]).map((c) => c.name)).toEqual(names);
    expect(body).toContainEqual({
      name: 'Grains',
      slug: 'grains',
      image: null,
      products: fixtureProducts.filter((p) => p.category === 'Grains').length,
      in_stock: fixtureProducts.filter((p) => p.category === 'Grains' && p.inventory_stock > 0)
        .length,
    });
    const { body: suggested } = await call('GET', '/search-suggestions?q=Palm', 'product');
    expect(suggested).toEqual({
      q: 'Palm',
      suggestions: [{ name: 'Red Palm Oil (1 litre)', slug: 'red-palm-oil-1l' }],
    });
  });

  test('one product by slug, or 404', async () => {
    expect((await call('GET', '/get-product/red-palm-oil-1l', 'product')).body).toMatchObject({
      name: 'Red Palm Oil (1 litre)',
    });
    expect(await call('GET', '/get-product/nope', 'product')).toEqual({
      status: 404,
      body: { detail: 'Product not found' },
    });
  });

  test('product images are served', async () => {
    const response = await fetch(new URL(fixtureProducts[0]?.images ?? '', window.location.origin));
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
  });
});

describe('cart', () => {
  test('add to cart, then the cart shows it with the totals', async () => {
    await call('POST', '/add-cart', 'cart', {
      body: { user_id: 7, product_id: 8, quantity: 2, price_per_item: 4200 },
    });

    const { body } = await call('GET', '/all-carts', 'cart');

    expect(body).toMatchObject({
      price_before_vat: 23400,
      vat_value: 1755,
      price_after_vat: 25155,
      all_cart_data: [
        { id: 101 },
        { id: 102 },
        { quantity: 2, total_amount: 8400, product: { slug: 'ground-crayfish-500g' } },
      ],
    });
  });

  test('adding the same product again raises its quantity', async () => {
    await call('POST', '/add-cart', 'cart', {
      body: { user_id: 7, product_id: 1, quantity: 1, price_per_item: 6500 },
    });
    expect(mockDb.cartLines.find((l) => l.id === 101)).toMatchObject({
      quantity: 3,
      total_amount: 18000,
    });
  });

  test('an out-of-stock product is refused', async () => {
    expect(
      await call('POST', '/add-cart', 'cart', {
        body: { user_id: 7, product_id: 2, quantity: 1, price_per_item: 12500 },
      }),
    ).toEqual({ status: 409, body: { detail: 'This product is out of stock' } });
  });

  test('a quantity below 1 is a 422 with the field', async () => {
    const { status, body } = await call('PATCH', '/update-cart/101', 'cart', {
      body: { quantity: 0 },
    });
    expect(status).toBe(422);
    expect(body).toEqual({
      detail: [
        {
          loc: ['body', 'quantity'],
          msg: 'Quantity must be a whole number from 1 to 10000',
          type: 'value_error',
        },
      ],
    });
  });
});

describe('sign-up, activation and login', () => {
  const account = {
    email: 'Funke@Example.ng',
    first_name: 'Funke',
    last_name: 'Akindele',
    mobile_number: '08051112222',
    gender: 'female',
    age: 18,
    role: 'customer',
    emailverified: false,
    verificationtoken: '',
    created_at: '',
    updated_at: '',
    last_logged_in: '',
    password: 'Efo-riro-2026',
    cpassword: 'Efo-riro-2026',
  };
  const login = (username: string, password: string) =>
    fetch(apiUrl('/login', 'users'), {
      method: 'POST',
      body: new URLSearchParams({ username, password }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));

  test('a new shopper signs up, activates with the OTP and logs in', async () => {
    expect((await call('POST', '/register', 'users', { body: account, token: null })).status).toBe(
      200,
    );
    expect((await login('funke@example.ng', account.password)).status).toBe(403);
    expect(
      (
        await call('POST', '/send-otp', 'users', {
          body: { user_email: 'funke@example.ng', email_channel: 'sms' },
          token: null,
        })
      ).status,
    ).toBe(200);
    expect(
      await call('POST', '/email-verification', 'users', {
        body: { user_email: 'funke@example.ng', user_otp: '000000' },
        token: null,
      }),
    ).toEqual({ status: 400, body: { detail: 'Invalid or expired OTP code' } });
    expect(
      (
        await call('POST', '/email-verification', 'users', {
          body: { user_email: 'funke@example.ng', user_otp: fixtureOtp },
          token: null,
        })
      ).status,
    ).toBe(200);

    const { status, body } = await login('funke@example.ng', account.password);

    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'bearer', user_details: { firstname: 'Funke' } });
  });

  test('a bad sign-up is a 422 listing each field', async () => {
    const { status, body } = await call('POST', '/register', 'users', {
      body: { ...account, email: 'not-an-email', cpassword: 'other' },
      token: null,
    });
    expect(status).toBe(422);
    expect(body).toEqual({
      detail: [
        { loc: ['body', 'email'], msg: 'Enter a valid email address', type: 'value_error' },
        { loc: ['body', 'cpassword'], msg: 'Passwords do not match', type: 'value_error' },
      ],
    });
  });

  test('the fixture shopper logs in; a wrong password is refused', async () => {
    expect(
      (await login(fixtureCredentials.username, fixtureCredentials.password)).body,
    ).toMatchObject({ access_token: fixtureAuthToken });
    expect(await login(fixtureCredentials.username, 'wrong')).toEqual({
      status: 401,
      body: { detail: 'Incorrect email or password' },
    });
  });

  test('the profile update changes only what was sent', async () => {
    await call('PATCH', '/customer-update', 'users', { body: { user_id: 7, age: 40 } });
    expect((await call('GET', '/user/me', 'users')).body).toMatchObject({
      age: 40,
      mobile_number: '08031234567',
    });
  });
});

describe('payment and checkout', () => {
  test('initialize, pay in the sandbox, verify, check out: the order appears and the cart empties', async () => {
    const init = await call('POST', '/initialize-transaction', 'payment', {
      body: { userid: 7, delivery_method: 'delivery' },
    });
    expect(init.body).toMatchObject({
      provider: 'sandbox',
      // (15,000 + 1,125 VAT + 1,150 delivery and packaging) in kobo
      user_data: { email: 'adebayo@example.ng', amount: 1727500 },
    });
    const reference = mockDb.transactions.keys().next().value ?? '';
    expect(
      (await call('GET', `/verify-transaction?reference=${reference}`, 'payment')).body,
    ).toMatchObject({
      status: 'pending',
    });
    expect(
      await call('POST', '/checkout', 'cart', {
        body: { reference_id: reference, delivery_model: 'delivery' },
      }),
    ).toEqual({ status: 400, body: { detail: 'This payment has not been completed yet' } });

    await call('POST', `/sandbox/pay/${reference}`, 'payment', { body: {} });
    expect(
      (await call('GET', `/verify-transaction?reference=${reference}`, 'payment')).body,
    ).toMatchObject({
      status: 'success',
      amount: 1727500,
      currency: 'NGN',
    });

    const order = await call('POST', '/checkout', 'cart', {
      body: { reference_id: reference, delivery_model: 'delivery' },
    });
    expect(order).toMatchObject({ status: 200, body: { reference, total_amount: 17275 } });

    expect((await call('GET', '/all-carts', 'cart')).body).toMatchObject({ all_cart_data: [] });
    const orders = (await call('GET', '/orders', 'orders')).body;
    expect(orders).toEqual(expect.arrayContaining([expect.objectContaining({ reference })]));
    // Checking out the same payment again gives the same order, not a second one.
    expect(
      await call('POST', '/checkout', 'cart', {
        body: { reference_id: reference, delivery_model: 'delivery' },
      }),
    ).toEqual(order);
    expect((await call('GET', '/orders', 'orders')).body).toHaveLength(3);
  });

  test('a failed sandbox payment verifies as failed', async () => {
    await call('POST', '/initialize-transaction', 'payment', {
      body: { userid: 7, delivery_method: 'pickup' },
    });
    const reference = mockDb.transactions.keys().next().value ?? '';
    await call('POST', `/sandbox/pay/${reference}`, 'payment', { body: { outcome: 'failed' } });
    expect(mockDb.transactions.get(reference)?.status).toBe('failed');
  });
});

// A function, so TypeScript does not keep the narrowing from `mockDb.delivery = null`.
const currentDelivery = () => mockDb.delivery;

describe('delivery', () => {
  test('absent, then created, then updated', async () => {
    mockDb.delivery = null;
    expect(await call('GET', '/get-delivery', 'delivery')).toEqual({
      status: 404,
      body: { detail: 'Add your delivery location' },
    });
    const input = {
      address: '3 Ring Road',
      mobile_number: '08031234567',
      alt_mobile_number: '',
      city: 'Ibadan-Dugbe',
      state: 'Oyo State',
    };
    const created = await call('POST', '/delivery', 'delivery', { body: input });
    expect(created).toMatchObject({ status: 200, body: input });
    const id = currentDelivery()?.id ?? 0;
    await call('PATCH', `/update-delivery/${id}`, 'delivery', {
      body: { ...input, city: 'Ibadan-Ojo' },
    });
    expect((await call('GET', '/get-delivery', 'delivery')).body).toMatchObject({
      city: 'Ibadan-Ojo',
    });
  });
});

describe('affiliates', () => {
  test('not registered (404), registers, then requests nothing to pay', async () => {
    mockDb.affiliate = null;
    expect((await call('GET', '/affiliate-details', 'affiliates')).status).toBe(404);

    await call('POST', '/affiliate-registration', 'affiliates', {
      body: {
        affiliate_code: 'Funke_Market',
        account_details: JSON.stringify({
          account_number: '0123456789',
          account_name: 'Funke Akindele',
          bank_name: 'Access Bank',
        }),
      },
    });

    expect((await call('GET', '/affiliate-details', 'affiliates')).body).toMatchObject({
      code: 'funke_market',
      month_generated: 0,
    });
    expect(await call('GET', '/request-payment', 'affiliates')).toEqual({
      status: 400,
      body: { detail: 'You have no earnings to request yet' },
    });
  });

  test("the fixture affiliate's payout moves this month's earnings to paid", async () => {
    const { body } = await call('GET', '/request-payment', 'affiliates');
    expect(body).toMatchObject({ payout: { amount: 1250, status: 'pending' } });
    expect(mockDb.affiliate).toMatchObject({ month_generated: 0, total_paid: 8400 });
  });
});

test('the contact form (EmailJS) is answered OK', async () => {
  const response = await fetch(new URL('/api/v1.0/email/send', window.location.origin), {
    method: 'POST',
    body: '{}',
  });
  expect(await response.text()).toBe('OK');
});

test('resetMockDb brings back the fixtures', () => {
  mockDb.cartLines = [];
  mockDb.affiliate = null;

  resetMockDb();

  expect(mockDb.cartLines).toEqual(fixtureCart.all_cart_data);
  expect(mockDb.affiliate).not.toBeNull();
});
