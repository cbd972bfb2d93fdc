/** The words of every message the shop sends. */
import type { OtpChannel } from '../../../contract';
import type { UserRecord } from '../db/users';
import type { OutgoingMessage } from './mailer';

export const SHOP_NAME = 'Ibadan Market';

export function otpMessage(
  user: Pick<UserRecord, 'email' | 'mobileNumber' | 'firstName'>,
  channel: OtpChannel,
  code: string,
  ttlSeconds: number,
): OutgoingMessage {
  const minutes = Math.round(ttlSeconds / 60);
  if (channel === 'sms') {
    return {
      to: user.mobileNumber,
      channel: 'sms',
      secret: true,
      subject: `${SHOP_NAME} code`,
      text: `${SHOP_NAME}: your code is ${code}. It expires in ${minutes} minutes. Never share it.`,
    };
  }
  return {
    to: user.email,
    channel: 'email',
    secret: true,
    subject: `Your ${SHOP_NAME} code: ${code}`,
    text: [
      `Hello ${user.firstName},`,
      '',
      `Your ${SHOP_NAME} code is ${code}. It expires in ${minutes} minutes.`,
      'Enter it to activate your account or to set a new password.',
      '',
      'If you did not ask for it, ignore this email: nothing changes without the code.',
    ].join('\n'),
  };
}

/** After too many wrong passwords, signing in takes this code too. */
export function loginCodeMessage(
  user: Pick<UserRecord, 'email' | 'firstName'>,
  code: string,
  ttlSeconds: number,
): OutgoingMessage {
  const minutes = Math.round(ttlSeconds / 60);
  return {
    to: user.email,
    channel: 'email',
    secret: true,
    subject: `Your ${SHOP_NAME} sign-in code: ${code}`,
    text: [
      `Hello ${user.firstName},`,
      '',
      'Many wrong passwords were tried on your account, so for now signing in also needs a code.',
      `If it is you signing in, enter ${code} with your password. It expires in ${minutes} minutes.`,
      '',
      'If it is not you, nobody can sign in without this code. To be safe, you can also set a',
      'new password with "Forgot password?".',
    ].join('\n'),
  };
}

/** Sign-up with an email that already has an activated account: its owner is told. */
export function signupAttemptMessage(
  user: Pick<UserRecord, 'email' | 'firstName'>,
): OutgoingMessage {
  return {
    to: user.email,
    channel: 'email',
    subject: `Someone tried to sign up to ${SHOP_NAME} with your email`,
    text: [
      `Hello ${user.firstName},`,
      '',
      `Someone tried to open a new ${SHOP_NAME} account with this email address, which already`,
      'has an account: nothing was changed. If it was you, log in instead, or set a new password',
      'with "Forgot password?" on the login page. If it was not you, you can ignore this email.',
    ].join('\n'),
  };
}

/** The owner hears of a new mobile number at the email that cannot be changed without them. */
export function mobileChangedMessage(
  user: Pick<UserRecord, 'email' | 'firstName'>,
  newNumber: string,
): OutgoingMessage {
  const shown = `${newNumber.slice(0, 4)}****${newNumber.slice(-3)}`;
  return {
    to: user.email,
    channel: 'email',
    subject: `Your ${SHOP_NAME} mobile number was changed`,
    text: [
      `Hello ${user.firstName},`,
      '',
      `The mobile number on your ${SHOP_NAME} account was changed to ${shown}.`,
      'If you did not do this, set a new password now with "Forgot password?" on the login page:',
      'that signs out every device.',
    ].join('\n'),
  };
}

export interface ContactForm {
  name: string;
  email: string;
  message: string;
  extra: Record<string, string>;
}

export function contactMessage(shopEmail: string, form: ContactForm): OutgoingMessage {
  const extra = Object.entries(form.extra).map(([k, v]) => `${k}: ${v}`);
  return {
    to: shopEmail,
    channel: 'email',
    subject: `Contact form: ${form.name || 'no name given'}`,
    text: [
      `From: ${form.name || '(no name)'} <${form.email || 'no email given'}>`,
      '',
      form.message,
      ...(extra.length > 0 ? ['', ...extra] : []),
    ].join('\n'),
  };
}

/** The facts of an order as its messages tell them. */
export interface OrderFacts {
  number: string;
  firstName: string;
  email: string;
  mobileNumber: string;
  items: { name: string; quantity: number; totalKobo: number }[];
  subtotalKobo: number;
  vatKobo: number;
  deliveryKobo: number;
  totalKobo: number;
  paymentLabel: string;
  /** The delivery address, or the pickup station with its opening hours. */
  where: string;
  expected: string;
  whatsapp: string;
  /** The order's page on the storefront, absolute: a mail client has no site to resolve against. */
  orderUrl: string;
}

export function orderPlacedMessages(
  o: OrderFacts,
  naira: (kobo: number) => string,
): OutgoingMessage[] {
  return [
    {
      to: o.email,
      channel: 'email',
      subject: `${SHOP_NAME}: order ${o.number} placed`,
      text: [
        `Hello ${o.firstName},`,
        '',
        `Thank you for your order ${o.number}.`,
        '',
        ...o.items.map((i) => `${i.quantity} x ${i.name}: ${naira(i.totalKobo)}`),
        '',
        `Items: ${naira(o.subtotalKobo)}`,
        `VAT: ${naira(o.vatKobo)}`,
        `Delivery and packaging: ${naira(o.deliveryKobo)}`,
        `Total: ${naira(o.totalKobo)}`,
        `Payment: ${o.paymentLabel}`,
        '',
        o.where,
        `Expected: ${o.expected}`,
        '',
        `Follow your order: ${o.orderUrl}`,
        `Questions? WhatsApp us on +${o.whatsapp} with your order number.`,
      ].join('\n'),
    },
    {
      to: o.mobileNumber,
      channel: 'sms',
      subject: `${SHOP_NAME} order ${o.number}`,
      text: `${SHOP_NAME}: order ${o.number} placed, ${naira(o.totalKobo)} (${o.paymentLabel}). Expected ${o.expected}. WhatsApp +${o.whatsapp}`,
    },
  ];
}

export function orderStatusMessages(
  o: Pick<OrderFacts, 'number' | 'firstName' | 'email' | 'mobileNumber' | 'whatsapp' | 'orderUrl'>,
  headline: string,
): OutgoingMessage[] {
  return [
    {
      to: o.email,
      channel: 'email',
      subject: `${SHOP_NAME}: order ${o.number}: ${headline}`,
      text: [
        `Hello ${o.firstName},`,
        '',
        `Your order ${o.number}: ${headline}.`,
        '',
        `See your order: ${o.orderUrl}`,
        `Questions? WhatsApp us on +${o.whatsapp} with your order number.`,
      ].join('\n'),
    },
    {
      to: o.mobileNumber,
      channel: 'sms',
      subject: `${SHOP_NAME} order ${o.number}`,
      text: `${SHOP_NAME}: order ${o.number}: ${headline}.`,
    },
  ];
}

export function backInStockMessage(
  user: { email: string; firstName: string },
  product: { name: string },
  /** The product's page, absolute. */
  url: string,
): OutgoingMessage {
  return {
    to: user.email,
    channel: 'email',
    subject: `${product.name} is back in stock at ${SHOP_NAME}`,
    text: [
      `Hello ${user.firstName},`,
      '',
      `${product.name} is back in stock. You asked us to tell you.`,
      url,
    ].join('\n'),
  };
}
