import { useCallback } from 'react';
import type { Product } from 'contract';
import { useAppSelector } from '../../state/hooks';
import { selectIsLoggedIn, selectUserID } from '../../state/sessionSlice';
import { plainMessages } from '../../lib/messages';
import { toastError, toastMutation } from '../../lib/toasts';
import { useAddCartItemMutation } from '../../services/cartApi';
import { priceOf } from './pricing';

export type CartCandidate = Pick<Product, 'id' | 'amount' | 'disc_amount'>;

/**
 * Adds a product to the signed-in shopper's cart with the spec's toasts ('Adding to
 * cart...', 'Product successfully added to cart', 'Error adding product to cart', and
 * 'Please, log in' when the token is refused). Signed out, it only says 'Please, log in'
 * and sends nothing. Resolves to whether the product was added.
 */
export function useAddToCart() {
  const userID = useAppSelector(selectUserID);
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const [addCartItem, { isLoading }] = useAddCartItemMutation();

  const addToCart = useCallback(
    async (product: CartCandidate, quantity = 1): Promise<boolean> => {
      const userId = Number(userID);
      if (!isLoggedIn || !Number.isInteger(userId) || userId < 1) {
        toastError(plainMessages.pleaseLogIn);
        return false;
      }
      const outcome = await toastMutation(
        addCartItem({
          user_id: userId,
          product_id: product.id,
          quantity,
          price_per_item: priceOf(product),
        }).unwrap(),
        'cartAdd',
      );
      return outcome.ok;
    },
    [addCartItem, isLoggedIn, userID],
  );

  return { addToCart, isAdding: isLoading };
}
