/**
 * A card payment provider as the shop needs it: start a payment for an amount, and later
 * ask what became of it. Paystack when the server holds a secret key, else the sandbox.
 */
import { randomBytes } from 'node:crypto';
import type { PaystackChannel, TransactionStatus } from '../../../contract';

export interface InitializeInput {
  reference: string;
  email: string;
  amountKobo: number;
  metadata: Record<string, string | number>;
}

export interface InitializeResult {
  authorizationUrl: string;
  accessCode: string;
  reference: string;
  message: string;
}

export interface ProviderVerification {
  reference: string;
  status: TransactionStatus;
  amountKobo: number;
  currency: string;
  paidAt: string | null;
  /** Card, bank transfer or USSD, when the provider says. */
  channel: PaystackChannel | null;
}

export interface RefundInput {
  /** The payment to give back. */
  reference: string;
  amountKobo: number;
  /** Why, as the shop records it. */
  note: string;
}

/** Where a refund stands: queued at the provider, money sent back, or refused. */
export interface RefundResult {
  status: 'pending' | 'processed' | 'failed';
  /** The provider's own words. */
  message: string;
}

export interface PaymentProvider {
  readonly name: 'paystack' | 'sandbox';
  initialize(input: InitializeInput): Promise<InitializeResult>;
  verify(reference: string): Promise<ProviderVerification>;
  refund(input: RefundInput): Promise<RefundResult>;
}

/**
 * The provider could not be reached or refused the request. `refusal` is the provider's
 * own words when it answered and said no (a 4xx), as opposed to not answering.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly refusal: string | null = null,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** Paystack allows letters, digits, '-', '.' and '='; references must never repeat. */
export function newReference(now: Date): string {
  return `IBM-${now.getTime().toString(36).toUpperCase()}-${randomBytes(6).toString('hex').toUpperCase()}`;
}
