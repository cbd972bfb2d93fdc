/**
 * The pickup contact form's values and rules: who collects the order and the number the shop
 * calls when it is ready. Pickup needs no home address.
 */
import type { PickupContact, User } from 'contract';
import { FIELD_MESSAGES } from 'contract/messages';
import { MAX_CONTACT_NAME_LENGTH } from 'contract/rules';
import { isNigerianMobile } from '../../../lib/validation';

export type PickupContactErrors = Partial<Record<keyof PickupContact, string>>;

export const pickupContactMessages = {
  nameMissing: 'Enter the name of whoever will collect the order',
  nameTooLong: `Keep the name under ${MAX_CONTACT_NAME_LENGTH} characters`,
  mobileMissing: 'Enter a mobile number we can call when your order is ready',
  mobileInvalid: FIELD_MESSAGES.mobile,
} as const;

/** The server's names for the fields in a 422 answer: the same names. */
export const PICKUP_CONTACT_SERVER_FIELDS: Readonly<Record<string, keyof PickupContact>> = {
  name: 'name',
  mobile_number: 'mobile_number',
};

/** The contact saved before, else the account's own name and number, else empty. */
export function pickupContactValues(
  saved: PickupContact | null | undefined,
  account: Pick<User, 'first_name' | 'last_name' | 'mobile_number'> | undefined,
): PickupContact {
  if (saved) return { ...saved };
  const name = [account?.first_name, account?.last_name]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return { name, mobile_number: account?.mobile_number ?? '' };
}

export function validatePickupContact(values: PickupContact): PickupContactErrors {
  const errors: PickupContactErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = pickupContactMessages.nameMissing;
  else if (name.length > MAX_CONTACT_NAME_LENGTH) errors.name = pickupContactMessages.nameTooLong;
  const mobile = values.mobile_number.trim();
  if (mobile === '') errors.mobile_number = pickupContactMessages.mobileMissing;
  else if (!isNigerianMobile(mobile)) errors.mobile_number = pickupContactMessages.mobileInvalid;
  return errors;
}
