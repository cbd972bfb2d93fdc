import { createApi } from './createApi';
import type {
  AddCartItem,
  Cart,
  CartItem,
  CheckoutRequest,
  GuestCartMerge,
  GuestCartMergeResult,
  MessageBody,
  Order,
} from 'contract';
import { env } from '../config/env';
import { createBaseQuery } from './baseQuery';
import { CART_PATH } from './earlyAnswers';

export interface UpdateCartItemArgs {
  id: number;
  quantity: number;
}

const CART = { type: 'Cart', id: 'LIST' } as const;

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Scales the cart's totals after its lines changed, keeping the server's VAT proportion
 * (pro rata), so the figures on screen move at once; the refetch that follows every
 * mutation replaces them with the server's own.
 */
function rescaleTotals(cart: Cart, newBeforeVat: number): void {
  const ratio = cart.price_before_vat > 0 ? newBeforeVat / cart.price_before_vat : 0;
  cart.price_before_vat = round2(newBeforeVat);
  cart.vat_value = round2(cart.vat_value * ratio);
  cart.price_after_vat = round2(cart.price_before_vat + cart.vat_value);
}

/** The optimistic edit of a quantity change, on an Immer draft of the cached cart. */
export function applyQuantityChange(cart: Cart, id: number, quantity: number): void {
  const line = cart.all_cart_data.find((l) => l.id === id);
  if (!line || line.quantity === quantity || quantity < 1) return;
  // The line's own price per item (the server prices at amount less any saving).
  const unitPrice = line.quantity > 0 ? line.total_amount / line.quantity : line.product.amount;
  const newLineTotal = round2(unitPrice * quantity);
  const newBeforeVat = cart.price_before_vat - line.total_amount + newLineTotal;
  line.quantity = quantity;
  line.total_amount = newLineTotal;
  rescaleTotals(cart, newBeforeVat);
}

/** The optimistic edit of a line's removal, on an Immer draft of the cached cart. */
export function applyLineRemoval(cart: Cart, id: number): void {
  const index = cart.all_cart_data.findIndex((l) => l.id === id);
  if (index === -1) return;
  const [line] = cart.all_cart_data.splice(index, 1);
  if (!line) return;
  if (cart.all_cart_data.length === 0) {
    cart.price_before_vat = 0;
    cart.vat_value = 0;
    cart.price_after_vat = 0;
    return;
  }
  rescaleTotals(cart, cart.price_before_vat - line.total_amount);
}

/**
 * The shopper's cart. Every change invalidates the cart (one refetch, no page reload);
 * quantity changes and deletes show at once and are undone if the server refuses. Checkout
 * also refreshes orders and products, which live in other slices: see app/listeners.ts.
 */
export const cartApi = createApi({
  reducerPath: 'cartApi',
  refetchOnReconnect: true,
  baseQuery: createBaseQuery(env.apiBaseUrls.cart),
  tagTypes: ['Cart'],
  endpoints: (build) => ({
    getCart: build.query<Cart, void>({
      query: () => CART_PATH,
      providesTags: (cart) => [
        ...(cart?.all_cart_data ?? []).map((l) => ({ type: 'Cart' as const, id: l.id })),
        CART,
      ],
    }),
    addCartItem: build.mutation<CartItem, AddCartItem>({
      query: (body) => ({ url: '/add-cart', method: 'POST', body }),
      invalidatesTags: [CART],
    }),
    /**
     * A guest's kept cart joining the account at log in (ours, not a spec call): the server
     * adds what stock allows, once per merge id, and says what it added.
     */
    mergeGuestCart: build.mutation<GuestCartMergeResult, GuestCartMerge>({
      query: (body) => ({ url: '/cart/merge', method: 'POST', body }),
      invalidatesTags: [CART],
    }),
    updateCartItem: build.mutation<CartItem, UpdateCartItemArgs>({
      query: ({ id, quantity }) => ({
        url: `/update-cart/${id}`,
        method: 'PATCH',
        body: { quantity },
      }),
      invalidatesTags: [CART],
      async onQueryStarted({ id, quantity }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          cartApi.util.updateQueryData('getCart', undefined, (cart) => {
            applyQuantityChange(cart, id, quantity);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    deleteCartItem: build.mutation<MessageBody, number>({
      query: (id) => ({ url: `/delete-cart/${id}`, method: 'DELETE' }),
      invalidatesTags: [CART],
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          cartApi.util.updateQueryData('getCart', undefined, (cart) => {
            applyLineRemoval(cart, id);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    checkout: build.mutation<Order, CheckoutRequest>({
      query: (body) => ({ url: '/checkout', method: 'POST', body }),
      invalidatesTags: [CART],
    }),
  }),
});

export const {
  useGetCartQuery,
  useAddCartItemMutation,
  useMergeGuestCartMutation,
  useUpdateCartItemMutation,
  useDeleteCartItemMutation,
  useCheckoutMutation,
} = cartApi;
