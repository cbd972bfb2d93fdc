import { cartApi } from './cartApi';
import { deliveryApi } from './deliveryApi';
import { ordersApi } from './ordersApi';
import { productApi } from './productApi';
import { usersApi } from './usersApi';
import { wishlistApi } from './wishlistApi';

/**
 * The API slices every store holds from the start: the catalogue, the cart and wishlist
 * buttons on each card, the log in and log out, and the ones the shopper's saved copies and
 * the app's listeners follow. The others (staff, notifications, affiliates, order items,
 * payment) join the store when their code loads (state/lazyApis.ts).
 */
export const apis = [productApi, cartApi, wishlistApi, usersApi, ordersApi, deliveryApi] as const;

/**
 * Of those, the slices whose cache belongs to one shopper: emptied on login, logout and a
 * session change from another tab, so the next shopper never sees the previous one's data.
 * Products are the same for everyone and stay. Every slice that joins later is a shopper's
 * too (app/listeners.ts empties those that have joined).
 */
export const shopperScopedApis = [cartApi, wishlistApi, usersApi, ordersApi, deliveryApi] as const;
