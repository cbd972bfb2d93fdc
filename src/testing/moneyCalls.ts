/** The contract test's rows for backOffice/moneyHandlers.ts. */
// Only the contract test (jest) reads these rows, so the TypeBox schemas never reach the bundle.
import { ErrorBodySchema, UnplacedPaymentListSchema, UnplacedPaymentSchema } from 'contract';
import { fixtureAuthToken } from './fixtures';
import type { ContractCall } from './contractCall';
import { moneyMockDb, treatAsOwner } from './backOffice/moneyHandlers';

// The contract test sends the shopper's fixture token: these rows make it the owner's.
const asOwner = () => {
  treatAsOwner(fixtureAuthToken);
  return Promise.resolve();
};

export const moneyCalls: ContractCall[] = [
  {
    name: 'the shop lists the payments that found no order',
    method: 'GET',
    service: 'staff',
    path: '/staff/unplaced-payments',
    signedIn: true,
    setup: asOwner,
    answer: UnplacedPaymentListSchema,
  },
  {
    name: "a shopper's token cannot see them",
    method: 'GET',
    service: 'staff',
    path: '/staff/unplaced-payments',
    signedIn: true,
    status: 403,
    answer: ErrorBodySchema,
  },
  {
    name: 'the owner places one anyway',
    method: 'POST',
    service: 'staff',
    path: '/staff/unplaced-payments/7/place',
    signedIn: true,
    setup: asOwner,
    answer: UnplacedPaymentSchema,
  },
  {
    name: 'placing is refused while the stock is short',
    method: 'POST',
    service: 'staff',
    path: '/staff/unplaced-payments/7/place',
    signedIn: true,
    setup: () => {
      moneyMockDb.placeable.clear();
      return asOwner();
    },
    status: 409,
    answer: ErrorBodySchema,
  },
  {
    name: 'the owner refunds one',
    method: 'POST',
    service: 'staff',
    path: '/staff/unplaced-payments/7/refund',
    signedIn: true,
    setup: asOwner,
    answer: UnplacedPaymentSchema,
  },
  {
    name: 'an unknown payment is 404',
    method: 'POST',
    service: 'staff',
    path: '/staff/unplaced-payments/999/refund',
    signedIn: true,
    setup: asOwner,
    status: 404,
    answer: ErrorBodySchema,
  },
];
