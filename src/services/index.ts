import { affiliatesApi } from './affiliatesApi';
import { cartApi } from './cartApi';
import { deliveryApi } from './deliveryApi';
import { notificationsApi } from './notificationsApi';
import { orderItemsApi } from './orderItemsApi';
import { ordersApi } from './ordersApi';
import { paymentApi } from './paymentApi';
import { productApi } from './productApi';
import { staffApi } from './staffApi';
import { usersApi } from './usersApi';
import { wishlistApi } from './wishlistApi';

/** Every API slice, for the store to register (each reducer and middleware once). */
export const apis = [
  productApi,
  cartApi,
  wishlistApi,
  usersApi,
  ordersApi,
  orderItemsApi,
  deliveryApi,
  paymentApi,
  affiliatesApi,
  notificationsApi,
  staffApi,
] as const;

/**
 * The slices whose cache belongs to one shopper: emptied on login, logout and a session
 * change from another tab, so the next shopper never sees the previous one's data.
 * Products are the same for everyone and stay.
 */
export const shopperScopedApis = [
  cartApi,
  wishlistApi,
  usersApi,
  ordersApi,
  orderItemsApi,
  deliveryApi,
  paymentApi,
  affiliatesApi,
  notificationsApi,
  staffApi,
] as const;
