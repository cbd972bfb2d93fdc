/**
 * Paystack's transaction API, server side: initialize and verify with the secret key, and
 * the webhook signature check. Amounts are kobo. PAYSTACK_BASE_URL lets tests point this at
 * a fake Paystack on loopback.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { PAYSTACK_CHANNELS, type PaystackChannel, type TransactionStatus } from '../../../contract';
import { PaymentProviderError, type PaymentProvider } from './provider';

const InitializeAnswer = Type.Object({
  status: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({
    authorization_url: Type.String(),
    access_code: Type.String(),
    reference: Type.String(),
  }),
});

const VerifyAnswer = Type.Object({
  status: Type.Literal(true),
  data: Type.Object({
    reference: Type.String(),
    status: Type.String(),
    amount: Type.Integer(),
    currency: Type.String(),
    paid_at: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    channel: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  }),
});

/** Paystack's channel names, kept when they are one the shop offers. */
export function channelOf(channel: string | null | undefined): PaystackChannel | null {
  return (PAYSTACK_CHANNELS as readonly (string | null | undefined)[]).includes(channel)
    ? (channel as PaystackChannel)
    : null;
}

/** The part of a webhook event the shop acts on. */
export const WebhookEventSchema = Type.Object({
  event: Type.String({ maxLength: 100 }),
  data: Type.Object({
    reference: Type.String({ maxLength: 100 }),
    amount: Type.Integer(),
    currency: Type.String({ maxLength: 10 }),
    status: Type.Optional(Type.String({ maxLength: 50 })),
    paid_at: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
    channel: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
  }),
});
export const checkWebhookEvent = Compile(WebhookEventSchema);

const RefundAnswer = Type.Object({
  status: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({ status: Type.String() }),
});

/** A refund's news (refund.processed, refund.failed, refund.pending): which payment, and how. */
export const RefundEventSchema = Type.Object({
  event: Type.Union([
    Type.Literal('refund.processed'),
    Type.Literal('refund.failed'),
    Type.Literal('refund.pending'),
    Type.Literal('refund.processing'),
  ]),
  data: Type.Object({
    transaction_reference: Type.String({ maxLength: 100 }),
    status: Type.Optional(Type.String({ maxLength: 50 })),
  }),
});
export const checkRefundEvent = Compile(RefundEventSchema);

const checkInitialize = Compile(InitializeAnswer);
const checkRefund = Compile(RefundAnswer);
const checkVerify = Compile(VerifyAnswer);

/** Paystack has more states than the shop cares about. */
export function mapPaystackStatus(status: string): TransactionStatus {
  switch (status) {
    case 'success':
      return 'success';
    case 'failed':
    case 'reversed':
      return 'failed';
    case 'abandoned':
      return 'abandoned';
    default:
      return 'pending';
  }
}

export function verifyWebhookSignature(
  secretKey: string,
  rawBody: Buffer,
  signature: string | undefined,
): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', secretKey).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

export function createPaystackProvider(options: {
  secretKey: string;
  baseUrl: string;
  fetch?: typeof fetch;
}): PaymentProvider {
  const doFetch = options.fetch ?? fetch;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new PaymentProviderError(`Paystack unreachable: ${(error as Error).message}`);
    }
    let payload: unknown = null;
    try {
      payload = await response.json();
    } catch {
      // reported below with the status
    }
    if (!response.ok) {
      const message = (payload as { message?: unknown } | null)?.message;
      const words = typeof message === 'string' ? message : null;
      throw new PaymentProviderError(
        `Paystack answered ${response.status}${words ? `: ${words}` : ''}`,
        response.status < 500 ? (words ?? `Paystack refused it (${response.status})`) : null,
      );
    }
    return payload;
  }

  return {
    name: 'paystack',

    async initialize(input) {
      const payload = await call('POST', '/transaction/initialize', {
        email: input.email,
        amount: input.amountKobo,
        currency: 'NGN',
        reference: input.reference,
        channels: [...PAYSTACK_CHANNELS],
        metadata: input.metadata,
      });
      if (!checkInitialize.Check(payload)) {
        throw new PaymentProviderError('Paystack gave an unexpected answer to initialize');
      }
      return {
        authorizationUrl: payload.data.authorization_url,
        accessCode: payload.data.access_code,
        reference: payload.data.reference,
        message: payload.message,
      };
    },

    async verify(reference) {
      const payload = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      if (!checkVerify.Check(payload)) {
        throw new PaymentProviderError('Paystack gave an unexpected answer to verify');
      }
      const d = payload.data;
      return {
        reference: d.reference,
        status: mapPaystackStatus(d.status),
        amountKobo: d.amount,
        currency: d.currency,
        paidAt: d.paid_at ?? null,
        channel: channelOf(d.channel),
      };
    },

    async refund(input) {
      const payload = await call('POST', '/refund', {
        transaction: input.reference,
        amount: input.amountKobo,
        currency: 'NGN',
        merchant_note: input.note,
      });
      if (!checkRefund.Check(payload)) {
        throw new PaymentProviderError('Paystack gave an unexpected answer to refund');
      }
      const status = payload.data.status;
      return {
        status: status === 'processed' ? 'processed' : status === 'failed' ? 'failed' : 'pending',
        message: payload.message,
      };
    },
  };
}
