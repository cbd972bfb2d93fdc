/**
 * The mock backend's staff side (docs/product.md#calls): the order queue and its actions,
 * with state of their own that resetMockDb() puts back. It answers as the reference server
 * does (server/src/routes/staff.ts, server/src/orders/journey.ts): oldest first, one step
 * forward at a time from the state the caller saw (409 otherwise), 403 for a shopper.
 *
 * The mock's shopper token (fixtureAuthToken) is a shopper's; `fixtureStaffToken` is a staff
 * member's. `treatAsStaff(token)` makes another token staff until the next reset.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { OrderState, PaymentMethod, StaffOrder, ValidationIssue } from 'contract';
import {
  DEFAULT_PAGE_SIZE,
  DELIVERY_CITIES,
  MAX_CANCEL_REASON_LENGTH,
  MAX_PAGE_SIZE,
  nextOrderState,
  OPEN_ORDER_STATES,
  ORDER_STATE_LABELS,
  ORDER_STATES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_RECEIVED_VIA,
} from 'contract/rules';
import { ERROR_DETAILS } from 'contract/details';
import type { SessionState } from '../state/sessionSlice';
import { fixtureDelivery, fixtureOrderItems, fixtureUser } from './fixtures';
import { detail, invalid, isSignedIn, onMockDbReset, round2, url } from './mockDb';

export const fixtureStaffToken = 'test-token-staff-funmi';
export const fixtureStaffMember = { id: 90, name: 'Funmi Adeyemi', email: 'staff@example.ng' };

/** A staff member's session for preloadedState. */
export const staffSession: SessionState = {
  authToken: fixtureStaffToken,
  userID: String(fixtureStaffMember.id),
  userName: 'Funmi',
  productID: null,
  orderId: null,
  productSlug: null,
};

/** The words the server's 403 carries. */
export const STAFF_ONLY_DETAIL = 'This page is for the shop staff only';

const HOUR_MS = 3_600_000;
/** The fixture orders' clock: stories and tests pass the same `now` to the card. */
export const fixtureStaffNow = Date.parse('2026-11-24T12:00:00.000Z');
const hoursBefore = (hours: number) => new Date(fixtureStaffNow - hours * HOUR_MS).toISOString();

const customer = {
  name: `${fixtureUser.first_name} ${fixtureUser.last_name}`,
  email: fixtureUser.email,
  mobile_number: fixtureDelivery.mobile_number,
};

interface FixtureOrder {
  id: number;
  hoursAgo: number;
  model: 'delivery' | 'pickup';
  method: PaymentMethod;
  /** The states passed through, the last one current. */
  states: OrderState[];
  paid?: 'online' | 'cash' | 'transfer' | null;
  cancelReason?: string;
}

function historyOf(f: FixtureOrder): StaffOrder['history'] {
  const events: StaffOrder['history'] = [];
  f.states.forEach((state, i) => {
    events.push({
      kind: 'status',
      status: state,
      label: ORDER_STATE_LABELS[state],
      note: state === 'placed' ? PAYMENT_METHOD_LABELS[f.method] : (f.cancelReason ?? ''),
      at: hoursBefore(f.hoursAgo - i * 0.5),
      actor: state === 'placed' ? null : fixtureStaffMember,
    });
  });
  if (f.paid === 'cash' || f.paid === 'transfer') {
    events.push({
      kind: 'payment',
      status: f.paid,
      label: `Payment received (${f.paid})`,
      note: '',
      at: hoursBefore(f.hoursAgo - f.states.length * 0.5),
      actor: fixtureStaffMember,
    });
  }
  return events;
}

function staffOrderOf(f: FixtureOrder): StaffOrder {
  const items = structuredClone(fixtureOrderItems[f.id % 2 === 0 ? 402 : 401] ?? []);
  const itemsTotal = round2(items.reduce((sum, i) => sum + i.total_price, 0));
  const vat = round2(itemsTotal * 0.075);
  const total = round2(itemsTotal + vat + 1150);
  const state = f.states[f.states.length - 1] ?? 'placed';
  const paid = f.paid ?? (f.method === 'online' ? 'online' : null);
  const paymentStatus =
    paid === null ? 'awaiting' : state === 'cancelled' ? 'refund_due' : ('paid' as const);
  const history = historyOf(f);
  if (paymentStatus === 'refund_due') {
    history.push({
      kind: 'refund',
      status: 'due',
      label: 'Refund due',
      note: '',
      at: history[history.length - 1]?.at ?? hoursBefore(f.hoursAgo),
      actor: fixtureStaffMember,
    });
  }
  const number = `IBM-${f.id}-${(f.id * 7919).toString(16).slice(-4).toUpperCase()}`;
  return {
    id: f.id,
    number,
    reference: number,
    status: ORDER_STATE_LABELS[state],
    state,
    payment_method: f.method,
    payment_status: paymentStatus,
    payment_received_via: paid,
    payment_label: PAYMENT_METHOD_LABELS[f.method],
    cancel_reason: f.cancelReason ?? null,
    order_date: hoursBefore(f.hoursAgo),
    total_amount: total,
    amounts: { items: itemsTotal, vat, delivery_and_packaging: 1150, total },
    delivery_model: f.model,
    deliveries:
      f.model === 'delivery'
        ? {
            mobile_number: fixtureDelivery.mobile_number,
            alt_mobile_number: fixtureDelivery.alt_mobile_number,
            address: fixtureDelivery.address,
            city: fixtureDelivery.city,
            state: fixtureDelivery.state,
          }
        : { mobile_number: '', alt_mobile_number: '', address: '', city: '', state: '' },
    items,
    pickup:
      f.model === 'pickup'
        ? { address: '5 Bodija Market Road, Ibadan', opening_hours: 'Mon-Sat 8am-6pm' }
        : null,
    expected: { from: '2026-11-25', to: f.model === 'pickup' ? '2026-11-25' : '2026-11-27' },
    whatsapp: {
      number: '2348030001234',
      url: `https://wa.me/2348030001234?text=${encodeURIComponent(`Hello, about my order ${number}`)}`,
    },
    events: history.map(({ actor: _actor, ...event }) => event),
    customer,
    next_state: nextOrderState(state, f.model),
    can_cancel: OPEN_ORDER_STATES.includes(state),
    can_record_payment: paymentStatus === 'awaiting' && state !== 'cancelled',
    refund_due: paymentStatus === 'refund_due',
    history,
  };
}

/** The queue the mock starts with, oldest first; each a state the staff card shows. */
export const fixtureStaffOrders: readonly StaffOrder[] = [
  {
    id: 611,
    hoursAgo: 26,
    model: 'delivery',
    method: 'online',
    states: ['placed', 'cancelled'],
    cancelReason: 'Out of stock at the market',
  },
  {
    id: 612,
    hoursAgo: 20,
    model: 'delivery',
    method: 'on_delivery',
    states: ['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered'],
  },
  {
    id: 613,
    hoursAgo: 6,
    model: 'delivery',
    method: 'online',
    states: ['placed', 'confirmed', 'packed'],
  },
  {
    id: 614,
    hoursAgo: 4,
    model: 'pickup',
    method: 'at_pickup',
    states: ['placed', 'confirmed', 'packed', 'ready_for_pickup'],
  },
  { id: 615, hoursAgo: 2, model: 'delivery', method: 'on_delivery', states: ['placed'] },
  { id: 616, hoursAgo: 1, model: 'pickup', method: 'online', states: ['placed', 'confirmed'] },
].map((f) => staffOrderOf(f as FixtureOrder));

/** The fixture order in that state (the first one), for stories and tests. */
export function fixtureStaffOrder(id: number): StaffOrder {
  const found = fixtureStaffOrders.find((o) => o.id === id);
  if (!found) throw new Error(`No fixture staff order ${id}`);
  return structuredClone(found);
}

interface StaffState {
  orders: StaffOrder[];
  staffTokens: Set<string>;
}

const state: StaffState = { orders: [], staffTokens: new Set() };

function resetStaff() {
  state.orders = structuredClone([...fixtureStaffOrders]);
  state.staffTokens = new Set([fixtureStaffToken]);
}
resetStaff();
onMockDbReset(resetStaff);

/** The orders as the mock holds them now (tests may edit them). */
export const staffMockDb = state;

/** Makes a token (e.g. the shopper's fixture token) a staff member's, until the next reset. */
export function treatAsStaff(token: string): void {
  state.staffTokens.add(token);
}

function tokenOf(request: Request): string {
  return /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
}

/** null when the caller is staff; else the answer: 401 without a token, 403 for a shopper. */
function refuse(request: Request): Response | null {
  const token = tokenOf(request);
  if (state.staffTokens.has(token)) return null;
  if (!isSignedIn(request)) return detail(ERROR_DETAILS.credentials, 401);
  return detail(STAFF_ONLY_DETAIL, 403);
}

const queryIssue = (field: string, msg: string): ValidationIssue => ({
  loc: ['query', field],
  msg,
  type: 'value_error',
});
const bodyIssue = (field: string, msg: string): ValidationIssue => ({
  loc: ['body', field],
  msg,
  type: 'value_error',
});

function wholeNumber(text: string | null, min: number, max: number): number | undefined | null {
  if (text === null) return undefined;
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
}

function findOrder(params: { orderId?: string | readonly string[] }): StaffOrder | Response {
  const id = Number(params.orderId);
  const found = state.orders.find((o) => o.id === id);
  return found ?? detail(ERROR_DETAILS.orderNotFound, 404);
}

function recordEvent(
  order: StaffOrder,
  event: Omit<StaffOrder['history'][number], 'at' | 'actor'>,
) {
  const entry = { ...event, at: new Date().toISOString(), actor: fixtureStaffMember };
  order.history.push(entry);
  const { actor: _actor, ...shown } = entry;
  order.events.push(shown);
}

/** What the server works out from the state and the payment (journey.ts staffOrders). */
function settle(order: StaffOrder) {
  order.status = ORDER_STATE_LABELS[order.state];
  order.next_state = nextOrderState(order.state, order.delivery_model);
  order.can_cancel = OPEN_ORDER_STATES.includes(order.state);
  order.can_record_payment = order.payment_status === 'awaiting' && order.state !== 'cancelled';
  order.refund_due = order.payment_status === 'refund_due';
}

async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json();
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const isState = (value: unknown): value is OrderState => ORDER_STATES.some((s) => s === value);

/** The server's status filters and page size (contract/fulfilment.ts, which carries TypeBox). */
const STAFF_STATUS_FILTERS: readonly string[] = ['open', 'all', ...ORDER_STATES];
const STAFF_PAGE_SIZE = DEFAULT_PAGE_SIZE;
const STAFF_AREAS: readonly string[] = [...DELIVERY_CITIES, 'pickup'];

export const staffHandlers: RequestHandler[] = [
  http.get(url('/staff/orders', 'staff'), ({ request }) => {
    const refused = refuse(request);
    if (refused) return refused;
    const params = new URL(request.url).searchParams;
    const issues: ValidationIssue[] = [];
    const status = params.get('status') ?? 'open';
    const area = params.get('area');
    const limit = wholeNumber(params.get('limit'), 1, MAX_PAGE_SIZE) ?? STAFF_PAGE_SIZE;
    const offset = wholeNumber(params.get('offset'), 0, 10_000_000) ?? 0;
    if (!STAFF_STATUS_FILTERS.some((s) => s === status)) {
      issues.push(queryIssue('status', `Expected one of ${STAFF_STATUS_FILTERS.join(', ')}`));
    }
    if (area !== null && !STAFF_AREAS.includes(area)) {
      issues.push(queryIssue('area', 'Expected a delivery city or pickup'));
    }
    if (wholeNumber(params.get('limit'), 1, MAX_PAGE_SIZE) === null) {
      issues.push(queryIssue('limit', `Expected a whole number from 1 to ${MAX_PAGE_SIZE}`));
    }
    if (wholeNumber(params.get('offset'), 0, 10_000_000) === null) {
      issues.push(queryIssue('offset', 'Expected a whole number from 0'));
    }
    if (issues.length > 0) return invalid(issues);
    const found = state.orders
      .filter((o) =>
        status === 'open'
          ? OPEN_ORDER_STATES.includes(o.state)
          : status === 'all' || o.state === status,
      )
      .filter((o) =>
        area === null
          ? true
          : area === 'pickup'
            ? o.delivery_model === 'pickup'
            : o.delivery_model === 'delivery' && o.deliveries.city === area,
      )
      .sort((a, b) => Date.parse(a.order_date) - Date.parse(b.order_date) || a.id - b.id);
    return HttpResponse.json({
      orders: found.slice(offset, offset + limit),
      total: found.length,
    });
  }),
  http.get(url('/staff/orders/:orderId', 'staff'), ({ request, params }) => {
    const refused = refuse(request);
    if (refused) return refused;
    const order = findOrder(params);
    return order instanceof Response ? order : HttpResponse.json(order);
  }),
  http.post(url('/staff/orders/:orderId/status', 'staff'), async ({ request, params }) => {
    const refused = refuse(request);
    if (refused) return refused;
    const body = await jsonBody(request);
    const issues: ValidationIssue[] = [];
    if (!isState(body.from)) issues.push(bodyIssue('from', 'Expected an order state'));
    if (!isState(body.to)) issues.push(bodyIssue('to', 'Expected an order state'));
    if (issues.length > 0 || !isState(body.from) || !isState(body.to)) return invalid(issues);
    const order = findOrder(params);
    if (order instanceof Response) return order;
    const next = nextOrderState(order.state, order.delivery_model);
    if (order.state !== body.from) {
      return detail(
        `This order is already ${ORDER_STATE_LABELS[order.state]}; refresh to see it as it is now.`,
        409,
      );
    }
    if (next !== body.to) {
      return detail(
        next === null
          ? `A ${ORDER_STATE_LABELS[order.state]} order cannot be moved on.`
          : `A ${ORDER_STATE_LABELS[order.state]} order can only be moved on to ${ORDER_STATE_LABELS[next]}.`,
        409,
      );
    }
    order.state = next;
    recordEvent(order, { kind: 'status', status: next, label: ORDER_STATE_LABELS[next], note: '' });
    settle(order);
    return HttpResponse.json(order);
  }),
  http.post(url('/staff/orders/:orderId/payment', 'staff'), async ({ request, params }) => {
    const refused = refuse(request);
    if (refused) return refused;
    const { via } = await jsonBody(request);
    const how = PAYMENT_RECEIVED_VIA.find((v) => v === via);
    if (!how) return invalid([bodyIssue('via', 'Expected cash or transfer')]);
    const order = findOrder(params);
    if (order instanceof Response) return order;
    if (order.state === 'cancelled') return detail('This order is cancelled.', 409);
    if (order.payment_status !== 'awaiting') {
      return detail('The payment for this order is already recorded.', 409);
    }
    order.payment_status = 'paid';
    order.payment_received_via = how;
    recordEvent(order, {
      kind: 'payment',
      status: how,
      label: `Payment received (${how})`,
      note: '',
    });
    settle(order);
    return HttpResponse.json(order);
  }),
  http.post(url('/staff/orders/:orderId/cancel', 'staff'), async ({ request, params }) => {
    const refused = refuse(request);
    if (refused) return refused;
    const { reason } = await jsonBody(request);
    if (
      typeof reason !== 'string' ||
      reason.trim() === '' ||
      reason.length > MAX_CANCEL_REASON_LENGTH
    ) {
      return invalid([
        bodyIssue('reason', 'Say why the order is cancelled (up to 300 characters)'),
      ]);
    }
    const order = findOrder(params);
    if (order instanceof Response) return order;
    if (!OPEN_ORDER_STATES.includes(order.state)) {
      return detail(`A ${ORDER_STATE_LABELS[order.state]} order cannot be cancelled.`, 409);
    }
    const refund = order.payment_status === 'paid';
    order.state = 'cancelled';
    order.cancel_reason = reason.trim();
    if (refund) order.payment_status = 'refund_due';
    recordEvent(order, {
      kind: 'status',
      status: 'cancelled',
      label: ORDER_STATE_LABELS.cancelled,
      note: reason.trim(),
    });
    if (refund)
      recordEvent(order, { kind: 'refund', status: 'due', label: 'Refund due', note: '' });
    settle(order);
    return HttpResponse.json(order);
  }),
];
