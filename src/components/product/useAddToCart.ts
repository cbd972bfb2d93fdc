import { useCallback } from 'react';
import type { Product } from 'contract';
import type { GuestProduct } from '../../lib/guestIntent';
import { useAppSelector } from '../../state/hooks';
import { selectSignedInUserId } from '../../state/sessionSlice';
import { plainMessages } from '../../lib/messages';
import { toastError, toastMutation } from '../../lib/toasts';
import { useAddCartItemMutation } from '../../services/cartApi';
import { priceOf } from './pricing';
import { keeping, useLogInToContinue } from './useLogInToContinue';

/** What is priced, and what else the shelf showed, to list the product if the tap is kept. */
export type CartCandidate = Pick<Product, 'id' | 'amount' | 'disc_amount'> &
  Omit<GuestProduct, 'id' | 'amount' | 'disc_amount'>;

export interface AddToCartOptions {
  /** 'Buy': a signed-out shopper comes back to the cart, not this page, after logging in. */
  buying?: boolean;
}

/**
 * Adds a product to the signed-in shopper's cart with the spec's toasts ('Adding to
 * cart...', 'Product successfully added to cart', 'Error adding product to cart', and
 * 'Please, log in' when the token is refused). Signed out, it sends nothing and says
 * 'Please, log in' with a 'Log in' button; the tap is kept in the guest's cart and merged
 * into the account at the next log in (useLogInToContinue). Signed in but offline, it sends
 * nothing either: the tap is kept the same way and sent when the connection returns, and
 * the toast says so. Resolves to whether the product was added now.
 */
export function useAddToCart() {
  const userId = useAppSelector(selectSignedInUserId);
  const [addCartItem, { isLoading }] = useAddCartItemMutation();
  const logInToContinue = useLogInToContinue();

  const addToCart = useCallback(
    async (
      product: CartCandidate,
      quantity = 1,
      { buying = false }: AddToCartOptions = {},
    ): Promise<boolean> => {
      if (userId === null) {
        // The whole product as the shelf showed it (name, image, stock), to list it kept.
        logInToContinue({ kind: buying ? 'buy' : 'cartAdd', product, quantity });
        return false;
      }
      if (!navigator.onLine) {
        // Sending would only fail: kept, and sent when the connection returns. The keeping
        // code loads on this first such tap (the service worker has it offline).
        void keeping().then(
          (kept) => kept.keepCartAddOffline({ kind: 'cartAdd', product, quantity }),
          () => toastError(plainMessages.offline),
        );
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
    [addCartItem, userId, logInToContinue],
  );

  return { addToCart, isAdding: isLoading };
}
