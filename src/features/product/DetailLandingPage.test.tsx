import { screen, waitFor } from '@testing-library/react';
import { initialSessionState } from '../../state/sessionSlice';
import { fixtureProducts } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/renderWithProviders';
import DetailLandingPage from './DetailLandingPage';

const garri = fixtureProducts[0];

test('with nothing opened yet it leads to the shop', () => {
  renderWithProviders(<DetailLandingPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Product details' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
  expect(
    screen.queryByRole('region', { name: 'Pick up where you left off' }),
  ).not.toBeInTheDocument();
  expect(document.title).toMatch(/^Product details/);
});

test('it offers the last product the shopper opened', async () => {
  if (!garri) throw new Error('no fixtures');
  renderWithProviders(<DetailLandingPage />, {
    preloadedState: {
      session: { ...initialSessionState, productSlug: garri.slug, productID: String(garri.id) },
    },
  });
  expect(screen.getByRole('region', { name: 'Pick up where you left off' })).toBeInTheDocument();
  const link = await screen.findByRole('link', { name: `View ${garri.name}` });
  expect(link).toHaveAttribute('href', `/detail/product-details?slug=${garri.slug}`);
  expect(screen.getByText(/₦ 6,000/)).toBeInTheDocument();
});

test('a remembered product that no longer exists is not offered', async () => {
  renderWithProviders(<DetailLandingPage />, {
    preloadedState: { session: { ...initialSessionState, productSlug: 'discontinued-product' } },
  });
  // Offered while it loads, then withdrawn when the server says it is gone.
  expect(
    screen.getByRole('link', { name: 'View the last product you opened' }),
  ).toBeInTheDocument();
  await waitFor(() =>
    expect(
      screen.queryByRole('region', { name: 'Pick up where you left off' }),
    ).not.toBeInTheDocument(),
  );
  expect(screen.getByRole('link', { name: 'Browse the shop' })).toBeInTheDocument();
});
