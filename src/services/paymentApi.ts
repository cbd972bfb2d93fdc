import { createApi } from './createApi';
import type {
  InitializeTransactionRequest,
  InitializeTransactionResponse,
  PaystackChannel,
  Verification,
} from 'contract';
import { env } from '../config/env';
import { createBaseQuery } from './baseQuery';

export interface PayTestTransactionArgs {
  reference: string;
  outcome?: 'success' | 'failed';
  /** The channel the tester picked, recorded by the sandbox as Paystack records it. */
  channel?: PaystackChannel;
}

/**
 * Payment: the server initializes a transaction, the popup (or the Test payment dialog)
 * takes the money, then the reference is verified before checkout. The payment flow calls
 * verifyTransaction imperatively:
 *   dispatch(paymentApi.endpoints.verifyTransaction.initiate(reference, { subscribe: false, forceRefetch: true })).unwrap()
 * or through useLazyVerifyTransactionQuery.
 */
export const paymentApi = createApi({
  reducerPath: 'paymentApi',
  refetchOnReconnect: true,
  baseQuery: createBaseQuery(env.apiBaseUrls.payment),
  endpoints: (build) => ({
    initializeTransaction: build.mutation<
      InitializeTransactionResponse,
      InitializeTransactionRequest
    >({
      query: (body) => ({ url: '/initialize-transaction', method: 'POST', body }),
    }),
    verifyTransaction: build.query<Verification, string>({
      query: (reference) => ({ url: '/verify-transaction', params: { reference } }),
      // A verification is a fact of one moment: keep it only briefly.
      keepUnusedDataFor: 5,
    }),
    /**
     * The reference server's sandbox provider (when it has no Paystack key): the Test payment
     * dialog pays, or fails, a pending transaction. The outcome defaults to success.
     */
    payTestTransaction: build.mutation<Verification, PayTestTransactionArgs>({
      query: ({ reference, outcome = 'success', channel }) => ({
        url: `/sandbox/pay/${encodeURIComponent(reference)}`,
        method: 'POST',
        body: channel ? { outcome, channel } : { outcome },
      }),
    }),
  }),
});

export const {
  useInitializeTransactionMutation,
  useVerifyTransactionQuery,
  useLazyVerifyTransactionQuery,
  usePayTestTransactionMutation,
} = paymentApi;
