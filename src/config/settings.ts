/**
 * The storefront's build-time settings, read from the environment and checked: a bad value
 * throws with the name of the setting. The build runs this once (webpack.config.ts) and puts
 * the answer in the bundle, so a bad setting stops the build and no browser runs the checks;
 * src/config/env.ts is what the app imports.
 */

export class SettingError extends Error {
  constructor(name: string, problem: string) {
    super(`Setting ${name} ${problem}. See .env.example.`);
    this.name = 'SettingError';
  }
}

function text(name: string, value: string | undefined, fallback: string): string {
  const v = (value ?? '').trim();
  return v === '' ? fallback : v;
}

/** A base URL: an absolute http(s) URL or a same-origin path starting with '/'. */
function baseUrl(name: string, value: string | undefined): string {
  const v = text(name, value, '/api').replace(/\/+$/, '');
  if (v === '' || v.startsWith('/')) return v;
  try {
    const url = new URL(v);
    if (url.protocol === 'http:' || url.protocol === 'https:') return v;
  } catch {
    // fall through to the error below
  }
  throw new SettingError(name, `must be a path starting with / or an http(s) URL, not "${v}"`);
}

function origin(name: string, value: string | undefined): string {
  const v = text(name, value, '');
  if (v === '') return '';
  try {
    const url = new URL(v);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // fall through to the error below
  }
  throw new SettingError(
    name,
    `must be an http(s) origin such as https://api.emailjs.com, not "${v}"`,
  );
}

function paystackKey(name: string, value: string | undefined): string {
  const v = text(name, value, '');
  if (v === '' || /^pk_(test|live)_[A-Za-z0-9]+$/.test(v)) return v;
  if (v.startsWith('sk_')) {
    throw new SettingError(
      name,
      'holds a secret key; only the public key (pk_...) may reach the browser',
    );
  }
  throw new SettingError(name, `must be a Paystack public key (pk_test_... or pk_live_...)`);
}

function milliseconds(name: string, value: string | undefined, fallback: number): number {
  const v = text(name, value, String(fallback));
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 60_000) {
    throw new SettingError(
      name,
      `must be a whole number of milliseconds from 0 to 60000, not "${v}"`,
    );
  }
  return n;
}

export type ServiceName =
  | 'product'
  | 'cart'
  | 'wishlist'
  | 'users'
  | 'orders'
  | 'orderItems'
  | 'delivery'
  | 'payment'
  | 'affiliates'
  | 'notifications'
  | 'staff';

export interface Settings {
  /** Base URL of each backend service; all default to the reference server's /api. */
  apiBaseUrls: Record<ServiceName, string>;
  /** Paystack public key; empty means payments go through the Test payment dialog. */
  paystackPublicKey: string;
  emailjs: {
    serviceId: string;
    templateId: string;
    publicKey: string;
    /** Where EmailJS posts; empty means this site's own origin (the reference server). */
    origin: string;
  };
  /** The pickup station's address, shown in the Select mode of delivery modal. */
  pickupAddress: string;
  /** Wait between payment verification and checkout (docs/product.md#numbers-and-limits: 5 seconds). */
  checkoutDelayMs: number;
}

export function readSettings(): Settings {
  return {
    apiBaseUrls: {
      product: baseUrl('PRODUCT_API_URL', process.env.PRODUCT_API_URL),
      cart: baseUrl('CART_API_URL', process.env.CART_API_URL),
      wishlist: baseUrl('WISHLIST_API_URL', process.env.WISHLIST_API_URL),
      users: baseUrl('USERS_API_URL', process.env.USERS_API_URL),
      orders: baseUrl('ORDERS_API_URL', process.env.ORDERS_API_URL),
      orderItems: baseUrl('ORDER_ITEMS_API_URL', process.env.ORDER_ITEMS_API_URL),
      delivery: baseUrl('DELIVERY_API_URL', process.env.DELIVERY_API_URL),
      payment: baseUrl('PAYMENT_API_URL', process.env.PAYMENT_API_URL),
      affiliates: baseUrl('AFFILIATES_API_URL', process.env.AFFILIATES_API_URL),
      notifications: baseUrl('NOTIFICATIONS_API_URL', process.env.NOTIFICATIONS_API_URL),
      staff: baseUrl('STAFF_API_URL', process.env.STAFF_API_URL),
    },
    paystackPublicKey: paystackKey('PAYSTACK_PUBLIC_KEY', process.env.PAYSTACK_PUBLIC_KEY),
    emailjs: {
      serviceId: text('EMAILJS_SERVICE_ID', process.env.EMAILJS_SERVICE_ID, 'service_storefront'),
      templateId: text('EMAILJS_TEMPLATE_ID', process.env.EMAILJS_TEMPLATE_ID, 'template_contact'),
      publicKey: text('EMAILJS_PUBLIC_KEY', process.env.EMAILJS_PUBLIC_KEY, 'storefront-local'),
      origin: origin('EMAILJS_ORIGIN', process.env.EMAILJS_ORIGIN),
    },
    pickupAddress: text(
      'PICKUP_ADDRESS',
      process.env.PICKUP_ADDRESS,
      'Shop 14, Bodija Market Complex, Bodija, Ibadan, Oyo State',
    ),
    checkoutDelayMs: milliseconds('CHECKOUT_DELAY_MS', process.env.CHECKOUT_DELAY_MS, 5000),
  };
}
