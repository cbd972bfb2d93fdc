import { http, HttpResponse } from 'msw';
import { makeStore, type AppStore } from '../app/store';
import { apiUrl, fixtureWishlist, signedInSession } from '../testing/fixtures';
import { recordRequests, server } from '../testing/server';
import { wishlistApi } from './wishlistApi';

const selectWishlist = (store: AppStore) =>
  wishlistApi.endpoints.getWishlist.select()(store.getState()).data;

async function storeWithWishlist() {
  const store = makeStore({ session: signedInSession });
  await store.dispatch(wishlistApi.endpoints.getWishlist.initiate());
  return store;
}

const settled = (store: AppStore) =>
  Promise.all(store.dispatch(wishlistApi.util.getRunningQueriesThunk()));

describe('removing a saved item', () => {
  test('leaves the list at once, then the list refetches once', async () => {
    const store = await storeWithWishlist();
    const requests = recordRequests();

    const pending = store.dispatch(wishlistApi.endpoints.deleteWishlistItem.initiate(201));
    expect(selectWishlist(store)?.map((e) => e.id)).toEqual([202]);
    await pending.unwrap();
    await settled(store);

    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'DELETE /api/delete-wishlist/201',
      'GET /api/get-wishlists',
    ]);
    expect(selectWishlist(store)?.map((e) => e.id)).toEqual([202]);
  });

  test('comes back when the server refuses', async () => {
    const store = await storeWithWishlist();
    server.use(
      http.delete(apiUrl('/delete-wishlist/:id', 'wishlist'), () =>
        HttpResponse.json({ detail: 'Wishlist item not found' }, { status: 404 }),
      ),
      // The refetch fails too (a failed query keeps its data), so only the undo can restore it.
      http.get(apiUrl('/get-wishlists', 'wishlist'), () =>
        HttpResponse.json({ detail: 'Unavailable' }, { status: 404 }),
      ),
    );

    const pending = store.dispatch(wishlistApi.endpoints.deleteWishlistItem.initiate(201));
    expect(selectWishlist(store)).toHaveLength(1);
    const result = await pending;
    await settled(store);

    expect(result.error).toMatchObject({ status: 404 });
    expect(selectWishlist(store)).toEqual(fixtureWishlist);
  });
});

describe('saving an item', () => {
  test('refetches the list, which then holds it', async () => {
    const store = await storeWithWishlist();

    await store
      .dispatch(wishlistApi.endpoints.addWishlistItem.initiate({ product_id: 12 }))
      .unwrap();
    await settled(store);

    expect(selectWishlist(store)?.map((e) => e.product.slug)).toContain('smoked-catfish-pair');
  });

  test('the same item twice is refused with the server detail', async () => {
    const store = await storeWithWishlist();

    const result = await store.dispatch(
      wishlistApi.endpoints.addWishlistItem.initiate({ product_id: 4 }),
    );

    expect(result.error).toEqual({
      status: 409,
      data: { detail: 'Product already in your wishlist' },
    });
  });
});
