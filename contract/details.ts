/**
 * The `detail` sentences the server answers errors with, as plain values (this module imports
 * no TypeBox, so the storefront imports them without it). Where the storefront must match
 * on one (e.g. 'Could not validate credentials' means "Please, log in"), it reads it here.
 */
import { CREDENTIALS_DETAIL } from './credentials';

export const ERROR_DETAILS = {
  credentials: CREDENTIALS_DETAIL,
  notFound: 'Not Found',
  incorrectLogin: 'Incorrect email or password',
  notActivated: 'Your account is not activated yet. Activate it with the code we sent you.',
  invalidOtp: 'Invalid or expired OTP code',
  emailTaken: 'An account with this email already exists. Log in, or activate it with a new code.',
  productNotFound: 'Product not found',
  cartItemNotFound: 'Cart item not found',
  outOfStock: 'This product is out of stock',
  cartEmpty: 'Your cart is empty',
  wishlistDuplicate: 'Product already in your wishlist',
  wishlistNotFound: 'Wishlist item not found',
  deliveryMissing: 'Add your delivery location',
  pickupContactMissing: 'Add the name and phone number for collecting your order',
  deliveryExists: 'You already have a delivery location. Update it instead.',
  deliveryNotFound: 'Delivery location not found',
  orderNotFound: 'Order not found',
  transactionNotFound: 'Transaction not found',
  affiliateNotFound: 'Affiliate account not found',
  affiliateExists: 'You are already registered as an affiliate',
  affiliateCodeTaken: 'This affiliate code is taken. Choose another one.',
  nothingToPay: 'You have no earnings to request yet',
  /**
   * Login once an account has had too many wrong passwords: password and emailed code
   * together. Said whether the password was right or not, so it gives nothing away.
   */
  loginCodeRequired:
    'Too many wrong passwords were tried on this account. To keep it safe, we emailed its owner a 6-digit code: enter it with your password to log in.',
  paymentExpired:
    'This payment has expired and no money was taken. Go back to your cart and pay again.',
  passwordForMobile: 'Enter your current password to change your mobile number',
  wrongCurrentPassword: 'That is not your current password',
} as const;

/** The pay-later choices by name, as the sentences below use them. */
const PAY_LATER_NAMES = { on_delivery: 'Pay on delivery', at_pickup: 'Pay at pickup' } as const;
type PayLaterName = keyof typeof PAY_LATER_NAMES;

/** A pay-later choice that does not go with the way the order is got (409). */
export const PAY_LATER_MISMATCH_DETAILS: Record<PayLaterName, string> = {
  on_delivery:
    'Pay on delivery is only for orders we deliver. For pickup, choose Pay at pickup or pay now.',
  at_pickup:
    'Pay at pickup is only for orders you collect. For delivery, choose Pay on delivery or pay now.',
};

/**
 * Why an order cannot be paid later: over the cap (a lower one on a first order). The server
 * refuses with it and the storefront says it before the shopper tries; each side passes the
 * amounts already written as naira, so this module stays free of imports.
 */
export function payLaterCapDetail(
  method: PayLaterName,
  cap: string,
  total: string,
  firstOrder: boolean,
): string {
  return (
    `${PAY_LATER_NAMES[method]} is available for orders up to ${cap}${firstOrder ? ' on a first order' : ''}; ` +
    `this order comes to ${total}. Please pay now with card, bank transfer or USSD.`
  );
}

/**
 * Why one more order cannot be paid later: the shopper (or another account with the same
 * phone number) already has as many orders waiting for payment as the shop allows (409).
 */
export function unpaidOrdersDetail(count: number, samePhone: boolean): string {
  const orders = count === 1 ? '1 order' : `${count} orders`;
  return (
    `${samePhone ? 'Your phone number already has' : 'You already have'} ${orders} waiting for payment. ` +
    'Please pay for one, or ask us on WhatsApp to cancel one, before ordering again to pay later. ' +
    'You can still pay now with card, bank transfer or USSD.'
  );
}

/** The orders waiting for payment would together come to more than the shop allows (409). */
export function unpaidTotalDetail(cap: string, waiting: string, total: string): string {
  return (
    `Your orders waiting for payment come to ${waiting}; with this one they would come to ${total}, ` +
    `above the ${cap} we allow to be paid later. Please pay for an earlier order first, or pay now ` +
    'with card, bank transfer or USSD.'
  );
}

/**
 * One account's orders waiting for payment would take more of a product than its share of
 * the stock (409). `allowed` is how many more may be ordered to pay later now (0 or more).
 */
export function stockShareDetail(name: string, allowed: number, waiting: number): string {
  const more =
    allowed === 0
      ? `You cannot order more of ${name} to pay later`
      : `You can order at most ${allowed} more of ${name} to pay later`;
  return (
    `${more}: orders waiting for payment may take only part of what we have` +
    (waiting > 0 ? `, and yours already have ${waiting}` : '') +
    '. Lower the quantity, or pay now with card, bank transfer or USSD.'
  );
}

/** A delivery to an area the owner switched off (saving the location, or at checkout). */
export function areaClosedDetail(areaName: string): string {
  return `We are not delivering to ${areaName} at the moment. Choose another area, or pick up your order from our station.`;
}
