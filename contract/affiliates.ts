/** The affiliates service: registration with bank details, the earnings, payout requests. */
import { Type, type Static } from 'typebox';
import { FIELD_MESSAGES } from './messages';
import {
  ACCOUNT_NUMBER_PATTERN,
  AFFILIATE_CODE_MAX_LENGTH,
  AFFILIATE_CODE_MIN_LENGTH,
  AFFILIATE_CODE_PATTERN,
  MAX_NAME_LENGTH,
} from './rules';

/** account_details / acount_details hold this object as JSON text. */
export const AccountDetailsSchema = Type.Object({
  account_number: Type.String({
    pattern: ACCOUNT_NUMBER_PATTERN,
    errorMessage: FIELD_MESSAGES.accountNumber,
  }),
  account_name: Type.String({
    minLength: 1,
    maxLength: MAX_NAME_LENGTH,
    pattern: '\\S',
    errorMessage: FIELD_MESSAGES.accountName,
  }),
  bank_name: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: '\\S',
    errorMessage: FIELD_MESSAGES.bankName,
  }),
});
export type AccountDetails = Static<typeof AccountDetailsSchema>;

/** The code is stored lowercased, so upper-case letters are accepted and folded. */
export const AffiliateRegistrationSchema = Type.Object({
  affiliate_code: Type.String({
    minLength: AFFILIATE_CODE_MIN_LENGTH,
    maxLength: AFFILIATE_CODE_MAX_LENGTH,
    pattern: AFFILIATE_CODE_PATTERN,
    errorMessage: FIELD_MESSAGES.affiliateCode,
  }),
  account_details: Type.String({ minLength: 2, maxLength: 1000 }),
});
export type AffiliateRegistration = Static<typeof AffiliateRegistrationSchema>;

export const AffiliateSchema = Type.Object({
  code: Type.String(),
  month_generated: Type.Number(),
  total_generated: Type.Number(),
  total_paid: Type.Number(),
  /** Spelled so by the backend family: JSON text of AccountDetails. */
  acount_details: Type.String(),
});
export type Affiliate = Static<typeof AffiliateSchema>;

export const PaymentRequestResponseSchema = Type.Object({
  message: Type.String(),
  payout: Type.Object({
    id: Type.Integer(),
    amount: Type.Number(),
    status: Type.String(),
    created_at: Type.String(),
  }),
});
export type PaymentRequestResponse = Static<typeof PaymentRequestResponseSchema>;
