/**
 * From a payment to an order. The checkout call and Paystack's webhook both end here, so a
 * reference gives exactly one order however many times, and in whatever order, they come.
 */
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_DETAILS, type DeliveryModel, type Order } from '../../../contract';
import type { AppContext } from '../context';
import { creditCommission, findReferrer } from '../db/affiliates';
import { clearCart, listCart } from '../db/carts';
import { recordChange } from '../db/changes';
import { findDelivery } from '../db/deliveries';
import type { Queryable } from '../db/client';
import { ledgerKeys, recordMoney } from '../db/ledger';
import { findOrderByReference, type OrderRecord } from '../db/orders';
import { num } from '../db/rows';
import { shareDevice } from '../db/sessions';
import { findUnplaced, insertUnplaced, resolveUnplaced } from '../db/unplacedPayments';
import { findUserById } from '../db/users';
import { SHOP_NAME } from '../mail/messages';
import { DEFAULT_DELIVERY_FEE_KOBO } from '../db/shopSettings';
import {
  findTransaction,
  listTransactionItems,
  recordProviderStatus,
  releaseHold,
  type PricedLine,
  type TransactionRecord,
} from '../db/transactions';
import { cartTotals, formatNaira } from '../money';
import { notePlaced, sendPlaced } from '../orders/journey';
import { deliveryFor, priceLine, writeOrder } from '../orders/place';
import { stockProblem } from '../orders/stock';
import { badRequest, conflict, HttpError, notFound } from '../plugins/errors';
import { PaymentProviderError, type ProviderVerification } from './provider';

/**
 * Asks the provider what became of a payment and records it. A success counts only when
 * the amount and currency are what the shop asked for. Already-verified payments are not
 * asked about again.
 */
export async function verifyPayment(
  ctx: Pick<AppContext, 'db' | 'payments'>,
  tx: TransactionRecord,
): Promise<ProviderVerification> {
  if (tx.verifiedAt) {
    return {
      reference: tx.reference,
      status: 'success',
      amountKobo: tx.amountKobo,
      currency: tx.currency,
      paidAt: tx.paidAt,
      channel: tx.channel,
    };
  }
  let result: ProviderVerification;
  try {
    result = await ctx.payments.verify(tx.reference);
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      throw new HttpError(502, 'Could not reach the payment provider. Please try again.');
    }
    throw error;
  }
  if (result.status === 'success') {
    if (result.amountKobo !== tx.amountKobo || result.currency !== tx.currency) {
      await recordProviderStatus(ctx.db, tx.reference, 'failed', null, false);
      throw conflict(
        'The amount paid does not match this order, so no order will be placed. Please contact us.',
      );
    }
    await recordProviderStatus(
      ctx.db,
      tx.reference,
      'success',
      result.paidAt,
      true,
      result.channel,
    );
  } else if (result.status !== 'pending') {
    await recordProviderStatus(ctx.db, tx.reference, result.status, null, false);
  }
  return result;
}

export function paymentNotDoneDetail(status: string): string {
  switch (status) {
    case 'pending':
      return 'This payment has not been completed yet';
    case 'abandoned':
      return 'This payment was abandoned, so no order was placed';
    default:
      return 'This payment failed, so no order was placed';
  }
}

/** What the shopper hears when their payment could not become an order, and what happens next. */
export function unplacedDetail(reason: string, amountKobo: number): string {
  return (
    `${reason}, so we could not place your order, but your payment of ${formatNaira(amountKobo)} ` +
    'is safe with us. Within one business day the shop will either place your order or refund ' +
    'the full amount to you, and we will text you when it is done.'
  );
}

/** The owner placing a kept payment's order: who, and which kept payment. */
interface PlaceAnyway {
  unplacedId: number;
  actorUserId: number;
}

/**
 * Places the order for a verified payment, or returns the order the reference already has.
 * The order is made of the lines the payment priced (transaction_items), never of the cart
 * as it is now, so changing the cart after paying cannot swap what was bought. The stock
 * was held for the payment since it started; if that hold lapsed, the order is placed only
 * when the stock is still free.
 *
 * In one database transaction: the payment row stays locked (FOR UPDATE) until commit, so a
 * racing call waits and then finds the order; the unique constraint on orders.reference
 * backs that up.
 *
 * A paid payment that cannot become an order (409: stock gone, cart changed) is kept for the
 * shop (paid, not placed) and the shopper told what happens next; from then on only the
 * owner places it (`placeAnyway`) or refunds it, so a retry never races the owner's choice.
 */
export async function placeOrder(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'mailer' | 'publicUrl'>,
  request: {
    reference: string;
    userId: number;
    deliveryModel: DeliveryModel;
    placeAnyway?: PlaceAnyway;
  },
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<{ order: Order; created: boolean }> {
  // Set inside the transaction once the payment is known to be paid (a holder, as the
  // callback assigns it).
  const seen: { paid: TransactionRecord | null } = { paid: null };
  let placed: { record: OrderRecord; created: boolean };
  try {
    placed = await ctx.db.transaction(async (q) => {
      const tx = await findTransaction(q, request.reference, { lock: true });
      if (!tx || tx.userId !== request.userId) throw notFound(ERROR_DETAILS.transactionNotFound);

      const existing = await findOrderByReference(q, request.reference);
      if (existing) return { record: existing, created: false };

      if (!tx.verifiedAt || tx.status !== 'success')
        throw badRequest(paymentNotDoneDetail(tx.status));
      seen.paid = tx;

      const kept = await findUnplaced(q, { reference: request.reference });
      if (kept && kept.id !== request.placeAnyway?.unplacedId) throw conflict(kept.payment.reason);
      if (kept && kept.state !== 'open') {
        throw conflict(
          kept.state === 'refund_started'
            ? 'This payment is being refunded, so it cannot be placed.'
            : 'This payment is already placed as an order.',
        );
      }
      return placeWithin(ctx, q, tx, request, log);
    });
  } catch (error) {
    const paid = seen.paid;
    if (
      !paid ||
      request.placeAnyway ||
      !(error instanceof HttpError) ||
      error.statusCode !== 409 ||
      typeof error.detail !== 'string'
    ) {
      throw error;
    }
    await keepUnplaced(ctx, paid, error.detail);
    throw conflict(unplacedDetail(error.detail, paid.amountKobo));
  }
  return { order: placed.record.order, created: placed.created };
}

/** The order itself, in placeOrder's transaction, once the payment is known to be paid. */
async function placeWithin(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'mailer' | 'publicUrl'>,
  q: Queryable,
  tx: TransactionRecord,
  request: {
    reference: string;
    userId: number;
    deliveryModel: DeliveryModel;
    placeAnyway?: PlaceAnyway;
  },
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<{ record: OrderRecord; created: boolean }> {
  const now = ctx.clock.now();
  let lines = await listTransactionItems(q, request.reference);
  const fromCart = lines.length === 0;
  if (fromCart) lines = await pricedCart(q, request.userId);
  if (lines.length === 0) throw conflict('Your cart is empty, so there is nothing to order');
  // The fee the payment was priced with: the owner may have changed it since.
  const deliveryFeeKobo = tx.deliveryFeeKobo ?? DEFAULT_DELIVERY_FEE_KOBO;
  const totals = cartTotals(
    lines.map((line) => line.unitPriceKobo * line.quantity),
    deliveryFeeKobo,
  );
  if (totals.payableKobo !== tx.amountKobo || tx.currency !== 'NGN') {
    throw conflict(
      `Your cart changed after you started paying: you paid ${formatNaira(tx.amountKobo)} but ` +
        `the cart now comes to ${formatNaira(totals.payableKobo)}`,
    );
  }

  const productIds = lines.flatMap((line) => (line.productId === null ? [] : [line.productId]));
  await lockStock(q, productIds);
  // The payment's own units, if it still holds them, go back and are taken again by the
  // order below; a hold that lapsed gave them back already, so they are checked afresh.
  await releaseHold(q, request.reference, now);
  const stock = await lockStock(q, productIds);
  for (const line of lines) {
    const left = line.productId === null ? 0 : (stock.get(line.productId) ?? 0);
    const problem = stockProblem({
      quantity: line.quantity,
      product: { name: line.name, inventoryStock: Math.max(0, left) },
    });
    if (problem) {
      throw conflict(
        request.placeAnyway
          ? `This order cannot be placed yet: ${problem}. Add stock first, or refund the payment.`
          : problem,
      );
    }
  }

  const delivery = await deliveryFor(q, request.userId, request.deliveryModel);
  const inserted = await writeOrder(q, {
    userId: request.userId,
    reference: request.reference,
    paymentMethod: 'online',
    deliveryModel: request.deliveryModel,
    lines,
    delivery,
    deliveryFeeKobo,
  });
  if (!inserted) {
    const again = await findOrderByReference(q, request.reference);
    if (again) return { record: again, created: false };
    throw new Error(`Order for ${request.reference} neither inserted nor found`);
  }
  if (fromCart) await clearCart(q, request.userId);
  else await removeFromCart(q, request.userId, lines);

  // Recorded when the payment was kept as not placed, if it was; the key makes this a no-op then.
  await recordMoney(q, {
    kind: 'payment_online',
    amountKobo: tx.amountKobo,
    eventKey: ledgerKeys.onlinePayment(tx.reference),
    orderId: inserted.id,
    shopperId: tx.userId,
    paystackReference: tx.reference,
    at: now,
  });
  if (request.placeAnyway) {
    await recordChange(q, {
      actorId: request.placeAnyway.actorUserId,
      entity: 'unplaced_payment',
      entityId: request.placeAnyway.unplacedId,
      action: 'update',
      before: { state: 'open' },
      after: { state: 'placed', order_id: inserted.id },
    });
    await resolveUnplaced(
      q,
      request.placeAnyway.unplacedId,
      { state: 'placed', orderId: inserted.id },
      request.placeAnyway.actorUserId,
      now,
    );
  }
  await creditReferrer(ctx, q, {
    buyerId: request.userId,
    payableKobo: totals.payableKobo,
    deliveryMobile: delivery?.mobile_number,
    orderId: inserted.id,
    reference: request.reference,
    at: now,
  });
  await notePlaced(q, inserted);
  await sendPlaced(ctx, inserted, log, q);
  return { record: inserted, created: true };
}

/**
 * Keeps a paid payment that found no order, once per reference whichever path saw it first:
 * its row for the shop, the money in the ledger, and the shopper's SMS, in one transaction.
 */
async function keepUnplaced(
  ctx: Pick<AppContext, 'db' | 'clock' | 'mailer'>,
  tx: TransactionRecord,
  reason: string,
): Promise<void> {
  await ctx.db.transaction(async (q) => {
    const user = await findUserById(q, tx.userId);
    const delivery = await findDelivery(q, tx.userId);
    const mobile = delivery?.mobile_number || user?.mobileNumber || '';
    const now = ctx.clock.now();
    const id = await insertUnplaced(q, {
      reference: tx.reference,
      userId: tx.userId,
      amountKobo: tx.amountKobo,
      mobileNumber: mobile,
      reason,
      at: now,
    });
    if (id === null) return;
    await recordMoney(q, {
      kind: 'payment_online',
      amountKobo: tx.amountKobo,
      eventKey: ledgerKeys.onlinePayment(tx.reference),
      shopperId: tx.userId,
      paystackReference: tx.reference,
      at: now,
    });
    if (mobile) {
      await ctx.mailer.send(
        {
          to: mobile,
          channel: 'sms',
          subject: `${SHOP_NAME} payment ${tx.reference}`,
          text:
            `${SHOP_NAME}: we received your payment of ${formatNaira(tx.amountKobo)} ` +
            `(ref ${tx.reference}) but could not place your order. Within one business day ` +
            'we will place it or refund you in full, and text you when done.',
        },
        q,
      );
    }
  });
}

/** A payment from before stock holds has no priced lines: its order comes from the cart. */
async function pricedCart(q: Queryable, userId: number): Promise<PricedLine[]> {
  const cart = await listCart(q, userId, { lockProducts: true });
  return cart.map(priceLine);
}

/** Locks the products in id order (two checkouts never deadlock) and returns their stock. */
async function lockStock(q: Queryable, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await q.query<{ id: unknown; inventory_stock: unknown }>(
    'SELECT id, inventory_stock FROM products WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
    [productIds],
  );
  return new Map(rows.map((r) => [num(r.id), num(r.inventory_stock)]));
}

/** What was bought leaves the cart; anything added or raised since paying stays there. */
async function removeFromCart(q: Queryable, userId: number, lines: PricedLine[]): Promise<void> {
  for (const line of lines) {
    if (line.productId === null) continue;
    await q.query(
      `UPDATE cart_items SET quantity = quantity - $3, updated_at = now()
        WHERE user_id = $1 AND product_id = $2 AND quantity > $3`,
      [userId, line.productId, line.quantity],
    );
    await q.query(
      'DELETE FROM cart_items WHERE user_id = $1 AND product_id = $2 AND quantity <= $3',
      [userId, line.productId, line.quantity],
    );
  }
}

/**
 * Credits the affiliate who referred the buyer, unless the affiliate is the buyer under
 * another account: the same browser, the same mobile number, or the same payout account.
 */
async function creditReferrer(
  ctx: Pick<AppContext, 'config'>,
  q: Queryable,
  sale: {
    buyerId: number;
    payableKobo: number;
    deliveryMobile: string | undefined;
    orderId: number;
    reference: string;
    at: Date;
  },
): Promise<void> {
  const { buyerId, deliveryMobile } = sale;
  const referrer = await findReferrer(q, buyerId);
  if (!referrer) return;
  const self =
    referrer.userId === buyerId ||
    referrer.mobileNumber === referrer.buyerMobile ||
    (deliveryMobile !== undefined && referrer.mobileNumber === deliveryMobile) ||
    (referrer.buyerAccountNumber !== null &&
      referrer.buyerAccountNumber === referrer.accountNumber) ||
    (await shareDevice(q, buyerId, referrer.userId));
  if (self) return;
  const commission = Math.round(sale.payableKobo * ctx.config.affiliateCommissionRate);
  if (commission <= 0) return;
  await creditCommission(q, referrer.affiliateId, commission);
  await recordMoney(q, {
    kind: 'commission_earned',
    amountKobo: commission,
    eventKey: ledgerKeys.commission(sale.reference),
    orderId: sale.orderId,
    shopperId: buyerId,
    affiliateId: referrer.affiliateId,
    paystackReference: sale.reference,
    at: sale.at,
  });
}
