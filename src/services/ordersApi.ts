import { createApi } from './createApi';
import type { Order, OrderDetail, PlaceOrderRequest, ShopInfo } from 'contract';
import { env } from '../config/env';
import { createBaseQuery } from './baseQuery';

const ORDER_LIST = { type: 'Order', id: 'LIST' } as const;

/**
 * The shopper's orders, one order in full (the confirmation and order pages), ordering to pay
 * on delivery or at pickup, and what the shop says about itself (WhatsApp number, pickup
 * hours, pay-later caps). A checkout or a placed order invalidates the cart and the stock from
 * the listener middleware (app/listeners.ts).
 */
export const ordersApi = createApi({
  reducerPath: 'ordersApi',
  refetchOnReconnect: true,
  baseQuery: createBaseQuery(env.apiBaseUrls.orders),
  tagTypes: ['Order', 'Shop'],
  endpoints: (build) => ({
    getOrders: build.query<Order[], void>({
      query: () => '/orders',
      providesTags: (orders = []) => [
        ...orders.map((o) => ({ type: 'Order' as const, id: o.id })),
        ORDER_LIST,
      ],
    }),
    getOrder: build.query<OrderDetail, number>({
      query: (orderId) => `/orders/${orderId}`,
      providesTags: (_order, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),
    placeOrder: build.mutation<Order, PlaceOrderRequest>({
      query: (body) => ({ url: '/place-order', method: 'POST', body }),
      invalidatesTags: [ORDER_LIST],
    }),
    getShopInfo: build.query<ShopInfo, void>({
      query: () => '/shop',
      providesTags: ['Shop'],
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetOrdersQuery, useGetOrderQuery, usePlaceOrderMutation, useGetShopInfoQuery } =
  ordersApi;
