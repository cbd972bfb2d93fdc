import { createApi } from './createApi';
import type { OrderItem } from 'contract';
import { env } from '../config/env';
import { createBaseQuery } from './baseQuery';

/** The lines of one order (the session's orderId). */
export const orderItemsApi = createApi({
  reducerPath: 'orderItemsApi',
  refetchOnReconnect: true,
  baseQuery: createBaseQuery(env.apiBaseUrls.orderItems),
  tagTypes: ['OrderItem'],
  endpoints: (build) => ({
    getOrderItems: build.query<OrderItem[], number | string>({
      query: (orderId) => `/order_item/${encodeURIComponent(String(orderId))}`,
      providesTags: (_items, _error, orderId) => [{ type: 'OrderItem', id: String(orderId) }],
    }),
  }),
});

export const { useGetOrderItemsQuery } = orderItemsApi;
