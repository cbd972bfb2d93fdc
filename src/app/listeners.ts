/**
 * The app's effects that cross slices, registered on the shared
 * listener middleware (state/listenerMiddleware.ts) when app/store.ts loads this module.
 */
import { isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import { isCredentialError } from '../lib/getErrorMessage';
import { hasGuestBasket } from '../lib/guestIntent';
import { cartApi } from '../services/cartApi';
import { shopperScopedApis } from '../services';
import { ordersApi } from '../services/ordersApi';
import { productApi } from '../services/productApi';
import { usersApi } from '../services/usersApi';
import { loadedApis } from '../state/lazyApis';
import { startAppListening } from '../state/listenerMiddleware';
import { loggedIn, loggedOut } from '../state/sessionSlice';

/** The Authorization header a failed RTK Query request carried, from the action's meta. */
function bearerSent(action: UnknownAction): string | null {
  const meta: unknown = action.meta;
  if (typeof meta !== 'object' || meta === null || !('baseQueryMeta' in meta)) return null;
  const baseQueryMeta: unknown = meta.baseQueryMeta;
  if (typeof baseQueryMeta !== 'object' || baseQueryMeta === null) return null;
  if (!('request' in baseQueryMeta) || !(baseQueryMeta.request instanceof Request)) return null;
  return baseQueryMeta.request.headers.get('authorization');
}

function endpointNameOf(action: UnknownAction): string | undefined {
  const meta: unknown = action.meta;
  if (typeof meta !== 'object' || meta === null || !('arg' in meta)) return undefined;
  const arg: unknown = meta.arg;
  if (typeof arg !== 'object' || arg === null || !('endpointName' in arg)) return undefined;
  return typeof arg.endpointName === 'string' ? arg.endpointName : undefined;
}

const isApiRequestRejection = (action: UnknownAction) =>
  /Api\/execute(Query|Mutation)\/rejected$/.test(action.type) && isRejectedWithValue(action);

/** A successful login fills the session: token, user id and first name. */
startAppListening({
  matcher: usersApi.endpoints.login.matchFulfilled,
  effect: (action, { dispatch }) => {
    const { access_token, user_details } = action.payload;
    dispatch(
      loggedIn({
        authToken: access_token,
        userID: user_details.id,
        userName: user_details.firstname,
      }),
    );
  },
});

/**
 * What a guest kept (components/product/useLogInToContinue.ts) joins the account at the next
 * successful log in, in whichever tab it happens, with words for what went in. Registered
 * after the listener above, so the session already holds the new token.
 */
startAppListening({
  matcher: usersApi.endpoints.login.matchFulfilled,
  effect: async (_action, { dispatch }) => {
    // The merge's code loads only when something is kept: most log ins have nothing.
    if (!hasGuestBasket()) return;
    const { mergeGuestBasket } = await import(
      /* webpackChunkName: "guest-replay" */ './guestReplay'
    );
    await mergeGuestBasket(dispatch);
  },
});

/**
 * Whenever the shopper changes (login, logout, a token refused, another tab's login or
 * logout), every shopper-specific cache is emptied. Screens still showing subscribe again
 * and refetch with the new token, so one shopper never sees another's cart. The slices that
 * join later (staff, notifications, ...) are all a shopper's; those not loaded yet hold nothing.
 */
startAppListening({
  predicate: (_action, current, previous) =>
    current.session.authToken !== previous.session.authToken ||
    current.session.userID !== previous.session.userID,
  effect: (_action, { dispatch }) => {
    for (const api of [...shopperScopedApis, ...loadedApis()]) dispatch(api.util.resetApiState());
  },
});

/**
 * An order placed changes the cart, the orders and the stock of products: paid online (the
 * checkout, which invalidates the cart's own tags) or to pay on delivery or at pickup (the
 * place-order call, which empties the cart on the server).
 */
startAppListening({
  matcher: cartApi.endpoints.checkout.matchFulfilled,
  effect: (_action, { dispatch }) => {
    dispatch(ordersApi.util.invalidateTags([{ type: 'Order', id: 'LIST' }]));
    dispatch(productApi.util.invalidateTags(['Product']));
  },
});
startAppListening({
  matcher: ordersApi.endpoints.placeOrder.matchFulfilled,
  effect: (_action, { dispatch }) => {
    dispatch(cartApi.util.invalidateTags([{ type: 'Cart', id: 'LIST' }]));
    dispatch(productApi.util.invalidateTags(['Product']));
  },
});

/**
 * A call refused for credentials clears the stale token, so the nav offers Log in again.
 * Only when the refused request carried the token the session still holds: an answer to
 * an older request must not sign out a shopper who has just logged in. A failed login
 * (wrong password) is not a stale token either.
 */
startAppListening({
  predicate: (action) => isApiRequestRejection(action) && isCredentialError(action.payload),
  effect: (action, { dispatch, getState }) => {
    const token = getState().session.authToken;
    if (token === null || endpointNameOf(action) === 'login') return;
    if (bearerSent(action) !== `Bearer ${token}`) return;
    dispatch(loggedOut());
  },
});
