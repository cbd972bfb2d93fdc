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
