import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useGetCartQuery } from '../services/cartApi';
import { cartApi } from '../services/cartApi';
import { deliveryApi } from '../services/deliveryApi';
import { orderItemsApi } from '../services/orderItemsApi';
import { productApi } from '../services/productApi';
import { usersApi } from '../services/usersApi';
import { wishlistApi } from '../services/wishlistApi';
import {
  apiUrl,
  fixtureAuthToken,
  fixtureCredentials,
  fixtureOrderItems,
  fixtureUser,
  signedInSession,
} from '../testing/fixtures';
import { renderWithProviders } from '../testing/renderWithProviders';
import { deferred, server } from '../testing/server';
import { makeStore, type AppStore } from './store';
import { loggedIn, loggedOut, syncedFromStorage } from '../state/sessionSlice';

const staleSession = { ...signedInSession, authToken: 'expired-token' };

describe('login', () => {
  test('a successful login fills the session with the token, user id and first name', async () => {
    const store = makeStore();

    await store.dispatch(usersApi.endpoints.login.initiate(fixtureCredentials)).unwrap();

    expect(store.getState().session).toMatchObject({
      authToken: fixtureAuthToken,
      userID: String(fixtureUser.id),
      userName: fixtureUser.first_name,
    });
  });

  test('a failed login leaves a signed-in session alone', async () => {
    const store = makeStore({ session: signedInSession });

    const result = await store.dispatch(
      usersApi.endpoints.login.initiate({ username: fixtureUser.email, password: 'wrong' }),
    );

    expect(result.error).toMatchObject({ status: 401 });
    expect(store.getState().session.authToken).toBe(fixtureAuthToken);
  });
});

describe('a token the server refuses', () => {
  test('a 401 on a query clears the token, user id and name', async () => {
    const store = makeStore({ session: staleSession });

    await store.dispatch(cartApi.endpoints.getCart.initiate());

    expect(store.getState().session).toMatchObject({
      authToken: null,
      userID: null,
      userName: null,
    });
  });

  test('a 401 on a mutation clears it too', async () => {
    const store = makeStore({ session: staleSession });

    await store.dispatch(wishlistApi.endpoints.addWishlistItem.initiate({ product_id: 1 }));

    expect(store.getState().session.authToken).toBeNull();
  });

  test("'Could not validate credentials' from any service clears it", async () => {
    server.use(
      http.get(apiUrl('/get-delivery', 'delivery'), () =>
        HttpResponse.json({ detail: 'Could not validate credentials' }, { status: 403 }),
      ),
    );
    const store = makeStore({ session: signedInSession });

    await store.dispatch(deliveryApi.endpoints.getDelivery.initiate());

    expect(store.getState().session.authToken).toBeNull();
  });

  test('other failures keep the session', async () => {
    server.use(
      http.get(apiUrl('/all-carts', 'cart'), () =>
        HttpResponse.json({ detail: 'x' }, { status: 403 }),
      ),
    );
    const store = makeStore({ session: signedInSession });

    await store.dispatch(cartApi.endpoints.getCart.initiate());

    expect(store.getState().session.authToken).toBe(fixtureAuthToken);
  });

  test('an answer to a request sent with an older token does not sign out the new login', async () => {
    const arrived = deferred();
    const answer = deferred();
    server.use(
      http.get(apiUrl('/all-carts', 'cart'), async () => {
        arrived.release();
        await answer.gate;
        return HttpResponse.json({ detail: 'Could not validate credentials' }, { status: 401 });
      }),
    );
    const store = makeStore({ session: staleSession });
    const pending = store.dispatch(cartApi.endpoints.getCart.initiate());
    await arrived.gate;

    store.dispatch(loggedIn({ authToken: 'fresh-token', userID: 7, userName: 'Adebayo' }));
    answer.release();
    await pending;

    expect(store.getState().session.authToken).toBe('fresh-token');
  });
});

/** The order items a store holds for order 401; throws while the slice has not joined it. */
function cachedOrderItems(store: AppStore) {
  const { orderItemsApi: slice } = store.getState();
  if (!slice) throw new Error('orderItemsApi has not joined the store');
  return orderItemsApi.endpoints.getOrderItems.select(401)({ orderItemsApi: slice }).data;
}

describe('a change of shopper empties the shopper caches', () => {
  async function loadedStore() {
    const store = makeStore({ session: signedInSession });
    await store.dispatch(cartApi.endpoints.getCart.initiate());
    await store.dispatch(wishlistApi.endpoints.getWishlist.initiate());
    await store.dispatch(productApi.endpoints.getProducts.initiate(''));
    return store;
  }

  test.each([
    ['logout', loggedOut()],
    ['login as someone else', loggedIn({ authToken: 'tok-funke', userID: 9, userName: 'Funke' })],
    [
      'a logout in another tab',
      syncedFromStorage({ ...signedInSession, authToken: null, userID: null, userName: null }),
    ],
  ])('%s', async (_label, action) => {
    const store = await loadedStore();

    store.dispatch(action);

    const state = store.getState();
    expect(cartApi.endpoints.getCart.select()(state).data).toBeUndefined();
    expect(wishlistApi.endpoints.getWishlist.select()(state).data).toBeUndefined();
    // Products are the same for everyone.
    expect(productApi.endpoints.getProducts.select('')(state).data).toHaveLength(12);
  });

  test("a slice that joined later is emptied too: one shopper's order items never show to the next", async () => {
    const store = await loadedStore();
    // The order items page's code, loaded by the shopper who is leaving.
    await import('../features/orders/OrderItemsPage');
    await store.dispatch(orderItemsApi.endpoints.getOrderItems.initiate(401));
    expect(cachedOrderItems(store)).toEqual(fixtureOrderItems[401]);

    store.dispatch(loggedOut());

    expect(cachedOrderItems(store)).toBeUndefined();
  });

  test('an action that keeps the shopper keeps the caches', async () => {
    const store = await loadedStore();

    store.dispatch(syncedFromStorage({ ...signedInSession, productSlug: 'ofada-rice-5kg' }));

    expect(cartApi.endpoints.getCart.select()(store.getState()).data).toBeDefined();
  });

  test("a screen showing the cart refetches it with the new shopper's token", async () => {
    server.use(
      http.get(apiUrl('/all-carts', 'cart'), ({ request }) =>
        request.headers.get('authorization') === 'Bearer tok-funke'
          ? HttpResponse.json({
              price_before_vat: 0,
              vat_value: 0,
              price_after_vat: 0,
              all_cart_data: [],
            })
          : HttpResponse.json({
              price_before_vat: 100,
              vat_value: 7.5,
              price_after_vat: 107.5,
              all_cart_data: [
                {
                  id: 1,
                  quantity: 1,
                  total_amount: 100,
                  product: {
                    id: 1,
                    slug: 'x',
                    name: "Adebayo's garri",
                    images: '',
                    amount: 100,
                    inventory_stock: 1,
                    vendor: { name: 'v' },
                  },
                },
              ],
            }),
      ),
    );
    function CartLines() {
      const { data } = useGetCartQuery();
      if (!data) return <p>loading</p>;
      return <p>{data.all_cart_data.map((l) => l.product.name).join(', ') || 'empty cart'}</p>;
    }
    const { store } = renderWithProviders(<CartLines />, {
      preloadedState: { session: signedInSession },
    });
    expect(await screen.findByText("Adebayo's garri")).toBeInTheDocument();

    act(() => {
      store.dispatch(loggedIn({ authToken: 'tok-funke', userID: 9, userName: 'Funke' }));
    });

    expect(await screen.findByText('empty cart')).toBeInTheDocument();
    expect(screen.queryByText("Adebayo's garri")).not.toBeInTheDocument();
  });
});
