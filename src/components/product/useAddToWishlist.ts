import { useCallback } from 'react';
import type { Product } from 'contract';
import { useAppSelector } from '../../state/hooks';
import { selectIsLoggedIn } from '../../state/sessionSlice';
import { plainMessages } from '../../lib/messages';
import { toastError, toastMutation } from '../../lib/toasts';
import { useAddWishlistItemMutation } from '../../services/wishlistApi';

/**
 * Saves a product to the shopper's wishlist with the spec's toasts ('Adding to
 * wishlist...', 'Wishlist updated' for 2000 ms, or the server's detail). Signed out, it only
 * says 'Please, log in' and sends nothing. Resolves to whether the product was saved.
 */
export function useAddToWishlist() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const [addWishlistItem, { isLoading }] = useAddWishlistItemMutation();

  const addToWishlist = useCallback(
    async (product: Pick<Product, 'id'>): Promise<boolean> => {
      if (!isLoggedIn) {
        toastError(plainMessages.pleaseLogIn);
        return false;
      }
      const outcome = await toastMutation(
        addWishlistItem({ product_id: product.id }).unwrap(),
        'wishlistAdd',
      );
      return outcome.ok;
    },
    [addWishlistItem, isLoggedIn],
  );

  return { addToWishlist, isSaving: isLoading };
}
