import { createApi } from './createApi';
import type {
  OrderState,
  PaymentReceivedVia,
  StaffOrder,
  StaffOrderList,
  StaffOrdersQuery,
} from 'contract';
import { env } from '../config/env';
import { createBaseQuery } from './baseQuery';

const STAFF_QUEUE = { type: 'StaffOrder', id: 'LIST' } as const;

/**
 * The shop staff's side: the orders to act on and the one-tap actions on each. The server
 * refuses a shopper's token (403), and a tap on an order someone else has moved meanwhile
 * (409): either way the queue is fetched again.
 */
export const staffApi = createApi({
  reducerPath: 'staffApi',
  refetchOnReconnect: true,
  baseQuery: createBaseQuery(env.apiBaseUrls.staff),
  tagTypes: ['StaffOrder'],
  endpoints: (build) => ({
    getStaffOrders: build.query<StaffOrderList, StaffOrdersQuery>({
      query: (params) => ({ url: '/staff/orders', params }),
      providesTags: (list) => [
        ...(list?.orders ?? []).map((o) => ({ type: 'StaffOrder' as const, id: o.id })),
        STAFF_QUEUE,
      ],
    }),
    getStaffOrder: build.query<StaffOrder, number>({
      query: (orderId) => `/staff/orders/${orderId}`,
      providesTags: (_order, _error, orderId) => [{ type: 'StaffOrder', id: orderId }],
    }),
    moveStaffOrder: build.mutation<
      StaffOrder,
      { orderId: number; from: OrderState; to: OrderState }
    >({
      query: ({ orderId, from, to }) => ({
        url: `/staff/orders/${orderId}/status`,
        method: 'POST',
        body: { from, to },
      }),
      invalidatesTags: (_order, _error, { orderId }) => [
        { type: 'StaffOrder', id: orderId },
        STAFF_QUEUE,
      ],
    }),
    recordStaffPayment: build.mutation<StaffOrder, { orderId: number; via: PaymentReceivedVia }>({
      query: ({ orderId, via }) => ({
        url: `/staff/orders/${orderId}/payment`,
        method: 'POST',
        body: { via },
      }),
      invalidatesTags: (_order, _error, { orderId }) => [
        { type: 'StaffOrder', id: orderId },
        STAFF_QUEUE,
      ],
    }),
    cancelStaffOrder: build.mutation<StaffOrder, { orderId: number; reason: string }>({
      query: ({ orderId, reason }) => ({
        url: `/staff/orders/${orderId}/cancel`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (_order, _error, { orderId }) => [
        { type: 'StaffOrder', id: orderId },
        STAFF_QUEUE,
      ],
    }),
    /** Every open order of one account at once: the owner's answer to a shopper hoarding stock. */
    cancelCustomerOpenOrders: build.mutation<StaffOrderList, { userId: number; reason: string }>({
      query: ({ userId, reason }) => ({
        url: `/staff/customers/${userId}/cancel-open-orders`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (list) => [
        ...(list?.orders ?? []).map((o) => ({ type: 'StaffOrder' as const, id: o.id })),
        STAFF_QUEUE,
      ],
    }),
  }),
});

export const {
  useGetStaffOrdersQuery,
  useGetStaffOrderQuery,
  useMoveStaffOrderMutation,
  useRecordStaffPaymentMutation,
  useCancelStaffOrderMutation,
  useCancelCustomerOpenOrdersMutation,
} = staffApi;
