/**
 * Payments (payment service, docs/product.md#calls): initialize and verify; the sandbox's
 * pay endpoint when there is no Paystack key; Paystack's webhook when there is.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  ERROR_DETAILS,
  InitializeTransactionResponseSchema,
  InitializeTransactionSchema,
  ReferenceParamsSchema,
  SandboxPaySchema,
  VerificationSchema,
  VerifyQuerySchema,
  type Verification,
} from '../../../contract';
import type { AppContext, RoutePlugin } from '../context';
import {
  expireLapsedHolds,
  findTransaction,
  findUserTransaction,
  holdDeadline,
  holdsStock,
  insertTransaction,
  insertTransactionItems,
  recordAuthorization,
  recordProviderStatus,
  releaseHold,
} from '../db/transactions';
import { cartTotals } from '../money';
import { deliveryCharge, takeCart, takeStock } from '../orders/place';
import { placeOrder, verifyPayment } from '../payments/checkout';
import {
  channelOf,
  checkRefundEvent,
  checkWebhookEvent,
  verifyWebhookSignature,
} from '../payments/paystack';
import { settle } from '../payments/refunds';
import {
  newReference,
  PaymentProviderError,
  type ProviderVerification,
} from '../payments/provider';
import { currentUser } from '../plugins/auth';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../plugins/errors';
import { loopbackOnly } from '../plugins/loopback';

function toVerification(v: ProviderVerification): Verification {
  return {
    reference: v.reference,
    status: v.status,
    amount: v.amountKobo,
    currency: v.currency,
    paid_at: v.paidAt,
    channel: v.channel,
  };
}

/**
 * What Paystack is told (any 200 stops its retries): the order was placed, or the event is
 * of no use to the shop, or the payment could not become an order (kept for the shop to place
 * anyway or refund: paid, not placed).
 */
const WEBHOOK_ANSWERS = {
  200: Type.Object({
    status: Type.Union([Type.Literal('ok'), Type.Literal('ignored'), Type.Literal('not placed')]),
  }),
};

/**
 * Paystack's webhook, in its own plugin scope: the signature is over the raw bytes, so this
 * scope keeps bodies as Buffers instead of parsing them.
 */
async function paystackWebhook(app: FastifyInstance, ctx: AppContext, secretKey: string) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/paystack/webhook',
    { schema: { response: WEBHOOK_ANSWERS } },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-paystack-signature'];
      if (
        !verifyWebhookSignature(
          secretKey,
          raw,
          typeof signature === 'string' ? signature : undefined,
        )
      ) {
        throw new HttpError(401, 'Invalid signature');
      }
      let event: unknown;
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        throw badRequest('The webhook body is not valid JSON');
      }
      if (checkRefundEvent.Check(event)) {
        // A refund's news settles it once; replays, and news of one the shop never started,
        // change nothing.
        const reference = event.data.transaction_reference;
        if (event.event === 'refund.processed' || event.event === 'refund.failed') {
          const settled = await settle(
            ctx,
            reference,
            event.event === 'refund.processed' ? 'processed' : 'failed',
            event.event === 'refund.processed'
              ? 'Refund processed'
              : 'Paystack could not refund it',
          );
          return reply.send({ status: settled ? 'ok' : 'ignored' });
        }
        return reply.send({ status: 'ignored' });
      }
      if (!checkWebhookEvent.Check(event) || event.event !== 'charge.success') {
        return reply.send({ status: 'ignored' });
      }
      const { reference, amount, currency, paid_at: paidAt, channel } = event.data;
      const tx = await findTransaction(ctx.db, reference);
      if (!tx) {
        request.log.warn({ reference }, 'webhook for an unknown reference');
        return reply.send({ status: 'ignored' });
      }
      if (amount !== tx.amountKobo || currency !== tx.currency) {
        request.log.warn(
          { reference, amount, currency },
          'webhook amount or currency does not match',
        );
        await recordProviderStatus(ctx.db, reference, 'failed', null, false);
        return reply.send({ status: 'ignored' });
      }
      await recordProviderStatus(
        ctx.db,
        reference,
        'success',
        paidAt ?? null,
        true,
        channelOf(channel),
      );
      try {
        const { order, created } = await placeOrder(
          ctx,
          {
            reference,
            userId: tx.userId,
            deliveryModel: tx.deliveryMethod,
          },
          request.log,
        );
        if (created) request.log.info({ reference, orderId: order.id }, 'order placed by webhook');
      } catch (error) {
        // Paystack retries on errors; a business refusal (cart changed) will not improve, so it
        // is acknowledged: placeOrder kept the payment for the shop to place or refund.
        if (error instanceof HttpError && error.statusCode < 500) {
          request.log.warn(
            { reference, detail: error.detail },
            'webhook payment not turned into an order',
          );
          return reply.send({ status: 'not placed' });
        }
        throw error;
      }
      return reply.send({ status: 'ok' });
    },
  );
}

const paymentRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db, payments, sandbox, clock, config } = ctx;
  const auth = { preValidation: ctx.requireUser };

  app.post(
    '/initialize-transaction',
    {
      ...auth,
      schema: {
        body: InitializeTransactionSchema,
        response: { 200: InitializeTransactionResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { userid, delivery_method: deliveryMethod } = request.body;
      if (userid !== user.id) throw forbidden('You can only pay for your own cart');
      const now = clock.now();
      const reference = newReference(now);
      await expireLapsedHolds(db, now);
      // The cart is priced, its units taken off the shelf and the priced lines kept in one
      // transaction with the product rows locked, so two shoppers paying for the last units
      // cannot both get them: the second hears it now, before paying, and the order is made
      // from these lines. The units come back if the payment is not made in time.
      const amountKobo = await db.transaction(async (q) => {
        const holdExpiresAt = await holdDeadline(q, user.id, now, config.stockHoldSeconds);
        const priced = await takeCart(q, user.id, now);
        const { feeKobo } = await deliveryCharge(q, config, user.id, deliveryMethod);
        const amount = cartTotals(
          priced.map((p) => p.unitPriceKobo * p.quantity),
          feeKobo,
        ).payableKobo;
        await insertTransaction(q, {
          reference,
          userId: user.id,
          provider: payments.name,
          amountKobo: amount,
          deliveryMethod,
          holdExpiresAt,
          deliveryFeeKobo: feeKobo,
        });
        await insertTransactionItems(q, reference, priced);
        await takeStock(q, priced);
        return amount;
      });
      let started;
      try {
        started = await payments.initialize({
          reference,
          email: user.email,
          amountKobo,
          metadata: { user_id: user.id, delivery_method: deliveryMethod },
        });
      } catch (error) {
        await recordProviderStatus(db, reference, 'failed', null, false);
        if (error instanceof PaymentProviderError) {
          request.log.error({ err: error, reference }, 'payment not started');
          throw new HttpError(502, 'Could not start the payment. Please try again.');
        }
        throw error;
      }
      await recordAuthorization(db, reference, started.accessCode, started.authorizationUrl);
      return {
        provider: payments.name,
        transaction_data: {
          status: true,
          message: started.message,
          data: {
            authorization_url: started.authorizationUrl,
            access_code: started.accessCode,
            reference,
          },
        },
        user_data: { email: user.email, amount: amountKobo },
      };
    },
  );

  app.get(
    '/verify-transaction',
    { ...auth, schema: { querystring: VerifyQuerySchema, response: { 200: VerificationSchema } } },
    async (request) => {
      const tx = await findUserTransaction(db, currentUser(request).id, request.query.reference);
      if (!tx) throw notFound(ERROR_DETAILS.transactionNotFound);
      return toVerification(await verifyPayment(ctx, tx));
    },
  );

  if (sandbox) {
    app.post(
      '/sandbox/pay/:reference',
      {
        schema: {
          params: ReferenceParamsSchema,
          body: SandboxPaySchema,
          response: { 200: VerificationSchema },
        },
        // Settling a payment is the demo's stand-in for the card popup: this computer only.
        onRequest: loopbackOnly,
        preValidation: [
          ctx.requireUser,
          // The body is optional: a bodiless POST means "pay". Before validation the body
          // is whatever arrived (nothing, here), not yet the schema's type.
          async (request: FastifyRequest) => {
            request.body ??= {};
          },
        ],
      },
      async (request) => {
        const tx = await findUserTransaction(db, currentUser(request).id, request.params.reference);
        if (!tx || tx.provider !== 'sandbox') throw notFound(ERROR_DETAILS.transactionNotFound);
        // As a card page that has timed out would, the sandbox takes no money for a payment
        // whose stock is no longer held for it (expired, or replaced by a newer payment).
        if (tx.status === 'pending' && !holdsStock(tx, clock.now())) {
          await db.transaction((q) => releaseHold(q, tx.reference, clock.now()));
          throw conflict(ERROR_DETAILS.paymentExpired);
        }
        const settled = await sandbox.pay(
          tx.reference,
          request.body.outcome ?? 'success',
          clock.now(),
          request.body.channel ?? null,
        );
        if (!settled) throw conflict('This payment is already finished');
        return toVerification(settled);
      },
    );
  }

  const secretKey = config.paystack.secretKey;
  if (secretKey) {
    await app.register(async (scope) => paystackWebhook(scope, ctx, secretKey));
  }
};

export default paymentRoutes;
