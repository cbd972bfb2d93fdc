/** The staff side's words: what each tap is called, how old an order is, what the filters say. */
import type { OrderState, StaffOrder } from 'contract';
import { DELIVERY_CITIES, ORDER_STATE_LABELS, ORDER_STATES } from 'contract/rules';

/** The big button's words for the step it takes the order to. */
export const MOVE_LABELS: Record<OrderState, string> = {
  placed: 'Placed',
  confirmed: 'Confirm',
  packed: 'Mark packed',
  out_for_delivery: 'Out for delivery',
  ready_for_pickup: 'Ready for pickup',
  delivered: 'Delivered',
  collected: 'Collected',
  cancelled: 'Cancel order',
};

const MINUTE_MS = 60_000;

/** 'placed just now', 'placed 25 min ago', 'placed 2 h ago', 'placed 3 days ago'. */
export function placedAgo(orderDate: string, now: number): string {
  const at = Date.parse(orderDate);
  if (Number.isNaN(at)) return '';
  const minutes = Math.max(0, Math.floor((now - at) / MINUTE_MS));
  if (minutes < 1) return 'placed just now';
  if (minutes < 60) return `placed ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `placed ${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `placed ${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** Whether the money is in, in the words a packer reads. */
export function moneyWords(order: StaffOrder): string {
  if (order.payment_status === 'refund_due') return 'Refund due: the shopper paid';
  if (order.payment_status === 'awaiting') {
    return order.delivery_model === 'pickup'
      ? 'Not paid yet: collect at pickup'
      : 'Not paid yet: collect on delivery';
  }
  return `Money in (${order.payment_received_via ?? 'online'})`;
}

export const STATUS_FILTERS = ['open', 'all', ...ORDER_STATES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  open: 'Still to do',
  all: 'All orders',
  ...ORDER_STATE_LABELS,
};

export const AREA_FILTERS = ['', ...DELIVERY_CITIES, 'pickup'] as const;
export type AreaFilter = (typeof AREA_FILTERS)[number];
export function areaLabel(area: AreaFilter): string {
  if (area === '') return 'All areas';
  if (area === 'pickup') return 'Pickup at the shop';
  return area;
}

/** The tel: link of a Nigerian number as shoppers type it (0803...) or with +234. */
export function telHref(mobile: string): string {
  return `tel:${mobile.replace(/[^\d+]/g, '')}`;
}
