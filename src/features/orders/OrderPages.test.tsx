/**
 * The confirmation page and the order page, as a shopper reads them: the number, the amounts,
 * where and when, how it is paid, the timeline, and the shop's WhatsApp.
 */
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Order } from 'contract';
import { paths } from '../../lib/paths';
import { initialSessionState } from '../../state/sessionSlice';
import { fixtureOrders, signedInSession } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import { recordOrderEvent } from '../../testing/orderHandlers';
import { renderWithProviders } from '../../testing/renderWithProviders';
import OrderConfirmationPage from './OrderConfirmationPage';
import OrderPage from './OrderPage';

function renderAt(route: string, signedIn = true) {
  return renderWithProviders(
    <Routes>
      <Route path={paths.orderConfirmation} element={<OrderConfirmationPage />} />
      <Route path={paths.order} element={<OrderPage />} />
    </Routes>,
    { route, preloadedState: { session: signedIn ? signedInSession : initialSessionState } },
  );
}

const whatsappLink = () => screen.getByRole('link', { name: 'Ask about this order on WhatsApp' });

describe('the order confirmation page', () => {
  test('a pay-at-pickup order: number, amounts to pay, the station with its hours, WhatsApp', async () => {
    renderAt('/order-confirmation/402');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Thank you for your order' }),
    ).toBeVisible();
    await screen.findByLabelText('Amounts');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Your order ibm-402-c91d is placed.');
    expect(status).toHaveTextContent('Pay ₦ 9,965 in cash or by transfer when you collect it.');
    expect(screen.getByLabelText('Amounts')).toHaveTextContent(
      'Items₦ 8,200VAT (7.5%)₦ 615Delivery and packaging₦ 1,150Total to pay₦ 9,965',
    );
    expect(screen.getByText('Pay at pickup (cash or transfer)')).toBeVisible();
    const pickup = screen.getByRole('region', { name: 'Pickup' });
    expect(pickup).toHaveTextContent('Shop 14, Bodija Market Complex, Bodija, Ibadan, Oyo State');
    expect(pickup).toHaveTextContent('Opening hours: Monday to Saturday, 8 am to 6 pm');
    // Placed on Tuesday 10 November: ready the next working day.
    expect(pickup).toHaveTextContent('Ready for pickup: Wednesday, 11 November');
    expect(whatsappLink()).toHaveAttribute(
      'href',
      `https://wa.me/2348030001234?text=${encodeURIComponent('Hello, about my order ibm-402-c91d')}`,
    );
    expect(screen.getByRole('link', { name: 'Follow this order' })).toHaveAttribute(
      'href',
      '/profile/orders/402',
    );
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute(
      'href',
      '/profile/orders',
    );
    const items = within(screen.getByRole('list', { name: 'Items in this order' }));
    expect(items.getAllByRole('listitem')).toHaveLength(2);
  });

  test('a delivery paid online: the address, the days it is expected, what was paid', async () => {
    const order = mockDb.orders.find((o) => o.id === 401) as Order;
    order.state = 'placed';
    renderAt('/order-confirmation/401');
    await screen.findByLabelText('Amounts');
    expect(screen.getByRole('status')).toHaveTextContent('We received your payment of ₦ 20,715.');
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('12 Awolowo Avenue, Old Bodija, Ibadan-Bodija, Oyo State');
    // Placed on Wednesday 28 October: one to three weekdays.
    expect(delivery).toHaveTextContent(
      'Expected delivery: Thursday, 29 October to Monday, 2 November',
    );
    expect(screen.getByLabelText('Amounts')).toHaveTextContent('Total paid₦ 20,715');
  });

  test("an id that is no order of this shopper's: 'Order not found' and a way back", async () => {
    renderAt('/order-confirmation/999999');
    expect(await screen.findByText('Order not found')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute(
      'href',
      '/profile/orders',
    );
  });

  test("an address that cannot be an order: 'Order not found' without asking the server", () => {
    renderAt('/order-confirmation/abc');
    expect(screen.getByText('Order not found')).toBeVisible();
  });

  test('signed out, the login prompt instead of the order', () => {
    renderAt('/order-confirmation/402', false);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: /log in/i })).toBeVisible();
  });
});

describe('the order page', () => {
  test('the timeline, oldest first, each step with its Lagos time', async () => {
    renderAt('/profile/orders/401');
    expect(screen.getByRole('heading', { level: 1, name: 'Order #401' })).toBeVisible();
    const timeline = await screen.findByRole('list', { name: 'Order timeline' });
    const steps = within(timeline).getAllByRole('listitem');
    const labels = ['Placed', 'Confirmed', 'Packed', 'Out for delivery', 'Delivered'];
    expect(steps).toHaveLength(labels.length);
    labels.forEach((label, i) => expect(steps[i]).toHaveTextContent(new RegExp(`^${label}\\d`)));
    expect(steps[0]).toHaveTextContent('Paid online');
    // 16:45 UTC is 17:45 in Lagos.
    expect(steps[4]).toHaveTextContent('29 October 2026 at 17:45');
    expect(steps[4]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('delivered')).toBeVisible();
    expect(whatsappLink()).toHaveAttribute('href', expect.stringContaining('ibm-401-a7f3'));
  });

  test('a cancelled order says so, with its reason, and its last step', async () => {
    const order = mockDb.orders.find((o) => o.id === 402) as Order;
    Object.assign(order, {
      status: 'Cancelled',
      state: 'cancelled',
      cancel_reason: 'The shopper asked us to',
    });
    recordOrderEvent(402, {
      kind: 'status',
      status: 'cancelled',
      label: 'Cancelled',
      note: 'The shopper asked us to',
    });
    renderAt('/profile/orders/402');
    expect(
      await screen.findByText('This order is cancelled: The shopper asked us to'),
    ).toBeVisible();
    const steps = within(screen.getByRole('list', { name: 'Order timeline' })).getAllByRole(
      'listitem',
    );
    expect(steps.at(-1)).toHaveTextContent('Cancelled');
    expect(screen.getByRole('region', { name: 'Pickup' })).toHaveTextContent(
      'This order is cancelled.',
    );
  });

  test("another shopper's order is 'Order not found'", async () => {
    mockDb.orders = mockDb.orders.filter((o) => o.id !== fixtureOrders[0]?.id);
    renderAt('/profile/orders/401');
    expect(await screen.findByText('Order not found')).toBeVisible();
  });
});
