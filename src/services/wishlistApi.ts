import { createApi } from './createApi';
import type { CreateWishlist, MessageBody, WishlistEntry } from 'contract';
import { env } from '../config/env';
import { createBaseQuery } from './baseQuery';
import { WISHLIST_PATH } from './earlyAnswers';

const WISHLIST = { type: 'Wishlist', id: 'LIST' } as const;

/** The shopper's saved items. Removing one shows at once and comes back if the server refuses. */
export const wishlistApi = createApi({
  reducerPath: 'wishlistApi',
  refetchOnReconnect: true,
  baseQuery: createBaseQuery(env.apiBaseUrls.wishlist),
  tagTypes: ['Wishlist'],
  endpoints: (build) => ({
    getWishlist: build.query<WishlistEntry[], void>({
      query: () => WISHLIST_PATH,
      providesTags: (entries = []) => [
        ...entries.map((e) => ({ type: 'Wishlist' as const, id: e.id })),
        WISHLIST,
      ],
    }),
    addWishlistItem: build.mutation<WishlistEntry, CreateWishlist>({
      query: (body) => ({ url: '/create-wishlist', method: 'POST', body }),
      invalidatesTags: [WISHLIST],
    }),
    deleteWishlistItem: build.mutation<MessageBody, number>({
      query: (id) => ({ url: `/delete-wishlist/${id}`, method: 'DELETE' }),
      invalidatesTags: [WISHLIST],
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          wishlistApi.util.updateQueryData('getWishlist', undefined, (entries) =>
            entries.filter((e) => e.id !== id),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetWishlistQuery, useAddWishlistItemMutation, useDeleteWishlistItemMutation } =
  wishlistApi;
