import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/renderWithProviders';
import { signedInSession } from '../testing/fixtures';
import { initialSessionState, loggedOut } from '../state/sessionSlice';
import RequireShopper from './RequireShopper';

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
