import type { Registration } from 'contract';
import { FIELD_MESSAGES } from 'contract/messages';
import { GENDERS, MIN_PASSWORD_LENGTH, type Gender } from 'contract/rules';
import { isEmail } from '../../lib/validation';

/** What the sign-up form holds; the rest of the record comes from the spec's defaults. */
export interface RegisterFormValues {
  first_name: string;
  last_name: string;
  email: string;
  mobile_number: string;
  affiliate_code: string;
  gender: Gender;
  password: string;
  cpassword: string;
}

export type RegisterField = keyof RegisterFormValues;

/** docs/product.md#data: every new account starts female, 18 years old and a customer. */
export const DEFAULT_GENDER: Gender = 'female';
export const DEFAULT_AGE = 18;

export function emptyRegisterForm(affiliateCode = ''): RegisterFormValues {
  return {
    first_name: '',
    last_name: '',
    email: '',
    mobile_number: '',
    affiliate_code: normalizeAffiliateCode(affiliateCode),
    gender: DEFAULT_GENDER,
    password: '',
    cpassword: '',
  };
}

/** docs/product.md#validation: the affiliate code is lowercased as typed. */
export function normalizeAffiliateCode(value: string): string {
  return value.toLowerCase().trim();
}

/** docs/product.md#data: gender is lowercased when it changes. */
export function normalizeGender(value: string): Gender {
  const lower = value.toLowerCase();
  return GENDERS.find((gender) => gender === lower) ?? DEFAULT_GENDER;
}

/** A numeric field: digits only, with the leading + of an international number kept. */
export function normalizeMobileNumber(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

/**
 * The checks shown before anything is sent. The spec leaves validation to the server;
 * these only catch what a shopper would otherwise wait for a round trip to learn.
 */
export function validateRegisterForm(
  values: RegisterFormValues,
): Partial<Record<RegisterField, string>> {
  const errors: Partial<Record<RegisterField, string>> = {};
  if (values.first_name.trim() === '') errors.first_name = 'Enter your first name';
  if (values.last_name.trim() === '') errors.last_name = 'Enter your surname';
  if (values.email.trim() === '') errors.email = 'Enter your email address';
  else if (!isEmail(values.email)) errors.email = 'Enter an email address like name@example.com';
  if (values.mobile_number === '') errors.mobile_number = 'Enter your mobile number';
  if (values.password === '') errors.password = 'Choose a password';
  else if (values.password.length < MIN_PASSWORD_LENGTH) errors.password = FIELD_MESSAGES.password;
  if (values.cpassword === '') errors.cpassword = 'Type the password again';
  else if (values.password !== values.cpassword) errors.cpassword = 'The passwords do not match';
  return errors;
}

/** The registration record of docs/product.md#data, with its defaults and the time of sign-up. */
export function buildRegistration(
  values: RegisterFormValues,
  now: Date = new Date(),
): Registration {
  const timestamp = now.toISOString();
  return {
    email: values.email.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    affiliate_code: normalizeAffiliateCode(values.affiliate_code),
    mobile_number: values.mobile_number,
    gender: normalizeGender(values.gender),
    age: DEFAULT_AGE,
    role: 'customer',
    emailverified: false,
    verificationtoken: '',
    created_at: timestamp,
    updated_at: timestamp,
    last_logged_in: timestamp,
    password: values.password,
    cpassword: values.cpassword,
  };
}
