import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import NotFoundPage from './NotFoundPage';

test('an unknown page says Not found and offers the way home', () => {
  renderWithProviders(<NotFoundPage />, { route: '/no/such/page' });
  expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
  expect(document.title).toBe('Page not found | Ibadan Market');
});
