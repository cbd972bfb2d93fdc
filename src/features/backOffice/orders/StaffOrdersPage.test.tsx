import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { initialSessionState, type SessionState } from '../../../state/sessionSlice';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { signedInSession } from '../../../testing/fixtures';
import { recordRequests } from '../../../testing/server';
import { staffMockDb, staffSession } from '../../../testing/staffHandlers';
import StaffOrdersPage, { STAFF_ONLY } from './StaffOrdersPage';
import { STALE_TAP } from './StaffOrderCard';
import { REASON_MISSING } from './CancelOrderDialog';
import { startedCalls } from '../../../testing/startedCalls';
import { moneyMockDb } from '../../../testing/backOffice/moneyHandlers';
import { ownerSession } from '../../../testing/backOffice/staffAccountsHandlers';
import { OWNER_DECIDES } from './UnplacedPaymentCard';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderQueue(session: SessionState = staffSession, route = '/staff/orders') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/staff/orders"
        element={
          <>
            <StaffOrdersPage />
            <WhereAmI />
          </>
        }
      />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { preloadedState: { session }, route },
  );
}

const orderNumber = (id: number) => {
  const order = staffMockDb.orders.find((o) => o.id === id);
  if (!order) throw new Error(`no order ${id}`);
  return order.number;
};

const findCard = (id: number) => screen.findByRole('article', { name: `Order ${orderNumber(id)}` });

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Orders to fulfil' }))
    .getAllByRole('article')
    .map((a) => within(a).getByRole('heading', { level: 2 }).textContent);

describe('StaffOrdersPage', () => {
  it('signed out: asks to log in, and requests nothing', async () => {
    const requests = recordRequests();
    const { store } = renderQueue(initialSessionState);
    expect(screen.getByText('Please, log in...')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fstaff%2Forders',
    );
    // Rendering ran every effect: a call the page makes has started by now.
    expect(startedCalls(store)).toEqual([]);
    expect(requests).toEqual([]);
  });

  it("a shopper's token: says the page is for the staff, with a way back, and shows no order", async () => {
    renderQueue(signedInSession);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(STAFF_ONLY);
    expect(within(alert).getByRole('link', { name: 'Back to the shop' })).toHaveAttribute(
      'href',
      '/shop',
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
  });

  it('lists the open orders oldest first, each with its age, customer, phone and what to pack', async () => {
    renderQueue();
    expect(await screen.findByRole('list', { name: 'Orders to fulfil' })).toBeVisible();
    expect(cardTitles()).toEqual([613, 614, 615, 616].map((id) => `Order ${orderNumber(id)}`));
    expect(screen.getByText('1–4 of 4 orders')).toBeVisible();
    const placed = within(await findCard(615));
    expect(placed.getByText(/^placed \d+ (min|h|days?) ago$|^placed just now$/)).toBeVisible();
    expect(placed.getByText('Adebayo Ogunleye')).toBeVisible();
    expect(placed.getByRole('link', { name: 'Call 08031234567' })).toHaveAttribute(
      'href',
      'tel:08031234567',
    );
    expect(
      placed.getByText('12 Awolowo Avenue, Old Bodija, Ibadan-Bodija, Oyo State'),
    ).toBeVisible();
    expect(placed.getByText('Pay on delivery (cash or transfer)')).toBeVisible();
    expect(placed.getByText('Not paid yet: collect on delivery')).toBeVisible();
  });

  it('keeps the filters in the address and asks the server for them', async () => {
    const requests = recordRequests();
    const { user } = renderQueue();
    await screen.findByRole('list', { name: 'Orders to fulfil' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Delivered' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/staff/orders?status=delivered'),
    );
    await waitFor(() => expect(cardTitles()).toEqual([`Order ${orderNumber(612)}`]));
    await user.click(screen.getByRole('combobox', { name: 'Area' }));
    await user.click(screen.getByRole('option', { name: 'Pickup at the shop' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/staff/orders?status=delivered&area=pickup',
      ),
    );
    expect(await screen.findByText('No orders here')).toBeVisible();
    const asked = requests.map((r) => r.url.search);
    expect(asked).toContain('?status=delivered&limit=24&offset=0');
    expect(asked).toContain('?status=delivered&area=pickup&limit=24&offset=0');
  });

  it('opens on the filters the address names', async () => {
    renderQueue(staffSession, '/staff/orders?status=all&area=Ibadan-Bodija');
    await screen.findByRole('list', { name: 'Orders to fulfil' });
    expect(cardTitles()).toEqual([611, 612, 613, 615].map((id) => `Order ${orderNumber(id)}`));
  });

  it('moves an order on with one tap, sending the state the card showed', async () => {
    const requests = recordRequests();
    const { user } = renderQueue();
    const placed = within(await findCard(615));
    await user.click(placed.getByRole('button', { name: 'Confirm' }));
    expect(await placed.findByRole('button', { name: 'Mark packed' })).toBeVisible();
    expect(placed.getByText('Confirmed')).toBeVisible();
    const move = requests.find((r) => r.url.pathname.endsWith('/staff/orders/615/status'));
    expect(move?.method).toBe('POST');
    expect(JSON.parse((await move?.body) ?? '')).toEqual({ from: 'placed', to: 'confirmed' });
  });

  it('records cash received: the money shows as in and the payment buttons go', async () => {
    const { user } = renderQueue();
    const placed = within(await findCard(615));
    await user.click(placed.getByRole('button', { name: 'Cash received' }));
    expect(await placed.findByText('Money in (cash)')).toBeVisible();
    expect(placed.queryByRole('button', { name: 'Cash received' })).not.toBeInTheDocument();
    expect(placed.queryByRole('button', { name: 'Transfer received' })).not.toBeInTheDocument();
    expect(staffMockDb.orders.find((o) => o.id === 615)?.payment_received_via).toBe('cash');
  });

  it('cancel refuses an empty or blank reason before anything is sent', async () => {
    const requests = recordRequests();
    const { user } = renderQueue();
    const placed = within(await findCard(615));
    await user.click(placed.getByRole('button', { name: 'Cancel order' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: `Cancel order ${orderNumber(615)}?` }),
    );
    await user.click(dialog.getByRole('button', { name: 'Cancel order' }));
    expect(await dialog.findByText(REASON_MISSING)).toBeVisible();
    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), '  ');
    await user.click(dialog.getByRole('button', { name: 'Cancel order' }));
    expect(dialog.getByText(REASON_MISSING)).toBeVisible();
    expect(requests.filter((r) => r.url.pathname.endsWith('/cancel'))).toEqual([]);
  });

  it('cancels with the reason given; a paid order is flagged for a refund', async () => {
    const requests = recordRequests();
    const { user } = renderQueue(staffSession, '/staff/orders?status=all');
    const paid = within(await findCard(613));
    await user.click(paid.getByRole('button', { name: 'Cancel order' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: `Cancel order ${orderNumber(613)}?` }),
    );
    expect(dialog.getByText(/flagged for a refund/)).toBeVisible();
    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), 'No stock');
    await user.click(dialog.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await paid.findByText('Cancelled: No stock')).toBeVisible();
    expect(
      paid.getByText(/^Refund due: the shopper paid ₦ [\d,.]+ and the order was cancelled\.$/),
    ).toBeVisible();
    expect(paid.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    const sent = requests.find((r) => r.url.pathname.endsWith('/staff/orders/613/cancel'));
    expect(JSON.parse((await sent?.body) ?? '')).toEqual({ reason: 'No stock' });
  });

  it('a stale tap (someone else moved the order): says so and shows the order as it is now', async () => {
    const { user } = renderQueue();
    const placed = within(await findCard(615));
    // Another phone confirms the order after this one loaded the queue.
    const order = staffMockDb.orders.find((o) => o.id === 615);
    if (!order) throw new Error('no order 615');
    Object.assign(order, { state: 'confirmed', status: 'Confirmed', next_state: 'packed' });
    await user.click(placed.getByRole('button', { name: 'Confirm' }));
    expect(await placed.findByRole('alert')).toHaveTextContent(STALE_TAP);
    expect(await placed.findByRole('button', { name: 'Mark packed' })).toBeVisible();
    expect(placed.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it('shows the history, who did what and when, on request', async () => {
    const { user } = renderQueue();
    const ready = within(await findCard(614));
    const toggle = ready.getByRole('button', { name: 'History (4)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const history = within(
      ready.getByRole('list', { name: `History of order ${orderNumber(614)}` }),
    );
    expect(history.getAllByRole('listitem')).toHaveLength(4);
    expect(history.getByText('Ready for pickup')).toBeVisible();
    expect(history.getAllByText(/by Funmi Adeyemi$/)).toHaveLength(3);
  });

  describe('paid, not placed', () => {
    const paidNotPlaced = () => screen.findByRole('region', { name: 'Paid, not placed' });

    it('sits above the queue with the amount and the phone; staff see it, the owner decides', async () => {
      renderQueue();
      const section = within(await paidNotPlaced());
      expect(section.getByRole('heading', { name: '₦ 320,425' })).toBeVisible();
      expect(section.getByRole('link', { name: 'Call 08035550101' })).toBeVisible();
      expect(await section.findByText(OWNER_DECIDES)).toBeVisible();
      expect(section.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
      // Above the orders, so it is the first thing the shop sees.
      const list = await screen.findByRole('list', { name: 'Orders to fulfil' });
      expect(
        (await paidNotPlaced()).compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    });

    it('the owner places it after confirming: it leaves the top and the queue is asked again', async () => {
      const requests = recordRequests();
      const { user } = renderQueue(ownerSession);
      const section = within(await paidNotPlaced());
      await user.click(await section.findByRole('button', { name: 'Place order' }));
      const dialog = within(
        await screen.findByRole('dialog', { name: 'Place the order for ₦ 320,425?' }),
      );
      await user.click(dialog.getByRole('button', { name: 'Place order' }));
      await waitFor(() =>
        expect(screen.queryByRole('region', { name: 'Paid, not placed' })).not.toBeInTheDocument(),
      );
      expect(moneyMockDb.payments[0]?.state).toBe('placed');
      await waitFor(() =>
        expect(
          requests.filter((r) => r.url.pathname.endsWith('/staff/orders')).length,
        ).toBeGreaterThanOrEqual(2),
      );
    });

    it('the owner refunds it; stock still short when placing is said in words', async () => {
      moneyMockDb.placeable.clear();
      const { user } = renderQueue(ownerSession);
      const section = within(await paidNotPlaced());
      await user.click(await section.findByRole('button', { name: 'Place order' }));
      await user.click(
        within(
          await screen.findByRole('dialog', { name: 'Place the order for ₦ 320,425?' }),
        ).getByRole('button', { name: 'Place order' }),
      );
      expect(
        await section.findByText(/^This order cannot be placed yet: Royal Stallion Rice 50kg/),
      ).toBeVisible();
      // Once the dialog has gone (while it is open the page behind it is hidden).
      await user.click(await section.findByRole('button', { name: 'Refund' }));
      await user.click(
        within(
          await screen.findByRole('dialog', { name: 'Refund ₦ 320,425 to Adaeze Okafor?' }),
        ).getByRole('button', { name: 'Refund' }),
      );
      await waitFor(() => expect(moneyMockDb.payments[0]?.state).toBe('refund_started'));
      await waitFor(() =>
        expect(screen.queryByRole('region', { name: 'Paid, not placed' })).not.toBeInTheDocument(),
      );
    });
  });
});
