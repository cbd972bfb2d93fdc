import type { AccountDetails, AffiliateRegistration } from 'contract';
import { FIELD_MESSAGES } from 'contract/messages';
import { MAX_NAME_LENGTH } from 'contract/rules';
import { AFFILIATE_REF_PARAM } from '../../lib/paths';
import { isAccountNumber, isAffiliateCode } from '../../lib/validation';

/** The contract's sentences for these fields, so an inline check and a 422 read alike. */
const AFFILIATE_MESSAGES = {
  affiliate_code: FIELD_MESSAGES.affiliateCode,
  // The bank is chosen from a list here; the contract's sentence speaks of typing it.
  bank_name: 'Choose your bank',
  account_number: FIELD_MESSAGES.accountNumber,
  account_name: FIELD_MESSAGES.accountName,
} as const;

export interface AffiliateFormValues {
  affiliate_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
}
export type AffiliateField = keyof AffiliateFormValues;
/** The server's names for the form's fields in a 422 answer (loc's last name): the same names. */
export const AFFILIATE_SERVER_FIELDS: Readonly<Record<string, AffiliateField>> = {
  affiliate_code: 'affiliate_code',
  bank_name: 'bank_name',
  account_number: 'account_number',
  account_name: 'account_name',
};
export type AffiliateErrors = Partial<Record<AffiliateField, string>>;

export const emptyAffiliateForm: AffiliateFormValues = {
  affiliate_code: '',
  bank_name: '',
  account_number: '',
  account_name: '',
};

/** The code is lowercased as it is typed (docs/product.md#validation); spaces are never part of one. */
export function normalizeAffiliateCode(value: string): string {
  return value.toLowerCase().replace(/\s+/g, '');
}

/** Account numbers are often typed or pasted with spaces or dashes: keep the digits. */
export function normalizeAccountNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function validateAffiliateForm(values: AffiliateFormValues): AffiliateErrors {
  const errors: AffiliateErrors = {};
  if (!isAffiliateCode(values.affiliate_code)) {
    errors.affiliate_code = AFFILIATE_MESSAGES.affiliate_code;
  }
  if (values.bank_name.trim() === '') errors.bank_name = AFFILIATE_MESSAGES.bank_name;
  if (!isAccountNumber(values.account_number)) {
    errors.account_number = AFFILIATE_MESSAGES.account_number;
  }
  const name = values.account_name.trim();
  if (name === '' || name.length > MAX_NAME_LENGTH)
    errors.account_name = AFFILIATE_MESSAGES.account_name;
  return errors;
}

/** The registration payload: account_details is JSON text of the three bank fields (docs/product.md#data). */
export function buildAffiliateRegistration(values: AffiliateFormValues): AffiliateRegistration {
  const details: AccountDetails = {
    account_number: values.account_number,
    account_name: values.account_name.trim(),
    bank_name: values.bank_name,
  };
  return {
    affiliate_code: normalizeAffiliateCode(values.affiliate_code),
    account_details: JSON.stringify(details),
  };
}

/**
 * The bank details from acount_details (JSON text, spelled so by the backend). Anything that
 * is not JSON of that shape gives null, and a missing field an empty string, so a bad record
 * never breaks the page.
 */
export function parseAccountDetails(text: string | null | undefined): AccountDetails | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const field = (name: string): string => {
    const v: unknown = (value as Record<string, unknown>)[name];
    return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
  };
  const details = {
    account_number: field('account_number'),
    account_name: field('account_name'),
    bank_name: field('bank_name'),
  };
  return details.account_number || details.account_name || details.bank_name ? details : null;
}

/** The sign-up link an affiliate shares; the sign-up page prefills the code from it. */
export function shareLinkFor(origin: string, registerPath: string, code: string): string {
  return `${origin}${registerPath}?${new URLSearchParams({ [AFFILIATE_REF_PARAM]: code })}`;
}
