/**
 * The mock backend's "paid, not placed" payments (server/src/backOffice/money.ts): the open
 * list for the shop, and the owner placing one anyway or refunding it, with state of its own
 * that resetMockDb() puts back. Staff tokens may read the list; only the owner's acts on it.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { UnplacedPayment } from 'contract';
import { ERROR_DETAILS } from 'contract/details';
import { detail, isSignedIn, onMockDbReset, url } from '../mockDb';
import { staffMockDb } from '../staffHandlers';
import { fixtureOwnerToken } from './staffAccountsHandlers';

export const UNPLACED_NOT_FOUND =
  'This payment is not on the list of payments waiting for an order';

export const fixtureUnplacedPayments: readonly UnplacedPayment[] = [
  {
    id: 7,
    reference: 'IBM-MWYT8HS0-87F53B6A9A2D',
    amount: 320425,
    shopper: { id: 41, name: 'Adaeze Okafor', mobile_number: '08035550101' },
    reason: 'Royal Stallion Rice 50kg is out of stock',
    state: 'open',
    order_id: null,
    created_at: '2026-11-24T10:15:00.000Z',
    resolved_at: null,
    refund: null,
  },
];

interface MoneyState {
  payments: UnplacedPayment[];
  /** Which payments the stock now allows to place (by id). */
  placeable: Set<number>;
  owners: Set<string>;
  nextOrderId: number;
}

const state: MoneyState = {
  payments: [],
  placeable: new Set(),
  owners: new Set(),
  nextOrderId: 900,
};

function reset() {
  state.payments = structuredClone([...fixtureUnplacedPayments]);
  state.placeable = new Set(fixtureUnplacedPayments.map((p) => p.id));
  state.owners = new Set([fixtureOwnerToken]);
  state.nextOrderId = 900;
}
reset();
onMockDbReset(reset);

/** The mock's data now (tests and stories may edit it). */
export const moneyMockDb = state;

/** Makes a token the owner's for these calls, until the next reset (the contract test). */
export function treatAsOwner(token: string): void {
  state.owners.add(token);
  staffMockDb.staffTokens.add(token);
}

function tokenOf(request: Request): string {
  return /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
}

function refuse(request: Request, ownerOnly: boolean): Response | null {
  const token = tokenOf(request);
  if (!isSignedIn(request) && !staffMockDb.staffTokens.has(token)) {
    return detail(ERROR_DETAILS.credentials, 401);
  }
  if (!staffMockDb.staffTokens.has(token))
    return detail('This page is for the shop staff only', 403);
  if (ownerOnly && !state.owners.has(token)) return detail('Only the shop owner can do this', 403);
  return null;
}

function openPayment(params: { id?: string | readonly string[] }): UnplacedPayment | Response {
  const found = state.payments.find((p) => p.id === Number(params.id));
  if (!found) return detail(UNPLACED_NOT_FOUND, 404);
  if (found.state === 'placed') {
    return detail(`This payment is already placed as order ${found.reference}.`, 409);
  }
  if (found.state === 'refund_started') {
    return detail('A refund of this payment has already been started.', 409);
  }
  return found;
}

export const moneyHandlers: RequestHandler[] = [
  http.get(url('/staff/unplaced-payments', 'staff'), ({ request }) => {
    const refused = refuse(request, false);
    if (refused) return refused;
    const wanted = new URL(request.url).searchParams.get('state') ?? 'open';
    return HttpResponse.json({ payments: state.payments.filter((p) => p.state === wanted) });
  }),
  http.post(url('/staff/unplaced-payments/:id/place', 'staff'), ({ request, params }) => {
    const refused = refuse(request, true);
    if (refused) return refused;
    const payment = openPayment(params);
    if (payment instanceof Response) return payment;
    if (!state.placeable.has(payment.id)) {
      return detail(
        `This order cannot be placed yet: ${payment.reason}. Add stock first, or refund the payment.`,
        409,
      );
    }
    Object.assign(payment, {
      state: 'placed',
      order_id: state.nextOrderId++,
      resolved_at: new Date().toISOString(),
    });
    return HttpResponse.json(payment);
  }),
  http.post(url('/staff/unplaced-payments/:id/refund', 'staff'), ({ request, params }) => {
    const refused = refuse(request, true);
    if (refused) return refused;
    const payment = openPayment(params);
    if (payment instanceof Response) return payment;
    // As the server does when Paystack queues the refund: pending until its webhook.
    Object.assign(payment, {
      state: 'refund_started',
      resolved_at: new Date().toISOString(),
      refund: { state: 'pending', message: '' },
    });
    return HttpResponse.json(payment);
  }),
];
