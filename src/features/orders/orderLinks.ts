import { paths } from '../../lib/paths';

/** The query parameter naming the order on the order items page, so its link can be reopened. */
export const ORDER_PARAM = 'order';

/** /profile/order-items?order=401 */
export function orderItemsPath(orderId: number | string): string {
  return `${paths.orderItems}?${new URLSearchParams({ [ORDER_PARAM]: String(orderId) })}`;
}

/** An order id as the server makes them: a whole number from 1 up; anything else is no order. */
export function parseOrderId(value: string | null | undefined): number | null {
  const text = (value ?? '').trim();
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 2147483647 ? n : null;
}
