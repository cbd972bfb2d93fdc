import { createSelector } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { CartItem, WishlistEntry } from 'contract';
import { useAppSelector } from '../../state/hooks';
import type { RootState } from '../../state/types';
import { selectIsLoggedIn } from '../../state/sessionSlice';
import { cartApi, useGetCartQuery } from '../../services/cartApi';
import { useGetWishlistQuery, wishlistApi } from '../../services/wishlistApi';

const selectCart = cartApi.endpoints.getCart.select();
const selectWishlist = wishlistApi.endpoints.getWishlist.select();

/**
 * The cart's lines by product id, built once per cart answer (or optimistic edit), so every
 * card on screen finds its own line without walking the cart.
 */
const selectCartLinesByProduct = createSelector(
  [(state: RootState) => selectCart(state).data],
  (cart) => new Map((cart?.all_cart_data ?? []).map((line) => [line.product.id, line])),
);

const selectWishlistByProduct = createSelector(
  [(state: RootState) => selectWishlist(state).data],
  (entries) => new Map((entries ?? []).map((entry) => [entry.product.id, entry])),
);

/** The cart line holding this product, if the signed-in shopper's cart has one. */
export function selectCartLine(state: RootState, productId: number): CartItem | undefined {
  if (!selectIsLoggedIn(state)) return undefined;
  return selectCartLinesByProduct(state).get(productId);
}

/** The wishlist entry for this product, if the signed-in shopper saved it. */
export function selectWishlistEntry(
  state: RootState,
  productId: number,
): WishlistEntry | undefined {
  if (!selectIsLoggedIn(state)) return undefined;
  return selectWishlistByProduct(state).get(productId);
}

/**
 * How many items the cart holds: the sum of its lines' quantities, so five adds show 5
 * whether they were five products or one product five times (what a shopper counts when
 * filling a basket). Null when signed out or before the cart first arrives.
 */
export function selectCartItemCount(state: RootState): number | null {
  if (!selectIsLoggedIn(state)) return null;
  const cart = selectCart(state).data;
  if (!cart) return null;
  return cart.all_cart_data.reduce((sum, line) => sum + line.quantity, 0);
}

export function useCartLine(productId: number): CartItem | undefined {
  return useAppSelector((state) => selectCartLine(state, productId));
}

export function useWishlistEntry(productId: number): WishlistEntry | undefined {
  return useAppSelector((state) => selectWishlistEntry(state, productId));
}

/**
 * Keeps the signed-in shopper's cart and wishlist loaded while mounted (the header mounts
 * it on every page), so badges, steppers and hearts read them from the cache without each
 * card subscribing. Signed out, nothing is asked for.
 */
export function useShopperLists(): void {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  useGetCartQuery(isLoggedIn ? undefined : skipToken);
  useGetWishlistQuery(isLoggedIn ? undefined : skipToken);
}
