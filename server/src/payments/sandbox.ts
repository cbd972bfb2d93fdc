/**
 * The sandbox provider: payments without a payment company, for development and tests. It
 * keeps its own ledger (sandbox_payments) the way Paystack keeps its records: a payment is
 * pending until POST /api/sandbox/pay/{reference} settles it, and verify reports the truth.
 */
import { randomBytes } from 'node:crypto';
import type { PaystackChannel, TransactionStatus } from '../../../contract';
import type { Database } from '../db/client';
import { isoOrNull, num } from '../db/rows';
import { PaymentProviderError, type PaymentProvider, type ProviderVerification } from './provider';

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** Settles a pending payment; null when there is no pending payment of that reference. */
  pay(
    reference: string,
    outcome: 'success' | 'failed',
    at: Date,
    channel?: PaystackChannel | null,
  ): Promise<ProviderVerification | null>;
}

interface LedgerRow {
  reference: string;
  amount_kobo: unknown;
  currency: string;
  status: TransactionStatus;
  paid_at: unknown;
  channel: PaystackChannel | null;
}

function toVerification(r: LedgerRow): ProviderVerification {
  return {
    reference: r.reference,
    status: r.status,
    amountKobo: num(r.amount_kobo),
    currency: r.currency,
    paidAt: isoOrNull(r.paid_at),
    channel: r.channel,
  };
}

export function createSandboxProvider(deps: { db: Database; apiPrefix: string }): SandboxProvider {
  const { db } = deps;
  return {
    name: 'sandbox',

    async initialize(input) {
      const accessCode = `sandbox_${randomBytes(9).toString('hex')}`;
      await db.query(
        `INSERT INTO sandbox_payments (reference, amount_kobo, currency, status, access_code)
         VALUES ($1, $2, 'NGN', 'pending', $3)`,
        [input.reference, input.amountKobo, accessCode],
      );
      return {
        authorizationUrl: `${deps.apiPrefix}/sandbox/pay/${input.reference}`,
        accessCode,
        reference: input.reference,
        message: 'Authorization URL created',
      };
    },

    async verify(reference) {
      const rows = await db.query<LedgerRow>(
        'SELECT reference, amount_kobo, currency, status, paid_at, channel FROM sandbox_payments WHERE reference = $1',
        [reference],
      );
      if (!rows[0]) throw new PaymentProviderError('Transaction reference not found');
      return toVerification(rows[0]);
    },

    // The demo gives money back at once, as a card refund that Paystack processed.
    async refund(input) {
      const rows = await db.query<{ amount_kobo: unknown }>(
        "SELECT amount_kobo FROM sandbox_payments WHERE reference = $1 AND status = 'success'",
        [input.reference],
      );
      const paid = rows[0];
      if (!paid) throw new PaymentProviderError('Transaction not found', 'Transaction not found');
      if (input.amountKobo > num(paid.amount_kobo)) {
        throw new PaymentProviderError(
          'Refund amount is more than the transaction amount',
          'Refund amount is more than the transaction amount',
        );
      }
      return { status: 'processed', message: 'Refund processed' };
    },

    async pay(reference, outcome, at, channel = null) {
      const rows = await db.query<LedgerRow>(
        `UPDATE sandbox_payments
            SET status = $2, paid_at = CASE WHEN $2 = 'success' THEN $3::timestamptz END,
                channel = $4
          WHERE reference = $1 AND status = 'pending'
          RETURNING reference, amount_kobo, currency, status, paid_at, channel`,
        [reference, outcome, at.toISOString(), channel],
      );
      return rows[0] ? toVerification(rows[0]) : null;
    },
  };
}
