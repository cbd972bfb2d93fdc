import { createApi } from './createApi';
import type { Delivery, DeliveryInput } from 'contract';
import { env } from '../config/env';
import { createBaseQuery } from './baseQuery';
import { DELIVERY_PATH } from './earlyAnswers';

export type UpdateDeliveryArgs = DeliveryInput & { id: number };

/** The shopper's delivery location: absent (create) or present (update). */
export const deliveryApi = createApi({
  reducerPath: 'deliveryApi',
  refetchOnReconnect: true,
  baseQuery: createBaseQuery(env.apiBaseUrls.delivery),
  tagTypes: ['Delivery'],
  endpoints: (build) => ({
    /**
     * The shopper's location, or null when there is none yet. The server says "none" with a
     * 404; it is an answer, not a failure: kept like any answer, so a screen that subscribes
     * later (the cart page, after src/app/shopperData.ts asked early) does not ask again.
     */
    getDelivery: build.query<Delivery | null, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const { data, error, meta } = await baseQuery(DELIVERY_PATH);
        if (error) return error.status === 404 ? { data: null, meta } : { error, meta };
        return { data: data as Delivery, meta };
      },
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
