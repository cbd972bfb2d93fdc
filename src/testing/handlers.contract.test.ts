/**
 * The mock backend says what the reference server says: every handler is called with a
 * request the contract accepts, and its answer is checked against the schema the server
 * answers with (server/src/routes/*.ts), errors against the `{"detail": ...}` shape.
 */
import { Value } from 'typebox/value';
import {
  GuestCartMergeResultSchema,
  GuestCartMergeSchema,
  AddCartItemSchema,
  AffiliateRegistrationSchema,
  AffiliateSchema,
  CartItemSchema,
  CartSchema,
  CategorySchema,
  CheckoutSchema,
  CreateWishlistSchema,
  CustomerUpdateSchema,
  DeliveryInputSchema,
  DeliverySchema,
  EmailVerificationSchema,
  ErrorBodySchema,
  HealthSchema,
  InitializeTransactionResponseSchema,
  InitializeTransactionSchema,
  LoginResponseSchema,
  LoginSchema,
  MessageSchema,
  OrderDetailSchema,
  OrderItemSchema,
  OrderSchema,
  PickupContactSchema,
  PlaceOrderSchema,
  ShopInfoSchema,
  PaymentRequestResponseSchema,
  ProductListAnswerSchema,
  ProductPageSchema,
  ProductSchema,
  RegisterResponseSchema,
  RegistrationSchema,
  ResetPasswordSchema,
  SandboxPaySchema,
  SearchSuggestionsSchema,
  SendOtpSchema,
  SPEC_CALLS,
  type SpecCall,
  UpdateCartItemSchema,
  UserSchema,
  VerificationSchema,
  WishlistEntrySchema,
} from 'contract';
import { asksForPage } from 'contract/listing';
import { Type } from 'typebox';
import {
  apiUrl,
  fixtureAuthToken,
  fixtureCart,
  fixtureCredentials,
  fixtureDelivery,
  fixtureOrders,
  fixtureOtp,
  fixtureProducts,
  fixtureUser,
  fixtureWishlist,
} from './fixtures';
import type { ContractCall as Call } from './contractCall';
import { handlers, mockDb } from './handlers';
import { notificationCalls } from './notificationCalls';
import { mockShop } from './orderHandlers';
import { staffCalls } from './staffCalls';
import { shopSettingsCalls } from './shopSettingsCalls';
import { moneyCalls } from './moneyCalls';
import { productsCalls } from './backOffice/productsCalls';
import { staffAccountsCalls } from './backOffice/staffAccountsCalls';

const [aProduct] = fixtureProducts;
const [aCartLine] = fixtureCart.all_cart_data;
const [aSavedItem] = fixtureWishlist;
const [anOrder] = fixtureOrders;
if (!aProduct || !aCartLine || !aSavedItem || !anOrder) throw new Error('The fixtures are empty');

const inStock = fixtureProducts.find(
  (p) => p.inventory_stock > 0 && !fixtureCart.all_cart_data.some((l) => l.product.id === p.id),
)!;
const notSaved = fixtureProducts.find(
  (p) => !fixtureWishlist.some((entry) => entry.product.id === p.id),
)!;
const deliveryInput = {
  address: fixtureDelivery.address,
  mobile_number: fixtureDelivery.mobile_number,
  alt_mobile_number: fixtureDelivery.alt_mobile_number,
  city: fixtureDelivery.city,
  state: fixtureDelivery.state,
};

async function send(
  call: Pick<Call, 'method' | 'service' | 'path' | 'body' | 'form' | 'signedIn'>,
) {
  const headers = new Headers();
  if (call.signedIn) headers.set('authorization', `Bearer ${fixtureAuthToken}`);
  let body: string | undefined;
  if (call.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(call.form).toString();
  } else if (call.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(call.body);
  }
  return fetch(apiUrl(call.path, call.service), { method: call.method, headers, body });
}

/** A paid sandbox transaction, as the checkout call expects one. */
async function paidTransaction(): Promise<string> {
  const started = await send({
    method: 'POST',
    service: 'payment',
    path: '/initialize-transaction',
    body: { userid: fixtureUser.id, delivery_method: 'delivery' },
    signedIn: true,
  });
  const { transaction_data } = (await started.json()) as {
    transaction_data: { data: { reference: string } };
  };
  const reference = transaction_data.data.reference;
  await send({
    method: 'POST',
    service: 'payment',
    path: `/sandbox/pay/${reference}`,
    body: {},
    signedIn: true,
  });
  return reference;
}

let checkoutReference = '';

const calls: Call[] = [
  {
    name: 'the shop lists every product',
    method: 'GET',
    service: 'product',
    path: '/get-all-products',
    answer: ProductListAnswerSchema,
  },
  {
    name: 'a search alone answers every match',
    method: 'GET',
    service: 'product',
    path: '/get-all-products?q=rice',
    answer: Type.Array(ProductSchema),
  },
  {
    name: 'a search with a page size answers a page',
    method: 'GET',
    service: 'product',
    path: '/get-all-products?q=rice&limit=24',
    answer: ProductPageSchema,
  },
  {
    name: 'a category, in stock, cheapest first',
    method: 'GET',
    service: 'product',
    path: '/get-all-products?category=Staples&in_stock=true&sort=price_asc&limit=24&offset=0',
    answer: ProductPageSchema,
  },
  {
    name: 'a price range the wrong way round',
    method: 'GET',
    service: 'product',
    path: '/get-all-products?min_price=5000&max_price=100',
    status: 422,
    answer: ErrorBodySchema,
  },
  {
    name: 'the categories with their counts',
    method: 'GET',
    service: 'product',
    path: '/categories',
    answer: Type.Array(CategorySchema),
  },
  {
    name: 'names suggested as the shopper types',
    method: 'GET',
    service: 'product',
    path: '/search-suggestions?q=ric',
    answer: SearchSuggestionsSchema,
  },
  {
    name: 'the health check',
    method: 'GET',
    service: 'product',
    path: '/health',
    answer: HealthSchema,
  },
  {
    name: 'one product by its slug',
    method: 'GET',
    service: 'product',
    path: `/get-product/${aProduct.slug}`,
    answer: ProductSchema,
  },
  {
    name: 'an unknown slug',
    method: 'GET',
    service: 'product',
    path: '/get-product/no-such-thing',
    status: 404,
    answer: ErrorBodySchema,
  },
  {
    name: 'the cart',
    method: 'GET',
    service: 'cart',
    path: '/all-carts',
    signedIn: true,
    answer: CartSchema,
  },
  {
    name: 'the cart, signed out',
    method: 'GET',
    service: 'cart',
    path: '/all-carts',
    status: 401,
    answer: ErrorBodySchema,
  },
  {
    name: 'add to cart',
    method: 'POST',
    service: 'cart',
    path: '/add-cart',
    body: {
      user_id: fixtureUser.id,
      product_id: inStock.id,
      quantity: 1,
      price_per_item: inStock.amount,
    },
    request: AddCartItemSchema,
    signedIn: true,
    answer: CartItemSchema,
  },
  {
    name: "a guest's kept cart joins the account at log in",
    method: 'POST',
    service: 'cart',
    path: '/cart/merge',
    body: { merge_id: 'guest-basket-0001', lines: [{ product_id: inStock.id, quantity: 2 }] },
    request: GuestCartMergeSchema,
    signedIn: true,
    answer: GuestCartMergeResultSchema,
  },
  {
    name: 'change a cart quantity',
    method: 'PATCH',
    service: 'cart',
    path: `/update-cart/${aCartLine.id}`,
    body: { quantity: 1 },
    request: UpdateCartItemSchema,
    signedIn: true,
    answer: CartItemSchema,
  },
  {
    name: 'remove a cart line',
    method: 'DELETE',
    service: 'cart',
    path: `/delete-cart/${aCartLine.id}`,
    signedIn: true,
    answer: MessageSchema,
  },
  {
    name: 'check out a paid cart',
    method: 'POST',
    service: 'cart',
    path: '/checkout',
    signedIn: true,
    request: CheckoutSchema,
    setup: async () => {
      checkoutReference = await paidTransaction();
    },
    get body() {
      return { reference_id: checkoutReference, delivery_model: 'delivery' };
    },
    answer: OrderSchema,
  },
  {
    name: 'the wishlist',
    method: 'GET',
    service: 'wishlist',
    path: '/get-wishlists',
    signedIn: true,
    answer: Type.Array(WishlistEntrySchema),
  },
  {
    name: 'save a product',
    method: 'POST',
    service: 'wishlist',
    path: '/create-wishlist',
    body: { product_id: notSaved.id },
    request: CreateWishlistSchema,
    signedIn: true,
    answer: WishlistEntrySchema,
  },
  {
    name: 'a product saved twice',
    method: 'POST',
    service: 'wishlist',
    path: '/create-wishlist',
    body: { product_id: aSavedItem.product.id },
    request: CreateWishlistSchema,
    signedIn: true,
    status: 409,
    answer: ErrorBodySchema,
  },
  {
    name: 'unsave a product',
    method: 'DELETE',
    service: 'wishlist',
    path: `/delete-wishlist/${aSavedItem.id}`,
    signedIn: true,
    answer: MessageSchema,
  },
  {
    name: 'register',
    method: 'POST',
    service: 'users',
    path: '/register',
    request: RegistrationSchema,
    body: {
      first_name: 'Funke',
      last_name: 'Adeyemi',
      email: 'funke@example.ng',
      mobile_number: '08031234567',
      age: 30,
      gender: 'female',
      password: 'Iyan-2026!',
      cpassword: 'Iyan-2026!',
    },
    answer: RegisterResponseSchema,
  },
  {
    name: 'send a code to an account',
    method: 'POST',
    service: 'users',
    path: '/send-otp',
    body: { user_email: fixtureUser.email, email_channel: 'email' },
    request: SendOtpSchema,
    answer: MessageSchema,
  },
  {
    name: 'send a code to an email without an account',
    method: 'POST',
    service: 'users',
    path: '/send-otp',
    body: { user_email: 'nobody@example.ng', email_channel: 'sms' },
    request: SendOtpSchema,
    answer: MessageSchema,
  },
  {
    name: 'activate an account',
    method: 'POST',
    service: 'users',
    path: '/email-verification',
    body: { user_email: fixtureUser.email, user_otp: fixtureOtp },
    request: EmailVerificationSchema,
    answer: MessageSchema,
  },
  {
    name: 'a wrong code',
    method: 'POST',
    service: 'users',
    path: '/email-verification',
    body: { user_email: fixtureUser.email, user_otp: '000000' },
    request: EmailVerificationSchema,
    status: 400,
    answer: ErrorBodySchema,
  },
  {
    name: 'log in',
    method: 'POST',
    service: 'users',
    path: '/login',
    form: fixtureCredentials,
    request: LoginSchema,
    answer: LoginResponseSchema,
  },
  {
    name: 'a wrong password',
    method: 'POST',
    service: 'users',
    path: '/login',
    form: { ...fixtureCredentials, password: 'not-the-password' },
    request: LoginSchema,
    status: 401,
    answer: ErrorBodySchema,
  },
  {
    name: 'reset a password',
    method: 'POST',
    service: 'users',
    path: '/reset-password',
    body: { email: fixtureUser.email, otp: fixtureOtp, password: 'Ewa-agoyin-2026' },
    request: ResetPasswordSchema,
    answer: MessageSchema,
  },
  {
    name: 'log out',
    method: 'POST',
    service: 'users',
    path: '/logout',
    signedIn: true,
    answer: MessageSchema,
  },
  {
    name: 'the profile',
    method: 'GET',
    service: 'users',
    path: '/user/me',
    signedIn: true,
    answer: UserSchema,
  },
  {
    name: 'edit the profile',
    method: 'PATCH',
    service: 'users',
    path: '/customer-update',
    body: { user_id: fixtureUser.id, age: 35, gender: 'male' },
    request: CustomerUpdateSchema,
    signedIn: true,
    answer: UserSchema,
  },
  {
    name: 'a new mobile number without the password',
    method: 'PATCH',
    service: 'users',
    path: '/customer-update',
    body: { user_id: fixtureUser.id, mobile_number: '08099998888' },
    request: CustomerUpdateSchema,
    signedIn: true,
    status: 422,
    answer: ErrorBodySchema,
  },
  {
    name: 'the orders',
    method: 'GET',
    service: 'orders',
    path: '/orders',
    signedIn: true,
    answer: Type.Array(OrderSchema),
  },
  {
    name: "an order's items",
    method: 'GET',
    service: 'orderItems',
    path: `/order_item/${anOrder.id}`,
    signedIn: true,
    answer: Type.Array(OrderItemSchema),
  },
  {
    name: 'an unknown order',
    method: 'GET',
    service: 'orderItems',
    path: '/order_item/999999',
    signedIn: true,
    status: 404,
    answer: ErrorBodySchema,
  },
  {
    name: 'the delivery location',
    method: 'GET',
    service: 'delivery',
    path: '/get-delivery',
    signedIn: true,
    answer: DeliverySchema,
  },
  {
    name: 'who collects pickup orders',
    method: 'GET',
    service: 'delivery',
    path: '/pickup-contact',
    signedIn: true,
    setup: () => {
      mockDb.pickupContact = { name: 'Adebayo Ogunleye', mobile_number: '08031234567' };
      return Promise.resolve();
    },
    answer: PickupContactSchema,
  },
  {
    name: 'save who collects pickup orders',
    method: 'PUT',
    service: 'delivery',
    path: '/pickup-contact',
    body: { name: 'Bisi Adeyemi', mobile_number: '08059998888' },
    request: PickupContactSchema,
    signedIn: true,
    answer: PickupContactSchema,
  },
  {
    name: 'add a delivery location',
    method: 'POST',
    service: 'delivery',
    path: '/delivery',
    body: deliveryInput,
    request: DeliveryInputSchema,
    signedIn: true,
    setup: () => {
      mockDb.delivery = null;
      return Promise.resolve();
    },
    answer: DeliverySchema,
  },
  {
    name: 'change the delivery location',
    method: 'PATCH',
    service: 'delivery',
    path: `/update-delivery/${fixtureDelivery.id}`,
    body: deliveryInput,
    request: DeliveryInputSchema,
    signedIn: true,
    answer: DeliverySchema,
  },
  {
    name: 'start a payment',
    method: 'POST',
    service: 'payment',
    path: '/initialize-transaction',
    body: { userid: fixtureUser.id, delivery_method: 'pickup' },
    request: InitializeTransactionSchema,
    signedIn: true,
    answer: InitializeTransactionResponseSchema,
  },
  {
    name: 'verify a payment',
    method: 'GET',
    service: 'payment',
    signedIn: true,
    answer: VerificationSchema,
    setup: async () => {
      checkoutReference = await paidTransaction();
    },
    get path() {
      return `/verify-transaction?reference=${checkoutReference}`;
    },
  },
  {
    name: 'pay in the sandbox',
    method: 'POST',
    service: 'payment',
    signedIn: true,
    body: { outcome: 'success', channel: 'bank_transfer' },
    request: SandboxPaySchema,
    answer: VerificationSchema,
    setup: async () => {
      const started = await send({
        method: 'POST',
        service: 'payment',
        path: '/initialize-transaction',
        body: { userid: fixtureUser.id, delivery_method: 'delivery' },
        signedIn: true,
      });
      checkoutReference = (
        (await started.json()) as { transaction_data: { data: { reference: string } } }
      ).transaction_data.data.reference;
    },
    get path() {
      return `/sandbox/pay/${checkoutReference}`;
    },
  },
  {
    // No request schema: the body is the one the schema refuses.
    name: 'pay in the sandbox by a channel Paystack is not offered',
    method: 'POST',
    service: 'payment',
    signedIn: true,
    body: { outcome: 'success', channel: 'mobile_money' },
    status: 422,
    answer: ErrorBodySchema,
    get path() {
      return `/sandbox/pay/${checkoutReference}`;
    },
  },
  {
    name: 'the affiliate details',
    method: 'GET',
    service: 'affiliates',
    path: '/affiliate-details',
    signedIn: true,
    answer: AffiliateSchema,
  },
  {
    name: 'the affiliate details of a shopper who has not joined',
    method: 'GET',
    service: 'affiliates',
    path: '/affiliate-details',
    signedIn: true,
    setup: () => {
      mockDb.affiliate = null;
      return Promise.resolve();
    },
    status: 404,
    answer: ErrorBodySchema,
  },
  {
    name: 'join the affiliate programme',
    method: 'POST',
    service: 'affiliates',
    path: '/affiliate-registration',
    signedIn: true,
    request: AffiliateRegistrationSchema,
    body: {
      affiliate_code: 'funke-foods',
      account_details: JSON.stringify({
        bank_name: 'Access Bank',
        account_number: '0123456789',
        account_name: 'Funke Adeyemi',
      }),
    },
    setup: () => {
      mockDb.affiliate = null;
      return Promise.resolve();
    },
    answer: AffiliateSchema,
  },
  {
    name: 'ask for a payout',
    method: 'GET',
    service: 'affiliates',
    path: '/request-payment',
    signedIn: true,
    answer: PaymentRequestResponseSchema,
    setup: () => {
      if (mockDb.affiliate) mockDb.affiliate.month_generated = 2500;
      return Promise.resolve();
    },
  },
];

/** Pay-later orders, one order in full and the shop's facts (orderHandlers.ts). */
const orderCalls: Call[] = [
  {
    name: "the shop's own facts",
    method: 'GET',
    service: 'orders',
    path: '/shop',
    answer: ShopInfoSchema,
  },
  {
    name: 'order to pay on delivery',
    method: 'POST',
    service: 'orders',
    path: '/place-order',
    request: PlaceOrderSchema,
    body: { userid: fixtureUser.id, delivery_method: 'delivery', payment_method: 'on_delivery' },
    signedIn: true,
    answer: OrderSchema,
  },
  {
    name: 'order to pay at pickup',
    method: 'POST',
    service: 'orders',
    path: '/place-order',
    request: PlaceOrderSchema,
    body: { userid: fixtureUser.id, delivery_method: 'pickup', payment_method: 'at_pickup' },
    signedIn: true,
    answer: OrderSchema,
  },
  {
    name: 'pay on delivery for a pickup order is refused',
    method: 'POST',
    service: 'orders',
    path: '/place-order',
    request: PlaceOrderSchema,
    body: { userid: fixtureUser.id, delivery_method: 'pickup', payment_method: 'on_delivery' },
    signedIn: true,
    status: 409,
    answer: ErrorBodySchema,
  },
  {
    name: 'an order over the pay-later cap is refused',
    method: 'POST',
    service: 'orders',
    path: '/place-order',
    request: PlaceOrderSchema,
    body: { userid: fixtureUser.id, delivery_method: 'delivery', payment_method: 'on_delivery' },
    signedIn: true,
    setup: () => {
      mockShop.pay_later.max_total = 1000;
      return Promise.resolve();
    },
    status: 409,
    answer: ErrorBodySchema,
  },
  {
    name: 'an empty cart places no order',
    method: 'POST',
    service: 'orders',
    path: '/place-order',
    request: PlaceOrderSchema,
    body: { userid: fixtureUser.id, delivery_method: 'pickup', payment_method: 'at_pickup' },
    signedIn: true,
    setup: () => {
      mockDb.cartLines = [];
      return Promise.resolve();
    },
    status: 400,
    answer: ErrorBodySchema,
  },
  {
    name: 'one order in full',
    method: 'GET',
    service: 'orders',
    path: `/orders/${anOrder.id}`,
    signedIn: true,
    answer: OrderDetailSchema,
  },
  {
    name: 'another shopper’s or an unknown order',
    method: 'GET',
    service: 'orders',
    path: '/orders/999999',
    signedIn: true,
    status: 404,
    answer: ErrorBodySchema,
  },
];

/** The original contract's call a request is (contract/specCalls.ts), if it is one. */
function specCallOf(call: Pick<Call, 'method' | 'path'>): SpecCall | undefined {
  const path = call.path.split('?')[0] ?? '';
  const found = Object.entries(SPEC_CALLS).find(([name]) => {
    const [method, template = ''] = name.split(' ');
    const pattern = template.replace(/\{[^}]+\}/g, '[^/]+');
    return method === call.method && new RegExp(`^${pattern}$`).test(path);
  });
  return found?.[1];
}

/** Every call the mock backend answers, each beside what the server answers. */
const everyCall = [
  ...calls,
  ...orderCalls,
  ...notificationCalls,
  ...staffCalls,
  ...shopSettingsCalls,
  ...moneyCalls,
  ...productsCalls,
  ...staffAccountsCalls,
];

test.each(everyCall)('$name: the answer is what the server answers', async (call) => {
  await call.setup?.();
  if (call.request) {
    const sent = call.form ?? call.body;
    expect(Value.Errors(call.request, sent)).toEqual([]);
  }
  const response = await send(call);
  expect(response.status).toBe(call.status ?? 200);
  const answer: unknown = await response.json();
  expect(Value.Errors(call.answer, answer)).toEqual([]);
  // One of the original calls keeps the shape it always had.
  const spec = specCallOf(call);
  const paged = asksForPage(new URL(apiUrl(call.path, call.service)).searchParams);
  if (spec && response.status === 200 && !paged) {
    expect(Value.Errors(spec.answers, answer)).toEqual([]);
  }
});

test('every one of the original calls has a successful call above', () => {
  const answered = calls.filter((c) => (c.status ?? 200) === 200).map(specCallOf);
  expect(Object.values(SPEC_CALLS).filter((spec) => !answered.includes(spec))).toEqual([]);
});

interface HandlerInfo {
  method?: unknown;
  path?: unknown;
}

/** Whether an MSW handler (method and path pattern, maybe with :params and *) answers a URL. */
function answers(info: HandlerInfo, method: string, url: string): boolean {
  if (info.method !== method || typeof info.path !== 'string') return false;
  const pattern = info.path
    .replace(/[.?+()[\]{}|^$\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/:[^/]+/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(new URL(url).origin + new URL(url).pathname);
}

test('every handler of the mock backend has a call above', () => {
  const missed = handlers
    .map((handler) => handler.info as HandlerInfo)
    .filter(
      (info) =>
        !everyCall.some((call) => answers(info, call.method, apiUrl(call.path, call.service))),
    )
    .map((info) => `${String(info.method)} ${String(info.path)}`);
  // Pictures and the contact form's EmailJS stand-in are not part of the backend contract.
  expect(missed.filter((r) => !/images|email\/send/.test(r))).toEqual([]);
});
