import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../testing/renderWithProviders';
import RequestBanner from './RequestBanner';

test('invites shoppers to request a missing product through the contact form', () => {
  renderWithProviders(<RequestBanner />);
  const banner = screen.getByRole('region', { name: 'Make a request' });
  expect(within(banner).getByRole('heading', { level: 2 })).toHaveTextContent(/can’t find/i);
  expect(within(banner).getByRole('link', { name: 'Make a request' })).toHaveAttribute(
    'href',
    '/contact',
  );
});

test('the vendor banner asks for a seller, at the heading level the page needs', () => {
  renderWithProviders(<RequestBanner kind="vendor" headingComponent="h3" />);
  expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(/seller/i);
  expect(screen.getByRole('link', { name: 'Make a request' })).toHaveAttribute('href', '/contact');
});
