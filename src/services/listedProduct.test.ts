import type { Product, ProductPage } from 'contract';
import { makeStore } from '../app/store';
import { fixtureProducts } from '../testing/fixtures';
import { findListedProduct, selectListedProduct } from './listedProduct';
import { productApi } from './productApi';

const [garri, ofada, palmOil] = fixtureProducts as [Product, Product, Product, ...Product[]];

function page(items: Product[]): ProductPage {
  return {
    items,
    total: items.length,
    limit: 24,
    offset: 0,
    sort: 'relevance',
    q: null,
    suggestions: [],
  };
}

type Queries = Parameters<typeof findListedProduct>[0];

/** Cache entries as RTK Query keeps them, one per answer. */
function queries(...entries: { endpointName: string; data: unknown; status?: string }[]): Queries {
  return Object.fromEntries(
    entries.map((e, i) => [
      `${e.endpointName}(${i})`,
      { status: 'fulfilled', ...e, requestId: String(i), startedTimeStamp: 0 },
    ]),
  ) as unknown as Queries;
}

test('finds a product in the whole catalogue (an array)', () => {
  expect(
    findListedProduct(
      queries({ endpointName: 'getProducts', data: fixtureProducts }),
      palmOil.slug,
    ),
  ).toBe(palmOil);
});

test('finds a product on a page of a listing or search ({ items })', () => {
  expect(
    findListedProduct(queries({ endpointName: 'searchProducts', data: page([ofada]) }), ofada.slug),
  ).toBe(ofada);
});

test('finds a product in any page of an infinite query ({ pages })', () => {
  const data = { pages: [page([garri]), page([palmOil])], pageParams: [0, 24] };
  expect(findListedProduct(queries({ endpointName: 'getProductPages', data }), palmOil.slug)).toBe(
    palmOil,
  );
});

test('a list still refetching keeps its last answer; the product’s own entry and empty ones are not lists', () => {
  expect(
    findListedProduct(
      queries({ endpointName: 'getProducts', data: [garri], status: 'pending' }),
      garri.slug,
    ),
  ).toBe(garri);
  expect(
    findListedProduct(
      queries(
        { endpointName: 'getProduct', data: garri },
        { endpointName: 'getProducts', data: undefined, status: 'pending' },
        { endpointName: 'getShopMode', data: 'demo' },
      ),
      garri.slug,
    ),
  ).toBeUndefined();
});

test('a slug no list holds is not found', () => {
  expect(
    findListedProduct(queries({ endpointName: 'getProducts', data: [garri] }), 'no-such-thing'),
  ).toBeUndefined();
});

test('reads the store’s product cache', () => {
  const store = makeStore();
  expect(selectListedProduct(store.getState(), garri.slug)).toBeUndefined();
  store.dispatch(
    productApi.util.upsertQueryEntries([{ endpointName: 'getProducts', arg: '', value: [garri] }]),
  );
  expect(selectListedProduct(store.getState(), garri.slug)).toEqual(garri);
});
