import { createApi } from '../createApi';
import type { UnplacedPayment, UnplacedPaymentList } from 'contract';
import { env } from '../../config/env';
import { createBaseQuery } from '../baseQuery';
import { staffApi } from '../staffApi';

const UNPLACED = { type: 'UnplacedPayment', id: 'LIST' } as const;

/**
 * The shop's money in the back office: payments Paystack confirmed that found no order
 * ("paid, not placed"), which the owner places anyway or refunds. Either answer takes the
 * payment off the open list; placing it also puts a new order in the staff queue (another
 * slice), so that queue is fetched again.
 */
export const moneyApi = createApi({
  reducerPath: 'moneyApi',
  refetchOnReconnect: true,
  baseQuery: createBaseQuery(env.apiBaseUrls.staff),
  tagTypes: ['UnplacedPayment'],
  endpoints: (build) => ({
    getUnplacedPayments: build.query<UnplacedPaymentList, void>({
      query: () => '/staff/unplaced-payments',
      providesTags: (list) => [
        ...(list?.payments ?? []).map((p) => ({ type: 'UnplacedPayment' as const, id: p.id })),
        UNPLACED,
      ],
    }),
    placeUnplacedPayment: build.mutation<UnplacedPayment, number>({
      query: (id) => ({ url: `/staff/unplaced-payments/${id}/place`, method: 'POST' }),
      // A refusal (stock still short, someone else resolved it) also shows the list as it is.
      invalidatesTags: (_p, _e, id) => [{ type: 'UnplacedPayment', id }, UNPLACED],
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(staffApi.util.invalidateTags([{ type: 'StaffOrder', id: 'LIST' }]));
      },
    }),
    refundUnplacedPayment: build.mutation<UnplacedPayment, number>({
      query: (id) => ({ url: `/staff/unplaced-payments/${id}/refund`, method: 'POST' }),
      invalidatesTags: (_p, _e, id) => [{ type: 'UnplacedPayment', id }, UNPLACED],
    }),
  }),
});

export const {
  useGetUnplacedPaymentsQuery,
  usePlaceUnplacedPaymentMutation,
  useRefundUnplacedPaymentMutation,
} = moneyApi;
