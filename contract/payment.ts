/** The payment service: a transaction started, verified, and the sandbox that stands in for Paystack. */
import { Type, type Static } from 'typebox';
import { FIELD_MESSAGES } from './messages';
import {
  DELIVERY_MODELS,
  MAX_ID,
  PAYMENT_REFERENCE_PATTERN,
  PAYSTACK_CHANNELS,
  TRANSACTION_STATUSES,
} from './rules';

export const InitializeTransactionSchema = Type.Object({
  userid: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id }),
  delivery_method: Type.Enum(DELIVERY_MODELS),
});
export type InitializeTransactionRequest = Static<typeof InitializeTransactionSchema>;

export const InitializeTransactionResponseSchema = Type.Object({
  /** `paystack` when the server holds a secret key; `sandbox` pays through /sandbox/pay. */
  provider: Type.Union([Type.Literal('paystack'), Type.Literal('sandbox')]),
  transaction_data: Type.Object({
    status: Type.Boolean(),
    message: Type.String(),
    data: Type.Object({
      authorization_url: Type.String(),
      access_code: Type.String(),
      reference: Type.String(),
    }),
  }),
  /** amount in kobo: the cart after VAT plus delivery and packaging, times 100. */
  user_data: Type.Object({ email: Type.String(), amount: Type.Integer() }),
});
export type InitializeTransactionResponse = Static<typeof InitializeTransactionResponseSchema>;

export const VerifyQuerySchema = Type.Object({
  reference: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: PAYMENT_REFERENCE_PATTERN,
    errorMessage: FIELD_MESSAGES.reference,
  }),
});

/**
 * POST /sandbox/pay/{reference}: the sandbox provider's stand-in for the payment popup.
 * @alias the same shape as the verify query
 */
export const ReferenceParamsSchema = VerifyQuerySchema;
export const SandboxPaySchema = Type.Object({
  outcome: Type.Optional(Type.Union([Type.Literal('success'), Type.Literal('failed')])),
  /** How the tester chose to pay, among the channels a pay-now payment offers. */
  channel: Type.Optional(
    Type.Enum(PAYSTACK_CHANNELS, { errorMessage: 'Choose card, bank transfer or USSD' }),
  ),
});
export type SandboxPayRequest = Static<typeof SandboxPaySchema>;

export const VerificationSchema = Type.Object({
  reference: Type.String(),
  status: Type.Enum(TRANSACTION_STATUSES),
  /** kobo */
  amount: Type.Integer(),
  currency: Type.String(),
  paid_at: Type.Union([Type.String(), Type.Null()]),
  /**
   * How it was paid, as Paystack's verify reports it (kept with the payment once verified);
   * null when the provider did not say.
   * Optional for clients that predate it; the reference server always sends it.
   */
  channel: Type.Optional(Type.Union([Type.Enum(PAYSTACK_CHANNELS), Type.Null()])),
});
export type Verification = Static<typeof VerificationSchema>;
