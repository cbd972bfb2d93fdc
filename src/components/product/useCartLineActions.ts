import { useCallback } from 'react';
import type { CartItem, WishlistEntry } from 'contract';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { selectIsLoggedIn } from '../../state/sessionSlice';
import { plainMessages } from '../../lib/messages';
import { toastError, toastMutation } from '../../lib/toasts';
import { cartApi } from '../../services/cartApi';
import { wishlistApi } from '../../services/wishlistApi';

// The mutations are started with dispatch rather than the generated hooks: a card on the
// shop grid calls these, and a hook per mutation per card would be three more store
// subscriptions for every card a scroll mounts. Each result is let go once settled, as the
// hooks do on unmount.

/**
 * Changes an existing cart line: a quantity of 1 or more updates it ('Updating cart...'),
 * 0 deletes it ('Deleting cart...'). Both show at once and are undone if the server refuses
 * (cartApi). Resolves to whether the server agreed.
 */
export function useCartLineActions() {
  const dispatch = useAppDispatch();

  const setLineQuantity = useCallback(
    async (line: Pick<CartItem, 'id' | 'quantity'>, quantity: number): Promise<boolean> => {
      if (quantity === line.quantity) return true;
      if (quantity < 1) {
        const request = dispatch(cartApi.endpoints.deleteCartItem.initiate(line.id));
        const outcome = await toastMutation(request.unwrap(), 'cartDelete');
        request.reset();
        return outcome.ok;
      }
      const request = dispatch(
        cartApi.endpoints.updateCartItem.initiate({ id: line.id, quantity }),
      );
      const outcome = await toastMutation(request.unwrap(), 'cartUpdate');
      request.reset();
      return outcome.ok;
    },
    [dispatch],
  );

  return { setLineQuantity };
}

/**
 * A second tap on a saved product's heart takes it off the wishlist ('Removing wishlisted
 * item...'), instead of asking the server to save it twice. Resolves to whether it was
 * removed.
 */
export function useRemoveFromWishlist() {
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);

  return useCallback(
    async (entry: Pick<WishlistEntry, 'id'>): Promise<boolean> => {
      if (!isLoggedIn) {
        toastError(plainMessages.pleaseLogIn);
        return false;
      }
      const request = dispatch(wishlistApi.endpoints.deleteWishlistItem.initiate(entry.id));
      const outcome = await toastMutation(request.unwrap(), 'wishlistRemove');
      request.reset();
      return outcome.ok;
    },
    [dispatch, isLoggedIn],
  );
}
