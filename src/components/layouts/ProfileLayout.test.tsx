import { Route, Routes, useLocation } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import { recordRequests } from '../../testing/server';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { initialSessionState } from '../../state/sessionSlice';
import { fixtureAuthToken } from '../../testing/fixtures';
import ProfileLayout from './ProfileLayout';

const signedIn = {
  session: { ...initialSessionState, authToken: fixtureAuthToken, userID: '7', userName: 'Adaeze' },
};

function WhereAmI() {
  const { pathname } = useLocation();
  return <p>Now at {pathname}</p>;
}

function renderProfile(route: string) {
  return renderWithProviders(
    <Routes>
      <Route element={<ProfileLayout />}>
        <Route path="/profile/*" element={<WhereAmI />} />
      </Route>
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { route, preloadedState: signedIn },
  );
}

test('the sidebar links each profile page and marks the current one', () => {
  renderProfile('/profile/orders');
  const sidebar = screen.getByRole('navigation', { name: 'My account' });
  const expected: [string, string][] = [
    ['Account', '/profile'],
    ['Affiliate Market', '/profile/affiliate-market'],
    ['My Orders', '/profile/orders'],
    ['Notification', '/profile/notifications'],
    ['Saved Items', '/profile/wishlist'],
  ];
  expect(
    within(sidebar)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual(expected);
  expect(within(sidebar).getByRole('link', { name: 'My Orders' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(within(sidebar).getByRole('link', { name: 'Account' })).not.toHaveAttribute(
    'aria-current',
  );
});

test('on every screen the menu is one vertical list, not a row that scrolls sideways', () => {
  renderProfile('/profile');
  const sidebar = screen.getByRole('navigation', { name: 'My account' });
  const list = within(sidebar).getByRole('list');
  expect(getComputedStyle(list).flexDirection).toBe('column');
  expect(getComputedStyle(list).overflowX).not.toBe('auto');
  expect(within(list).getAllByRole('listitem')).toHaveLength(8);
});

test('My Orders stays marked on the order items it leads to', () => {
  renderProfile('/profile/order-items');
  const sidebar = screen.getByRole('navigation', { name: 'My account' });
  expect(within(sidebar).getByRole('link', { name: 'My Orders' })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test('Voucher is shown as coming soon, not as a link', () => {
  renderProfile('/profile');
  const sidebar = screen.getByRole('navigation', { name: 'My account' });
  expect(within(sidebar).getByText('Voucher')).toBeInTheDocument();
  expect(within(sidebar).getByText('Coming soon')).toBeInTheDocument();
  expect(within(sidebar).queryByRole('link', { name: /voucher/i })).not.toBeInTheDocument();
  expect(within(sidebar).queryByRole('button', { name: /voucher/i })).not.toBeInTheDocument();
});

test('Delete Account is disabled, with a not-allowed cursor', () => {
  renderProfile('/profile');
  const button = screen.getByRole('button', { name: 'Delete Account' });
  expect(button).toBeDisabled();
  expect(getComputedStyle(button).cursor).toBe('not-allowed');
});

test('Log out ends the session on the server, clears it here, says so and goes to the login page', async () => {
  const requests = recordRequests();
  const { user, store } = renderProfile('/profile');
  await user.click(screen.getByRole('button', { name: 'Log out' }));

  // The token is sent with the call even though the session forgets it at once.
  await waitFor(() =>
    expect(
      requests
        .filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/logout'))
        .map((r) => r.headers.get('authorization')),
    ).toEqual([`Bearer ${fixtureAuthToken}`]),
  );
  expect(await screen.findByText('Log out successful')).toBeInTheDocument();
  expect(screen.getByText('Now at /auth/login')).toBeInTheDocument();
  const { session } = store.getState();
  expect(session.authToken).toBeNull();
  expect(session.userID).toBeNull();
  expect(session.userName).toBeNull();
});

test('the profile pages keep the site header and footer, with the page in main', () => {
  renderProfile('/profile/wishlist');
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  const main = screen.getByRole('main');
  expect(within(main).getByText('Now at /profile/wishlist')).toBeInTheDocument();
  expect(within(main).queryByRole('navigation', { name: 'My account' })).not.toBeInTheDocument();
});
