import { screen, within } from '@testing-library/react';
import { mockDb } from '../../testing/handlers';
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

test('the aisle tiles are the shop’s categories with something in stock, each opening the shop there', async () => {
  mockDb.products = mockDb.products.map((p) =>
    p.category === 'Oils' ? { ...p, inventory_stock: 0 } : p,
  );
  renderWithProviders(<HomePage />);
  const list = screen.getByRole('list', { name: 'What you can buy' });
  const grains = await within(list).findByRole('link', { name: /^Grains/ });
  expect(grains).toHaveAttribute('href', '/shop?category=Grains');
  // Nothing in Oils is in stock: no tile promises it.
  expect(within(list).queryByRole('link', { name: /^Oils/ })).not.toBeInTheDocument();
  expect(within(list).getAllByRole('link').length).toBeLessThanOrEqual(4);
});
