import { isEmail } from '../../lib/validation';
import type { ContactMessage } from './sendContactMessage';

export type ContactField = keyof ContactMessage;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const contactFields: readonly ContactField[] = ['name', 'email', 'message'];

export const contactErrorText = {
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address, like ade@example.com',
  messageRequired: 'Please enter your message',
} as const;

/** Spec section 5: name, email (an email address) and message are all required. */
export function validateContactField(field: ContactField, value: string): string | undefined {
  const text = value.trim();
  switch (field) {
    case 'name':
      return text ? undefined : contactErrorText.nameRequired;
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
