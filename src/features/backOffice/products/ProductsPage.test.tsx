import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { SessionState } from '../../../state/sessionSlice';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { recordRequests } from '../../../testing/server';
import {
  catalogueMockDb,
  ownerSession,
  someoneElseSaved,
  staleDetail,
} from '../../../testing/backOffice/productsHandlers';
import { staffSession } from '../../../testing/staffHandlers';
import { signedInSession } from '../../../testing/fixtures';
import ProductsPage from './ProductsPage';
import { PRODUCT_WORDS } from './ProductForm';
import { STAFF_ONLY } from './backOfficeGate';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

function renderProducts(session: SessionState, route: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/staff/products/*"
        element={
          <>
            <ProductsPage />
            <WhereAmI />
          </>
        }
      />
    </Routes>,
    { preloadedState: { session }, route },
  );
}

describe('the products section', () => {
  it('lists products as cards, searchable by name', async () => {
    const { user } = renderProducts(ownerSession, '/staff/products');
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(within(list).getAllByRole('link')).toHaveLength(3);
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'palm');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Products' })).getAllByRole('link'),
      ).toHaveLength(1),
    );
    expect(screen.getByRole('link', { name: /Palm Oil 5 Litres/ })).toHaveAttribute(
      'href',
      '/staff/products/2',
    );
  });

  it('the owner adds a product with a price typed as people type it', async () => {
    const requests = recordRequests();
    const { user } = renderProducts(ownerSession, '/staff/products/new');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, 'Honey Beans 2kg');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Staples' }));
    await user.type(screen.getByRole('textbox', { name: 'Price' }), '₦2,300.00');
    await user.clear(screen.getByRole('textbox', { name: 'Stock' }));
    await user.type(screen.getByRole('textbox', { name: 'Stock' }), '40');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/staff\/products\/\d+$/),
    );
    const sent = requests.find(
      (r) => r.method === 'POST' && r.url.pathname.endsWith('/staff/products'),
    );
    expect(JSON.parse((await sent?.body) ?? '{}')).toMatchObject({
      name: 'Honey Beans 2kg',
      category: 'Staples',
      price: 2300,
      stock: 40,
    });
  });

  it('a bad price is named beside its field and nothing is sent', async () => {
    const requests = recordRequests();
    const { user } = renderProducts(ownerSession, '/staff/products/new');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Beans');
    await user.type(screen.getByRole('textbox', { name: 'Price' }), '2.345');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText(PRODUCT_WORDS.price)).toBeVisible();
    expect(screen.getByText(PRODUCT_WORDS.category)).toBeVisible();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('a stale save says who changed it and when, and keeps what was typed', async () => {
    const { user } = renderProducts(ownerSession, '/staff/products/1');
    const price = await screen.findByRole('textbox', { name: 'Price' });
    expect(price).toHaveValue('9,500');
    someoneElseSaved(1, 'Kemi Adeyemi');
    await user.clear(price);
    await user.type(price, '9,900');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(new RegExp(staleDetail('Kemi Adeyemi').slice(0, 40))),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Price' })).toHaveValue('9,900');
    expect(catalogueMockDb.products[0]?.price).toBe(9500);
  });

  it('staff see the price read-only and can count the stock', async () => {
    const { user } = renderProducts(staffSession, '/staff/products/1');
    expect(await screen.findByText(PRODUCT_WORDS.ownerOnly)).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Price' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Count or add stock' }));
    const dialog = await screen.findByRole('dialog', { name: /Stock of Ofada Rice/ });
    await user.click(within(dialog).getByRole('button', { name: 'Count' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Units you counted/ }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save stock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // 10 counted, 2 held for orders: 8 on sale.
    expect(catalogueMockDb.products[0]?.stock).toBe(8);
    expect(await screen.findByText(/-4 · Counted · 8 after/)).toBeVisible();
  });

  it('a shopper is told the page is not theirs', async () => {
    renderProducts(signedInSession, '/staff/products');
    expect(await screen.findByText(STAFF_ONLY)).toBeVisible();
  });
});
