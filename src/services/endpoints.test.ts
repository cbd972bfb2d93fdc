/**
 * Every call of docs/product.md#calls: method, path, query, body and bearer token, as the wire
 * sees them (recorded from MSW), against the mock server answering from the fixtures.
 */
import type { AppStore } from '../app/store';
import { makeStore } from '../app/store';
import {
  fixtureAuthToken,
  fixtureCredentials,
  fixtureOtp,
  fixtureUser,
  signedInSession,
} from '../testing/fixtures';
import { mockDb } from '../testing/handlers';
import { recordRequests } from '../testing/server';
import { affiliatesApi } from './affiliatesApi';
import { cartApi } from './cartApi';
import { deliveryApi } from './deliveryApi';
import { orderItemsApi } from './orderItemsApi';
import { ordersApi } from './ordersApi';
import { paymentApi } from './paymentApi';
import { productApi } from './productApi';
import { usersApi } from './usersApi';
import { wishlistApi } from './wishlistApi';
import { loadApi } from '../state/lazyApis';

// These join the store when the pages that use them load; here no page does.
loadApi(affiliatesApi, orderItemsApi, paymentApi);

interface Call {
  name: string;
  run: (store: AppStore) => Promise<unknown>;
  method: string;
  path: string;
  search?: string;
  json?: unknown;
  /** The catalogue is public and sent without the token, so the service worker may keep it. */
  public?: true;
}

const registration = {
  email: 'chiamaka@example.ng',
  first_name: 'Chiamaka',
  last_name: 'Eze',
  affiliate_code: 'adebayo7',
  mobile_number: '08051112222',
  gender: 'female' as const,
  age: 18,
  role: 'customer' as const,
  emailverified: false,
  verificationtoken: '',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  last_logged_in: '2026-11-20T10:00:00.000Z',
  password: 'Jollof-2026',
  cpassword: 'Jollof-2026',
};

const deliveryInput = {
  address: '5 Ring Road',
  mobile_number: '08031234567',
  alt_mobile_number: '08129876543',
  city: 'Ibadan-Mokola' as const,
  state: 'Oyo State' as const,
};

// Each call is answered by the mock server, so each `run` must be a request it accepts.
const calls: Call[] = [
  {
    name: 'productApi.getProducts (all)',
    run: (s) => s.dispatch(productApi.endpoints.getProducts.initiate('')).unwrap(),
    method: 'GET',
    path: '/api/get-all-products',
    search: '',
    public: true,
  },
  {
    name: 'productApi.getProducts (search)',
    run: (s) => s.dispatch(productApi.endpoints.getProducts.initiate('garri')).unwrap(),
    method: 'GET',
    path: '/api/get-all-products',
    search: '?q=garri',
    public: true,
  },
  {
    name: 'productApi.getProduct',
    run: (s) => s.dispatch(productApi.endpoints.getProduct.initiate('ijebu-garri-5kg')).unwrap(),
    method: 'GET',
    path: '/api/get-product/ijebu-garri-5kg',
    public: true,
  },
  {
    name: 'cartApi.getCart',
    run: (s) => s.dispatch(cartApi.endpoints.getCart.initiate()).unwrap(),
    method: 'GET',
    path: '/api/all-carts',
  },
  {
    name: 'cartApi.addCartItem',
    run: (s) =>
      s
        .dispatch(
          cartApi.endpoints.addCartItem.initiate({
            user_id: 7,
            product_id: 4,
            quantity: 1,
            price_per_item: 5800,
          }),
        )
        .unwrap(),
    method: 'POST',
    path: '/api/add-cart',
    json: { user_id: 7, product_id: 4, quantity: 1, price_per_item: 5800 },
  },
  {
    name: 'cartApi.updateCartItem',
    run: (s) =>
      s.dispatch(cartApi.endpoints.updateCartItem.initiate({ id: 101, quantity: 3 })).unwrap(),
    method: 'PATCH',
    path: '/api/update-cart/101',
    json: { quantity: 3 },
  },
  {
    name: 'cartApi.deleteCartItem',
    run: (s) => s.dispatch(cartApi.endpoints.deleteCartItem.initiate(102)).unwrap(),
    method: 'DELETE',
    path: '/api/delete-cart/102',
  },
  {
    name: 'cartApi.checkout',
    run: (s) => {
      mockDb.transactions.set('ibm-paid-1', {
        reference: 'ibm-paid-1',
        status: 'success',
        amount: 1856000,
        currency: 'NGN',
        paid_at: '2026-11-20T10:00:00.000Z',
      });
      return s
        .dispatch(
          cartApi.endpoints.checkout.initiate({
            reference_id: 'ibm-paid-1',
            delivery_model: 'pickup',
          }),
        )
        .unwrap();
    },
    method: 'POST',
    path: '/api/checkout',
    json: { reference_id: 'ibm-paid-1', delivery_model: 'pickup' },
  },
  {
    name: 'wishlistApi.getWishlist',
    run: (s) => s.dispatch(wishlistApi.endpoints.getWishlist.initiate()).unwrap(),
    method: 'GET',
    path: '/api/get-wishlists',
  },
  {
    name: 'wishlistApi.addWishlistItem',
    run: (s) =>
      s.dispatch(wishlistApi.endpoints.addWishlistItem.initiate({ product_id: 1 })).unwrap(),
    method: 'POST',
    path: '/api/create-wishlist',
    json: { product_id: 1 },
  },
  {
    name: 'wishlistApi.deleteWishlistItem',
    run: (s) => s.dispatch(wishlistApi.endpoints.deleteWishlistItem.initiate(201)).unwrap(),
    method: 'DELETE',
    path: '/api/delete-wishlist/201',
  },
  {
    name: 'usersApi.register',
    run: (s) => s.dispatch(usersApi.endpoints.register.initiate(registration)).unwrap(),
    method: 'POST',
    path: '/api/register',
    json: registration,
  },
  {
    name: 'usersApi.sendOtp',
    run: (s) =>
      s
        .dispatch(
          usersApi.endpoints.sendOtp.initiate({
            user_email: fixtureUser.email,
            email_channel: 'sms',
          }),
        )
        .unwrap(),
    method: 'POST',
    path: '/api/send-otp',
    json: { user_email: fixtureUser.email, email_channel: 'sms' },
  },
  {
    name: 'usersApi.verifyEmail',
    run: (s) =>
      s
        .dispatch(
          usersApi.endpoints.verifyEmail.initiate({
            user_email: fixtureUser.email,
            user_otp: fixtureOtp,
          }),
        )
        .unwrap(),
    method: 'POST',
    path: '/api/email-verification',
    json: { user_email: fixtureUser.email, user_otp: fixtureOtp },
  },
  {
    name: 'usersApi.resetPassword',
    run: (s) =>
      s
        .dispatch(
          usersApi.endpoints.resetPassword.initiate({
            email: fixtureUser.email,
            otp: fixtureOtp,
            password: 'New-Amala-2026',
          }),
        )
        .unwrap(),
    method: 'POST',
    path: '/api/reset-password',
    json: { email: fixtureUser.email, otp: fixtureOtp, password: 'New-Amala-2026' },
  },
  {
    name: 'usersApi.getMe',
    run: (s) => s.dispatch(usersApi.endpoints.getMe.initiate()).unwrap(),
    method: 'GET',
    path: '/api/user/me',
  },
  {
    name: 'usersApi.updateCustomer (only the non-empty fields)',
    run: (s) =>
      s
        .dispatch(
          usersApi.endpoints.updateCustomer.initiate({
            user_id: 7,
            mobile_number: '  ',
            age: 35,
            gender: undefined,
          }),
        )
        .unwrap(),
    method: 'PATCH',
    path: '/api/customer-update',
    json: { user_id: 7, age: 35 },
  },
  {
    name: 'ordersApi.getOrders',
    run: (s) => s.dispatch(ordersApi.endpoints.getOrders.initiate()).unwrap(),
    method: 'GET',
    path: '/api/orders',
  },
  {
    name: 'orderItemsApi.getOrderItems',
    run: (s) => s.dispatch(orderItemsApi.endpoints.getOrderItems.initiate(401)).unwrap(),
    method: 'GET',
    path: '/api/order_item/401',
  },
  {
    name: 'deliveryApi.getDelivery',
    run: (s) => s.dispatch(deliveryApi.endpoints.getDelivery.initiate()).unwrap(),
    method: 'GET',
    path: '/api/get-delivery',
  },
  {
    name: 'deliveryApi.createDelivery',
    run: (s) => {
      mockDb.delivery = null;
      return s.dispatch(deliveryApi.endpoints.createDelivery.initiate(deliveryInput)).unwrap();
    },
    method: 'POST',
    path: '/api/delivery',
    json: deliveryInput,
  },
  {
    name: 'deliveryApi.updateDelivery',
    run: (s) =>
      s
        .dispatch(deliveryApi.endpoints.updateDelivery.initiate({ id: 301, ...deliveryInput }))
        .unwrap(),
    method: 'PATCH',
    path: '/api/update-delivery/301',
    json: deliveryInput,
  },
  {
    name: 'paymentApi.initializeTransaction',
    run: (s) =>
      s
        .dispatch(
          paymentApi.endpoints.initializeTransaction.initiate({
            userid: 7,
            delivery_method: 'delivery',
          }),
        )
        .unwrap(),
    method: 'POST',
    path: '/api/initialize-transaction',
    json: { userid: 7, delivery_method: 'delivery' },
  },
  {
    name: 'paymentApi.verifyTransaction',
    run: (s) => {
      mockDb.transactions.set('ibm-ref-9', {
        reference: 'ibm-ref-9',
        status: 'pending',
        amount: 100,
        currency: 'NGN',
        paid_at: null,
      });
      return s.dispatch(paymentApi.endpoints.verifyTransaction.initiate('ibm-ref-9')).unwrap();
    },
    method: 'GET',
    path: '/api/verify-transaction',
    search: '?reference=ibm-ref-9',
  },
  {
    name: 'paymentApi.payTestTransaction',
    run: (s) => {
      mockDb.transactions.set('ibm-ref-9', {
        reference: 'ibm-ref-9',
        status: 'pending',
        amount: 100,
        currency: 'NGN',
        paid_at: null,
      });
      return s
        .dispatch(paymentApi.endpoints.payTestTransaction.initiate({ reference: 'ibm-ref-9' }))
        .unwrap();
    },
    method: 'POST',
    path: '/api/sandbox/pay/ibm-ref-9',
    json: { outcome: 'success' },
  },
  {
    name: 'affiliatesApi.getAffiliateDetails',
    run: (s) => s.dispatch(affiliatesApi.endpoints.getAffiliateDetails.initiate()).unwrap(),
    method: 'GET',
    path: '/api/affiliate-details',
  },
  {
    name: 'affiliatesApi.registerAffiliate',
    run: (s) => {
      mockDb.affiliate = null;
      return s
        .dispatch(
          affiliatesApi.endpoints.registerAffiliate.initiate({
            affiliate_code: 'bayo_market',
            account_details:
              '{"account_number":"0123456789","account_name":"A O","bank_name":"GTBank"}',
          }),
        )
        .unwrap();
    },
    method: 'POST',
    path: '/api/affiliate-registration',
    json: {
      affiliate_code: 'bayo_market',
      account_details: '{"account_number":"0123456789","account_name":"A O","bank_name":"GTBank"}',
    },
  },
  {
    name: 'affiliatesApi.requestPayment (a mutation sent as GET)',
    run: (s) => s.dispatch(affiliatesApi.endpoints.requestPayment.initiate()).unwrap(),
    method: 'GET',
    path: '/api/request-payment',
  },
];

describe.each(calls)('$name', ({ run, method, path, search, json, public: isPublic }) => {
  test(`sends ${method} ${path} with the body, and the bearer token unless public`, async () => {
    const store = makeStore({ session: signedInSession });
    const requests = recordRequests();

    const result = await run(store);

    expect(result).toBeDefined();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe(method);
    expect(request?.url.pathname).toBe(path);
    if (search !== undefined) expect(request?.url.search).toBe(search);
    expect(request?.headers.get('authorization')).toBe(
      isPublic ? null : `Bearer ${fixtureAuthToken}`,
    );
    const body = await request?.body;
    if (json === undefined) {
      expect(body).toBe('');
    } else {
      expect(request?.headers.get('content-type')).toBe('application/json');
      expect(JSON.parse(body ?? '')).toEqual(json);
    }
  });
});

describe('usersApi.login', () => {
  test('posts username and password form-encoded', async () => {
    const store = makeStore();
    const requests = recordRequests();

    const answer = await store
      .dispatch(usersApi.endpoints.login.initiate(fixtureCredentials))
      .unwrap();

    expect(answer.access_token).toBe(fixtureAuthToken);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.pathname).toBe('/api/login');
    expect(request?.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(await request?.body);
    expect(Object.fromEntries(form)).toEqual(fixtureCredentials);
  });
});

test('without a session no Authorization header is sent', async () => {
  const store = makeStore();
  const requests = recordRequests();

  await store.dispatch(productApi.endpoints.getProducts.initiate(''));

  expect(requests).toHaveLength(1);
  expect(requests[0]?.headers.has('authorization')).toBe(false);
});

test('a search of only spaces asks for every product, without ?q=', async () => {
  const store = makeStore();
  const requests = recordRequests();

  const { data } = await store.dispatch(productApi.endpoints.getProducts.initiate('   '));

  expect(requests[0]?.url.search).toBe('');
  expect(data).toHaveLength(12);
});

test('a slug is escaped in the path', async () => {
  const store = makeStore();
  const requests = recordRequests();

  await store.dispatch(productApi.endpoints.getProduct.initiate('a/b c'));

  expect(requests[0]?.url.pathname).toBe('/api/get-product/a%2Fb%20c');
});
