import type { CustomerUpdate, Gender, User } from 'contract';
import { FIELD_MESSAGES } from 'contract/messages';
import { MAX_AGE, MIN_AGE } from 'contract/rules';
import { isNigerianMobile } from '../../lib/validation';

/** The three fields Edit Profile makes editable (docs/product.md#profile-pages), as typed. */
export interface ProfileFormValues {
  mobile_number: string;
  age: string;
  gender: Gender | '';
}
export type ProfileField = keyof ProfileFormValues;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export function profileFormValues(user: User): ProfileFormValues {
  return {
    mobile_number: user.mobile_number,
    age: Number.isFinite(user.age) ? String(user.age) : '',
    gender: user.gender,
  };
}

/** Spaces, dashes and brackets people type in phone numbers carry no meaning. */
export function normalizeMobileNumber(value: string): string {
  return value.replace(/[\s()-]/g, '');
}

/** 0803..., +234803... and 234803... as the server stores them (0803...). */
function localMobile(value: string): string {
  const digits = normalizeMobileNumber(value).replace(/^\+/, '');
  if (digits.startsWith('234')) return `0${digits.slice(3)}`;
  if (digits.length === 10) return `0${digits}`;
  return digits;
}

/**
 * Whether Save would move the account to another mobile number: the server then asks for
 * the current password (a signed-in browser alone is not enough) and emails the owner.
 */
export function changesMobile(values: ProfileFormValues, user: User): boolean {
  const mobile = localMobile(values.mobile_number);
  return mobile !== '' && mobile !== localMobile(user.mobile_number);
}

/** Checks only what was filled in: an empty field is left out of the update, not refused. */
export function validateProfileForm(values: ProfileFormValues): ProfileErrors {
  const errors: ProfileErrors = {};
  const mobile = normalizeMobileNumber(values.mobile_number);
  // The server's own sentences, so the inline check and a 422 read alike.
  if (mobile !== '' && !isNigerianMobile(mobile)) errors.mobile_number = FIELD_MESSAGES.mobile;
  const age = values.age.trim();
  if (age !== '') {
    const n = Number(age);
    if (!/^\d+$/.test(age) || n < MIN_AGE || n > MAX_AGE) errors.age = FIELD_MESSAGES.age;
  }
  return errors;
}

/**
 * The update the spec sends: user_id plus only the fields that are not empty (docs/product.md#validation),
 * and the current password when the mobile number changes.
 */
export function buildCustomerUpdate(
  values: ProfileFormValues,
  userId: number,
  currentPassword = '',
): CustomerUpdate {
  const update: CustomerUpdate = { user_id: userId };
  if (currentPassword !== '') update.password = currentPassword;
  const mobile = normalizeMobileNumber(values.mobile_number);
  if (mobile !== '') update.mobile_number = mobile;
  const age = values.age.trim();
  if (age !== '') update.age = Number(age);
  if (values.gender !== '') update.gender = values.gender;
  return update;
}
