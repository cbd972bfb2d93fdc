/**
 * The sentences both sides use, as plain values (no imports but rules.ts, so the storefront
 * imports them without TypeBox): what the server answers, and what the storefront shows
 * when it checks the same rule before sending, so the two read alike.
 */
import {
  AFFILIATE_CODE_MAX_LENGTH,
  AFFILIATE_CODE_MIN_LENGTH,
  MAX_ADDRESS_LENGTH,
  MAX_AGE,
  MAX_CART_QUANTITY,
  MAX_NAME_LENGTH,
  MIN_AGE,
  MIN_PASSWORD_LENGTH,
} from './rules';

/**
 * The sentence the server puts in a 422 `msg` when a field's value breaks its rule (the
 * schemas' `errorMessage`), shoppers read it.
 */
export const FIELD_MESSAGES = {
  email: 'Enter a valid email address',
  mobile: 'Enter a valid Nigerian mobile number, e.g. 08031234567',
  password: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  commonPassword: 'This password is one of the most common and easy to guess. Choose another.',
  age: `Age must be between ${MIN_AGE} and ${MAX_AGE}`,
  name: `Enter a name of 1 to ${MAX_NAME_LENGTH} characters`,
  quantity: `Quantity must be a whole number from 1 to ${MAX_CART_QUANTITY}`,
  id: 'Must be a whole number from 1 upwards',
  reference: 'A payment reference holds only letters, digits, - . and =',
  address: `Enter your delivery address (up to ${MAX_ADDRESS_LENGTH} characters)`,
  affiliateCode: `Use ${AFFILIATE_CODE_MIN_LENGTH} to ${AFFILIATE_CODE_MAX_LENGTH} letters, digits, - or _ for your affiliate code`,
  accountNumber: 'Enter the 10-digit account number (NUBAN)',
  accountName: 'Enter the account name',
  bankName: 'Enter the bank name',
} as const;

/** The password rules in one line, shown before the shopper types a new password. */
export const PASSWORD_RULES_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, and not a common password such as "password" or "12345678".`;
