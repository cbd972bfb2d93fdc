import { screen, waitFor, within } from '@testing-library/react';
import type { Product } from 'contract';
import { formatNaira } from '../../../lib/format';
import { GUEST_BASKET_KEY } from '../../../lib/guestIntent';
import { keepGuestTap } from '../../../lib/keptGuestIntent';
import { fixtureProducts } from '../../../testing/fixtures';
import { mockDb } from '../../../testing/handlers';
import { recordRequests } from '../../../testing/server';
import { renderCartPage } from '../testing';

const GARRI = fixtureProducts.find((p) => p.id === 1) as Product;
const PALM_OIL = fixtureProducts.find((p) => p.id === 3) as Product;

afterEach(() => localStorage.clear());

const total = () => screen.getByRole('group', { name: 'What can be added, at shelf prices' });

describe("a guest's cart", () => {
  test('lists every kept line with its quantity and shelf price, and offers Log in to pay', async () => {
    keepGuestTap({ kind: 'cartAdd', product: GARRI, quantity: 2 });
    keepGuestTap({ kind: 'buy', product: PALM_OIL, quantity: 1 });
    const requests = recordRequests();
    const { user } = renderCartPage({ session: null });

    const list = screen.getByRole('list', { name: 'Your cart' });
    const garri = within(list).getByRole('listitem', { name: GARRI.name });
    // ₦6,500 less its ₦500 saving: the shelf price.
    expect(garri).toHaveTextContent(`Quantity 2 × ${formatNaira(6000)}`);
    expect(garri).toHaveTextContent(formatNaira(12000));
    expect(within(list).getByRole('listitem', { name: PALM_OIL.name })).toHaveTextContent(
      `Quantity 1 × ${formatNaira(3000)}`,
    );
    expect(total()).toHaveTextContent(formatNaira(15000));
    // Nothing of the shopper's is asked for; only the products' pages, for today's stock.
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    expect(requests.every((r) => r.url.pathname.includes('/get-product/'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Log in to pay' }));
    const kept = JSON.parse(localStorage.getItem(GUEST_BASKET_KEY) ?? '{}') as {
      returnTo: string;
    };
    expect(kept.returnTo).toBe('/cart');
  });

  test('a line out of stock now says so, and is left out of the total', async () => {
    keepGuestTap({ kind: 'cartAdd', product: GARRI, quantity: 2 });
    keepGuestTap({ kind: 'cartAdd', product: PALM_OIL, quantity: 1 });
    const garri = mockDb.products.find((p) => p.id === GARRI.id);
    if (garri) garri.inventory_stock = 0;
    renderCartPage({ session: null });

    expect(
      await screen.findByText('Out of stock now: it will not be added when you log in'),
    ).toBeVisible();
    await waitFor(() => expect(total()).toHaveTextContent(formatNaira(3000)));
  });

  test('Remove takes a line out of the kept cart', async () => {
    keepGuestTap({ kind: 'cartAdd', product: GARRI, quantity: 2 });
    keepGuestTap({ kind: 'cartAdd', product: PALM_OIL, quantity: 1 });
    const { user } = renderCartPage({ session: null });

    await user.click(screen.getByRole('button', { name: `Remove ${GARRI.name}` }));

    expect(screen.queryByRole('listitem', { name: GARRI.name })).not.toBeInTheDocument();
    expect(localStorage.getItem(GUEST_BASKET_KEY)).not.toContain(GARRI.name);
  });

  test('with nothing kept, it asks the shopper to log in, as before', () => {
    renderCartPage({ session: null });
    expect(screen.getByText('Log in to see your cart and pay for your order.')).toBeVisible();
  });
});
