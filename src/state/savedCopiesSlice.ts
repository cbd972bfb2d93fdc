import { createSlice, type UnknownAction } from '@reduxjs/toolkit';
import type { Cart, Delivery, Order } from 'contract';
import { cartApi } from '../services/cartApi';
import { isServerAnswers, serverAnswer } from '../services/createApi';
import { deliveryApi } from '../services/deliveryApi';
import { ordersApi } from '../services/ordersApi';
import { loggedIn, loggedOut, syncedFromStorage } from './sessionSlice';

/**
 * The signed-in shopper's last answers for the cart, the delivery location and My Orders,
 * kept (in localStorage, by app/store.ts) so that a reload with no connection, or with the
 * server down, shows what they were instead of an error or a false empty state. They are
 * read-only copies: never sent to the server, and read only when a fresh answer failed.
 * They belong to one shopper (`owner`, the session's user id) and go when that shopper
 * logs out or another signs in: phones are shared. An answer counts whether the app asked for
 * it or the page came with it (a page the server rendered for the shopper).
 */
export interface SavedCopy<T> {
  data: T;
  /** When the answer arrived (ms since 1970). */
  savedAt: number;
}

export interface SavedCopiesState {
  owner: string | null;
  cart?: SavedCopy<Cart>;
  delivery?: SavedCopy<Delivery>;
  orders?: SavedCopy<Order[]>;
}

export type SavedCopyKind = 'cart' | 'delivery' | 'orders';

/** My Orders keeps its newest orders only: storage is small and the old ones change least. */
export const SAVED_ORDERS_LIMIT = 20;

export const initialSavedCopiesState: SavedCopiesState = { owner: null };

const orderTime = (order: Order) => Date.parse(order.order_date) || 0;

/** The newest orders, at most SAVED_ORDERS_LIMIT, newest first. */
export function newestOrders(orders: readonly Order[]): Order[] {
  return [...orders]
    .sort((a, b) => orderTime(b) - orderTime(a) || b.id - a.id)
    .slice(0, SAVED_ORDERS_LIMIT);
}

/** The copies for `owner`: the same state when it is theirs already, else none. */
function ownedBy(state: SavedCopiesState, owner: string | null): SavedCopiesState {
  return state.owner === owner ? state : { owner };
}

const savedAtOf = (action: UnknownAction): number => {
  const meta = action.meta as { fulfilledTimeStamp?: unknown } | undefined;
  return typeof meta?.fulfilledTimeStamp === 'number' ? meta.fulfilledTimeStamp : Date.now();
};

const savedCopiesSlice = createSlice({
  name: 'savedCopies',
  initialState: initialSavedCopiesState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedIn, (state, action) => ownedBy(state, String(action.payload.userID)))
      .addCase(syncedFromStorage, (state, action) =>
        ownedBy(state, action.payload.authToken === null ? null : action.payload.userID),
      )
      .addCase(loggedOut, () => initialSavedCopiesState)
      .addMatcher(isServerAnswers, (state, action) => {
        if (state.owner === null) return;
        const answer = (reducerPath: string, endpoint: string) =>
          serverAnswer(action.payload, reducerPath, endpoint);
        const cart = answer(cartApi.reducerPath, 'getCart');
        if (cart) state.cart = { data: cart.data as Cart, savedAt: cart.fulfilledTimeStamp };
        const delivery = answer(deliveryApi.reducerPath, 'getDelivery');
        if (delivery?.data === null) delete state.delivery;
        else if (delivery) {
          state.delivery = {
            data: delivery.data as Delivery,
            savedAt: delivery.fulfilledTimeStamp,
          };
        }
        const orders = answer(ordersApi.reducerPath, 'getOrders');
        if (orders) {
          state.orders = {
            data: newestOrders(orders.data as Order[]),
            savedAt: orders.fulfilledTimeStamp,
          };
        }
      })
      .addMatcher(cartApi.endpoints.getCart.matchFulfilled, (state, action) => {
        if (state.owner === null) return;
        state.cart = { data: action.payload, savedAt: savedAtOf(action) };
      })
      .addMatcher(deliveryApi.endpoints.getDelivery.matchFulfilled, (state, action) => {
        // The server says there is no delivery location (any more): no copy of an old one.
        if (action.payload === null) delete state.delivery;
        else if (state.owner !== null) {
          state.delivery = { data: action.payload, savedAt: savedAtOf(action) };
        }
      })
      .addMatcher(ordersApi.endpoints.getOrders.matchFulfilled, (state, action) => {
        if (state.owner === null) return;
        state.orders = { data: newestOrders(action.payload), savedAt: savedAtOf(action) };
      });
  },
});

interface WithSavedCopies {
  savedCopies: SavedCopiesState;
  session: { userID: string | null; authToken: string | null };
}

/** The copy of `kind` kept for the shopper signed in now; undefined when there is none. */
export function selectSavedCopy<K extends SavedCopyKind>(
  state: WithSavedCopies,
  kind: K,
): SavedCopiesState[K] | undefined {
  const { savedCopies, session } = state;
  if (session.authToken === null || savedCopies.owner === null) return undefined;
  return savedCopies.owner === session.userID ? savedCopies[kind] : undefined;
}

export default savedCopiesSlice;
