import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import Button from '@mui/material/Button';
import type { Product } from 'contract';
import { http, HttpResponse } from 'msw';
import { useAddToCart } from '../components/product/useAddToCart';
import CartPage from '../features/cart/cart/CartPage';
import { GUEST_BASKET_KEY } from '../lib/guestIntent';
import { keepGuestTap } from '../lib/keptGuestIntent';
import { paths } from '../lib/paths';
import { fixtureProducts, signedInSession } from '../testing/fixtures';
import { mockDb } from '../testing/handlers';
import { recordRequests, server } from '../testing/server';
import { renderWithProviders } from '../testing/renderWithProviders';
import ReconnectSender from './ReconnectSender';

const BEANS = fixtureProducts.find((p) => p.id === 4) as Product;

function AddBeans() {
  const { addToCart } = useAddToCart();
  return <Button onClick={() => void addToCart(BEANS, 2)}>Add to cart</Button>;
}

/** A signed-in shopper on the cart page, with a product card's Add to cart beside it. */
function renderSignedIn() {
  return renderWithProviders(
    <>
      <ReconnectSender />
      <AddBeans />
      <Routes>
        <Route path={paths.cart} element={<CartPage />} />
      </Routes>
    </>,
    { route: paths.cart, preloadedState: { session: signedInSession } },
  );
}

let online = true;

beforeEach(() => {
  online = true;
  jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

function connection(to: 'offline' | 'online') {
  online = to === 'online';
  act(() => {
    window.dispatchEvent(new Event(to));
  });
}

const toasts = () => within(screen.getByRole('region', { name: /notifications/i, hidden: true }));
const cartCalls = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter(
    (r) =>
      r.method === 'POST' &&
      (r.url.pathname.endsWith('/add-cart') || r.url.pathname.endsWith('/cart/merge')),
  );
const cartLine = (name: string) =>
  within(screen.getByRole('list', { name: 'Cart items' })).queryByRole('heading', { name });
const inCart = (product: Product) =>
  mockDb.cartLines.find((l) => l.product.id === product.id)?.quantity;
const KEPT = `You are offline: ${BEANS.name} will be added to your cart when you are back online.`;

describe('a signed-in Add to cart made offline', () => {
  test('is kept, said so, and sent when the connection returns; the cart then shows it', async () => {
    const { user } = renderSignedIn();
    await screen.findByRole('list', { name: 'Cart items' });
    expect(cartLine(BEANS.name)).toBeNull();
    const requests = recordRequests();

    connection('offline');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(await toasts().findByText(KEPT)).toBeInTheDocument();
    expect(toasts().queryByText('Error adding product to cart')).toBeNull();
    expect(cartCalls(requests)).toHaveLength(0);
    await waitFor(() => expect(localStorage.getItem(GUEST_BASKET_KEY)).not.toBeNull());

    connection('online');

    expect(await toasts().findByText(`Added to your cart: ${BEANS.name}`)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: BEANS.name })).toBeInTheDocument();
    expect(inCart(BEANS)).toBe(2);
    const sent = cartCalls(requests);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(await sent[0]!.body)).toMatchObject({
      lines: [{ product_id: BEANS.id, quantity: 2 }],
    });
    await waitFor(() => expect(localStorage.getItem(GUEST_BASKET_KEY)).toBeNull());
  });

  test('the server not answering when the connection returns: still kept, and said so', async () => {
    server.use(http.post('*/cart/merge', () => HttpResponse.error()));
    const { user } = renderSignedIn();
    await screen.findByRole('list', { name: 'Cart items' });

    connection('offline');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await toasts().findByText(KEPT);
    connection('online');

    expect(
      await toasts().findByText(/could not be sent: .*It is still kept and will be sent/),
    ).toBeInTheDocument();
    const kept = JSON.parse(localStorage.getItem(GUEST_BASKET_KEY) ?? '{}') as {
      cart: { productId: number; quantity: number }[];
    };
    expect(kept.cart).toEqual([expect.objectContaining({ productId: BEANS.id, quantity: 2 })]);
    expect(inCart(BEANS)).toBeUndefined();
  });

  test('kept in an earlier visit: sent when the shop opens online', async () => {
    keepGuestTap({ kind: 'cartAdd', product: BEANS, quantity: 1 });

    renderSignedIn();

    expect(await toasts().findByText(`Added to your cart: ${BEANS.name}`)).toBeInTheDocument();
    await waitFor(() => expect(inCart(BEANS)).toBe(1));
  });

  test('online, Add to cart is sent at once, as before', async () => {
    const { user } = renderSignedIn();
    await screen.findByRole('list', { name: 'Cart items' });

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(await toasts().findByText('Product successfully added to cart')).toBeInTheDocument();
    expect(inCart(BEANS)).toBe(2);
    expect(localStorage.getItem(GUEST_BASKET_KEY)).toBeNull();
  });
});
