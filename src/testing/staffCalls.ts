/** The contract test's rows for staffHandlers.ts. */
// Only the contract test (jest) reads these rows, so the TypeBox schemas never reach the bundle.
import {
  ErrorBodySchema,
  StaffCancelSchema,
  StaffMoveSchema,
  StaffOrderListSchema,
  StaffOrderSchema,
  StaffPaymentSchema,
} from 'contract';
import { fixtureAuthToken } from './fixtures';
import type { ContractCall } from './contractCall';
import { treatAsStaff } from './staffHandlers';

// The contract test sends the shopper's fixture token: these rows make it a staff member's.
const asStaff = () => {
  treatAsStaff(fixtureAuthToken);
  return Promise.resolve();
};

export const staffCalls: ContractCall[] = [
  {
    name: 'staff list the open orders, oldest first',
    method: 'GET',
    service: 'staff',
    path: '/staff/orders',
    signedIn: true,
    setup: asStaff,
    answer: StaffOrderListSchema,
  },
  {
    name: 'staff filter by state and area, a page at a time',
    method: 'GET',
    service: 'staff',
    path: '/staff/orders?status=placed&area=Ibadan-Bodija&limit=5&offset=0',
    signedIn: true,
    setup: asStaff,
    answer: StaffOrderListSchema,
  },
  {
    name: 'staff ask for a state that does not exist',
    method: 'GET',
    service: 'staff',
    path: '/staff/orders?status=lost',
    signedIn: true,
    setup: asStaff,
    status: 422,
    answer: ErrorBodySchema,
  },
  {
    name: "a shopper's token cannot see the staff queue",
    method: 'GET',
    service: 'staff',
    path: '/staff/orders',
    signedIn: true,
    status: 403,
    answer: ErrorBodySchema,
  },
  {
    name: 'staff open one order',
    method: 'GET',
    service: 'staff',
    path: '/staff/orders/615',
    signedIn: true,
    setup: asStaff,
    answer: StaffOrderSchema,
  },
  {
    name: 'staff confirm a placed order',
    method: 'POST',
    service: 'staff',
    path: '/staff/orders/615/status',
    body: { from: 'placed', to: 'confirmed' },
    request: StaffMoveSchema,
    signedIn: true,
    setup: asStaff,
    answer: StaffOrderSchema,
  },
  {
    name: 'a stale tap: the order is no longer in the state the staff saw',
    method: 'POST',
    service: 'staff',
    path: '/staff/orders/613/status',
    body: { from: 'placed', to: 'confirmed' },
    request: StaffMoveSchema,
    signedIn: true,
    setup: asStaff,
    status: 409,
    answer: ErrorBodySchema,
  },
  {
    name: 'staff record cash received',
    method: 'POST',
    service: 'staff',
    path: '/staff/orders/615/payment',
    body: { via: 'cash' },
    request: StaffPaymentSchema,
    signedIn: true,
    setup: asStaff,
    answer: StaffOrderSchema,
  },
  {
    name: 'staff cancel an order with a reason',
    method: 'POST',
    service: 'staff',
    path: '/staff/orders/613/cancel',
    body: { reason: 'The shopper asked us to' },
    request: StaffCancelSchema,
    signedIn: true,
    setup: asStaff,
    answer: StaffOrderSchema,
  },
  {
    name: 'a cancel without a reason is refused',
    method: 'POST',
    service: 'staff',
    path: '/staff/orders/613/cancel',
    body: { reason: '  ' },
    signedIn: true,
    setup: asStaff,
    status: 422,
    answer: ErrorBodySchema,
  },
];
