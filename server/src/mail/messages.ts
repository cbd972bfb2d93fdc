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
      subject: `${SHOP_NAME} code`,
      text: `${SHOP_NAME}: your code is ${code}. It expires in ${minutes} minutes. Never share it.`,
    };
  }
  return {
    to: user.email,
    channel: 'email',
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
