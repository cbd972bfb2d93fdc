import { hasLineBreak } from 'contract/email';
import { isEmail } from '../../lib/validation';
import type { ContactMessage } from './sendContactMessage';

export type ContactField = keyof ContactMessage;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const contactFields: readonly ContactField[] = ['name', 'email', 'message'];

export const contactErrorText = {
  nameRequired: 'Please enter your name',
  nameOneLine: 'Please enter your name on one line',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address, like ade@example.com',
  messageRequired: 'Please enter your message',
} as const;

/**
 * docs/product.md#validation: name, email (an email address) and message are all required. The name and
 * the email become mail headers at the shop, so they must stay on one line; the email follows
 * the one rule the server checks too (EMAIL_PATTERN in contract/rules.ts).
 */
export function validateContactField(field: ContactField, value: string): string | undefined {
  const text = value.trim();
  switch (field) {
    case 'name':
      if (!text) return contactErrorText.nameRequired;
      return hasLineBreak(text) ? contactErrorText.nameOneLine : undefined;
    case 'email':
      if (!text) return contactErrorText.emailRequired;
      return isEmail(text) ? undefined : contactErrorText.emailInvalid;
    case 'message':
      return text ? undefined : contactErrorText.messageRequired;
  }
}

export function validateContact(values: ContactMessage): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of contactFields) {
    const error = validateContactField(field, values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}
