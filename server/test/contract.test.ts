/**
 * Every one of the storefront's original calls (contract/specCalls.ts), made against the real
 * server and database as a client written for the original backend would make it: its
 * payload has the fields that contract names, and its answer has the shape it promises
 * (an array where it says array, and the fields it names, with their types).
 */
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { SPEC_CALLS, type SpecCallName } from '../../contract';
import {
  buy,
  call,
  createShopper,
  DELIVERY,
  fillCart,
  initialize,
  json,
  latestCode,
  registration,
  seedProducts,
  setupHarness,
  type Shopper,
  type TestProduct,
} from './helpers';

const t = setupHarness();

interface Request {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  token?: string;
  /** The payload as the contract names it: the body, or a GET's query. */
  payload?: Record<string, unknown>;
  /** Sent form-encoded rather than as JSON, as the storefront logs in. */
  form?: boolean;
}

let products: TestProduct[];
let shopper: Shopper;

beforeEach(async () => {
  products = await seedProducts(t.db, [
    { name: 'Ofada Rice 5kg', price: 9500, disc: 500 },
    { name: 'Mama Gold Rice 10kg', price: 18000 },
    { name: 'Ijebu Garri 4kg', price: 4800 },
  ]);
  shopper = await createShopper(t.app, t.db);
});

const product = (i: number) => products[i] as TestProduct;
const signedIn = (r: Omit<Request, 'token'>): Request => ({ ...r, token: shopper.token });

async function cartLineId(): Promise<number> {
  await fillCart(t.app, shopper, [[product(0).id, 2]]);
  const cart = json<{ all_cart_data: { id: number }[] }>(
    await call(t.app, { url: '/api/all-carts', token: shopper.token }),
  );
  return cart.all_cart_data[0]?.id ?? 0;
}

async function wishlistEntryId(): Promise<number> {
  const r = await call(t.app, {
    method: 'POST',
    url: '/api/create-wishlist',
    token: shopper.token,
    body: { product_id: product(1).id },
  });
  return json<{ id: number }>(r).id;
}

async function deliveryId(): Promise<number> {
  const r = await call(t.app, {
    method: 'POST',
    url: '/api/delivery',
    token: shopper.token,
    body: DELIVERY,
  });
  return json<{ id: number }>(r).id;
}

async function paidReference(): Promise<string> {
  await fillCart(t.app, shopper, [[product(2).id, 1]]);
  const { reference } = await initialize(t.app, shopper);
  const paid = await call(t.app, {
    method: 'POST',
    url: `/api/sandbox/pay/${reference}`,
    token: shopper.token,
  });
  expect(paid.statusCode).toBe(200);
  return reference;
}

const ACCOUNT = JSON.stringify({
  account_number: '0123456789',
  account_name: 'Bisi Adewale',
  bank_name: 'GTBank',
});

async function registerAffiliate(code: string): Promise<void> {
  const r = await call(t.app, {
    method: 'POST',
    url: '/api/affiliate-registration',
    token: shopper.token,
    body: { affiliate_code: code, account_details: ACCOUNT },
  });
  expect(r.statusCode).toBe(200);
}

/** How each call is made, after putting the database in the state it needs. */
const REQUESTS: Record<SpecCallName, () => Promise<Request[]>> = {
  'GET /get-all-products': async () => [
    { method: 'GET', url: '/api/get-all-products' },
    // A search answers the same array, best matches first.
    { method: 'GET', url: '/api/get-all-products?q=rice' },
    { method: 'GET', url: '/api/get-all-products?q=nothing-like-it' },
  ],
  'GET /get-product/{slug}': async () => [
    { method: 'GET', url: `/api/get-product/${product(0).slug}` },
  ],
  'GET /all-carts': async () => {
    await cartLineId();
    return [signedIn({ method: 'GET', url: '/api/all-carts' })];
  },
  'POST /add-cart': async () => [
    signedIn({
      method: 'POST',
      url: '/api/add-cart',
      payload: {
        user_id: shopper.id,
        product_id: product(0).id,
        quantity: 1,
        price_per_item: 9000,
      },
    }),
  ],
  'PATCH /update-cart/{id}': async () => [
    signedIn({
      method: 'PATCH',
      url: `/api/update-cart/${await cartLineId()}`,
      payload: { quantity: 3 },
    }),
  ],
  'DELETE /delete-cart/{id}': async () => [
    signedIn({ method: 'DELETE', url: `/api/delete-cart/${await cartLineId()}` }),
  ],
  'POST /checkout': async () => [
    signedIn({
      method: 'POST',
      url: '/api/checkout',
      payload: { reference_id: await paidReference(), delivery_model: 'pickup' },
    }),
  ],
  'POST /create-wishlist': async () => [
    signedIn({
      method: 'POST',
      url: '/api/create-wishlist',
      payload: { product_id: product(0).id },
    }),
  ],
  'GET /get-wishlists': async () => {
    await wishlistEntryId();
    return [signedIn({ method: 'GET', url: '/api/get-wishlists' })];
  },
  'DELETE /delete-wishlist/{id}': async () => [
    signedIn({ method: 'DELETE', url: `/api/delete-wishlist/${await wishlistEntryId()}` }),
  ],
  'POST /register': async () => [
    { method: 'POST', url: '/api/register', payload: registration({ email: 'new@example.ng' }) },
  ],
  'POST /send-otp': async () => [
    {
      method: 'POST',
      url: '/api/send-otp',
      payload: { user_email: shopper.email, email_channel: 'sms' },
    },
  ],
  'POST /email-verification': async () => {
    const body = registration({ email: 'verify@example.ng' });
    expect((await call(t.app, { method: 'POST', url: '/api/register', body })).statusCode).toBe(
      200,
    );
    return [
      {
        method: 'POST',
        url: '/api/email-verification',
        payload: {
          user_email: 'verify@example.ng',
          user_otp: await latestCode(t.db, 'verify@example.ng'),
        },
      },
    ];
  },
  'POST /login': async () => [
    {
      method: 'POST',
      url: '/api/login',
      payload: { username: shopper.email, password: shopper.password },
      form: true,
    },
  ],
  'POST /reset-password': async () => {
    const sent = await call(t.app, {
      method: 'POST',
      url: '/api/send-otp',
      body: { user_email: shopper.email, email_channel: 'email' },
    });
    expect(sent.statusCode).toBe(200);
    return [
      {
        method: 'POST',
        url: '/api/reset-password',
        payload: {
          email: shopper.email,
          otp: await latestCode(t.db, shopper.email),
          password: 'BrandNew-2026',
        },
      },
    ];
  },
  'GET /user/me': async () => [signedIn({ method: 'GET', url: '/api/user/me' })],
  'PATCH /customer-update': async () => [
    signedIn({
      method: 'PATCH',
      url: '/api/customer-update',
      payload: { user_id: shopper.id, age: 41, gender: 'female' },
    }),
  ],
  'GET /orders': async () => {
    await fillCart(t.app, shopper, [[product(0).id, 1]]);
    await buy(t.app, shopper);
    return [signedIn({ method: 'GET', url: '/api/orders' })];
  },
  'GET /order_item/{orderId}': async () => {
    await fillCart(t.app, shopper, [[product(0).id, 1]]);
    const order = await buy(t.app, shopper);
    return [signedIn({ method: 'GET', url: `/api/order_item/${order.id}` })];
  },
  'GET /get-delivery': async () => {
    await deliveryId();
    return [signedIn({ method: 'GET', url: '/api/get-delivery' })];
  },
  'POST /delivery': async () => [
    signedIn({ method: 'POST', url: '/api/delivery', payload: DELIVERY }),
  ],
  'PATCH /update-delivery/{id}': async () => [
    signedIn({
      method: 'PATCH',
      url: `/api/update-delivery/${await deliveryId()}`,
      payload: { ...DELIVERY, address: '3 Awolowo Avenue, Bodija' },
    }),
  ],
  'POST /initialize-transaction': async () => {
    await fillCart(t.app, shopper, [[product(0).id, 1]]);
    return [
      signedIn({
        method: 'POST',
        url: '/api/initialize-transaction',
        payload: { userid: shopper.id, delivery_method: 'pickup' },
      }),
    ];
  },
  'GET /verify-transaction': async () => {
    const reference = await paidReference();
    return [
      signedIn({
        method: 'GET',
        url: `/api/verify-transaction?reference=${reference}`,
        payload: { reference },
      }),
    ];
  },
  'GET /affiliate-details': async () => {
    await registerAffiliate('bisi');
    return [signedIn({ method: 'GET', url: '/api/affiliate-details' })];
  },
  'POST /affiliate-registration': async () => [
    signedIn({
      method: 'POST',
      url: '/api/affiliate-registration',
      payload: { affiliate_code: 'mama-bisi', account_details: ACCOUNT },
    }),
  ],
  'GET /request-payment': async () => {
    await registerAffiliate('bisi');
    // A referred buyer's order earns the affiliate something to be paid.
    const buyer = await createShopper(t.app, t.db, {
      affiliate_code: 'bisi',
      mobile_number: '08039990000',
    });
    await fillCart(t.app, buyer, [[product(0).id, 1]]);
    await buy(t.app, buyer);
    return [signedIn({ method: 'GET', url: '/api/request-payment' })];
  },
};

function send(r: Request) {
  if (r.method === 'GET' || r.payload === undefined) {
    return call(t.app, { method: r.method, url: r.url, token: r.token });
  }
  if (r.form) {
    return call(t.app, {
      method: r.method,
      url: r.url,
      token: r.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(r.payload as Record<string, string>).toString(),
    });
  }
  return call(t.app, { method: r.method, url: r.url, token: r.token, body: r.payload });
}

function mismatches(schema: TSchema, value: unknown): string[] {
  return Value.Errors(schema, value).map((e) => `${e.instancePath || '/'} ${e.message}`);
}

test('the table holds the 27 calls of the original contract', () => {
  expect(Object.keys(SPEC_CALLS)).toHaveLength(27);
  expect(Object.keys(REQUESTS).sort()).toEqual(Object.keys(SPEC_CALLS).sort());
});

test.each(Object.keys(SPEC_CALLS) as SpecCallName[])(
  '%s answers as the contract says',
  async (name) => {
    const spec: { sends?: TSchema; answers: TSchema } = SPEC_CALLS[name];
    for (const request of await REQUESTS[name]()) {
      if (spec.sends && request.payload) {
        expect([request.url, mismatches(spec.sends, request.payload)]).toEqual([request.url, []]);
      }
      const response = await send(request);
      expect([request.url, response.statusCode, response.body]).toEqual([
        request.url,
        200,
        expect.anything(),
      ]);
      expect([request.url, mismatches(spec.answers, json(response))]).toEqual([request.url, []]);
    }
  },
);
