import type { CustomerUpdate, Gender, User } from 'contract';
import { FIELD_MESSAGES } from 'contract/messages';
import { MAX_AGE, MIN_AGE } from 'contract/rules';
import { isNigerianMobile } from '../../lib/validation';

/** The three fields Edit Profile makes editable (spec section 4), as typed. */
export interface ProfileFormValues {
  mobile_number: string;
  age: string;
  gender: Gender | '';
}
export type ProfileField = keyof ProfileFormValues;
export const PROFILE_FIELDS: readonly ProfileField[] = ['mobile_number', 'age', 'gender'];
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

/** The update the spec sends: user_id plus only the fields that are not empty (spec section 5). */
export function buildCustomerUpdate(values: ProfileFormValues, userId: number): CustomerUpdate {
  const update: CustomerUpdate = { user_id: userId };
  const mobile = normalizeMobileNumber(values.mobile_number);
  if (mobile !== '') update.mobile_number = mobile;
  const age = values.age.trim();
  if (age !== '') update.age = Number(age);
  if (values.gender !== '') update.gender = values.gender;
  return update;
}
