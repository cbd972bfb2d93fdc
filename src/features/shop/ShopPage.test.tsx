import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { AppProviders } from '../../app/AppProviders';
import { makeStore } from '../../app/store';
import { apiUrl, fixtureProducts, unitPrice } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import { deferred, recordRequests, server } from '../../testing/server';
import { productApi } from '../../services/productApi';
import ShopPage from './ShopPage';

/** The shop on a memory router, so a test can read the address and how it last changed. */
function renderShop(route = '/shop') {
  const router = createMemoryRouter(
    [
      { path: '/shop', element: <ShopPage /> },
      { path: '/detail/product-details', element: <p>Product page</p> },
    ],
    { initialEntries: [route] },
  );
  const store = makeStore();
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, store, user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
}

// The search waits for a pause in typing, and cards draw in animation frames: the tests move
// the clock themselves (waiting advances it), so a busy machine that types slowly never
// looks like a shopper who paused.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** The search of each first page the app asked GET /get-all-products for ('' for none). */
function productSearches(requests: ReturnType<typeof recordRequests>): string[] {
  return requests
    .filter((r) => r.url.pathname.endsWith('/get-all-products'))
    .filter((r) => r.url.searchParams.get('offset') === '0')
    .map((r) => r.url.searchParams.get('q') ?? '');
}

const allNames = fixtureProducts.map((p) => p.name);

/** Waiting out the search's pause (300 ms on the test's clock) and the answer. */
const AFTER_PAUSE = { timeout: 4000 };

async function findProductList() {
  return screen.findByRole('list', { name: /products/i });
}

test('shows the loading text, then every product, under one Shop heading with the request banner', async () => {
  renderShop();
  expect(screen.getByText('Products are loading...')).toBeInTheDocument();
  const list = await findProductList();
  expect(within(list).getAllByRole('listitem')).toHaveLength(fixtureProducts.length);
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Shop');
  expect(screen.getByRole('status')).toHaveTextContent('Showing 12 products');
  expect(screen.getByRole('region', { name: 'Make a request' })).toBeInTheDocument();
  expect(document.title).toMatch(/^Shop/);
});

test('the search box is a labelled search field inside a search landmark', async () => {
  renderShop();
  const box = screen.getByRole('combobox', { name: 'Search products' });
  expect(box).toHaveAttribute('type', 'search');
  expect(box).toHaveAttribute('aria-autocomplete', 'list');
  expect(screen.getByRole('search')).toContainElement(box);
  await findProductList();
});

test('the search landmark is a form for the server: the box as q, with the other choices', async () => {
  renderShop('/shop?category=Grains&sort=price_asc&q=rice');
  const form = screen.getByRole('search');
  await findProductList();
  expect(form.tagName).toBe('FORM');
  expect(form).toHaveAttribute('method', 'get');
  // What the form would send: the box's text as q, the category and order as they are.
  const fields = [...(form as HTMLFormElement).elements].filter(
    (field): field is HTMLInputElement => field instanceof HTMLInputElement && field.name !== '',
  );
  const sent = new URLSearchParams(fields.map((field) => [field.name, field.value]));
  expect(sent.toString()).toBe('category=Grains&sort=price_asc&q=rice');
});

test('typing fast asks the server once, after the pause, and the address follows (replacing)', async () => {
  const requests = recordRequests();
  const { router, user } = renderShop();
  await findProductList();

  await user.type(screen.getByRole('combobox', { name: 'Search products' }), 'rice');
  // Nothing is asked while the shopper is still typing.
  expect(productSearches(requests)).toEqual(['']);

  expect(
    await screen.findByRole('heading', { name: 'Results for “rice”' }, AFTER_PAUSE),
  ).toBeInTheDocument();
  const list = await screen.findByRole('list', { name: 'Products matching “rice”' }, AFTER_PAUSE);
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  expect(within(list).getByRole('link', { name: 'Ofada Rice (5 kg)' })).toBeInTheDocument();
  expect(productSearches(requests)).toEqual(['', 'rice']);
  expect(router.state.location.search).toBe('?q=rice');
  expect(router.state.historyAction).toBe('REPLACE');
});

test('a search in the address is searched at once and kept in the box (a shared link, a reload)', async () => {
  const requests = recordRequests();
  renderShop('/shop?q=palm');
  expect(screen.getByRole('combobox', { name: 'Search products' })).toHaveValue('palm');
  const list = await screen.findByRole('list', { name: 'Products matching “palm”' }, AFTER_PAUSE);
  expect(within(list).getByRole('link', { name: 'Red Palm Oil (1 litre)' })).toBeInTheDocument();
  // A shared search does not download the whole catalogue too.
  expect(productSearches(requests)).toEqual(['palm']);
});

test('emptying the box shows every product again, from the cache, and clears the address', async () => {
  const requests = recordRequests();
  const { router, user } = renderShop();
  await findProductList();
  const box = screen.getByRole('combobox', { name: 'Search products' });
  await user.type(box, 'beans');
  await screen.findByRole('list', { name: 'Products matching “beans”' }, AFTER_PAUSE);

  await user.clear(box);
  const list = await screen.findByRole('list', { name: 'Products' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(fixtureProducts.length);
  expect(router.state.location.search).toBe('');
  expect(productSearches(requests)).toEqual(['', 'beans']);
});

test('no results: says so, and Clear search brings every product back with focus in the box', async () => {
  const { router, user } = renderShop();
  await findProductList();
  const box = screen.getByRole('combobox', { name: 'Search products' });
  await user.type(box, 'caviar');

  expect(
    await screen.findByText('No products match “caviar”', {}, AFTER_PAUSE),
  ).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Showing 0 products');
  await user.click(screen.getByRole('button', { name: 'Clear search' }));

  const list = await findProductList();
  expect(within(list).getAllByRole('listitem')).toHaveLength(fixtureProducts.length);
  expect(box).toHaveValue('');
  expect(box).toHaveFocus();
  expect(router.state.location.search).toBe('');
});

test('an empty catalogue says the shelves are empty, not that a search found nothing', async () => {
  mockDb.products = [];
  renderShop();

  expect(await screen.findByText('No products on the shelves yet')).toBeInTheDocument();
  expect(screen.getByText('Showing 0 products')).toBeInTheDocument();
  expect(screen.queryByText(/No products match/)).toBeNull();
  expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
});

test('a search link opened cold, then cleared, shows the loading text until every product arrives', async () => {
  // The whole catalogue answers only when the test lets it (then the usual handler answers).
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.get(apiUrl('/get-all-products'), async ({ request }) => {
      if (!new URL(request.url).searchParams.get('q')) await released;
    }),
  );
  const { user } = renderShop('/shop?q=caviar');
  await screen.findByText('No products match “caviar”', {}, AFTER_PAUSE);

  await user.click(screen.getByRole('button', { name: 'Clear search' }));

  // Never an empty grid under 'Searching…' while the whole catalogue downloads.
  expect(await screen.findByText('Products are loading...')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Products' })).toBeNull();
  release();
  const list = await findProductList();
  expect(within(list).getAllByRole('listitem')).toHaveLength(fixtureProducts.length);
});

test('a repeated search is answered from the cache, with no new request', async () => {
  const requests = recordRequests();
  const { user } = renderShop();
  await findProductList();
  const box = screen.getByRole('combobox', { name: 'Search products' });

  await user.type(box, 'oil');
  await screen.findByRole('list', { name: 'Products matching “oil”' }, AFTER_PAUSE);
  await user.clear(box);
  await screen.findByRole('list', { name: 'Products' });
  await user.type(box, 'oil');
  // Shown as soon as the pause is over: no request, no loading.
  const list = await screen.findByRole('list', { name: 'Products matching “oil”' }, AFTER_PAUSE);
  expect(within(list).getByRole('link', { name: 'Red Palm Oil (1 litre)' })).toBeInTheDocument();

  expect(productSearches(requests)).toEqual(['', 'oil']);
});

test('Enter searches without waiting for the pause', async () => {
  const requests = recordRequests();
  const { router, user } = renderShop();
  await findProductList();
  await user.type(screen.getByRole('combobox', { name: 'Search products' }), 'garri{Enter}');
  // Asked at once: the address already holds the search.
  expect(router.state.location.search).toBe('?q=garri');
  await screen.findByRole('list', { name: 'Products matching “garri”' }, AFTER_PAUSE);
  expect(productSearches(requests)).toEqual(['', 'garri']);
});

test('the address changed by a link puts its search in the box', async () => {
  const { router } = renderShop('/shop?q=yam');
  await screen.findByRole('list', { name: 'Products matching “yam”' }, AFTER_PAUSE);
  await act(() => router.navigate('/shop'));
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: 'Search products' })).toHaveValue(''),
  );
  await findProductList();
});

test('a failed catalogue load shows the spec’s words and can be tried again', async () => {
  let fail = true;
  server.use(
    http.get(apiUrl('/get-all-products'), () =>
      fail ? HttpResponse.json({ detail: 'Catalogue unavailable' }, { status: 503 }) : undefined,
    ),
  );
  const { user } = renderShop();
  expect(await screen.findByRole('alert')).toHaveTextContent('Error: Catalogue unavailable');
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  const list = await findProductList();
  expect(within(list).getAllByRole('listitem')).toHaveLength(fixtureProducts.length);
});

test('with no answer from the server it says so', async () => {
  server.use(http.get(apiUrl('/get-all-products'), () => HttpResponse.error()));
  renderShop();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'No response from server. Please try again later.',
  );
});

test('opening a product from its name remembers it and goes to its page by slug', async () => {
  const { router, store, user } = renderShop();
  const list = await findProductList();
  await user.click(within(list).getByRole('link', { name: 'Puna Yam (1 large tuber)' }));
  expect(await screen.findByText('Product page')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/detail/product-details');
  expect(router.state.location.search).toBe('?slug=puna-yam-tuber');
  expect(store.getState().session).toMatchObject({ productID: '5', productSlug: 'puna-yam-tuber' });
});

test('every product name is listed', async () => {
  renderShop();
  const list = await findProductList();
  // Cards below the first two rows draw their content a row a frame.
  await waitFor(() =>
    expect(
      within(list)
        .getAllByRole('listitem')
        .filter((item) => item.getAttribute('aria-busy') === 'true'),
    ).toHaveLength(0),
  );
  expect(
    within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent),
  ).toEqual(allNames);
});

test('a search differing only in case and spaces is the same search, from the cache', async () => {
  const requests = recordRequests();
  const { user } = renderShop();
  await findProductList();
  const box = screen.getByRole('combobox', { name: 'Search products' });
  await user.type(box, 'palm oil');
  await screen.findByRole('list', { name: 'Products matching “palm oil”' }, AFTER_PAUSE);
  await user.clear(box);
  await user.type(box, 'Palm  OIL');
  // (Accessible names collapse runs of spaces.)
  const list = await screen.findByRole(
    'list',
    { name: 'Products matching “Palm OIL”' },
    AFTER_PAUSE,
  );
  expect(within(list).getByRole('link', { name: 'Red Palm Oil (1 litre)' })).toBeInTheDocument();
  expect(productSearches(requests)).toEqual(['', 'palm oil']);
});

// ---------------------------------------------------------------- categories, filters, sort

/** The names in the product list, in order. */
function listedNames(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
}

function productList() {
  return screen.getByRole('list', { name: /products/i });
}

async function openFilters(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Filters/ }));
  return screen.findByRole('dialog', { name: 'Filters and sort' });
}

test('a category chip shows that category and puts it in the address; Back restores', async () => {
  const requests = recordRequests();
  const { router, user } = renderShop();
  await findProductList();
  const spices = await screen.findByRole('button', { name: /^Spices/ });
  const all = screen.getByRole('button', { name: /^All/ });
  expect(all).toHaveAttribute('aria-pressed', 'true');

  await user.click(spices);

  await screen.findByRole('heading', { name: 'Spices', level: 2 });
  const spicesOnly = fixtureProducts.filter((p) => p.category === 'Spices');
  await waitFor(() => expect(listedNames(productList())).toEqual(spicesOnly.map((p) => p.name)));
  expect(screen.getByRole('button', { name: /^Spices/ })).toHaveAttribute('aria-pressed', 'true');
  expect(router.state.location.search).toBe('?category=Spices');
  expect(router.state.historyAction).toBe('PUSH');
  expect(requests.some((r) => r.url.searchParams.get('category') === 'Spices')).toBe(true);

  await act(() => router.navigate(-1));
  await screen.findByRole('heading', { name: 'All products', level: 2 });
  await waitFor(() => expect(listedNames(productList())).toEqual(allNames));
  expect(screen.getByRole('button', { name: /^All/ })).toHaveAttribute('aria-pressed', 'true');
});

test('the category chips show each category’s count, All first', async () => {
  renderShop();
  const chips = within(await screen.findByRole('navigation', { name: 'Categories' }));
  const spices = fixtureProducts.filter((p) => p.category === 'Spices').length;
  expect(await chips.findByRole('button', { name: `Spices ${spices}` })).toBeInTheDocument();
  expect(chips.getAllByRole('button')[0]).toHaveAccessibleName(`All ${fixtureProducts.length}`);
});

test('a sort choice reorders the list and is kept in the address', async () => {
  const { router, user } = renderShop();
  await findProductList();
  const sheet = await openFilters(user);
  // Best match is only for a search.
  expect(within(sheet).queryByRole('radio', { name: 'Best match' })).toBeNull();

  await user.click(within(sheet).getByRole('radio', { name: 'Price: low to high' }));
  expect(router.state.location.search).toBe('?sort=price_asc');
  await user.click(within(sheet).getByRole('button', { name: 'Done' }));

  const byPrice = [...fixtureProducts]
    .sort((a, b) => unitPrice(a) - unitPrice(b) || a.id - b.id)
    .map((p) => p.name);
  await waitFor(() => expect(listedNames(productList())).toEqual(byPrice));

  await act(() => router.navigate(-1));
  await waitFor(() => expect(listedNames(productList())).toEqual(allNames));
});

test('filters count on the Filters button, and Clear filters brings every product back', async () => {
  const { router, user } = renderShop();
  await findProductList();
  const sheet = await openFilters(user);
  await user.click(within(sheet).getByRole('checkbox', { name: 'Discounted' }));
  await user.click(within(sheet).getByRole('checkbox', { name: 'In stock' }));
  expect(router.state.location.search).toBe('?discounted=true&in_stock=true');
  await user.click(within(sheet).getByRole('button', { name: 'Done' }));

  const discounted = fixtureProducts.filter(
    (p) => (p.disc_amount ?? 0) > 0 && p.inventory_stock > 0,
  );
  await waitFor(() => expect(listedNames(productList())).toEqual(discounted.map((p) => p.name)));
  expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent('Filters (2)');

  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(router.state.location.search).toBe('');
  await waitFor(() => expect(listedNames(productList())).toEqual(allNames));
  expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent(/^Filters$/);
});

test('a price range the wrong way round is refused with a message and nothing changes', async () => {
  const { router, user } = renderShop();
  await findProductList();
  const sheet = await openFilters(user);
  await user.type(within(sheet).getByRole('textbox', { name: 'Lowest' }), '5000');
  await user.type(within(sheet).getByRole('textbox', { name: 'Highest' }), '100');
  await user.click(within(sheet).getByRole('button', { name: 'Apply price' }));
  expect(within(sheet).getByRole('alert')).toHaveTextContent(
    'The lowest price must not be above the highest price.',
  );
  expect(router.state.location.search).toBe('');

  await user.clear(within(sheet).getByRole('textbox', { name: 'Highest' }));
  await user.type(within(sheet).getByRole('textbox', { name: 'Highest' }), '50000');
  await user.type(within(sheet).getByRole('textbox', { name: 'Highest' }), '{Enter}');
  expect(router.state.location.search).toBe('?min_price=5000&max_price=50000');
});

test('bad values in a shared link fall back to no choice instead of failing', async () => {
  const requests = recordRequests();
  renderShop('/shop?sort=cheapest&min_price=abc&max_price=-5&in_stock=maybe&category=');
  await waitFor(() => expect(listedNames(productList())).toEqual(allNames));
  expect(screen.queryByRole('alert')).toBeNull();
  const asked = requests.find((r) => r.url.pathname.endsWith('/get-all-products'));
  expect([...(asked?.url.searchParams.keys() ?? [])].sort()).toEqual(['limit', 'offset']);
});

test('relevance in a link without a search falls back to the catalogue’s order', async () => {
  const requests = recordRequests();
  renderShop('/shop?sort=relevance');
  await findProductList();
  expect(requests[0]?.url.searchParams.get('sort')).toBeNull();
});

test('a category and a filter matching nothing say so and offer to clear them', async () => {
  const { router, user } = renderShop('/shop?category=Spices&min_price=99999999');
  expect(await screen.findByText('No products match these filters')).toBeInTheDocument();
  await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
  await findProductList();
  expect(router.state.location.search).toBe('');
});

// ---------------------------------------------------------------- search suggestions

test('names are suggested after a short pause, and choosing one opens that product', async () => {
  const requests = recordRequests();
  const suggestionRequests = () =>
    requests.filter((r) => r.url.pathname.endsWith('/search-suggestions'));
  const { router, user } = renderShop();
  await findProductList();
  const box = screen.getByRole('combobox', { name: 'Search products' });

  await user.type(box, 'ric');
  // Typing fast asks nothing yet.
  expect(suggestionRequests()).toHaveLength(0);
  const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
  expect(suggestionRequests().map((r) => r.url.searchParams.get('q'))).toEqual(['ric']);
  expect(box).toHaveAttribute('aria-expanded', 'true');
  const option = within(listbox).getByRole('option', { name: 'Ofada Rice (5 kg)' });

  await user.keyboard('{ArrowDown}');
  expect(box).toHaveAttribute('aria-activedescendant', option.id);
  expect(option).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{Enter}');

  expect(await screen.findByText('Product page')).toBeInTheDocument();
  expect(router.state.location.search).toBe('?slug=ofada-rice-5kg');
});

test('Escape closes the suggestions and keeps the text', async () => {
  const { user } = renderShop();
  await findProductList();
  const box = screen.getByRole('combobox', { name: 'Search products' });
  await user.type(box, 'oil');
  await screen.findByRole('listbox', { name: 'Suggestions' });
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('listbox')).toBeNull();
  expect(box).toHaveValue('oil');
});

test('a late answer for earlier typing is never shown', async () => {
  const late = deferred();
  server.use(
    http.get(apiUrl('/search-suggestions'), async ({ request }) => {
      if (new URL(request.url).searchParams.get('q') !== 'pa') return undefined;
      await late.gate;
      return HttpResponse.json({ q: 'pa', suggestions: [{ name: 'Stale answer', slug: 'stale' }] });
    }),
  );
  const { user, store } = renderShop();
  await findProductList();
  const box = screen.getByRole('combobox', { name: 'Search products' });
  await user.type(box, 'pa');
  await act(() => jest.advanceTimersByTimeAsync(250));
  await user.type(box, 'lm');

  const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
  expect(within(listbox).getByRole('option', { name: 'Red Palm Oil (1 litre)' })).toBeVisible();
  late.release();
  // The late answer is in the store: from then on it could show, and must not.
  const stale = productApi.endpoints.getSearchSuggestions.select('pa');
  await waitFor(() => expect(stale(store.getState()).data).toHaveLength(1));
  expect(screen.queryByRole('option', { name: 'Stale answer' })).toBeNull();
  expect(within(listbox).getByRole('option', { name: 'Red Palm Oil (1 litre)' })).toBeVisible();
});

test('a search with no results offers the nearest products as Did you mean links', async () => {
  const { user } = renderShop();
  await findProductList();
  await user.type(screen.getByRole('combobox', { name: 'Search products' }), 'ricee{Enter}');
  expect(await screen.findByText('No products match “ricee”', {}, AFTER_PAUSE)).toBeInTheDocument();
  const didYouMean = screen.getByRole('navigation', { name: 'Did you mean' });
  const link = within(didYouMean).getByRole('link', { name: 'Ofada Rice (5 kg)' });
  expect(link).toHaveAttribute('href', '/detail/product-details?slug=ofada-rice-5kg');
});
