/** The contract test's rows for orderHandlers.ts. */
import {
  ErrorBodySchema,
  OrderDetailSchema,
  OrderSchema,
  PlaceOrderSchema,
  ShopInfoSchema,
} from 'contract';
import type { ContractCall } from './contractCall';
import { fixtureOrders, fixtureUser } from './fixtures';
import { mockDb } from './mockDb';
import { mockShop } from './orderHandlers';

const [anOrder] = fixtureOrders;
if (!anOrder) throw new Error('The fixtures have no order');

export const orderCalls: ContractCall[] = [
  {
    name: "the shop's own facts",
    method: 'GET',
    service: 'orders',
    path: '/shop',
    answer: ShopInfoSchema,
  },
  {
    name: 'order to pay on delivery',
    method: 'POST',
    service: 'orders',
    path: '/place-order',
    request: PlaceOrderSchema,
    body: { userid: fixtureUser.id, delivery_method: 'delivery', payment_method: 'on_delivery' },
    signedIn: true,
    answer: OrderSchema,
  },
  {
    name: 'order to pay at pickup',
    method: 'POST',
    service: 'orders',
    path: '/place-order',
    request: PlaceOrderSchema,
    body: { userid: fixtureUser.id, delivery_method: 'pickup', payment_method: 'at_pickup' },
    signedIn: true,
    answer: OrderSchema,
  },
  {
    name: 'pay on delivery for a pickup order is refused',
    method: 'POST',
    service: 'orders',
    path: '/place-order',
    request: PlaceOrderSchema,
    body: { userid: fixtureUser.id, delivery_method: 'pickup', payment_method: 'on_delivery' },
    signedIn: true,
    status: 409,
    answer: ErrorBodySchema,
  },
  {
    name: 'an order over the pay-later cap is refused',
    method: 'POST',
    service: 'orders',
    path: '/place-order',
    request: PlaceOrderSchema,
    body: { userid: fixtureUser.id, delivery_method: 'delivery', payment_method: 'on_delivery' },
    signedIn: true,
    setup: () => {
      mockShop.pay_later.max_total = 1000;
      return Promise.resolve();
    },
    status: 409,
    answer: ErrorBodySchema,
  },
  {
    name: 'an empty cart places no order',
    method: 'POST',
    service: 'orders',
    path: '/place-order',
    request: PlaceOrderSchema,
    body: { userid: fixtureUser.id, delivery_method: 'pickup', payment_method: 'at_pickup' },
    signedIn: true,
    setup: () => {
      mockDb.cartLines = [];
      return Promise.resolve();
    },
    status: 400,
    answer: ErrorBodySchema,
  },
  {
    name: 'one order in full',
    method: 'GET',
    service: 'orders',
    path: `/orders/${anOrder.id}`,
    signedIn: true,
    answer: OrderDetailSchema,
  },
  {
    name: 'another shopper’s or an unknown order',
    method: 'GET',
    service: 'orders',
    path: '/orders/999999',
    signedIn: true,
    status: 404,
    answer: ErrorBodySchema,
  },
];
