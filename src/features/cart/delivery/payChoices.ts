/**
 * How an order is paid, chosen with how it is got: now (Paystack: card, bank transfer, USSD),
 * or later in cash or by transfer, on delivery or at pickup. Pay-later orders have a cap
 * (lower on a shopper's first order) that the server enforces; the dialog says it first.
 */
import type { DeliveryModel, Order, PayLaterMethod, ShopInfo } from 'contract';
import { payLaterCapDetail } from 'contract/details';
import { PAY_LATER_DELIVERY_MODEL } from 'contract/rules';
import { formatNaira } from '../../../lib/format';

export type PayChoice = 'now' | 'later';

/** The one pay-later method that goes with each way of getting the order. */
export function payLaterMethodOf(model: DeliveryModel): PayLaterMethod {
  return (Object.keys(PAY_LATER_DELIVERY_MODEL) as PayLaterMethod[]).find(
    (method) => PAY_LATER_DELIVERY_MODEL[method] === model,
  ) as PayLaterMethod;
}

export const PAY_CHOICES: Record<'now' | PayLaterMethod, { title: string; detail: string }> = {
  now: { title: 'Pay now', detail: 'Card, bank transfer or USSD, through Paystack' },
  on_delivery: { title: 'Pay on delivery', detail: 'Cash or transfer when your order arrives' },
  at_pickup: { title: 'Pay at pickup', detail: 'Cash or transfer when you collect your order' },
};

/** A cancelled order does not count: the server caps a first order the same way. */
export function isFirstOrder(orders: readonly Pick<Order, 'state' | 'status'>[]): boolean {
  return !orders.some((o) => (o.state ?? o.status.toLowerCase()) !== 'cancelled');
}

export interface PayLaterCap {
  capNaira: number;
  first: boolean;
  /** Why pay-later is not offered for this cart, in the server's own words; null when it is. */
  overCap: string | null;
}

/**
 * The cap that applies and, when the cart comes to more, why. Until the shop's facts and the
 * shopper's orders arrive nothing is said (the server still refuses an order over the cap, in the same words).
 */
export function payLaterCap(
  shop: ShopInfo | undefined,
  orders: readonly Pick<Order, 'state' | 'status'>[] | undefined,
  totalNaira: number | null,
  method: PayLaterMethod,
): PayLaterCap | null {
  if (!shop || !orders) return null;
  const first = isFirstOrder(orders);
  const capNaira = first ? shop.pay_later.first_order_max_total : shop.pay_later.max_total;
  const overCap =
    totalNaira !== null && totalNaira > capNaira
      ? payLaterCapDetail(method, formatNaira(capNaira), formatNaira(totalNaira), first)
      : null;
  return { capNaira, first, overCap };
}
