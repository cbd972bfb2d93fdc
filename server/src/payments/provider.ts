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

export interface PaymentProvider {
  readonly name: 'paystack' | 'sandbox';
  initialize(input: InitializeInput): Promise<InitializeResult>;
  verify(reference: string): Promise<ProviderVerification>;
}

/** The provider could not be reached or refused the request. */
export class PaymentProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** Paystack allows letters, digits, '-', '.' and '='; references must never repeat. */
export function newReference(now: Date): string {
  return `IBM-${now.getTime().toString(36).toUpperCase()}-${randomBytes(6).toString('hex').toUpperCase()}`;
}
