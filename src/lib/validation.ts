/**
 * The contract's rules as checks the storefront runs before it sends a form, so what it
 * accepts is exactly what the server accepts (contract/rules.ts holds the one copy of each
 * pattern and limit).
 */
import { isValidEmail } from 'contract/email';
import {
  ACCOUNT_NUMBER_PATTERN,
  AFFILIATE_CODE_MAX_LENGTH,
  AFFILIATE_CODE_MIN_LENGTH,
  AFFILIATE_CODE_PATTERN,
  NIGERIAN_MOBILE_PATTERN,
} from 'contract/rules';

const nigerianMobile = new RegExp(NIGERIAN_MOBILE_PATTERN);
const affiliateCode = new RegExp(AFFILIATE_CODE_PATTERN);
const accountNumber = new RegExp(ACCOUNT_NUMBER_PATTERN);

/** name@domain.tld in ASCII, the last part of the domain two letters or more ('ade@example.n' is not). */
export function isEmail(value: string): boolean {
  return isValidEmail(value);
}

/** 0803..., 803..., +234803... or 234803..., exactly as typed (normalize first). */
export function isNigerianMobile(value: string): boolean {
  return nigerianMobile.test(value);
}

/** 3 to 30 letters, digits, - or _. */
export function isAffiliateCode(value: string): boolean {
  return (
    value.length >= AFFILIATE_CODE_MIN_LENGTH &&
    value.length <= AFFILIATE_CODE_MAX_LENGTH &&
    affiliateCode.test(value)
  );
}

/** A NUBAN: ten digits. */
export function isAccountNumber(value: string): boolean {
  return accountNumber.test(value);
}
