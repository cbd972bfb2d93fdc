import { makeStore } from '../app/store';
import { fixtureProducts } from '../testing/fixtures';
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
