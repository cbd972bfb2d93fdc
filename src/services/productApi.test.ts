import { asksForPage } from 'contract/listing';
import { makeStore } from '../app/store';
import { loggedIn } from '../state/sessionSlice';
import { fixtureAuthToken, fixtureProducts } from '../testing/fixtures';
import { recordRequests } from '../testing/server';
import { cartApi } from './cartApi';
import { productApi } from './productApi';

// The list is frozen as it arrives; the store then skips its own deep freeze, so a vendor left
// unfrozen there would stay changeable.
test('the catalogue is kept as it arrived and cannot be changed by accident, vendors included', async () => {
  const store = makeStore();
  const products = await store.dispatch(productApi.endpoints.getProducts.initiate('')).unwrap();
  expect(products.map((p) => p.slug)).toEqual(fixtureProducts.map((p) => p.slug));
  const [first] = products;
  if (!first) throw new Error('The fixture catalogue is empty.');
  expect(Object.isFrozen(products)).toBe(true);
  expect(Object.isFrozen(first)).toBe(true);
  expect(Object.isFrozen(first.vendor)).toBe(true);
  expect(() => {
    (first as { name: string }).name = 'Changed';
  }).toThrow(TypeError);
});

// A signed request is never kept by the service worker: a catalogue asked for with the
// shopper's token would leave signed-in shoppers without the shop offline.
test('the catalogue is asked for without the shopper’s token; their cart with it', async () => {
  const store = makeStore();
  store.dispatch(loggedIn({ authToken: fixtureAuthToken, userID: 1, userName: 'Adebayo' }));
  const requests = recordRequests();
  await store.dispatch(productApi.endpoints.getProducts.initiate('')).unwrap();
  await store.dispatch(cartApi.endpoints.getCart.initiate()).unwrap();
  const sent = requests.map((r) => [r.url.pathname, r.headers.get('authorization')]);
  expect(sent).toEqual([
    ['/api/get-all-products', null],
    ['/api/all-carts', `Bearer ${fixtureAuthToken}`],
  ]);
});

// The original call's search answers an array; the shop needs a page (its total, its "did you
// mean"), so its pages always name one: the same rule decides on the server.
test('a search alone gets every match best first; the shop’s pages of it ask for a page', async () => {
  const store = makeStore();
  const requests = recordRequests();
  const found = await store.dispatch(productApi.endpoints.getProducts.initiate('fresh')).unwrap();
  expect(found[0]?.slug).toBe('fresh-tomatoes-basket');
  const pages = await store
    .dispatch(productApi.endpoints.getProductPages.initiate({ q: 'fresh' }))
    .unwrap();
  expect(pages.pages[0]?.items.map((p) => p.slug)).toEqual(found.map((p) => p.slug));
  expect(pages.pages[0]?.total).toBe(found.length);
  expect(requests.map((r) => asksForPage(r.url.searchParams))).toEqual([false, true]);
});
