import type { GuestIntent } from '../lib/guestIntent';
import { takeGuestIntent } from '../lib/keptGuestIntent';
import { toastMutation } from '../lib/toasts';
import { cartApi } from '../services/cartApi';
import { wishlistApi } from '../services/wishlistApi';
import type { AppDispatch } from '../state/types';

/**
 * Carries out the tap a guest made before logging in (lib/guestIntent.ts), once, for the
 * shopper who just logged in, with the usual toasts; a refusal (out of stock meanwhile) is
 * told in the server's words. Loaded by app/listeners.ts only when a tap is waiting.
 */
export async function replayGuestIntent(userId: number, dispatch: AppDispatch): Promise<void> {
  const intent = takeGuestIntent();
  if (intent) await carryOut(intent, userId, dispatch);
}

async function carryOut(intent: GuestIntent, userId: number, dispatch: AppDispatch) {
  if (intent.kind === 'wishlistAdd') {
    await toastMutation(
      dispatch(
        wishlistApi.endpoints.addWishlistItem.initiate({ product_id: intent.productId }),
      ).unwrap(),
      'wishlistAdd',
    );
    return;
  }
  await toastMutation(
    dispatch(
      cartApi.endpoints.addCartItem.initiate({
        user_id: userId,
        product_id: intent.productId,
        quantity: intent.quantity,
        price_per_item: intent.pricePerItem,
      }),
    ).unwrap(),
    'cartAdd',
    { failureDetail: 'description' },
  );
}
