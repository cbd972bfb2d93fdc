import type { DevToolsEnhancerOptions, UnknownAction } from '@reduxjs/toolkit';
import { usersApi } from '../services/usersApi';
import { cartApi } from '../services/cartApi';
import { orderItemsApi } from '../services/orderItemsApi';
import { staffApi } from '../services/staffApi';
import {
  fixtureAuthToken,
  fixtureCredentials,
  fixtureOrderItems,
  signedInSession,
} from '../testing/fixtures';
import { loadApi } from '../state/lazyApis';
import {
  actionSanitizer,
  makeStore,
  MASK,
  maskSecrets,
  stateSanitizer,
  type AppStore,
} from './store';
import { loggedIn } from '../state/sessionSlice';
import { addAppListener } from '../state/listenerMiddleware';

describe('maskSecrets', () => {
  test('replaces authToken and access_token at any depth, sharing untouched parts', () => {
    const untouched = { list: [1, 2, 3] };
    const value = {
      session: { authToken: 'secret', userName: 'Adebayo' },
      usersApi: { mutations: { a: { data: { access_token: 'secret', user_details: { id: 7 } } } } },
      untouched,
    };

    const masked = maskSecrets(value);

    expect(masked.session).toEqual({ authToken: MASK, userName: 'Adebayo' });
    expect(masked.usersApi.mutations.a.data).toEqual({
      access_token: MASK,
      user_details: { id: 7 },
    });
    expect(masked.untouched).toBe(untouched);
    expect(value.session.authToken).toBe('secret');
  });

  test('leaves a null token and values without secrets as they are', () => {
    const value = { session: { authToken: null } };
    expect(maskSecrets(value)).toBe(value);
    expect(maskSecrets('text')).toBe('text');
  });
});

describe('Redux DevTools', () => {
  test('the state it shows never holds the token, after a real login', async () => {
    const store = makeStore();
    await store.dispatch(usersApi.endpoints.login.initiate(fixtureCredentials)).unwrap();
    const state = store.getState();
    expect(state.session.authToken).toBe(fixtureAuthToken);

    const shown = JSON.stringify(stateSanitizer(state));

    expect(shown).not.toContain(fixtureAuthToken);
    expect(stateSanitizer(state).session.authToken).toBe(MASK);
  });

  test('the actions it shows never hold the token, through a real login', async () => {
    const store = makeStore();
    const seen: UnknownAction[] = [];
    const stopListening = store.dispatch(
      addAppListener({ predicate: () => true, effect: (action) => void seen.push(action) }),
    );

    await store.dispatch(usersApi.endpoints.login.initiate(fixtureCredentials)).unwrap();
    stopListening();

    const types = seen.map((a) => a.type);
    expect(types).toEqual(
      expect.arrayContaining(['usersApi/executeMutation/fulfilled', 'session/loggedIn']),
    );
    expect(seen.map((a) => JSON.stringify(a)).join()).toContain(fixtureAuthToken);
    for (const action of seen) {
      expect(JSON.stringify(actionSanitizer(action))).not.toContain(fixtureAuthToken);
    }
  });

  test("RTK Query's actions are shown with the endpoint's name", () => {
    const action = {
      type: 'cartApi/executeMutation/fulfilled',
      payload: null,
      meta: { arg: { endpointName: 'updateCartItem', originalArgs: { id: 1, quantity: 2 } } },
    };

    expect(actionSanitizer(action).type).toBe('cartApi/updateCartItem/fulfilled');
    expect(actionSanitizer({ type: 'session/loggedOut' }).type).toBe('session/loggedOut');
  });

  test('makeStore hands the sanitizers to the DevTools extension', async () => {
    let options: DevToolsEnhancerOptions | undefined;
    const compose = (opts: DevToolsEnhancerOptions) => {
      options = opts;
      return (...funcs: ((arg: unknown) => unknown)[]) =>
        (arg: unknown) =>
          funcs.reduceRight((composed, f) => f(composed), arg);
    };
    Object.defineProperty(window, '__REDUX_DEVTOOLS_EXTENSION_COMPOSE__', {
      configurable: true,
      value: compose,
    });
    try {
      await jest.isolateModulesAsync(async () => {
        const isolated = await import('./store');
        isolated.makeStore({ session: signedInSession });
      });
    } finally {
      Reflect.deleteProperty(window, '__REDUX_DEVTOOLS_EXTENSION_COMPOSE__');
    }

    expect(options?.name).toBe('Ibadan storefront');
    const state = { session: { ...signedInSession } };
    expect(options?.stateSanitizer?.(state, 0)).toEqual({
      session: { ...signedInSession, authToken: MASK },
    });
    const action = loggedIn({ authToken: 'secret', userID: 7, userName: 'Adebayo' });
    expect(options?.actionSanitizer?.(action, 0).payload.authToken).toBe(MASK);
  });
});

/** The order items a store holds for order 401; throws while the slice has not joined it. */
function cachedOrderItems(store: AppStore) {
  const { orderItemsApi: slice } = store.getState();
  if (!slice) throw new Error('orderItemsApi has not joined the store');
  return orderItemsApi.endpoints.getOrderItems.select(401)({ orderItemsApi: slice }).data;
}

describe('the API slices', () => {
  // In this order: the slices a test loads stay loaded for the tests after it.
  test('a new store holds the session, the saved copies and the six API slices a first visit uses', () => {
    const state = makeStore().getState();
    expect(Object.keys(state).sort()).toEqual(
      [
        'session',
        'savedCopies',
        'productApi',
        'cartApi',
        'wishlistApi',
        'usersApi',
        'ordersApi',
        'deliveryApi',
      ].sort(),
    );
    expect(cartApi.reducerPath).toBe('cartApi');
  });

  test("a page's slice joins the stores when the page's code loads, before it renders", async () => {
    const before = makeStore({ session: signedInSession });
    expect(before.getState().staffApi).toBeUndefined();

    await import('../features/backOffice/orders/StaffOrdersPage');

    // Its state is there at once, so the page's first render finds it, and its middleware runs.
    expect(before.getState().staffApi?.config).toMatchObject({
      reducerPath: staffApi.reducerPath,
      middlewareRegistered: true,
    });
    expect(makeStore().getState().staffApi).toBeDefined();
  });

  test("the payment flow's state joins with the cart's code; a store made after keeps a preloaded one", async () => {
    const before = makeStore({ session: signedInSession });
    expect(before.getState().checkout).toBeUndefined();

    const { initialCheckoutState, selectCheckout } =
      await import('../features/cart/checkout/checkoutSlice');

    expect(before.getState().checkout).toEqual(initialCheckoutState);
    const resumed = { ...initialCheckoutState, error: 'Your payment is in.' };
    const after = makeStore({ session: signedInSession, checkout: resumed });
    expect(selectCheckout(after.getState())).toEqual(resumed);
  });

  test('a slice loaded before any store exists is in the first one from the start', async () => {
    await jest.isolateModulesAsync(async () => {
      // A fresh set of modules: the slice loads while no store is there to join.
      const { initialCheckoutState, selectCheckout } =
        await import('../features/cart/checkout/checkoutSlice');
      const store = await import('./store');
      const resumed = { ...initialCheckoutState, error: 'Your payment is in.' };
      const first = store.makeStore({ session: signedInSession, checkout: resumed });
      expect(selectCheckout(first.getState())).toEqual(resumed);
    });
  });

  test('a slice that joins later runs its middleware in every store, old and new', async () => {
    const before = makeStore({ session: signedInSession });

    loadApi(orderItemsApi);
    const after = makeStore({ session: signedInSession });

    for (const store of [before, after]) {
      const items = await store
        .dispatch(orderItemsApi.endpoints.getOrderItems.initiate(401))
        .unwrap();
      expect(items).toEqual(fixtureOrderItems[401]);
      // The middleware keeps the subscription: the answer stays in the cache.
      expect(cachedOrderItems(store)).toEqual(fixtureOrderItems[401]);
    }
  });
});
