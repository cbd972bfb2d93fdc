/**
 * From a payment to an order. The checkout call and Paystack's webhook both end here, so a
 * reference gives exactly one order however many times, and in whatever order, they come.
 */
import { ERROR_DETAILS, type DeliveryModel, type Order } from '../../../contract';
import type { AppContext } from '../context';
import { creditCommission } from '../db/affiliates';
import { clearCart, lineTotalKobo, listCart, type CartLine } from '../db/carts';
import { findDelivery } from '../db/deliveries';
import { findOrderByReference, insertOrder, insertOrderItems } from '../db/orders';
import { unitPriceKobo } from '../db/products';
import { num } from '../db/rows';
import { findTransaction, recordProviderStatus, type TransactionRecord } from '../db/transactions';
import { cartTotals, DELIVERY_FEE_KOBO, formatNaira } from '../money';
import { badRequest, conflict, HttpError, notFound } from '../plugins/errors';
import { PaymentProviderError, type ProviderVerification } from './provider';

export const PAID_STATUS = 'paid';

export function stockProblem(line: Pick<CartLine, 'quantity' | 'product'>): string | null {
  const { inventoryStock, name } = line.product;
  if (inventoryStock === 0) return `${name} is out of stock`;
  if (line.quantity > inventoryStock) return `Only ${inventoryStock} left in stock for ${name}`;
  return null;
}

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
    await recordProviderStatus(ctx.db, tx.reference, 'success', result.paidAt, true);
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

/**
 * Places the order for a verified payment from the shopper's cart, or returns the order
 * the reference already has. In one database transaction: the payment row stays locked
 * (FOR UPDATE) until commit, so a racing call waits and then finds the order; the unique
 * constraint on orders.reference backs that up.
 */
export async function placeOrder(
  ctx: Pick<AppContext, 'db' | 'config'>,
  request: { reference: string; userId: number; deliveryModel: DeliveryModel },
): Promise<{ order: Order; created: boolean }> {
  return ctx.db.transaction(async (q) => {
    const tx = await findTransaction(q, request.reference, { lock: true });
    if (!tx || tx.userId !== request.userId) throw notFound(ERROR_DETAILS.transactionNotFound);

    const existing = await findOrderByReference(q, request.reference);
    if (existing) return { order: existing.order, created: false };

    if (!tx.verifiedAt || tx.status !== 'success')
      throw badRequest(paymentNotDoneDetail(tx.status));

    const lines = await listCart(q, request.userId, { lockProducts: true });
    if (lines.length === 0) {
      throw conflict(
        'Your cart is empty, so there is nothing to order for this payment. Please contact us.',
      );
    }
    const totals = cartTotals(lines.map(lineTotalKobo));
    if (totals.payableKobo !== tx.amountKobo || tx.currency !== 'NGN') {
      throw conflict(
        `Your cart changed after you started paying: you paid ${formatNaira(tx.amountKobo)} but ` +
          `the cart now comes to ${formatNaira(totals.payableKobo)}. No order was placed; please contact us.`,
      );
    }
    for (const line of lines) {
      const problem = stockProblem(line);
      if (problem) throw conflict(`${problem}. No order was placed; please contact us.`);
    }

    const delivery = await findDelivery(q, request.userId);
    if (request.deliveryModel === 'delivery' && !delivery) {
      throw badRequest(ERROR_DETAILS.deliveryMissing);
    }

    const inserted = await insertOrder(q, {
      userId: request.userId,
      reference: request.reference,
      status: PAID_STATUS,
      deliveryModel: request.deliveryModel,
      subtotalKobo: totals.subtotalKobo,
      vatKobo: totals.vatKobo,
      deliveryFeeKobo: DELIVERY_FEE_KOBO,
      totalKobo: totals.payableKobo,
      delivery: {
        address: delivery?.address ?? '',
        city: delivery?.city ?? '',
        state: delivery?.state ?? '',
        mobileNumber: delivery?.mobile_number ?? '',
        altMobileNumber: delivery?.alt_mobile_number ?? '',
      },
    });
    if (!inserted) {
      const again = await findOrderByReference(q, request.reference);
      if (again) return { order: again.order, created: false };
      throw new Error(`Order for ${request.reference} neither inserted nor found`);
    }

    await insertOrderItems(
      q,
      inserted.id,
      lines.map((line) => ({
        productId: line.product.id,
        slug: line.product.slug,
        name: line.product.name,
        imageUrl: line.product.imageUrl,
        vendorName: line.product.vendorName,
        quantity: line.quantity,
        unitPriceKobo: unitPriceKobo(line.product),
      })),
    );
    for (const line of lines) {
      await q.query(
        `UPDATE products SET inventory_stock = inventory_stock - $2, updated_at = now()
          WHERE id = $1`,
        [line.product.id, line.quantity],
      );
    }
    await clearCart(q, request.userId);

    const buyer = await q.query<{ referred_by_affiliate_id: unknown }>(
      'SELECT referred_by_affiliate_id FROM users WHERE id = $1',
      [request.userId],
    );
    const affiliateId = buyer[0]?.referred_by_affiliate_id;
    if (affiliateId !== null && affiliateId !== undefined) {
      const commission = Math.round(totals.payableKobo * ctx.config.affiliateCommissionRate);
      await creditCommission(q, num(affiliateId), commission);
    }
    return { order: inserted.order, created: true };
  });
}
