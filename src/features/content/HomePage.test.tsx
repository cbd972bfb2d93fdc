import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import HomePage from './HomePage';

test('the hero’s Shop Now button leads to the shop', () => {
  renderWithProviders(<HomePage />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/Ibadan/);
  expect(screen.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/shop');
  expect(document.title).toBe('Home | Ibadan Market');
});

test('the four highlight cards: cheap prices, easy delivery, secure, new products daily', () => {
  renderWithProviders(<HomePage />);
  const section = screen.getByRole('region', { name: 'Why Ibadan shoppers choose us' });
  expect(
    within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent),
  ).toEqual(['Cheap prices', 'Easy delivery', 'Secure', 'New products daily']);
});

test('the learn-more banner leads to the shop and the vendor banner to the vendors', () => {
  renderWithProviders(<HomePage />);
  const learnMore = screen.getByRole('region', { name: 'Your whole market list in one basket' });
  expect(within(learnMore).getByRole('link', { name: 'Learn more' })).toHaveAttribute(
    'href',
    '/shop',
  );
  const vendors = screen.getByRole('region', { name: 'Sell to all of Ibadan from your stall' });
  expect(within(vendors).getByRole('link', { name: 'Partner with us' })).toHaveAttribute(
    'href',
    '/vendors',
  );
});

test('each aisle tile opens the shop at its category', () => {
  renderWithProviders(<HomePage />);
  const aisles = within(screen.getByRole('list', { name: 'What you can buy' }));
  expect(aisles.getByRole('link', { name: 'Rice, beans & grains' })).toHaveAttribute(
    'href',
    '/shop?category=Staples',
  );
  expect(aisles.getByRole('link', { name: 'Fresh pepper & vegetables' })).toHaveAttribute(
    'href',
    '/shop?category=Fresh+Food',
  );
  expect(aisles.getAllByRole('link')).toHaveLength(4);
});
