import type { ReactNode } from 'react';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/renderWithProviders';
import { signedInSession } from '../testing/fixtures';
import { initialSessionState, loggedOut } from '../state/sessionSlice';
import RequireShopper from './RequireShopper';
import { ShopperUnknownContext } from './shopperUnknown';

function Secret() {
  return <p>Your orders</p>;
}

test('signed out: shows the login prompt that comes back here, not the page', () => {
  renderWithProviders(
    <RequireShopper>
      <Secret />
    </RequireShopper>,
    { preloadedState: { session: initialSessionState }, route: '/profile/orders?page=2' },
  );
  expect(screen.getByText('Please, log in...')).toBeVisible();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    '/auth/login?redirect=%2Fprofile%2Forders%3Fpage%3D2',
  );
  expect(screen.queryByText('Your orders')).not.toBeInTheDocument();
});

test('signed out: shows what the page asks for instead of the prompt', () => {
  renderWithProviders(
    <RequireShopper signedOut={<p>Log in to see your cart.</p>}>
      <Secret />
    </RequireShopper>,
    { preloadedState: { session: initialSessionState } },
  );
  expect(screen.getByText('Log in to see your cart.')).toBeVisible();
  expect(screen.queryByText('Please, log in...')).not.toBeInTheDocument();
  expect(screen.queryByText('Your orders')).not.toBeInTheDocument();
});

test('signed in: shows the page, and the prompt once the shopper logs out', () => {
  const { store } = renderWithProviders(
    <RequireShopper>
      <Secret />
    </RequireShopper>,
    { preloadedState: { session: signedInSession } },
  );
  expect(screen.getByText('Your orders')).toBeVisible();
  expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  act(() => {
    store.dispatch(loggedOut());
  });
  expect(screen.queryByText('Your orders')).not.toBeInTheDocument();
  expect(screen.getByText('Please, log in...')).toBeVisible();
});

describe('where the shopper is not known (the server render)', () => {
  function renderUnknown(node: ReactNode) {
    return renderWithProviders(<ShopperUnknownContext value={true}>{node}</ShopperUnknownContext>, {
      preloadedState: { session: signedInSession },
    });
  }

  // The attribute that marks it is checked in the server's HTML (src/ssr/render.test.tsx).
  test('shows the placeholder, neither the page nor the prompt', () => {
    renderUnknown(
      <RequireShopper placeholder={<p>Loading your cart</p>}>
        <Secret />
      </RequireShopper>,
    );
    expect(screen.getByText('Loading your cart')).toBeVisible();
    expect(screen.queryByText('Your orders')).not.toBeInTheDocument();
    expect(screen.queryByText('Please, log in...')).not.toBeInTheDocument();
  });

  test('by default, a loader for the account', () => {
    renderUnknown(
      <RequireShopper>
        <Secret />
      </RequireShopper>,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading your account' })).toBeVisible();
  });

  test('a null placeholder shows nothing', () => {
    renderUnknown(
      <p>
        Order 7
        <RequireShopper signedOut={null} placeholder={null}>
          <Secret />
        </RequireShopper>
      </p>,
    );
    expect(screen.getByText('Order 7')).toHaveTextContent(/^Order 7$/);
    expect(screen.queryByText('Your orders')).not.toBeInTheDocument();
  });
});
