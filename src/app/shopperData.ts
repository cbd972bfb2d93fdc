import { cartApi } from '../services/cartApi';
import { deliveryApi } from '../services/deliveryApi';
import { shopperReadsFor } from '../services/earlyAnswers';
import { pleaseLogInIfRefused } from '../features/cart/cart/pleaseLogIn';
import { wishlistApi } from '../services/wishlistApi';
import { addAppListener } from '../state/listenerMiddleware';
import { selectIsLoggedIn } from '../state/sessionSlice';
import type { AppStore } from './store';

/**
 * Data starts early for a signed-in shopper too. The answers a page opens with that need the
 * shopper's token cannot be preloaded by the HTML (server/src/earlyData.ts). The page's first
 * script has sent them already (services/earlyAnswers.ts), and they are put in the store as
 * soon as it exists (app/start.tsx), while React and the page's code are still being
 * evaluated, instead of after the first render. The page's own queries (the same endpoint
 * with the same argument) then find them answered or on their way: one request.
 *
 * The cart page opens with the cart and the delivery location; every other page's header
 * keeps the cart and the wishlist (components/product/shopperLists.ts).
 */
export function askForShopperData(store: AppStore, pathname: string): void {
  if (!selectIsLoggedIn(store.getState())) return;
  if (shopperReadsFor(pathname).includes('delivery')) {
    const requests = [
      store.dispatch(cartApi.endpoints.getCart.initiate(undefined, { subscribe: false })),
      store.dispatch(deliveryApi.endpoints.getDelivery.initiate(undefined, { subscribe: false })),
    ];
    const ours = new Set(requests.map((request) => request.requestId));
    // A refusal may come before the cart page is there to tell the shopper, and it signs the
    // session out at once (app/listeners.ts), clearing the answer: it is told from here.
    const stopListening = store.dispatch(
      addAppListener({
        predicate: (action) =>
          (cartApi.endpoints.getCart.matchRejected(action) ||
            deliveryApi.endpoints.getDelivery.matchRejected(action)) &&
          ours.has(action.meta.requestId),
        effect: (action) => {
          if ('payload' in action) pleaseLogInIfRefused(action.payload);
        },
      }),
    );
    void Promise.allSettled(requests).then(() => stopListening());
  } else {
    store.dispatch(cartApi.util.prefetch('getCart', undefined, {}));
    store.dispatch(wishlistApi.util.prefetch('getWishlist', undefined, {}));
  }
}
