import { createApi } from './createApi';
import type { Affiliate, AffiliateRegistration, PaymentRequestResponse } from 'contract';
import { env } from '../config/env';
import { createBaseQuery } from './baseQuery';

/** The affiliate programme. A 404 on the details means "not registered" (see affiliateLoadError). */
export const affiliatesApi = createApi({
  reducerPath: 'affiliatesApi',
  refetchOnReconnect: true,
  baseQuery: createBaseQuery(env.apiBaseUrls.affiliates),
  tagTypes: ['Affiliate'],
  endpoints: (build) => ({
    getAffiliateDetails: build.query<Affiliate, void>({
      query: () => '/affiliate-details',
      providesTags: ['Affiliate'],
    }),
    registerAffiliate: build.mutation<Affiliate, AffiliateRegistration>({
      query: (body) => ({ url: '/affiliate-registration', method: 'POST', body }),
      invalidatesTags: ['Affiliate'],
    }),
    /** A GET on the wire, but it asks for a payout: a mutation, so it is never cached or retried. */
    requestPayment: build.mutation<PaymentRequestResponse, void>({
      query: () => ({ url: '/request-payment', method: 'GET' }),
      invalidatesTags: ['Affiliate'],
    }),
  }),
});

export const {
  useGetAffiliateDetailsQuery,
  useRegisterAffiliateMutation,
  useRequestPaymentMutation,
} = affiliatesApi;
