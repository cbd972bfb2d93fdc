import { createApi } from '@reduxjs/toolkit/query/react';
import type { Order } from 'contract';
import { env } from '../config/env';
import { createBaseQuery } from './baseQuery';

/** The shopper's orders. A checkout invalidates 'Order' from the listener middleware. */
export const ordersApi = createApi({
  reducerPath: 'ordersApi',
  refetchOnReconnect: true,
  baseQuery: createBaseQuery(env.apiBaseUrls.orders),
  tagTypes: ['Order'],
  endpoints: (build) => ({
    getOrders: build.query<Order[], void>({
      query: () => '/orders',
      providesTags: (orders = []) => [
        ...orders.map((o) => ({ type: 'Order' as const, id: o.id })),
        { type: 'Order' as const, id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetOrdersQuery } = ordersApi;
