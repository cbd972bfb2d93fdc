import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import Button from '@mui/material/Button';
import type { Product } from 'contract';
import { useAddToCart } from '../components/product/useAddToCart';
import { useAddToWishlist } from '../components/product/useAddToWishlist';
import LoginPage from '../features/auth/LoginPage';
import { http, HttpResponse } from 'msw';
import { GUEST_BASKET_KEY } from '../lib/guestIntent';
import { GUEST_BASKET_TTL_MS, keepGuestTap, setGuestReturn } from '../lib/keptGuestIntent';
import { paths } from '../lib/paths';
import { usersApi } from '../services/usersApi';
import { loggedOut } from '../state/sessionSlice';
import { fixtureCredentials, fixtureProducts } from '../testing/fixtures';
import { mockDb } from '../testing/handlers';
import { recordRequests, server } from '../testing/server';
import { renderWithProviders } from '../testing/renderWithProviders';

const BEANS = fixtureProducts.find((p) => p.id === 4) as Product;
const EGUSI = fixtureProducts.find((p) => p.id === 9) as Product;
const PALM_OIL = fixtureProducts.find((p) => p.id === 3) as Product;

/** Where the router is now. */
function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** A product page's three taps, as the shop and the product page make them. */
function Taps() {
  const { addToCart } = useAddToCart();
  const { addToWishlist } = useAddToWishlist();
  return (
    <>
      <WhereAmI />
      <Button onClick={() => void addToCart(BEANS, 2)}>Add to cart</Button>
      <Button onClick={() => void addToWishlist(EGUSI)}>Save</Button>
      <Button onClick={() => void addToCart(PALM_OIL, 3, { buying: true })}>Buy</Button>
    </>
  );
}

function renderShop(route = '/shop?q=beans') {
  return renderWithProviders(
    <Routes>
      <Route path={paths.login} element={<LoginPage />} />
      <Route path={paths.cart} element={<WhereAmI />} />
      <Route path="*" element={<Taps />} />
    </Routes>,
    { route },
  );
}

type User = ReturnType<typeof renderShop>['user'];

const toasts = () => within(screen.getByRole('region', { name: /notifications/i, hidden: true }));
const location = () => screen.getByTestId('location').textContent;
const callsTo = (requests: ReturnType<typeof recordRequests>, path: string) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname.endsWith(path));
const inCart = (product: Product) =>
  mockDb.cartLines.find((l) => l.product.id === product.id)?.quantity;
const saved = (product: Product) => mockDb.wishlist.some((e) => e.product.id === product.id);

async function logInFromToast(user: User) {
  await user.click(await toasts().findByRole('button', { name: 'Log in' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await logIn(user);
}

async function logIn(user: User) {
  await user.click(screen.getByLabelText(/email or phone number/i));
  await user.paste(fixtureCredentials.username);
  await user.click(screen.getByLabelText(/^password/i));
  await user.paste(fixtureCredentials.password);
  await user.click(
    within(screen.getByRole('form', { name: 'Log in' })).getByRole('button', { name: 'Log in' }),
  );
}

beforeAll(() => {
  // sonner captures the pointer on a toast's buttons; jsdom has no pointer capture.
  const element: Partial<HTMLElement> = HTMLElement.prototype;
  element.setPointerCapture ??= () => {};
});

afterEach(() => localStorage.clear());

describe("a guest's taps, every one kept until log in", () => {
  test('add, heart and buy: all three join the account at log in, and the shopper is told', async () => {
    const { user, store } = renderShop();
    const requests = recordRequests();

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await toasts().findByText('Kept in your cart: log in to pay.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(callsTo(requests, '/add-cart')).toHaveLength(0);
    expect(callsTo(requests, '/wishlist')).toHaveLength(0);

    await user.click(await toasts().findByRole('button', { name: 'Log in' }));
    expect(
      await screen.findByText(
        `Log in to add ${PALM_OIL.name} and ${BEANS.name} to your cart and save ${EGUSI.name}.`,
      ),
    ).toBeVisible();
    await logIn(user);

    // Buy was the last tap: on to the cart to pay.
    await waitFor(() => expect(location()).toBe(paths.cart));
    expect(
      await toasts().findByText(`Added to your cart: ${BEANS.name} and ${PALM_OIL.name}`),
    ).toBeInTheDocument();
    expect(inCart(BEANS)).toBe(2);
    expect(inCart(PALM_OIL)).toBe(1 + 3);
    await waitFor(() => expect(saved(EGUSI)).toBe(true));
    const merges = callsTo(requests, '/cart/merge');
    expect(merges).toHaveLength(1);
    expect(JSON.parse(await merges[0]!.body)).toMatchObject({
      lines: [
        { product_id: BEANS.id, quantity: 2 },
        { product_id: PALM_OIL.id, quantity: 3 },
      ],
    });
    expect(store.getState().session.authToken).not.toBeNull();
    await waitFor(() => expect(localStorage.getItem(GUEST_BASKET_KEY)).toBeNull());
  });

  test('a tap whose toast was left alone is still kept and joins at the next log in', async () => {
    const { user, store } = renderShop();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(localStorage.getItem(GUEST_BASKET_KEY)).not.toBeNull();

    await store.dispatch(usersApi.endpoints.login.initiate(fixtureCredentials)).unwrap();

    await waitFor(() => expect(inCart(BEANS)).toBe(4));
  });

  test('merged once: a second log in adds nothing', async () => {
    const { user, store } = renderShop();
    const requests = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await logInFromToast(user);
    await waitFor(() => expect(inCart(BEANS)).toBe(2));
    await waitFor(() => expect(localStorage.getItem(GUEST_BASKET_KEY)).toBeNull());

    act(() => {
      store.dispatch(loggedOut());
    });
    await store.dispatch(usersApi.endpoints.login.initiate(fixtureCredentials)).unwrap();

    expect(callsTo(requests, '/cart/merge')).toHaveLength(1);
    expect(inCart(BEANS)).toBe(2);
  });

  test('less stock than asked: the shopper is told in words what was added', async () => {
    const { user } = renderShop();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const beans = mockDb.products.find((p) => p.id === BEANS.id);
    if (beans) beans.inventory_stock = 1;

    await logInFromToast(user);

    expect(await toasts().findByText(`${BEANS.name}: only 1 left, 1 added`)).toBeInTheDocument();
    expect(inCart(BEANS)).toBe(1);
  });

  test('out of stock meanwhile: said so, nothing added', async () => {
    const { user } = renderShop();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const beans = mockDb.products.find((p) => p.id === BEANS.id);
    if (beans) beans.inventory_stock = 0;

    await logInFromToast(user);

    expect(await toasts().findByText(`${BEANS.name}: out of stock, not added`)).toBeInTheDocument();
    expect(inCart(BEANS)).toBeUndefined();
  });

  test('no connection for the merge: the cart stays kept, with the same merge id, and says so', async () => {
    server.use(http.post('*/cart/merge', () => HttpResponse.error()));
    const { user } = renderShop();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const before = JSON.parse(localStorage.getItem(GUEST_BASKET_KEY) ?? '{}') as {
      mergeId: string;
    };

    await logInFromToast(user);

    expect(
      await toasts().findByText(/still kept and will be added when you are next online/),
    ).toBeInTheDocument();
    const after = JSON.parse(localStorage.getItem(GUEST_BASKET_KEY) ?? '{}') as {
      mergeId: string;
      cart: unknown[];
    };
    expect(after.mergeId).toBe(before.mergeId);
    expect(after.cart).toHaveLength(1);
  });

  test('five taps show one toast, and add up in the kept cart', async () => {
    const { user } = renderShop();

    for (let i = 0; i < 5; i += 1)
      await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(await toasts().findByText('Please, log in')).toBeInTheDocument();
    expect(toasts().getAllByText('Please, log in')).toHaveLength(1);
    const kept = JSON.parse(localStorage.getItem(GUEST_BASKET_KEY) ?? '{}') as {
      cart: { quantity: number }[];
    };
    expect(kept.cart).toEqual([expect.objectContaining({ quantity: 10 })]);
  });

  test('after sign-up the login page has no return address: the tap brings the shopper back', async () => {
    const { user } = renderShop('/auth/login');
    keepGuestTap({ kind: 'wishlistAdd', product: EGUSI });
    setGuestReturn('/shop?q=egusi');

    await logIn(user);

    await waitFor(() => expect(location()).toBe('/shop?q=egusi'));
    expect(await toasts().findByText(`Saved to your wishlist: ${EGUSI.name}`)).toBeInTheDocument();
  });

  test('a basket from long ago is not merged, and the shopper goes to the shop as usual', async () => {
    const { user } = renderShop('/auth/login');
    const requests = recordRequests();
    keepGuestTap(
      { kind: 'cartAdd', product: BEANS, quantity: 1 },
      Date.now() - GUEST_BASKET_TTL_MS - 1000,
    );

    await logIn(user);

    await waitFor(() => expect(location()).toBe(paths.root));
    expect(await toasts().findByText('Login successful!')).toBeInTheDocument();
    expect(callsTo(requests, '/cart/merge')).toHaveLength(0);
    await waitFor(() => expect(localStorage.getItem(GUEST_BASKET_KEY)).toBeNull());
  });
});
