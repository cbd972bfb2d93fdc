import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import type { Product } from 'contract';
import { AppProviders } from '../../app/AppProviders';
import { initialSessionState, type SessionState } from '../../state/sessionSlice';
import { makeStore, type AppStore } from '../../app/store';
import { productApi } from '../../services/productApi';
import { apiUrl, fixtureProducts, signedInSession, unitPrice } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import { notificationDb } from '../../testing/notificationHandlers';
import { deferred, recordRequests, server } from '../../testing/server';
import ProductDetailPage from './ProductDetailPage';

function fixture(slug: string): Product {
  const found = fixtureProducts.find((p) => p.slug === slug);
  if (!found) throw new Error(`no fixture ${slug}`);
  return found;
}

const garri = fixture('ijebu-garri-5kg'); // 40 in stock, ₦6,500 less ₦500
const catfish = fixture('smoked-catfish-pair'); // 10 in stock
const ofada = fixture('ofada-rice-5kg'); // out of stock

function renderDetail(
  route: string,
  session: Partial<SessionState> = signedInSession,
  prepare?: (store: AppStore) => void,
) {
  const router = createMemoryRouter(
    [
      { path: '/detail/product-details', element: <ProductDetailPage /> },
      { path: '/shop', element: <p>The shop</p> },
      { path: '/cart', element: <p>The cart</p> },
    ],
    { initialEntries: [route] },
  );
  const store = makeStore({ session: { ...initialSessionState, ...session } });
  prepare?.(store);
  const { unmount } = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, store, unmount, user: userEvent.setup() };
}

const productPath = (slug: string) => `/detail/product-details?slug=${slug}`;

function productFetches(requests: ReturnType<typeof recordRequests>): string[] {
  return requests
    .filter((r) => r.url.pathname.includes('/get-product/'))
    .map((r) => decodeURIComponent(r.url.pathname.split('/').at(-1) ?? ''));
}

test('shows Loading... until the product arrives, then all of it', async () => {
  renderDetail(productPath(garri.slug));
  expect(screen.getByText('Loading...')).toBeInTheDocument();

  expect(await screen.findByRole('heading', { level: 1, name: garri.name })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('img', { name: garri.name })).toHaveAttribute('src', garri.images);
  expect(screen.getAllByText(/Bodija Fresh Foods/).length).toBeGreaterThan(0);
  expect(screen.getByText(/₦ 6,000/)).toHaveTextContent('Price: ₦ 6,000');
  expect(screen.getByText(/₦ 6,500/)).toHaveTextContent('was ₦ 6,500');
  expect(screen.getByText('You save ₦ 500')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Rated 5 stars out of 5' })).toBeInTheDocument();
  expect(document.title).toMatch(/^Ijebu Garri/);

  const vendor = screen.getByRole('region', { name: 'Vendor information' });
  expect(within(vendor).getByText(garri.vendor.name)).toBeInTheDocument();
  expect(within(vendor).getByText(garri.vendor.address)).toBeInTheDocument();
  expect(within(vendor).getByRole('link', { name: garri.vendor.phone })).toHaveAttribute(
    'href',
    'tel:+2348030001234',
  );
  expect(within(vendor).getByText(garri.vendor.description)).toBeInTheDocument();
  const description = screen.getByRole('region', { name: 'Description' });
  expect(within(description).getByText(garri.description)).toBeInTheDocument();
});

test('the stepper stays between 1 and the stock', async () => {
  const { user } = renderDetail(productPath(catfish.slug));
  const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' });
  const minus = screen.getByRole('button', { name: 'Decrease quantity' });
  const plus = screen.getByRole('button', { name: 'Increase quantity' });

  expect(quantity).toHaveValue(1);
  expect(minus).toBeDisabled();
  await user.click(plus);
  await user.click(plus);
  expect(quantity).toHaveValue(3);
  await user.click(minus);
  expect(quantity).toHaveValue(2);

  // Typed beyond the stock (10): held to the stock, and plus stops there.
  await user.clear(quantity);
  await user.type(quantity, '25');
  expect(quantity).toHaveValue(10);
  expect(plus).toBeDisabled();
  // Typed below 1: held to 1.
  await user.clear(quantity);
  await user.type(quantity, '0');
  expect(quantity).toHaveValue(1);
  expect(minus).toBeDisabled();
  // Emptied and left: back to the last good number.
  await user.clear(quantity);
  await user.tab();
  expect(quantity).toHaveValue(1);
});

test('Buy adds the chosen quantity to the cart and opens the cart', async () => {
  const requests = recordRequests();
  const { user, router } = renderDetail(productPath(catfish.slug));
  await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
  await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
  await user.click(screen.getByRole('button', { name: 'Buy' }));

  expect(await screen.findByText('Product successfully added to cart')).toBeInTheDocument();
  expect(await screen.findByText('The cart')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/cart');
  const adds = requests.filter((r) => r.url.pathname.endsWith('/add-cart'));
  expect(await Promise.all(adds.map(async (r) => JSON.parse(await r.body) as unknown))).toEqual([
    { user_id: 7, product_id: catfish.id, quantity: 3, price_per_item: unitPrice(catfish) },
  ]);
});

test('a refused add keeps the shopper on the product page', async () => {
  server.use(
    http.post(apiUrl('/add-cart', 'cart'), () =>
      HttpResponse.json({ detail: 'Not enough stock' }, { status: 409 }),
    ),
  );
  const { user, router } = renderDetail(productPath(catfish.slug));
  await user.click(await screen.findByRole('button', { name: 'Buy' }));
  expect(await screen.findByText('Error adding product to cart')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/detail/product-details');
});

test('already in the cart: − n + shows the line, and Buy opens the cart without adding more', async () => {
  const requests = recordRequests();
  const { user, router } = renderDetail(productPath(garri.slug));
  const stepper = await screen.findByRole('group', { name: `${garri.name} in cart` });
  expect(stepper).toHaveTextContent('2 in cart');
  expect(screen.queryByRole('spinbutton', { name: 'Quantity' })).not.toBeInTheDocument();

  await user.click(within(stepper).getByRole('button', { name: `One more ${garri.name}` }));
  expect(await screen.findByText('Cart updated!')).toBeInTheDocument();
  expect(stepper).toHaveTextContent('3 in cart');

  await user.click(screen.getByRole('button', { name: 'Buy' }));
  expect(await screen.findByText('The cart')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/cart');
  expect(requests.some((r) => r.url.pathname.endsWith('/add-cart'))).toBe(false);
});

test('− at 1 on the product page takes the line out, and the quantity picker comes back', async () => {
  const palmOil = fixture('red-palm-oil-1l'); // one in the cart
  const { user } = renderDetail(productPath(palmOil.slug));
  const stepper = await screen.findByRole('group', { name: `${palmOil.name} in cart` });
  await user.click(
    within(stepper).getByRole('button', { name: `Remove ${palmOil.name} from cart` }),
  );
  expect(await screen.findByRole('spinbutton', { name: 'Quantity' })).toHaveValue(1);
  expect(await screen.findByText('Cart deleted!')).toBeInTheDocument();
  expect(mockDb.cartLines.some((line) => line.product.id === palmOil.id)).toBe(false);
});

test('the heart on the product page: pressed when saved, a second tap removes it', async () => {
  const beans = fixture('oloyin-beans-2kg'); // saved in the fixtures
  const requests = recordRequests();
  const { user } = renderDetail(productPath(beans.slug));
  const heart = await screen.findByRole('button', { name: 'Save to wishlist' });
  await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
  await user.click(heart);
  expect(await screen.findByText('Wishlisted item removed!')).toBeInTheDocument();
  await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
  expect(requests.some((r) => r.url.pathname.endsWith('/create-wishlist'))).toBe(false);
});

test('a product the shop list already holds paints at once, the description following', async () => {
  const answer = deferred();
  server.use(
    http.get(apiUrl('/get-product/:slug'), async () => {
      await answer.gate;
      return HttpResponse.json(garri);
    }),
  );
  renderDetail(productPath(garri.slug), initialSessionState, (s) =>
    s.dispatch(
      productApi.util.upsertQueryEntries([
        {
          endpointName: 'getProducts',
          arg: '',
          value: [{ ...garri, description: '' }, catfish],
        },
      ]),
    ),
  );
  // At once, with the product's own request still on its way.
  expect(screen.getByRole('heading', { level: 1, name: garri.name })).toBeInTheDocument();
  expect(screen.getByText(/₦ 6,000/)).toHaveTextContent('Price: ₦ 6,000');
  expect(screen.getByRole('img', { name: garri.name })).toHaveAttribute('src', garri.images);
  expect(screen.getByRole('button', { name: 'Buy' })).toBeEnabled();
  const description = screen.getByRole('region', { name: 'Description' });
  expect(within(description).getByText('Loading...')).toBeInTheDocument();
  expect(screen.getAllByText('Loading...')).toHaveLength(1);

  answer.release();
  expect(await within(description).findByText(garri.description)).toBeInTheDocument();
  expect(within(description).queryByText('Loading...')).not.toBeInTheDocument();
});

test('signed out, Buy says Please, log in and sends nothing', async () => {
  const requests = recordRequests();
  const { user } = renderDetail(productPath(garri.slug), initialSessionState);
  await user.click(await screen.findByRole('button', { name: 'Buy' }));
  expect(await screen.findByText('Please, log in')).toBeInTheDocument();
  expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
});

test('out of stock: says so, Buy is disabled and there is no quantity to pick', async () => {
  renderDetail(productPath(ofada.slug));
  expect(await screen.findByRole('heading', { level: 1, name: ofada.name })).toBeInTheDocument();
  expect(screen.getAllByText('Out of Stock').length).toBeGreaterThan(0);
  expect(screen.getByRole('button', { name: 'Buy' })).toBeDisabled();
  expect(screen.queryByRole('spinbutton', { name: 'Quantity' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Increase quantity' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Decrease quantity' })).not.toBeInTheDocument();
});

test('save to the wishlist from the product page', async () => {
  const { user } = renderDetail(productPath(garri.slug));
  await user.click(await screen.findByRole('button', { name: 'Save to wishlist' }));
  expect(await screen.findByText('Wishlist updated')).toBeInTheDocument();
});

test('?slug= in the address wins over the stored slug, and becomes the stored one', async () => {
  const requests = recordRequests();
  const { store } = renderDetail(productPath(catfish.slug), {
    ...signedInSession,
    productSlug: garri.slug,
    productID: String(garri.id),
  });
  expect(await screen.findByRole('heading', { level: 1, name: catfish.name })).toBeInTheDocument();
  expect(productFetches(requests)).toEqual([catfish.slug]);
  expect(store.getState().session).toMatchObject({
    productSlug: catfish.slug,
    productID: String(catfish.id),
  });
});

test('without ?slug= the stored slug is shown, and written into the address to share', async () => {
  const { router } = renderDetail('/detail/product-details', {
    ...signedInSession,
    productSlug: garri.slug,
    productID: String(garri.id),
  });
  expect(await screen.findByRole('heading', { level: 1, name: garri.name })).toBeInTheDocument();
  expect(router.state.location.search).toBe(`?slug=${garri.slug}`);
  expect(router.state.historyAction).toBe('REPLACE');
});

test('with no slug at all it leads to the shop', async () => {
  const { user, router } = renderDetail('/detail/product-details', initialSessionState);
  expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Go to the shop' }));
  expect(router.state.location.pathname).toBe('/shop');
});

test('a product the server does not know: not found, with a way to the shop', async () => {
  renderDetail(productPath('no-such-product'));
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Product not found' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/shop');
});

test('a product the owner archived says it is no longer sold, with a way to the shop', async () => {
  server.use(
    http.get(apiUrl('/get-product/:slug', 'product'), () =>
      HttpResponse.json({ detail: 'Ijebu Garri (5 kg) is no longer sold' }, { status: 404 }),
    ),
  );
  renderDetail(productPath(garri.slug));
  expect(await screen.findByText('Ijebu Garri (5 kg) is no longer sold')).toBeVisible();
  expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/shop');
});

test('a slug no product can have is not found without asking the server', async () => {
  const requests = recordRequests();
  renderDetail(productPath('<script>'));
  expect(screen.getByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
  expect(productFetches(requests)).toEqual([]);
});

test.each([
  [
    'the server’s message',
    HttpResponse.json({ detail: 'Database unavailable' }, { status: 500 }),
    'Error: Database unavailable',
  ],
  [
    'no message',
    new HttpResponse('Bad gateway', { status: 502 }),
    'Error: Unable to fetch product.',
  ],
  ['no response', HttpResponse.error(), 'No response from server. Please try again later.'],
])('a failed load with %s says so', async (_case, answer, words) => {
  server.use(http.get(apiUrl(`/get-product/${garri.slug}`), () => answer.clone()));
  renderDetail(productPath(garri.slug));
  expect(within(await screen.findByRole('alert')).getByText(words)).toBeInTheDocument();
});

test('a failure that is not an answer from the server: An error occurred.', async () => {
  // A fetch that breaks in the browser itself (no Response at all). RTK Query then keeps the
  // thrown TypeError in the store and warns that it is not serializable: expected here.
  const broken = jest.spyOn(globalThis, 'fetch').mockResolvedValue({} as Response);
  const warnings = jest.spyOn(console, 'error').mockImplementation(() => {});
  const { unmount } = renderDetail(productPath(garri.slug));
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText('An error occurred.')).toBeInTheDocument();
  unmount();
  broken.mockRestore();
  warnings.mockRestore();
});

test('a failed load can be tried again', async () => {
  let fail = true;
  server.use(
    http.get(apiUrl(`/get-product/${garri.slug}`), () =>
      fail ? HttpResponse.json({ detail: 'Database unavailable' }, { status: 500 }) : undefined,
    ),
  );
  const { user } = renderDetail(productPath(garri.slug));
  await screen.findByRole('alert');
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { level: 1, name: garri.name })).toBeInTheDocument();
});

test('a description holding HTML is shown as text, never run', async () => {
  const html = '<img src=x onerror="alert(1)"><b>Fresh</b> garri';
  const product = mockDb.products.find((p) => p.slug === garri.slug);
  if (!product) throw new Error('no garri');
  product.description = html;
  product.vendor = { ...product.vendor, description: '<i>Since 1998</i>' };

  renderDetail(productPath(garri.slug));
  const description = await screen.findByRole('region', { name: 'Description' });
  expect(within(description).getByText(html)).toBeInTheDocument();
  expect(within(description).queryByText('Fresh')).not.toBeInTheDocument();
  expect(within(description).queryByRole('img')).not.toBeInTheDocument();
  expect(screen.getByText('<i>Since 1998</i>')).toBeInTheDocument();
});

describe('Notify me on a product out of stock', () => {
  const notifyMe = `Notify me when ${ofada.name} is back in stock`;

  test('one tap asks to be told, a second tap takes it back', async () => {
    const { user } = renderDetail(productPath(ofada.slug));
    const button = await screen.findByRole('button', { name: notifyMe });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');

    await user.click(button);
    expect(
      await screen.findByText('We will tell you when it is back in stock'),
    ).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByText('We will tell you when it is back in stock.')).toBeInTheDocument();
    expect(notificationDb.stockAlerts.map((a) => a.product_id)).toEqual([ofada.id]);

    await user.click(button);
    expect(await screen.findByText('You will not be told when it is back')).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(notificationDb.stockAlerts).toEqual([]);
  });

  test('already waiting: the button shows it when the page opens', async () => {
    notificationDb.stockAlerts = [
      { product_id: ofada.id, created_at: '2026-11-20T10:00:00.000Z', notified_at: null },
    ];
    renderDetail(productPath(ofada.slug));
    expect(await screen.findByRole('button', { name: notifyMe, pressed: true })).toBeEnabled();
  });

  test('signed out, it says Please, log in and sends nothing', async () => {
    const requests = recordRequests();
    const { user } = renderDetail(productPath(ofada.slug), initialSessionState);
    await user.click(await screen.findByRole('button', { name: notifyMe }));
    expect(await screen.findByText('Please, log in')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname.includes('stock-alerts'))).toHaveLength(0);
    expect(notificationDb.stockAlerts).toEqual([]);
  });

  test('a product in stock has no Notify me', async () => {
    renderDetail(productPath(garri.slug));
    expect(await screen.findByRole('heading', { level: 1, name: garri.name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Notify me/ })).not.toBeInTheDocument();
  });
});

describe('Share on WhatsApp', () => {
  const productLink = `${window.location.origin}/detail/product-details?slug=${garri.slug}`;

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
  });

  test('without a share sheet: a WhatsApp link with the name, the price and the product link', async () => {
    renderDetail(productPath(garri.slug));
    const share = await screen.findByRole('link', { name: 'Share' });
    const href = new URL(share.getAttribute('href') ?? '');
    expect(href.origin + href.pathname).toBe('https://wa.me/');
    expect(href.searchParams.get('text')).toBe(
      `Ijebu Garri (5 kg): ₦ 6,000 at Ibadan Market\n${productLink}`,
    );
    expect(share).toHaveAttribute('target', '_blank');
  });

  test("with the phone's share sheet: it opens with the product, not WhatsApp's page", async () => {
    const shareSheet = jest.fn<Promise<void>, [ShareData]>(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: shareSheet, configurable: true });
    const { user } = renderDetail(productPath(garri.slug));
    const link = await screen.findByRole('link', { name: 'Share' });
    // Read once the click has bubbled past React's own listener (at the root).
    let followed = true;
    const seen = (event: MouseEvent) => {
      followed = !event.defaultPrevented;
    };
    document.addEventListener('click', seen);
    await user.click(link);
    document.removeEventListener('click', seen);
    expect(shareSheet).toHaveBeenCalledWith({
      title: garri.name,
      text: 'Ijebu Garri (5 kg): ₦ 6,000 at Ibadan Market',
      url: productLink,
    });
    expect(followed).toBe(false);
  });
});
