import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import Button from '@mui/material/Button';
import type { Product } from 'contract';
import { ERROR_DETAILS } from 'contract/details';
import { useAddToCart } from '../components/product/useAddToCart';
import { useAddToWishlist } from '../components/product/useAddToWishlist';
import LoginPage from '../features/auth/LoginPage';
import { GUEST_INTENT_KEY, GUEST_INTENT_TTL_MS, saveGuestIntent } from '../lib/guestIntent';
import { paths } from '../lib/paths';
import { usersApi } from '../services/usersApi';
import { loggedOut, syncedFromStorage } from '../state/sessionSlice';
import { fixtureCredentials, fixtureProducts, signedInSession } from '../testing/fixtures';
import { mockDb } from '../testing/handlers';
import { recordRequests } from '../testing/server';
import { renderWithProviders } from '../testing/renderWithProviders';

const BEANS = fixtureProducts.find((p) => p.id === 4) as Product;
const EGUSI = fixtureProducts.find((p) => p.id === 9) as Product;

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
      <Button onClick={() => void addToCart(BEANS, 1, { buying: true })}>Buy</Button>
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
const addCartCalls = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/add-cart'));
const beansInCart = () => mockDb.cartLines.find((l) => l.product.id === BEANS.id)?.quantity;

async function logInFromToast(user: User) {
  await user.click(await toasts().findByRole('button', { name: 'Log in' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await logIn(user);
}

async function logIn(user: User) {
  await user.click(screen.getByLabelText(/email address/i));
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

afterEach(() => sessionStorage.clear());

describe("a guest's tap kept through log in", () => {
  test("Add to cart: 'Log in' in the toast, log in, back on the same page with the item in the cart", async () => {
    const { user, store } = renderShop();
    const requests = recordRequests();
    expect(beansInCart()).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await toasts().findByText('Please, log in')).toBeInTheDocument();
    expect(addCartCalls(requests)).toHaveLength(0);
    await logInFromToast(user);

    await waitFor(() => expect(location()).toBe('/shop?q=beans'));
    expect(await toasts().findByText('Product successfully added to cart')).toBeInTheDocument();
    expect(beansInCart()).toBe(2);
    expect(addCartCalls(requests)).toHaveLength(1);
    expect(JSON.parse(await addCartCalls(requests)[0]!.body)).toMatchObject({
      user_id: Number(signedInSession.userID),
      product_id: BEANS.id,
      quantity: 2,
    });
    expect(store.getState().session.authToken).not.toBeNull();
    expect(sessionStorage.getItem(GUEST_INTENT_KEY)).toBeNull();
  });

  test('the heart: saved to the wishlist after log in', async () => {
    const { user } = renderShop('/detail/egusi');
    expect(mockDb.wishlist.some((e) => e.product.id === EGUSI.id)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await logInFromToast(user);

    await waitFor(() => expect(location()).toBe('/detail/egusi'));
    expect(await toasts().findByText('Wishlist updated')).toBeInTheDocument();
    expect(mockDb.wishlist.some((e) => e.product.id === EGUSI.id)).toBe(true);
  });

  test('Buy: into the cart, then on to the cart to pay', async () => {
    const { user } = renderShop('/detail/beans');

    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await logInFromToast(user);

    await waitFor(() => expect(location()).toBe(paths.cart));
    await waitFor(() => expect(beansInCart()).toBe(1));
  });

  test('is carried out once: a second log in in the tab adds nothing', async () => {
    const { user, store } = renderShop();
    const requests = recordRequests();

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await logInFromToast(user);
    await waitFor(() => expect(beansInCart()).toBe(2));

    act(() => {
      store.dispatch(loggedOut());
    });
    await store.dispatch(usersApi.endpoints.login.initiate(fixtureCredentials)).unwrap();

    expect(addCartCalls(requests)).toHaveLength(1);
    expect(beansInCart()).toBe(2);
  });

  test('a toast left alone keeps nothing: a later log in adds nothing', async () => {
    const { user, store } = renderShop();
    const requests = recordRequests();

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await toasts().findByText('Please, log in')).toBeInTheDocument();
    expect(sessionStorage.getItem(GUEST_INTENT_KEY)).toBeNull();
    await store.dispatch(usersApi.endpoints.login.initiate(fixtureCredentials)).unwrap();

    expect(addCartCalls(requests)).toHaveLength(0);
  });

  test('five taps show one toast', async () => {
    const { user } = renderShop();

    for (let i = 0; i < 5; i += 1)
      await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(await toasts().findByText('Please, log in')).toBeInTheDocument();
    expect(toasts().getAllByText('Please, log in')).toHaveLength(1);
  });

  test('after sign-up the login page has no return address: the tap brings the shopper back', async () => {
    const { user } = renderShop('/auth/login');
    saveGuestIntent({ kind: 'wishlistAdd', productId: EGUSI.id }, '/shop?q=egusi');

    await logIn(user);

    await waitFor(() => expect(location()).toBe('/shop?q=egusi'));
    expect(await toasts().findByText('Wishlist updated')).toBeInTheDocument();
  });

  test('an expired tap is not carried out, and the shopper goes to the shop as usual', async () => {
    const { user } = renderShop('/auth/login');
    const requests = recordRequests();
    saveGuestIntent(
      { kind: 'cartAdd', productId: BEANS.id, quantity: 1, pricePerItem: 5000 },
      '/detail/beans',
      Date.now() - GUEST_INTENT_TTL_MS - 1000,
    );

    await logIn(user);

    await waitFor(() => expect(location()).toBe(paths.root));
    expect(await toasts().findByText('Login successful!')).toBeInTheDocument();
    expect(addCartCalls(requests)).toHaveLength(0);
    expect(sessionStorage.getItem(GUEST_INTENT_KEY)).toBeNull();
  });

  test('refused meanwhile (out of stock): the toast says so in the server words', async () => {
    const { user } = renderShop();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const beans = mockDb.products.find((p) => p.id === BEANS.id);
    if (beans) beans.inventory_stock = 0;

    await logInFromToast(user);

    expect(await toasts().findByText('Error adding product to cart')).toBeInTheDocument();
    expect(toasts().getByText(ERROR_DETAILS.outOfStock)).toBeInTheDocument();
    expect(beansInCart()).toBeUndefined();
  });

  test("another tab's log in signs this tab in without a log in here: the tap is dropped", async () => {
    const { user, store } = renderShop();
    const requests = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await user.click(await toasts().findByRole('button', { name: 'Log in' }));
    expect(sessionStorage.getItem(GUEST_INTENT_KEY)).not.toBeNull();

    act(() => {
      store.dispatch(syncedFromStorage({ ...store.getState().session, ...signedInSession }));
    });
    act(() => {
      store.dispatch(loggedOut());
    });
    await store.dispatch(usersApi.endpoints.login.initiate(fixtureCredentials)).unwrap();

    expect(sessionStorage.getItem(GUEST_INTENT_KEY)).toBeNull();
    expect(addCartCalls(requests)).toHaveLength(0);
  });
});
