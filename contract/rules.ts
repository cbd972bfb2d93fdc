/**
 * The rules both sides follow, as plain values: the storefront checks a form with them
 * before sending it, the server's schemas (the other files of contract/) check the request
 * with the very same values. This module imports nothing, so the storefront imports its
 * values without pulling TypeBox into the bundle.
 *
 * A pattern is a string (JSON Schema's `pattern`); the storefront compiles it with
 * `new RegExp(...)`.
 */

// ---------------------------------------------------------------- delivery

/** The only state the shop delivers to. */
export const OYO_STATE = 'Oyo State';

/** The twelve cities the shop delivers to, in the product's order and spelling. */
export const DELIVERY_CITIES = [
  'Ibadan-Agodi',
  'Ibadan-Ajibode',
  'Ibadan-Apete',
  'Ibadan-Bodija',
  'Ibadan-Dugbe',
  'Ibadan-Idi_Ape-Ashi',
  'Ibadan-Mokola',
  'Ibadan-North',
  'Ibadan-Ojo',
  'Ibadan-Sango',
  'Ibadan-Sango (Poly Ibadan)',
  'Ibadan-UI (University of Ibadan)',
] as const;
export type DeliveryCity = (typeof DELIVERY_CITIES)[number];

/**
 * Each area as people in Ibadan say it: what a shopper reads until the owner renames it.
 * The value sent and stored stays the one in DELIVERY_CITIES.
 */
export const DELIVERY_AREA_NAMES: Readonly<Record<DeliveryCity, string>> = {
  'Ibadan-Agodi': 'Agodi',
  'Ibadan-Ajibode': 'Ajibode',
  'Ibadan-Apete': 'Apete',
  'Ibadan-Bodija': 'Bodija',
  'Ibadan-Dugbe': 'Dugbe',
  'Ibadan-Idi_Ape-Ashi': 'Idi-Ape / Ashi',
  'Ibadan-Mokola': 'Mokola',
  'Ibadan-North': 'Ibadan North',
  'Ibadan-Ojo': 'Ojoo',
  'Ibadan-Sango': 'Sango',
  'Ibadan-Sango (Poly Ibadan)': 'Sango (Poly Ibadan)',
  'Ibadan-UI (University of Ibadan)': 'UI (University of Ibadan)',
};

/** The longest landmark or nearest bus stop kept with a delivery location. */
export const MAX_LANDMARK_LENGTH = 120;
/** The longest name given for collecting a pickup order. */
export const MAX_CONTACT_NAME_LENGTH = 80;

export const DELIVERY_MODELS = ['pickup', 'delivery'] as const;
export type DeliveryModel = (typeof DELIVERY_MODELS)[number];

/** The longest delivery address. */
export const MAX_ADDRESS_LENGTH = 300;

// ---------------------------------------------------------------- money

/** VAT is 7.5% and delivery plus packaging is a fixed ₦1,150 on every order. */
export const VAT_RATE = 0.075;
export const DELIVERY_AND_PACKAGING_NAIRA = 1150;

// ---------------------------------------------------------------- cart and payment

/** The most of one product a cart line (and one request) may hold. */
export const MAX_CART_QUANTITY = 10000;

/** Largest id the database holds (PostgreSQL integer). */
export const MAX_ID = 2147483647;

/** The characters Paystack allows in a transaction reference. */
export const PAYMENT_REFERENCE_PATTERN = '^[A-Za-z0-9.=-]+$';

export const TRANSACTION_STATUSES = ['success', 'failed', 'abandoned', 'pending'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

// ---------------------------------------------------------------- people

/**
 * something@domain.tld in ASCII; spaces around it are allowed (the server trims them).
 * ASCII only keeps out invisible characters (zero-width spaces and joiners, bidirectional
 * marks) and look-alike letters from other scripts (a Cyrillic "а" for a Latin "a"), either
 * of which would let a second account pass for an existing one. Internationalized domains
 * are accepted in their xn-- form.
 */
export const EMAIL_PATTERN =
  "^\\s*[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})\\s*$";

/** A Nigerian mobile number: 0803..., 803..., +234803... or 234803... (11 digits locally). */
export const NIGERIAN_MOBILE_PATTERN = '^(?:\\+?234|0)?[789][01]\\d{8}$';
/** The same, or an empty string (the optional alternative delivery number). */
export const OPTIONAL_NIGERIAN_MOBILE_PATTERN = '^(?:(?:\\+?234|0)?[789][01]\\d{8})?$';

export const MIN_PASSWORD_LENGTH = 8;
/**
 * Seconds between two codes to one address: the reference server's default
 * (OTP_RESEND_INTERVAL_SECONDS), which the storefront counts down before offering another.
 */
export const OTP_RESEND_INTERVAL_SECONDS = 30;
export const MIN_AGE = 13;
export const MAX_AGE = 120;
/** The longest first name, last name or account name. */
export const MAX_NAME_LENGTH = 100;

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export const OTP_CHANNELS = ['sms', 'email'] as const;
export type OtpChannel = (typeof OTP_CHANNELS)[number];

// ---------------------------------------------------------------- affiliates

export const AFFILIATE_CODE_MIN_LENGTH = 3;
export const AFFILIATE_CODE_MAX_LENGTH = 30;
/** Letters, digits, - and _ (the code is stored lowercased, so capitals are folded). */
export const AFFILIATE_CODE_PATTERN = '^[A-Za-z0-9_-]+$';

/** A Nigerian bank account number (NUBAN): ten digits. */
export const ACCOUNT_NUMBER_PATTERN = '^\\d{10}$';

/** Banks a Nigerian affiliate is paid into, as their customers know them, A to Z. */
export const NIGERIAN_BANKS = [
  'Access Bank',
  'Citibank Nigeria',
  'Ecobank Nigeria',
  'Fidelity Bank',
  'First Bank of Nigeria',
  'First City Monument Bank (FCMB)',
  'Globus Bank',
  'Guaranty Trust Bank (GTBank)',
  'Jaiz Bank',
  'Keystone Bank',
  'Kuda Microfinance Bank',
  'Moniepoint Microfinance Bank',
  'OPay',
  'PalmPay',
  'Parallex Bank',
  'Polaris Bank',
  'Providus Bank',
  'Stanbic IBTC Bank',
  'Standard Chartered Bank',
  'Sterling Bank',
  'SunTrust Bank',
  'Titan Trust Bank',
  'Union Bank of Nigeria',
  'United Bank for Africa (UBA)',
  'Unity Bank',
  'Wema Bank',
  'Zenith Bank',
] as const;

// ---------------------------------------------------------------- catalogue listing

// In a module of their own: the shop's first screen needs these few and nothing else here.
export * from './listing';

/** How an order is paid: online now (Paystack), or cash or transfer on delivery or at pickup. */
export const PAYMENT_METHODS = ['online', 'on_delivery', 'at_pickup'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The two that are paid later, and the one way of getting the order each goes with. */
export const PAY_LATER_METHODS = ['on_delivery', 'at_pickup'] as const;
export type PayLaterMethod = (typeof PAY_LATER_METHODS)[number];
export const PAY_LATER_DELIVERY_MODEL = { on_delivery: 'delivery', at_pickup: 'pickup' } as const;
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  online: 'Paid online',
  on_delivery: 'Pay on delivery (cash or transfer)',
  at_pickup: 'Pay at pickup (cash or transfer)',
};
/** The channels a pay-now payment offers at Paystack. */
export const PAYSTACK_CHANNELS = ['card', 'bank_transfer', 'ussd'] as const;
export type PaystackChannel = (typeof PAYSTACK_CHANNELS)[number];

/** paid: money in; awaiting: pay-later, not received yet; refund_due: paid, then cancelled. */
export const PAYMENT_STATUSES = ['paid', 'awaiting', 'refund_due'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_RECEIVED_VIA = ['cash', 'transfer'] as const;
export type PaymentReceivedVia = (typeof PAYMENT_RECEIVED_VIA)[number];

/** An order's journey, from placed to delivered or collected, or cancelled on the way. */
export const ORDER_STATES = [
  'placed',
  'confirmed',
  'packed',
  'out_for_delivery',
  'ready_for_pickup',
  'delivered',
  'collected',
  'cancelled',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  placed: 'Placed',
  confirmed: 'Confirmed',
  packed: 'Packed',
  out_for_delivery: 'Out for delivery',
  ready_for_pickup: 'Ready for pickup',
  delivered: 'Delivered',
  collected: 'Collected',
  cancelled: 'Cancelled',
};
/** Still on its way: staff can move it on or cancel it. */
export const OPEN_ORDER_STATES: readonly OrderState[] = [
  'placed',
  'confirmed',
  'packed',
  'out_for_delivery',
  'ready_for_pickup',
];
export const MAX_CANCEL_REASON_LENGTH = 300;

/** The one step forward from a state (cancelling aside), or null at the end of the road. */
export function nextOrderState(
  state: OrderState,
  deliveryModel: (typeof DELIVERY_MODELS)[number],
): OrderState | null {
  switch (state) {
    case 'placed':
      return 'confirmed';
    case 'confirmed':
      return 'packed';
    case 'packed':
      return deliveryModel === 'delivery' ? 'out_for_delivery' : 'ready_for_pickup';
    case 'out_for_delivery':
      return 'delivered';
    case 'ready_for_pickup':
      return 'collected';
    default:
      return null;
  }
}
