/**
 * A stand-in for Paystack on loopback: just enough of its transaction API, with the checks
 * Paystack makes, and signed webhook bodies as Paystack sends them.
 */
import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

export const SECRET = 'sk_test_fakepaystacksecret0123456789';

interface FakeTransaction {
  reference: string;
  email: string;
  amount: number;
  currency: string;
  status: string;
  paidAmount?: number;
}

/** Just enough of Paystack's transaction API, with the checks Paystack makes. */
export class FakePaystack {
  readonly server: FastifyInstance = Fastify();
  readonly transactions = new Map<string, FakeTransaction>();
  readonly requests: { method: string; url: string; authorization?: string; body: unknown }[] = [];
  failNext = false;

  constructor() {
    this.server.addHook('onRequest', async (request, reply) => {
      this.requests.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        body: undefined,
      });
      if (request.headers.authorization !== `Bearer ${SECRET}`) {
        return reply.code(401).send({ status: false, message: 'Invalid key' });
      }
    });
    this.server.post('/transaction/initialize', async (request, reply) => {
      const body = request.body as Record<string, unknown>;
      const last = this.requests[this.requests.length - 1];
      if (last) last.body = body;
      if (this.failNext) {
        this.failNext = false;
        return reply.code(500).send({ status: false, message: 'Something went wrong' });
      }
      const reference = String(body.reference);
      if (this.transactions.has(reference)) {
        return reply.code(400).send({ status: false, message: 'Duplicate Transaction Reference' });
      }
      this.transactions.set(reference, {
        reference,
        email: String(body.email),
        amount: Number(body.amount),
        currency: String(body.currency),
        status: 'abandoned',
      });
      return {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `https://checkout.paystack.com/ac_${reference.toLowerCase()}`,
          access_code: `ac_${reference.toLowerCase()}`,
          reference,
        },
      };
    });
    this.server.post('/refund', async (request, reply) => {
      const body = request.body as { transaction: string; amount?: number };
      const tx = this.transactions.get(body.transaction);
      if (this.refundAnswer === 'fault') {
        return reply.code(500).send({ status: false, message: 'Something went wrong' });
      }
      if (!tx || tx.status !== 'success') {
        return reply.code(404).send({ status: false, message: 'Transaction not found' });
      }
      if (this.refundAnswer === 'refuse') {
        return reply
          .code(400)
          .send({ status: false, message: 'Transaction has been fully reversed' });
      }
      const amount = body.amount ?? tx.amount;
      this.refunds.push({ transaction: body.transaction, amount });
      return {
        status: true,
        message: 'Refund has been queued for processing',
        data: {
          transaction: { reference: tx.reference, amount: tx.amount },
          amount,
          currency: 'NGN',
          status: this.refundAnswer,
        },
      };
    });
    this.server.get('/transaction/verify/:reference', async (request, reply) => {
      const tx = this.transactions.get((request.params as { reference: string }).reference);
      if (!tx)
        return reply.code(400).send({ status: false, message: 'Transaction reference not found' });
      return {
        status: true,
        message: 'Verification successful',
        data: {
          id: 4099260516,
          reference: tx.reference,
          status: tx.status,
          amount: tx.paidAmount ?? tx.amount,
          currency: tx.currency,
          paid_at: tx.status === 'success' ? '2026-11-22T10:00:00.000Z' : null,
          gateway_response:
            tx.status === 'success' ? 'Successful' : 'The transaction was not completed',
          channel: 'card',
        },
      };
    });
  }

  /**
   * What POST /refund answers: 'pending' (queued, as Paystack usually answers), 'processed',
   * a refusal (400 with Paystack's words) or a fault (500, as when Paystack is down).
   */
  refundAnswer: 'pending' | 'processed' | 'refuse' | 'fault' = 'pending';
  readonly refunds: { transaction: string; amount: number }[] = [];

  settle(reference: string, status: string, paidAmount?: number) {
    const tx = this.transactions.get(reference);
    if (!tx) throw new Error(`fake Paystack has no ${reference}`);
    tx.status = status;
    tx.paidAmount = paidAmount;
  }
}

export function signed(payload: unknown, secret = SECRET) {
  const raw = JSON.stringify(payload);
  return {
    raw,
    signature: createHmac('sha512', secret).update(raw).digest('hex'),
  };
}

export const chargeSuccess = (reference: string, amount: number, currency = 'NGN') => ({
  event: 'charge.success',
  data: {
    id: 1,
    status: 'success',
    reference,
    amount,
    currency,
    paid_at: '2026-11-22T10:00:00.000Z',
    customer: {},
  },
});

export const refundEvent = (event: 'refund.processed' | 'refund.failed', reference: string) => ({
  event,
  data: {
    status: event === 'refund.processed' ? 'processed' : 'failed',
    transaction_reference: reference,
    refund_reference: `RF-${reference}`,
    amount: '8661250',
    currency: 'NGN',
  },
});
