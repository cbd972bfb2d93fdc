import {
  NO_CHOICE,
  activeFilterCount,
  listingQuery,
  readListing,
  sortsFor,
  writeListing,
} from './listingParams';

const read = (search: string, searching = false) =>
  readListing(new URLSearchParams(search), searching);

test('a choice written to the address reads back the same', () => {
  const choice = {
    category: 'Fresh Food',
    minPrice: 500,
    maxPrice: 12000.5,
    inStock: true,
    discounted: true,
    sort: 'price_desc' as const,
  };
  const params = writeListing(new URLSearchParams('q=rice'), choice);
  expect(params.get('q')).toBe('rice');
  expect(readListing(params, true)).toEqual(choice);
});

test('no choice writes nothing and removes what was there', () => {
  const params = writeListing(new URLSearchParams('q=oil&sort=rating&in_stock=true'), NO_CHOICE);
  expect(params.toString()).toBe('q=oil');
});

test('values a link cannot mean fall back to no choice', () => {
  expect(
    read('category=&min_price=abc&max_price=-1&in_stock=yes&discounted=1&sort=cheapest'),
  ).toEqual(NO_CHOICE);
  expect(read('min_price=1e12').minPrice).toBeNull();
  expect(read(`category=${'x'.repeat(101)}`).category).toBeNull();
});

test('a price range the wrong way round is turned round, not refused', () => {
  expect(read('min_price=900&max_price=100')).toMatchObject({ minPrice: 100, maxPrice: 900 });
});

test('relevance needs a search; the catalogue’s order is not offered during one', () => {
  expect(read('sort=relevance').sort).toBeNull();
  expect(read('sort=relevance', true).sort).toBe('relevance');
  expect(sortsFor(false)).not.toContain('relevance');
  expect(sortsFor(true)).not.toContain('featured');
});

test('the filter count counts the price range once, and not the category or the order', () => {
  expect(activeFilterCount(read('category=Drinks&sort=rating'))).toBe(0);
  expect(activeFilterCount(read('min_price=1&max_price=2&in_stock=true&discounted=true'))).toBe(3);
});

test('the server is asked only for what is chosen', () => {
  expect(listingQuery('', NO_CHOICE)).toEqual({});
  expect(listingQuery('palm oil', read('category=Staples&max_price=3000&sort=price_asc'))).toEqual({
    q: 'palm oil',
    category: 'Staples',
    max_price: 3000,
    sort: 'price_asc',
  });
});
