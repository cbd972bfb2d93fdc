import { act, screen, waitFor, within } from '@testing-library/react';
import { signedInSession } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import { recordRequests } from '../../testing/server';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { cartApi } from '../../services/cartApi';
import TopNav from './TopNav';

// The fixtures' cart: two bags of garri and a litre of palm oil, 3 items on 2 lines.

function renderHeader(signedIn = true) {
  return renderWithProviders(<TopNav />, {
    route: '/home',
    preloadedState: signedIn ? { session: signedInSession } : undefined,
  });
}

const cartLink = () => within(screen.getByRole('banner')).getByRole('link', { name: /^Cart/ });

test('signed in: the cart icon counts the items in the cart, in its name and on its badge', async () => {
  renderHeader();
  await waitFor(() => expect(cartLink()).toHaveAccessibleName('Cart, 3 items'));
  expect(cartLink()).toHaveAttribute('href', '/cart');
  expect(within(cartLink()).getByText('3')).toBeInTheDocument();
  // The first count is the page's own news, not a change: nothing is announced.
  expect(screen.getByRole('status')).toHaveTextContent('');
});

test('the count follows the cart as it changes, and the change is announced politely', async () => {
  const { store } = renderHeader();
  await waitFor(() => expect(cartLink()).toHaveAccessibleName('Cart, 3 items'));

  await act(async () => {
    await store
      .dispatch(
        cartApi.endpoints.addCartItem.initiate({
          user_id: 7,
          product_id: 4,
          quantity: 2,
          price_per_item: 5800,
        }),
      )
      .unwrap();
  });
  await waitFor(() => expect(cartLink()).toHaveAccessibleName('Cart, 5 items'));
  expect(within(cartLink()).getByText('5')).toBeInTheDocument();
  const status = screen.getByRole('status');
  expect(status).toHaveAttribute('aria-live', 'polite');
  expect(status).toHaveTextContent('Cart, 5 items.');

  // A line removed: the count drops at once (optimistic) and stays when the server agrees.
  await act(async () => {
    await store.dispatch(cartApi.endpoints.deleteCartItem.initiate(101)).unwrap();
  });
  await waitFor(() => expect(cartLink()).toHaveAccessibleName('Cart, 3 items'));
  expect(screen.getByRole('status')).toHaveTextContent('Cart, 3 items.');
});

test('one item is one item', async () => {
  mockDb.cartLines = mockDb.cartLines.filter((line) => line.quantity === 1);
  renderHeader();
  await waitFor(() => expect(cartLink()).toHaveAccessibleName('Cart, 1 item'));
});

test('an empty cart: no badge number, and the name says 0 items', async () => {
  mockDb.cartLines = [];
  renderHeader();
  await waitFor(() => expect(cartLink()).toHaveAccessibleName('Cart, 0 items'));
  expect(within(cartLink()).queryByText('0')).not.toBeInTheDocument();
});

test('signed out: a plain Cart link, no badge, and the cart is not asked for', () => {
  const requests = recordRequests();
  renderHeader(false);
  expect(cartLink()).toHaveAccessibleName('Cart');
  expect(within(cartLink()).queryByText(/\d/)).not.toBeInTheDocument();
  expect(requests).toHaveLength(0);
});

test('every icon in the header is a 44 px target', () => {
  renderHeader();
  const banner = screen.getByRole('banner');
  for (const name of ['Profile', 'Wishlist', /^Cart/]) {
    const link = within(banner).getByRole('link', { name });
    expect(getComputedStyle(link).width).toBe('44px');
    expect(getComputedStyle(link).height).toBe('44px');
  }
  const menu = within(banner).getByRole('button', { name: 'Menu' });
  expect(getComputedStyle(menu).width).toBe('44px');
});
