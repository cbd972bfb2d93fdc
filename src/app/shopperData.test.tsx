import { screen, waitFor } from '@testing-library/react';
import { initialSessionState } from '../state/sessionSlice';
import { signedInSession } from '../testing/fixtures';
import { mockDb } from '../testing/handlers';
import { renderWithProviders } from '../testing/renderWithProviders';
import { recordRequests } from '../testing/server';
import { cartApi } from '../services/cartApi';
import { wishlistApi } from '../services/wishlistApi';
import { askForShopperData } from './shopperData';
import { makeStore, type AppStore } from './store';

const asked = (requests: ReturnType<typeof recordRequests>) =>
  requests.map((r) => r.url.pathname.replace(/^.*\/api/, '')).sort();

async function settled(store: AppStore) {
  await Promise.all(store.dispatch(cartApi.util.getRunningQueriesThunk()));
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

test("on the cart, the shopper's cart is asked for once, before any screen", async () => {
  const requests = recordRequests();
  const store = makeStore({ session: signedInSession });
  askForShopperData(store, '/cart/');
  await settled(store);
  expect(asked(requests)).toEqual(['/all-carts']);
  // The page's own query, the same endpoint and argument, finds it answered: no new request.
  const { isSuccess } = await store.dispatch(cartApi.endpoints.getCart.initiate());
  expect(isSuccess).toBe(true);
  expect(asked(requests)).toEqual(['/all-carts']);
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
