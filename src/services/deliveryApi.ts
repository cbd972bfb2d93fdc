import { createApi } from './createApi';
import type { Delivery, DeliveryInput } from 'contract';
import { env } from '../config/env';
import { createBaseQuery } from './baseQuery';

export type UpdateDeliveryArgs = DeliveryInput & { id: number };

/** The shopper's delivery location: absent (create) or present (update). */
export const deliveryApi = createApi({
  reducerPath: 'deliveryApi',
  refetchOnReconnect: true,
  baseQuery: createBaseQuery(env.apiBaseUrls.delivery),
  tagTypes: ['Delivery'],
  endpoints: (build) => ({
    getDelivery: build.query<Delivery, void>({
      query: () => '/get-delivery',
      providesTags: ['Delivery'],
    }),
    createDelivery: build.mutation<Delivery, DeliveryInput>({
      query: (body) => ({ url: '/delivery', method: 'POST', body }),
      invalidatesTags: ['Delivery'],
    }),
    updateDelivery: build.mutation<Delivery, UpdateDeliveryArgs>({
      query: ({ id, ...body }) => ({ url: `/update-delivery/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Delivery'],
    }),
  }),
});

export const { useGetDeliveryQuery, useCreateDeliveryMutation, useUpdateDeliveryMutation } =
  deliveryApi;
