import { createApi } from './createApi';
import type { MessageBody, NotificationList, StockAlertList } from 'contract';
import { env } from '../config/env';
import { createBaseQuery } from './baseQuery';

/**
 * What the shop tells the shopper: notifications about their orders (newest first, unread
 * counted) and the out-of-stock products they asked to hear about ('Notify me').
 */
export const notificationsApi = createApi({
  reducerPath: 'notificationsApi',
  refetchOnReconnect: true,
  baseQuery: createBaseQuery(env.apiBaseUrls.notifications),
  tagTypes: ['Notification', 'StockAlert'],
  endpoints: (build) => ({
    getNotifications: build.query<NotificationList, { limit?: number; offset?: number } | void>({
      query: (page) => ({ url: '/notifications', params: page ?? undefined }),
      providesTags: ['Notification'],
    }),
    markNotificationRead: build.mutation<MessageBody, number>({
      query: (id) => ({ url: `/notifications/${id}/read`, method: 'POST' }),
      invalidatesTags: ['Notification'],
    }),
    markAllNotificationsRead: build.mutation<MessageBody, void>({
      query: () => ({ url: '/notifications/read-all', method: 'POST' }),
      invalidatesTags: ['Notification'],
    }),
    getStockAlerts: build.query<StockAlertList, void>({
      query: () => '/stock-alerts',
      providesTags: ['StockAlert'],
    }),
    addStockAlert: build.mutation<MessageBody, number>({
      query: (productId) => ({
        url: '/stock-alerts',
        method: 'POST',
        body: { product_id: productId },
      }),
      invalidatesTags: ['StockAlert'],
    }),
    deleteStockAlert: build.mutation<MessageBody, number>({
      query: (productId) => ({ url: `/stock-alerts/${productId}`, method: 'DELETE' }),
      invalidatesTags: ['StockAlert'],
    }),
  }),
});

export const {
  useGetNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useGetStockAlertsQuery,
  useAddStockAlertMutation,
  useDeleteStockAlertMutation,
} = notificationsApi;
