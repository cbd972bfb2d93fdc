import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { Order } from 'contract';
import { initialSessionState, type SessionState } from '../../state/sessionSlice';
import { formatDate, formatNaira } from '../../lib/format';
import { plainMessages } from '../../lib/messages';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { apiUrl, fixtureOrders, signedInSession } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import { recordRequests, server } from '../../testing/server';
import OrdersPage, { newestFirst } from './OrdersPage';
import { startedCalls } from '../../testing/startedCalls';

const ORDERS_URL = apiUrl('/orders', 'orders');

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderOrders(session: SessionState = signedInSession) {
  return renderWithProviders(
    <Routes>
      <Route path="/profile/orders" element={<OrdersPage />} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { preloadedState: { session }, route: '/profile/orders' },
  );
}

const orderCards = () =>
  within(screen.getByRole('list', { name: 'Orders' }))
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading', { level: 2 }).textContent);

function order(id: number, order_date: string): Order {
  const base = fixtureOrders[0];
  if (!base) throw new Error('no fixture order');
  return { ...base, id, order_date };
}

describe('OrdersPage', () => {
  it('signed out: asks to log in, and requests nothing', async () => {
    const requests = recordRequests();
    const { store } = renderOrders(initialSessionState);
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    expect(screen.getByText('Please, log in...')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fprofile%2Forders',
    );
    // Rendering ran every effect: a call the page makes has started by now.
    expect(startedCalls(store)).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('shows Loading..., then each order newest first with id, status, date, total and mobile number', async () => {
    renderOrders();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('list', { name: 'Orders' })).toBeVisible();
    expect(document.title).toBe('My Orders | Ibadan Market');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(orderCards()).toEqual(['Order #402', 'Order #401']);

    const newest = screen.getByRole('article', { name: 'Order #402' });
    expect(within(newest).getByText('processing')).toBeVisible();
    expect(within(newest).getByText(formatDate('2026-11-10T08:30:00.000Z'))).toBeVisible();
    expect(formatDate('2026-11-10T08:30:00.000Z')).toBe('10 November 2026 at 09:30');
    expect(within(newest).getByText(formatNaira(9965))).toBeVisible();
    expect(within(newest).getByText('08031234567')).toBeVisible();
    const older = screen.getByRole('article', { name: 'Order #401' });
    expect(within(older).getByText('delivered')).toBeVisible();
    expect(within(older).getByText('₦ 20,715')).toBeVisible();
  });

  it("'No Transaction History.' when there are no orders, with a way to the shop", async () => {
    mockDb.orders = [];
    renderOrders();
    expect(await screen.findByText('No Transaction History.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/shop');
  });

  it('shows why the orders did not load, and tries again', async () => {
    let failing = true;
    server.use(
      http.get(ORDERS_URL, () =>
        failing
          ? HttpResponse.json({ detail: 'Orders are being counted' }, { status: 500 })
          : HttpResponse.json(mockDb.orders),
      ),
    );
    const { user } = renderOrders();
    expect(await screen.findByRole('alert')).toHaveTextContent('Orders are being counted');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Orders' })).toBeVisible();
  });

  it('opening an order stores its id (orderId) and puts it in the address', async () => {
    const { user, store } = renderOrders();
    const newest = await screen.findByRole('article', { name: 'Order #402' });
    const link = within(newest).getByRole('link', { name: 'View items of order #402' });
    expect(link).toHaveAttribute('href', '/profile/order-items?order=402');
    await user.click(link);
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/profile/order-items?order=402',
    );
    expect(store.getState().session.orderId).toBe('402');
  });
});

describe('newestFirst', () => {
  it('sorts by order date, newest first, then by id; leaves the input alone', () => {
    const orders = [
      order(1, '2026-01-05T10:00:00Z'),
      order(3, '2026-03-01T10:00:00Z'),
      order(2, '2026-03-01T10:00:00Z'),
      order(4, 'not a date'),
    ];
    expect(newestFirst(orders).map((o) => o.id)).toEqual([3, 2, 1, 4]);
    expect(orders.map((o) => o.id)).toEqual([1, 3, 2, 4]);
  });
});

describe('OrdersPage reloaded offline or with the server down', () => {
  const SAVED_NOTE = /^Saved copy from .+ — it can be changed once we can reach the shop again\.$/;
  const savedCopies = {
    owner: signedInSession.userID,
    orders: { data: fixtureOrders, savedAt: Date.now() },
  };

  function renderWithSavedOrders() {
    return renderWithProviders(
      <Routes>
        <Route path="/profile/orders" element={<OrdersPage />} />
      </Routes>,
      { preloadedState: { session: signedInSession, savedCopies }, route: '/profile/orders' },
    );
  }

  afterEach(() => jest.restoreAllMocks());

  it('offline: shows the saved orders, marked as a saved copy, with the offline words', async () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    server.use(http.get(ORDERS_URL, () => HttpResponse.error()));
    renderWithSavedOrders();
    expect(
      await screen.findByText('You are offline. Check your connection and try again.'),
    ).toBeVisible();
    expect(screen.getByText(SAVED_NOTE)).toBeVisible();
    expect(orderCards()).toEqual(newestFirst(fixtureOrders).map((o) => `Order #${o.id}`));
  });

  it('server down: the same copy with the server-down words; a fresh answer replaces it', async () => {
    server.use(http.get(ORDERS_URL, () => new HttpResponse(null, { status: 503 })));
    const { user } = renderWithSavedOrders();
    expect(
      await screen.findByText('Our server is not answering. Please try again in a moment.'),
    ).toBeVisible();
    expect(orderCards()).toHaveLength(fixtureOrders.length);

    server.resetHandlers();
    mockDb.orders = [];
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(plainMessages.noTransactionHistory)).toBeVisible();
    expect(screen.queryByText(SAVED_NOTE)).not.toBeInTheDocument();
  });

  it('without a saved copy it shows the error, never an empty history', async () => {
    server.use(http.get(ORDERS_URL, () => HttpResponse.error()));
    renderOrders();
    expect(
      await screen.findByText('Our server is not answering. Please try again in a moment.'),
    ).toBeVisible();
    expect(screen.queryByText(plainMessages.noTransactionHistory)).not.toBeInTheDocument();
  });
});
