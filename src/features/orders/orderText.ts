import type { OrderDetail } from 'contract';
import { formatDay, formatNaira } from '../../lib/format';

/** When the order should arrive or be ready. Finished and cancelled orders need no forecast. */
export function expectedText(order: Pick<OrderDetail, 'expected' | 'pickup' | 'state'>): string {
  if (order.state === 'cancelled') return 'This order is cancelled.';
  if (order.state === 'delivered') return 'Delivered.';
  if (order.state === 'collected') return 'Collected.';
  const { from, to } = order.expected;
  const when = from === to ? formatDay(from) : `${formatDay(from)} to ${formatDay(to)}`;
  return order.pickup ? `Ready for pickup: ${when}` : `Expected delivery: ${when}`;
}

/** Where the money stands, in a shopper's words. */
export function paymentStateText(
  order: Pick<
    OrderDetail,
    'payment_status' | 'payment_received_via' | 'payment_method' | 'amounts' | 'pickup'
  >,
): string {
  if (order.payment_status === 'refund_due') return 'Paid; a refund is due to you.';
  if (order.payment_status === 'paid') {
    return order.payment_received_via === 'online' || order.payment_received_via === null
      ? 'Paid online.'
      : `Paid (${order.payment_received_via}).`;
  }
  const total = formatNaira(order.amounts.total);
  return order.pickup
    ? `Pay ${total} in cash or by transfer when you collect your order.`
    : `Pay ${total} in cash or by transfer when your order arrives.`;
}
