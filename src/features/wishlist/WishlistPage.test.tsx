import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import { initialSessionState, type SessionState } from '../../state/sessionSlice';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { apiUrl, signedInSession } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import { notificationDb } from '../../testing/notificationHandlers';
import { recordRequests, server } from '../../testing/server';
import { keepGuestTap, readGuestBasket } from '../../lib/keptGuestIntent';
import WishlistPage from './WishlistPage';
import { startedCalls } from '../../testing/startedCalls';

const WISHLIST_URL = apiUrl('/get-wishlists', 'wishlist');
const DELETE_URL = apiUrl('/delete-wishlist/:id', 'wishlist');

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderWishlist(session: SessionState = signedInSession) {
  return renderWithProviders(
    <Routes>
      <Route path="/profile/wishlist" element={<WishlistPage />} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { preloadedState: { session }, route: '/profile/wishlist' },
  );
}

const toasts = () => within(screen.getByRole('region', { name: /notifications/i, hidden: true }));
const savedNames = () =>
  within(screen.getByRole('list', { name: 'Saved items' }))
    .queryAllByRole('article')
    .map((card) => within(card).getAllByRole('link').at(-1)?.textContent);

/** Holds the next delete's answer until the test lets it go. */
function holdDelete(answer: () => Response) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.delete(DELETE_URL, async () => {
      await released;
      return answer();
    }),
  );
  return () => release();
}

afterEach(() => localStorage.clear());

describe('WishlistPage', () => {
  it('signed out: asks to log in, and requests nothing', async () => {
    const requests = recordRequests();
    const { store } = renderWishlist(initialSessionState);
    expect(screen.getByRole('heading', { level: 1, name: 'Saved Items' })).toBeVisible();
    expect(screen.getByText('Please, log in...')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fprofile%2Fwishlist',
    );
    // Rendering ran every effect: a call the page makes has started by now.
    expect(startedCalls(store)).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('shows Loading..., then each saved product with image, name and price or Out of Stock', async () => {
    renderWishlist();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('list', { name: 'Saved items' })).toBeVisible();
    expect(document.title).toBe('Saved Items | Ibadan Market');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(savedNames()).toEqual(['Oloyin Honey Beans (2 kg)', 'Ofada Rice (5 kg)']);

    const beans = screen.getAllByRole('article')[0];
    const ofada = screen.getAllByRole('article')[1];
    if (!beans || !ofada) throw new Error('cards missing');
    expect(within(beans).getByText(/₦ 5,800/)).toHaveTextContent('Price: ₦ 5,800');
    expect(within(beans).queryByText('Out of Stock')).not.toBeInTheDocument();
    expect(within(beans).getByRole('presentation', { hidden: true })).toHaveAttribute(
      'src',
      '/api/images/products/oloyin-beans-2kg.svg',
    );
    expect(within(ofada).getByText('Out of Stock')).toBeVisible();
    expect(within(ofada).queryByText(/₦/)).not.toBeInTheDocument();
  });

  it("'No product in your Wishlist.' when nothing is saved", async () => {
    mockDb.wishlist = [];
    renderWishlist();
    expect(await screen.findByText('No product in your Wishlist.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
  });

  it('shows why the list did not load, and tries again', async () => {
    let failing = true;
    server.use(
      http.get(WISHLIST_URL, () =>
        failing ? HttpResponse.error() : HttpResponse.json(mockDb.wishlist),
      ),
    );
    const { user } = renderWishlist();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Our server is not answering. Please try again in a moment.',
    );
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Saved items' })).toBeVisible();
  });

  it('removes at once (optimistic), before the server answers, with the spec toasts', async () => {
    const release = holdDelete(() => {
      mockDb.wishlist = mockDb.wishlist.filter((entry) => entry.id !== 201);
      return HttpResponse.json({ message: 'Item removed from your wishlist' });
    });
    const requests = recordRequests();
    const { user } = renderWishlist();
    await screen.findByRole('list', { name: 'Saved items' });
    await user.click(
      screen.getByRole('button', { name: 'Remove Oloyin Honey Beans (2 kg) from saved items' }),
    );

    await waitFor(() => expect(savedNames()).toEqual(['Ofada Rice (5 kg)']));
    expect(await toasts().findByText('Removing wishlisted item...')).toBeInTheDocument();
    // Focus moves to the next card's Remove, not lost with the removed card.
    expect(
      screen.getByRole('button', { name: 'Remove Ofada Rice (5 kg) from saved items' }),
    ).toHaveFocus();
    expect(
      requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname.split('/').at(-1)),
    ).toEqual(['201']);

    release();
    expect(await toasts().findByText('Wishlisted item removed!')).toBeInTheDocument();
    expect(savedNames()).toEqual(['Ofada Rice (5 kg)']);
  });

  it('puts the item back when the server refuses, with the failure toast', async () => {
    const release = holdDelete(() =>
      HttpResponse.json({ detail: 'Wishlist is busy' }, { status: 500 }),
    );
    const { user } = renderWishlist();
    await screen.findByRole('list', { name: 'Saved items' });
    await user.click(
      screen.getByRole('button', { name: 'Remove Ofada Rice (5 kg) from saved items' }),
    );
    await waitFor(() => expect(savedNames()).toEqual(['Oloyin Honey Beans (2 kg)']));

    release();
    expect(await toasts().findByText('Failed to remove wishlisted item')).toBeInTheDocument();
    await waitFor(() =>
      expect(savedNames()).toEqual(['Oloyin Honey Beans (2 kg)', 'Ofada Rice (5 kg)']),
    );
  });

  it('removing the last item shows the empty state and moves focus to the heading', async () => {
    mockDb.wishlist = mockDb.wishlist.slice(0, 1);
    const { user } = renderWishlist();
    await user.click(
      await screen.findByRole('button', {
        name: 'Remove Oloyin Honey Beans (2 kg) from saved items',
      }),
    );
    expect(await screen.findByText('No product in your Wishlist.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(await toasts().findByText('Wishlisted item removed!')).toBeInTheDocument();
  });

  it('a click on a product remembers it and opens its page', async () => {
    const { user, store } = renderWishlist();
    await user.click(await screen.findByRole('link', { name: 'Oloyin Honey Beans (2 kg)' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/detail/product-details?slug=oloyin-beans-2kg',
    );
    expect(store.getState().session).toMatchObject({
      productID: '4',
      productSlug: 'oloyin-beans-2kg',
    });
  });

  it('a saved item out of stock offers Notify me, which can be taken back', async () => {
    const { user } = renderWishlist();
    const list = await screen.findByRole('list', { name: 'Saved items' });
    const [beans, ofada] = within(list).getAllByRole('article');
    expect(within(beans!).queryByRole('button', { name: /Notify me/ })).not.toBeInTheDocument();
    const notifyMe = within(ofada!).getByRole('button', {
      name: 'Notify me when Ofada Rice (5 kg) is back in stock',
    });
    await waitFor(() => expect(notifyMe).toBeEnabled());

    await user.click(notifyMe);
    expect(
      await toasts().findByText('We will tell you when it is back in stock'),
    ).toBeInTheDocument();
    await waitFor(() => expect(notifyMe).toHaveAttribute('aria-pressed', 'true'));
    expect(notificationDb.stockAlerts.map((a) => a.product_id)).toEqual([2]);

    await user.click(notifyMe);
    expect(await toasts().findByText('You will not be told when it is back')).toBeInTheDocument();
    await waitFor(() => expect(notifyMe).toHaveAttribute('aria-pressed', 'false'));
    expect(notificationDb.stockAlerts).toEqual([]);
  });

  it('each saved item in stock has Add to cart, by the shop card’s cart call and toasts', async () => {
    const requests = recordRequests();
    const { user } = renderWishlist();
    const list = await screen.findByRole('list', { name: 'Saved items' });
    const [beans, ofada] = within(list).getAllByRole('article');
    expect(within(ofada!).queryByRole('button', { name: /^Add to cart/ })).not.toBeInTheDocument();

    await user.click(
      within(beans!).getByRole('button', { name: 'Add to cart: Oloyin Honey Beans (2 kg)' }),
    );

    expect(await toasts().findByText('Product successfully added to cart')).toBeInTheDocument();
    const adds = requests.filter(
      (r) => r.method === 'POST' && r.url.pathname.endsWith('/add-cart'),
    );
    expect(adds).toHaveLength(1);
    expect(JSON.parse(await adds[0]!.body)).toEqual({
      user_id: 7,
      product_id: 4,
      quantity: 1,
      price_per_item: 5800,
    });
    expect(mockDb.cartLines.find((l) => l.product.id === 4)?.quantity).toBe(1);
    // Still saved: adding to the cart takes nothing off the list.
    expect(savedNames()).toEqual(['Oloyin Honey Beans (2 kg)', 'Ofada Rice (5 kg)']);
  });

  it('Add to cart refused: the spec’s failure toast, and the item stays', async () => {
    server.use(
      http.post(apiUrl('/add-cart', 'cart'), () =>
        HttpResponse.json({ detail: 'Product is out of stock' }, { status: 400 }),
      ),
    );
    const { user } = renderWishlist();
    await screen.findByRole('list', { name: 'Saved items' });

    await user.click(
      screen.getByRole('button', { name: 'Add to cart: Oloyin Honey Beans (2 kg)' }),
    );

    expect(await toasts().findByText('Error adding product to cart')).toBeInTheDocument();
    expect(savedNames()).toEqual(['Oloyin Honey Beans (2 kg)', 'Ofada Rice (5 kg)']);
  });

  it('signed out, a kept saved item’s Add to cart keeps it in the guest’s cart too', async () => {
    keepGuestTap({ kind: 'wishlistAdd', product: { id: 4, name: 'Oloyin Honey Beans (2 kg)' } });
    const requests = recordRequests();
    const { user } = renderWishlist(initialSessionState);

    await user.click(
      await screen.findByRole('button', { name: 'Add to cart: Oloyin Honey Beans (2 kg)' }),
    );

    expect(await toasts().findByText('Kept in your cart: log in to pay.')).toBeInTheDocument();
    await waitFor(() =>
      expect(readGuestBasket()?.cart).toEqual([
        expect.objectContaining({ productId: 4, quantity: 1 }),
      ]),
    );
    expect(requests).toEqual([]);
  });
});
