import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import { initialSessionState, type SessionState } from '../../state/sessionSlice';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { apiUrl, signedInSession } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import { recordRequests, server } from '../../testing/server';
import OrderItemsPage from './OrderItemsPage';
import { startedCalls } from '../../testing/startedCalls';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderItems(route: string, session: Partial<SessionState> = {}) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/profile/order-items"
        element={
          <>
            <OrderItemsPage />
            <WhereAmI />
          </>
        }
      />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { preloadedState: { session: { ...signedInSession, ...session } }, route },
  );
}

const itemNames = () =>
  within(screen.getByRole('list', { name: 'Items in this order' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('link').textContent);

function itemFetches(requests: ReturnType<typeof recordRequests>): string[] {
  return requests
    .filter((r) => r.url.pathname.includes('/order_item/'))
    .map((r) => r.url.pathname.split('/').at(-1) ?? '');
}

describe('OrderItemsPage', () => {
  it('shows Loading..., then each item with image, name, vendor, quantity and total price', async () => {
    renderItems('/profile/order-items?order=401');
    expect(screen.getByRole('heading', { level: 1, name: 'Order Items' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('list', { name: 'Items in this order' })).toBeVisible();
    expect(document.title).toBe('Order Items | Ibadan Market');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Order #401')).toBeVisible();
    expect(itemNames()).toEqual([
      'Ijebu Garri (5 kg)',
      'Ground Crayfish (500 g)',
      'Ripe Plantain (bunch)',
    ]);

    const crayfish = screen.getAllByRole('listitem')[1];
    if (!crayfish) throw new Error('no second item');
    expect(within(crayfish).getByText('Bodija Fresh Foods')).toBeVisible();
    expect(within(crayfish).getByText('Quantity: 2')).toBeVisible();
    expect(within(crayfish).getByText('₦ 8,400')).toHaveTextContent('Total price: ₦ 8,400');
    // The picture is decorative: the product's name is the link beside it.
    expect(within(crayfish).getByRole('presentation')).toHaveAttribute(
      'src',
      '/api/images/products/ground-crayfish-500g.svg',
    );
    // What was paid, not only the items: VAT and delivery and packaging with it.
    expect(await screen.findByLabelText('Amounts')).toHaveTextContent(
      'Items₦ 18,200VAT (7.5%)₦ 1,365Delivery and packaging₦ 1,150Total paid₦ 20,715',
    );
    expect(screen.queryByText(/Items total/)).not.toBeInTheDocument();
  });

  it('the order in the address wins over the stored orderId, and becomes the stored one', async () => {
    const requests = recordRequests();
    const { store } = renderItems('/profile/order-items?order=401', { orderId: '402' });
    expect(await screen.findByRole('list', { name: 'Items in this order' })).toBeVisible();
    expect(itemNames()).toHaveLength(3);
    expect(itemFetches(requests)).toEqual(['401']);
    await waitFor(() => expect(store.getState().session.orderId).toBe('401'));
  });

  it('without ?order= shows the stored orderId, and writes it into the address', async () => {
    renderItems('/profile/order-items', { orderId: '402' });
    expect(await screen.findByRole('list', { name: 'Items in this order' })).toBeVisible();
    expect(itemNames()).toEqual(['Peeled Egusi (1 kg)', 'Red Palm Oil (1 litre)']);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/profile/order-items?order=402'),
    );
  });

  it('with no order at all, an empty state leads to My Orders, and nothing is requested', async () => {
    const requests = recordRequests();
    const { user, store } = renderItems('/profile/order-items', { orderId: null });
    expect(screen.getByText('No order chosen yet')).toBeVisible();
    // Rendering ran every effect: a call the page makes has started by now.
    expect(startedCalls(store)).toEqual([]);
    expect(requests).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Go to My Orders' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/profile\/orders$/);
  });

  it('an address that names no order shows not found without asking the server', async () => {
    const requests = recordRequests();
    const { store } = renderItems('/profile/order-items?order=abc', { orderId: '402' });
    expect(screen.getByText('We couldn’t find that order')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toBeVisible();
    // Rendering ran every effect: a call the page makes has started by now.
    expect(startedCalls(store)).not.toContain('orderItemsApi/getOrderItems');
    expect(itemFetches(requests)).toEqual([]);
  });

  it('an order the server does not know (404) shows not found', async () => {
    renderItems('/profile/order-items?order=999');
    expect(await screen.findByText('We couldn’t find order #999')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute(
      'href',
      '/profile/orders',
    );
  });

  it('an order with no items shows the empty state', async () => {
    mockDb.orderItems[401] = [];
    renderItems('/profile/order-items?order=401');
    expect(await screen.findByText('This order has no items.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toBeVisible();
  });

  it('shows why the items did not load, and tries again', async () => {
    let failing = true;
    server.use(
      http.get(apiUrl('/order_item/:orderId', 'orderItems'), () =>
        failing
          ? HttpResponse.json({ detail: 'Items are unavailable right now' }, { status: 500 })
          : HttpResponse.json(mockDb.orderItems[401]),
      ),
    );
    const { user } = renderItems('/profile/order-items?order=401');
    expect(await screen.findByRole('alert')).toHaveTextContent('Items are unavailable right now');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Items in this order' })).toBeVisible();
  });

  it('signed out: asks to log in, coming back to this order, and requests nothing', async () => {
    const requests = recordRequests();
    const { store } = renderItems('/profile/order-items?order=401', initialSessionState);
    expect(screen.getByText('Please, log in...')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fprofile%2Forder-items%3Forder%3D401',
    );
    // Rendering ran every effect: a call the page makes has started by now.
    expect(startedCalls(store)).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('clicking an item opens its product and remembers it', async () => {
    const { user, store } = renderItems('/profile/order-items?order=402');
    await user.click(await screen.findByRole('link', { name: 'Red Palm Oil (1 litre)' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/detail/product-details?slug=red-palm-oil-1l',
    );
    expect(store.getState().session).toMatchObject({
      productID: '3',
      productSlug: 'red-palm-oil-1l',
    });
  });
});
