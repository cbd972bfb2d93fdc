import type { UnknownAction } from '@reduxjs/toolkit';
import type { Order } from 'contract';
import { cartApi } from '../services/cartApi';
import { serverAnswersArrived } from '../services/createApi';
import { deliveryApi } from '../services/deliveryApi';
import { ordersApi } from '../services/ordersApi';
import { fixtureCart, fixtureDelivery, fixtureOrders } from '../testing/fixtures';
import savedCopiesSlice, {
  SAVED_ORDERS_LIMIT,
  initialSavedCopiesState,
  selectSavedCopy,
  type SavedCopiesState,
} from './savedCopiesSlice';
import { loggedIn, loggedOut, syncedFromStorage, initialSessionState } from './sessionSlice';

const reduce = savedCopiesSlice.reducer;
const AT = Date.UTC(2026, 10, 25, 9, 42);

/** The action RTK Query dispatches when `endpoint` answers `payload`. */
function answered(
  endpoint: 'getCart' | 'getDelivery' | 'getOrders',
  payload: unknown,
): UnknownAction {
  const api =
    endpoint === 'getCart' ? cartApi : endpoint === 'getDelivery' ? deliveryApi : ordersApi;
  return {
    type: `${api.reducerPath}/executeQuery/fulfilled`,
    payload,
    meta: {
      requestStatus: 'fulfilled',
      requestId: 'r1',
      fulfilledTimeStamp: AT,
      arg: {
        type: 'query',
        endpointName: endpoint,
        originalArgs: undefined,
        queryCacheKey: `${endpoint}(undefined)`,
      },
    },
  };
}

function refused(endpoint: 'getDelivery', status: number): UnknownAction {
  return {
    type: `${deliveryApi.reducerPath}/executeQuery/rejected`,
    payload: { status, data: { detail: 'Not found' } },
    error: { message: 'Rejected' },
    meta: {
      requestStatus: 'rejected',
      requestId: 'r2',
      rejectedWithValue: true,
      aborted: false,
      condition: false,
      arg: {
        type: 'query',
        endpointName: endpoint,
        originalArgs: undefined,
        queryCacheKey: `${endpoint}(undefined)`,
      },
    },
  };
}

const ownedBy7: SavedCopiesState = { owner: '7' };
const session7 = { ...initialSessionState, authToken: 't', userID: '7' };

function order(id: number, day: number): Order {
  const base = fixtureOrders[0];
  if (!base) throw new Error('no fixture order');
  return { ...base, id, order_date: `2026-11-${String(day).padStart(2, '0')}T10:00:00Z` };
}

test('a fresh cart, delivery location and orders list are saved with the time they arrived', () => {
  let state = reduce(ownedBy7, answered('getCart', fixtureCart));
  state = reduce(state, answered('getDelivery', fixtureDelivery));
  state = reduce(state, answered('getOrders', fixtureOrders));
  expect(state.cart).toEqual({ data: fixtureCart, savedAt: AT });
  expect(state.delivery).toEqual({ data: fixtureDelivery, savedAt: AT });
  expect(state.orders?.savedAt).toBe(AT);
  expect(state.orders?.data.map((o) => o.id).sort()).toEqual(fixtureOrders.map((o) => o.id).sort());
});

/** The answers a page the server rendered for the shopper came with (src/app/start.tsx). */
function cameWithPage(delivery: unknown): UnknownAction {
  const entry = (endpointName: string, data: unknown) => ({
    [`${endpointName}(undefined)`]: {
      status: 'fulfilled',
      endpointName,
      requestId: 's1',
      originalArgs: undefined,
      data,
      startedTimeStamp: AT - 20,
      fulfilledTimeStamp: AT,
    },
  });
  const slice = (queries: Record<string, unknown>) => ({ queries, mutations: {}, provided: {} });
  return serverAnswersArrived({
    [cartApi.reducerPath]: slice(entry('getCart', fixtureCart)),
    [deliveryApi.reducerPath]: slice(entry('getDelivery', delivery)),
    [ordersApi.reducerPath]: slice(entry('getOrders', fixtureOrders)),
  });
}

test('answers the page came with are saved too, with the time they arrived', () => {
  const state = reduce(ownedBy7, cameWithPage(fixtureDelivery));
  expect(state.cart).toEqual({ data: fixtureCart, savedAt: AT });
  expect(state.delivery).toEqual({ data: fixtureDelivery, savedAt: AT });
  expect(state.orders?.data.map((o) => o.id).sort()).toEqual(fixtureOrders.map((o) => o.id).sort());
  expect(reduce(state, cameWithPage(null)).delivery).toBeUndefined();
  expect(reduce(initialSavedCopiesState, cameWithPage(fixtureDelivery))).toEqual(
    initialSavedCopiesState,
  );
});

test('nothing is saved while nobody is signed in', () => {
  const state = reduce(initialSavedCopiesState, answered('getCart', fixtureCart));
  expect(state).toEqual(initialSavedCopiesState);
});

test('only the newest orders are kept, newest first', () => {
  const many = Array.from({ length: SAVED_ORDERS_LIMIT + 5 }, (_, i) => order(i + 1, i + 1));
  const state = reduce(ownedBy7, answered('getOrders', many));
  const kept = state.orders?.data ?? [];
  expect(kept).toHaveLength(SAVED_ORDERS_LIMIT);
  expect(kept[0]?.order_date).toBe('2026-11-25T10:00:00Z');
  expect(kept.some((o) => o.order_date === '2026-11-05T10:00:00Z')).toBe(false);
});

test('the server saying there is no delivery location removes the saved one', () => {
  let state = reduce(ownedBy7, answered('getDelivery', fixtureDelivery));
  state = reduce(state, refused('getDelivery', 503));
  expect(state.delivery).toBeDefined();
  // getDelivery answers null for the server's 404 (services/deliveryApi.ts).
  state = reduce(state, answered('getDelivery', null));
  expect(state.delivery).toBeUndefined();
});

describe('the copies belong to one shopper', () => {
  const full = reduce(ownedBy7, answered('getCart', fixtureCart));

  test('log out removes them', () => {
    expect(reduce(full, loggedOut())).toEqual(initialSavedCopiesState);
  });

  test('another shopper signing in removes them', () => {
    expect(reduce(full, loggedIn({ authToken: 'u', userID: 8, userName: 'Bola' }))).toEqual({
      owner: '8',
    });
  });

  test('the same shopper signing in again keeps them', () => {
    expect(reduce(full, loggedIn({ authToken: 'u', userID: 7, userName: 'Ada' }))).toBe(full);
  });

  test('a log out or another shopper in another tab removes them', () => {
    expect(reduce(full, syncedFromStorage(initialSessionState))).toEqual({ owner: null });
    expect(reduce(full, syncedFromStorage({ ...session7, userID: '9' }))).toEqual({ owner: '9' });
    expect(reduce(full, syncedFromStorage(session7))).toBe(full);
  });

  test('are read only for the shopper signed in now', () => {
    expect(selectSavedCopy({ savedCopies: full, session: session7 }, 'cart')?.data).toBe(
      fixtureCart,
    );
    expect(
      selectSavedCopy({ savedCopies: full, session: { ...session7, userID: '8' } }, 'cart'),
    ).toBeUndefined();
    expect(
      selectSavedCopy({ savedCopies: full, session: initialSessionState }, 'cart'),
    ).toBeUndefined();
  });
});
