import { screen, waitFor } from '@testing-library/react';
import { initialSessionState } from '../state/sessionSlice';
import { signedInSession } from '../testing/fixtures';
import { mockDb } from '../testing/handlers';
import { renderWithProviders } from '../testing/renderWithProviders';
import { recordRequests } from '../testing/server';
import { cartApi } from '../services/cartApi';
import { deliveryApi } from '../services/deliveryApi';
import { wishlistApi } from '../services/wishlistApi';
import { askEarly } from '../services/earlyAnswers';
import { askForShopperData } from './shopperData';
import { makeStore, type AppStore } from './store';

const asked = (requests: ReturnType<typeof recordRequests>) =>
  requests.map((r) => r.url.pathname.replace(/^.*\/api/, '')).sort();

async function settled(store: AppStore) {
  await Promise.all(store.dispatch(cartApi.util.getRunningQueriesThunk()));
  await Promise.all(store.dispatch(deliveryApi.util.getRunningQueriesThunk()));
  await Promise.all(store.dispatch(wishlistApi.util.getRunningQueriesThunk()));
}

test('signed out, nothing is asked for', async () => {
  const requests = recordRequests();
  const store = makeStore({ session: initialSessionState });
  askForShopperData(store, '/cart');
  askForShopperData(store, '/shop');
  await settled(store);
  expect(requests).toEqual([]);
});

test('on the cart, the cart and the delivery location are asked for once, before any screen', async () => {
  const requests = recordRequests();
  const store = makeStore({ session: signedInSession });
  askForShopperData(store, '/cart/');
  await settled(store);
  expect(asked(requests)).toEqual(['/all-carts', '/get-delivery']);
  // The page's own queries, the same endpoints and arguments, find them answered.
  const cart = await store.dispatch(cartApi.endpoints.getCart.initiate());
  const delivery = await store.dispatch(deliveryApi.endpoints.getDelivery.initiate());
  expect([cart.isSuccess, delivery.isSuccess]).toEqual([true, true]);
  expect(asked(requests)).toEqual(['/all-carts', '/get-delivery']);
});

test('a shopper with no delivery location yet is not asked twice', async () => {
  mockDb.delivery = null;
  const requests = recordRequests();
  const store = makeStore({ session: signedInSession });
  askForShopperData(store, '/cart');
  await settled(store);
  // The server's 404 is the answer "none": kept, so the page's subscription asks nothing.
  const delivery = await store.dispatch(deliveryApi.endpoints.getDelivery.initiate());
  expect(delivery.data).toBeNull();
  expect(asked(requests)).toEqual(['/all-carts', '/get-delivery']);
});

test("elsewhere, the header's cart and wishlist", async () => {
  const requests = recordRequests();
  const store = makeStore({ session: signedInSession });
  askForShopperData(store, '/shop');
  await settled(store);
  expect(asked(requests)).toEqual(['/all-carts', '/get-wishlists']);
});

test('a cart refused for credentials before the page is there still says Please, log in', async () => {
  mockDb.tokens.clear();
  const store = makeStore({ session: signedInSession });
  askForShopperData(store, '/cart');
  // The refusal signs the session out (app/listeners.ts) before anything is on screen.
  await waitFor(() => expect(store.getState().session.authToken).toBeNull());
  renderWithProviders(<main />, { store });
  expect(await screen.findByText('Please, log in')).toBeInTheDocument();
});

describe("the page's first script asked first (services/earlyAnswers.ts)", () => {
  test('on the cart, the store takes its answers and sends nothing of its own', async () => {
    const requests = recordRequests();
    askEarly('/cart', signedInSession.authToken!);
    const store = makeStore({ session: signedInSession });
    askForShopperData(store, '/cart');
    await settled(store);
    expect(asked(requests)).toEqual(['/all-carts', '/get-delivery']);
    const lines = cartApi.endpoints.getCart.select()(store.getState()).data?.all_cart_data;
    expect(lines?.map((line) => line.id)).toEqual(mockDb.cartLines.map((line) => line.id));
    // Taken once: a later ask (the cart changed) goes to the server.
    await store.dispatch(cartApi.endpoints.getCart.initiate(undefined, { forceRefetch: true }));
    expect(asked(requests)).toEqual(['/all-carts', '/all-carts', '/get-delivery']);
  });

  test("elsewhere, the header's cart and wishlist", async () => {
    const requests = recordRequests();
    askEarly('/profile/orders', signedInSession.authToken!);
    const store = makeStore({ session: signedInSession });
    askForShopperData(store, '/profile/orders');
    await settled(store);
    expect(asked(requests)).toEqual(['/all-carts', '/get-wishlists']);
    expect(wishlistApi.endpoints.getWishlist.select()(store.getState()).isSuccess).toBe(true);
  });

  test("another shopper's answers are never taken: signed in afresh, the store asks itself", async () => {
    const requests = recordRequests();
    askEarly('/cart', 'token-of-the-shopper-before');
    const store = makeStore({ session: signedInSession });
    askForShopperData(store, '/cart');
    await settled(store);
    expect(asked(requests)).toEqual(['/all-carts', '/all-carts', '/get-delivery', '/get-delivery']);
    const sentWith = requests.map((r) => r.headers.get('authorization'));
    expect(sentWith.filter((a) => a === `Bearer ${signedInSession.authToken}`)).toHaveLength(2);
  });

  test('a refusal the first script met still says Please, log in', async () => {
    mockDb.tokens.clear();
    askEarly('/cart', signedInSession.authToken!);
    const store = makeStore({ session: signedInSession });
    askForShopperData(store, '/cart');
    await waitFor(() => expect(store.getState().session.authToken).toBeNull());
    renderWithProviders(<main />, { store });
    expect(await screen.findByText('Please, log in')).toBeInTheDocument();
  });
});
