import { useCallback } from 'react';
import type { Product } from 'contract';
import { useAppSelector } from '../../state/hooks';
import { selectIsLoggedIn } from '../../state/sessionSlice';
import { toastMutation } from '../../lib/toasts';
import { useAddWishlistItemMutation } from '../../services/wishlistApi';
import { useLogInToContinue } from './useLogInToContinue';

/**
 * Saves a product to the shopper's wishlist with the spec's toasts ('Adding to
 * wishlist...', 'Wishlist updated' for 2000 ms, or the server's detail). Signed out, it sends
 * nothing and says 'Please, log in' with a 'Log in' button: the product is kept in the
 * guest's saved list and saved to the account at the next log in (useLogInToContinue). Resolves to whether the product was saved now.
 */
export function useAddToWishlist() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const [addWishlistItem, { isLoading }] = useAddWishlistItemMutation();
  const logInToContinue = useLogInToContinue();

  const addToWishlist = useCallback(
    async (product: Pick<Product, 'id'>): Promise<boolean> => {
      if (!isLoggedIn) {
        logInToContinue({ kind: 'wishlistAdd', product });
        return false;
      }
      const outcome = await toastMutation(
        addWishlistItem({ product_id: product.id }).unwrap(),
        'wishlistAdd',
      );
      return outcome.ok;
    },
    [addWishlistItem, isLoggedIn, logInToContinue],
  );

  return { addToWishlist, isSaving: isLoading };
}
