import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/renderWithProviders';
import EmptyState from './EmptyState';

test('shows the message, the help line and the way forward', () => {
  renderWithProviders(
    <EmptyState
      message="No product in your Wishlist."
      description="Tap the heart on a product to save it here."
      action={{ label: 'Go to the shop', to: '/shop' }}
    />,
  );
  expect(screen.getByText('No product in your Wishlist.')).toBeInTheDocument();
  expect(screen.getByText('Tap the heart on a product to save it here.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/shop');
});

test('without an action it offers no link', () => {
  renderWithProviders(<EmptyState message="You have no notification." />);
  expect(screen.getByText('You have no notification.')).toBeInTheDocument();
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
});
