import { screen } from '@testing-library/react';
import { initialSessionState } from '../../state/sessionSlice';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { signedInSession } from '../../testing/fixtures';
import { recordRequests } from '../../testing/server';
import NotificationsPage from './NotificationsPage';

describe('NotificationsPage', () => {
  it('shows the empty state to a signed-in shopper, with its title and one h1', () => {
    renderWithProviders(<NotificationsPage />, {
      preloadedState: { session: signedInSession },
      route: '/profile/notifications',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('You have no notification.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View my orders' })).toHaveAttribute(
      'href',
      '/profile/orders',
    );
    expect(document.title).toBe('Notifications | Ibadan Market');
  });

  it('asks a signed-out visitor to log in and come back here, requesting nothing', async () => {
    const requests = recordRequests();
    renderWithProviders(<NotificationsPage />, {
      preloadedState: { session: initialSessionState },
      route: '/profile/notifications',
    });
    expect(screen.getByText('Please, log in...')).toBeVisible();
    expect(screen.queryByText('You have no notification.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fprofile%2Fnotifications',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toEqual([]);
  });
});
