import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import VendorsPage from './VendorsPage';

test('the vendors page introduces the vendors and says discovery is coming soon', () => {
  renderWithProviders(<VendorsPage />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/vendors/i);
  expect(
    screen.getByRole('heading', { level: 2, name: 'Vendor discovery page is coming soon' }),
  ).toBeInTheDocument();
  expect(document.title).toBe('Vendors | Ibadan Market');
});

test('the request banner leads to the contact form', () => {
  renderWithProviders(<VendorsPage />);
  const banner = screen.getByRole('region', { name: 'Make a request' });
  expect(within(banner).getByRole('link', { name: 'Make a request' })).toHaveAttribute(
    'href',
    '/contact',
  );
});
