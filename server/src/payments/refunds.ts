/**
 * Giving a card payment back through the provider (Paystack's Refund API, or the sandbox's).
 * The refund row is written before the provider is asked, so a retry, a restart or a second
 * server never asks twice; the provider's answer, or its refund.processed / refund.failed
 * webhook, whichever comes first, settles it once, with its row in the ledger and an SMS.
 * A provider that does not answer leaves it pending: its webhook settles it later.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { ledgerKeys, recordMoney } from '../db/ledger';
import type { OrderRecord } from '../db/orders';
import { insertRefund, settleRefund, type RefundRecord } from '../db/refunds';
import { findTransaction } from '../db/transactions';
import { findUserById } from '../db/users';
import { findDelivery } from '../db/deliveries';
import { SHOP_NAME } from '../mail/messages';
import { formatNaira } from '../money';
import { PaymentProviderError } from './provider';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'payments'>;
type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/** Asks the provider for a full refund of a payment, once per payment; where it stands. */
export async function refundPayment(
  ctx: Ctx,
  refund: { reference: string; amountKobo: number; shopperId: number; orderId: number | null },
  note: string,
  log?: Log,
): Promise<RefundRecord['state']> {
  const started = await insertRefund(ctx.db, { ...refund, at: ctx.clock.now() });
  if (!started) return 'pending';
  try {
    const answer = await ctx.payments.refund({
      reference: refund.reference,
      amountKobo: refund.amountKobo,
      note,
    });
    if (answer.status === 'pending') return 'pending';
    await settle(ctx, refund.reference, answer.status, answer.message);
    return answer.status;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.refusal !== null) {
      await settle(ctx, refund.reference, 'failed', error.refusal);
      return 'failed';
    }
    // No answer: Paystack may have it queued all the same; its webhook will say.
    log?.warn({ err: error, reference: refund.reference }, 'refund not confirmed by the provider');
    return 'pending';
  }
}

/**
 * Settles a pending refund as processed or failed, once (later news of it changes nothing):
 * the ledger row and, for money sent back, the shopper's SMS, in one transaction.
 */
export async function settle(
  ctx: Pick<Ctx, 'db' | 'clock' | 'mailer'>,
  reference: string,
  state: 'processed' | 'failed',
  message: string,
): Promise<boolean> {
  return ctx.db.transaction(async (q) => {
    const now = ctx.clock.now();
    const settled = await settleRefund(q, reference, state, message, now);
    if (!settled) return false;
    await recordMoney(q, {
      kind: state === 'processed' ? 'refund_completed' : 'refund_failed',
      amountKobo: settled.amountKobo,
      eventKey:
        state === 'processed'
          ? ledgerKeys.refundCompleted(reference)
          : ledgerKeys.refundFailed(reference),
      orderId: settled.orderId,
      shopperId: settled.shopperId,
      paystackReference: reference,
      at: now,
    });
    if (state === 'processed') {
      const delivery = await findDelivery(q, settled.shopperId);
      const mobile =
        delivery?.mobile_number || (await findUserById(q, settled.shopperId))?.mobileNumber;
      if (mobile) {
        await ctx.mailer.send(
          {
            to: mobile,
            channel: 'sms',
            subject: `${SHOP_NAME} refund ${reference}`,
            text:
              `${SHOP_NAME}: your refund of ${formatNaira(settled.amountKobo)} for payment ` +
              `${reference} has been sent back to your card or bank. Banks usually show it ` +
              'within 5 to 10 business days.',
          },
          q,
        );
      }
    }
    return true;
  });
}

/**
 * After an order is cancelled: a card payment it took goes back through the provider. Cash
 * and transfers are given back by hand (their refund stays due in the ledger).
 */
export async function refundCancelledOrder(
  ctx: Ctx,
  order: OrderRecord,
  reason: string,
  log?: Log,
): Promise<void> {
  if (order.paymentMethod !== 'online' || order.paymentStatus !== 'refund_due') return;
  const tx = await findTransaction(ctx.db, order.order.reference);
  if (!tx || tx.provider !== ctx.payments.name) return;
  await refundPayment(
    ctx,
    {
      reference: tx.reference,
      amountKobo: tx.amountKobo,
      shopperId: order.userId,
      orderId: order.id,
    },
    `Order ${order.order.reference} cancelled: ${reason}`,
    log,
  );
}
