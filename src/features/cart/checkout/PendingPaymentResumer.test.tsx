import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'react-redux';
import type { Verification } from 'contract';
import { makeStore } from '../../../app/store';
import { fixtureAuthToken, fixtureUser, signedInSession } from '../../../testing/fixtures';
import { loggedIn } from '../../../state/sessionSlice';
import { mockDb } from '../../../testing/handlers';
import { recordRequests } from '../../../testing/server';
import { selectCheckout } from './checkoutSlice';
import {
  PENDING_PAYMENT_KEY,
  readPendingPayment,
  savePendingPayment,
  type PendingPayment,
} from './pendingPayment';
import { PendingPaymentResumer } from './PendingPaymentResumer';
import { FIXTURE_TOTAL, renderCartPage } from '../testing';

const REFERENCE = 'IBM-PAID-BEFORE-RELOAD';

/** A payment taken on the last visit: the provider has the money, the order is not placed. */
function paidBeforeReload(overrides: Partial<PendingPayment> = {}) {
  const paid: Verification = {
    reference: REFERENCE,
    status: 'success',
    amount: FIXTURE_TOTAL * 100,
    currency: 'NGN',
    paid_at: '2026-11-20T10:00:00.000Z',
  };
  mockDb.transactions.set(REFERENCE, paid);
  savePendingPayment({
    reference: REFERENCE,
    deliveryModel: 'pickup',
    userId: String(fixtureUser.id),
    paidAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

const business = (requests: ReturnType<typeof recordRequests>) =>
  requests
    .map((r) => `${r.method} ${r.url.pathname}`)
    .filter((call) => !/all-carts|get-delivery|\/shop$/.test(call));

describe('finishing a paid order after a reload', () => {
  test('the cart page verifies, then checks out, tells the shopper and shows the orders', async () => {
    paidBeforeReload();
    const ordersBefore = mockDb.orders.length;
    const requests = recordRequests();
    renderCartPage();

    expect(await screen.findByText('Finishing your paid order...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Order confirmation \d+$/ }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Congratulations!')).toBeInTheDocument();
    expect(business(requests)).toEqual(['GET /api/verify-transaction', 'POST /api/checkout']);
    const checkout = requests.find((r) => r.url.pathname === '/api/checkout');
    expect(JSON.parse((await checkout?.body) ?? '')).toEqual({
      reference_id: REFERENCE,
      delivery_model: 'pickup',
    });
    expect(mockDb.orders).toHaveLength(ordersBefore + 1);
    expect(localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  test('the cart page and the app shell resumer together still place one order', async () => {
    paidBeforeReload();
    const ordersBefore = mockDb.orders.length;
    const requests = recordRequests();
    renderCartPage({ withResumer: true });

    expect(
      await screen.findByRole('heading', { level: 1, name: /^Order confirmation \d+$/ }),
    ).toBeInTheDocument();
    expect(business(requests)).toEqual(['GET /api/verify-transaction', 'POST /api/checkout']);
    expect(mockDb.orders).toHaveLength(ordersBefore + 1);
  });

  test('the resumer alone, outside any router, finishes the order', async () => {
    paidBeforeReload();
    const store = makeStore({ session: signedInSession });
    render(
      <Provider store={store}>
        <PendingPaymentResumer />
      </Provider>,
    );
    await waitFor(() => expect(readPendingPayment()).toBeNull());
    expect(mockDb.orders[0]).toMatchObject({ reference: REFERENCE, delivery_model: 'pickup' });
    expect(selectCheckout(store.getState())).toMatchObject({ phase: 'idle', error: null });
  });

  test('does nothing without a pending payment', async () => {
    const requests = recordRequests();
    const store = makeStore({ session: signedInSession });
    const resumer = (
      <Provider store={store}>
        <MemoryRouter>
          <PendingPaymentResumer />
        </MemoryRouter>
      </Provider>
    );
    const { unmount } = render(resumer);
    expect(selectCheckout(store.getState()).phase).toBe('idle');
    // Then a payment is pending and the resumer mounts again: once it has finished that one,
    // anything the first mount had set off would have been asked for too.
    unmount();
    paidBeforeReload();
    render(resumer);
    await waitFor(() => expect(readPendingPayment()).toBeNull());
    expect(business(requests)).toEqual(['GET /api/verify-transaction', 'POST /api/checkout']);
  });

  test('does nothing for a signed-out visitor, and keeps the payment for when they log in', async () => {
    paidBeforeReload();
    const requests = recordRequests();
    const store = makeStore();
    render(
      <Provider store={store}>
        <MemoryRouter>
          <PendingPaymentResumer />
        </MemoryRouter>
      </Provider>,
    );
    expect(readPendingPayment()?.reference).toBe(REFERENCE);
    // Logging in finishes it: exactly once, and every request with the shopper's token, so
    // nothing was asked for while signed out.
    act(() => {
      store.dispatch(
        loggedIn({ authToken: fixtureAuthToken, userID: fixtureUser.id, userName: 'Adebayo' }),
      );
    });
    await waitFor(() => expect(readPendingPayment()).toBeNull());
    expect(business(requests)).toEqual(['GET /api/verify-transaction', 'POST /api/checkout']);
    expect(requests.map((r) => r.headers.get('authorization'))).toEqual(
      requests.map(() => `Bearer ${fixtureAuthToken}`),
    );
  });

  test("drops another shopper's pending payment without a request", async () => {
    paidBeforeReload({ userId: '99' });
    const requests = recordRequests();
    render(
      <Provider store={makeStore({ session: signedInSession })}>
        <MemoryRouter>
          <PendingPaymentResumer />
        </MemoryRouter>
      </Provider>,
    );
    await waitFor(() => expect(readPendingPayment()).toBeNull());
    expect(requests).toHaveLength(0);
  });

  test('an order the server already placed for this reference is not placed twice', async () => {
    paidBeforeReload();
    const ordersBefore = mockDb.orders.length;
    // The first tab placed the order, but was closed before it could clear its note.
    const { unmount } = renderCartPage();
    await screen.findByRole('heading', { level: 1, name: /^Order confirmation \d+$/ });
    unmount();
    paidBeforeReload();
    renderCartPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Order confirmation \d+$/ }),
    ).toBeInTheDocument();
    expect(mockDb.orders).toHaveLength(ordersBefore + 1);
  });
});
