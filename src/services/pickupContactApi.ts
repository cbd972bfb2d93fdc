import type { PickupContact } from 'contract';
import { deliveryApi } from './deliveryApi';

/**
 * Who collects a pickup order: the delivery service's calls that only the pickup form makes,
 * added to its slice when that form's code loads, so the first screen does not carry them.
 */
const pickupContactApi = deliveryApi
  .enhanceEndpoints({ addTagTypes: ['PickupContact'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** Who collects a pickup order; null (the server's 404) when the shopper never said. */
      getPickupContact: build.query<PickupContact | null, void>({
        async queryFn(_arg, _api, _extraOptions, baseQuery) {
          const { data, error, meta } = await baseQuery('/pickup-contact');
          if (error) return error.status === 404 ? { data: null, meta } : { error, meta };
          return { data: data as PickupContact, meta };
        },
        providesTags: ['PickupContact'],
      }),
      savePickupContact: build.mutation<PickupContact, PickupContact>({
        query: (body) => ({ url: '/pickup-contact', method: 'PUT', body }),
        invalidatesTags: ['PickupContact'],
      }),
    }),
  });

export const { useGetPickupContactQuery, useSavePickupContactMutation } = pickupContactApi;
