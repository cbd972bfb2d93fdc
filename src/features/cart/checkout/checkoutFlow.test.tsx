/**
 * The payment flow end to end in jsdom, against the MSW server's sandbox provider: the Test
 * payment dialog, verification, checkout and the orders page, with its failures.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { InitializeTransactionResponse, Verification } from 'contract';
import { makeStore } from '../../../app/store';
import { apiUrl, signedInSession } from '../../../testing/fixtures';
import { mockDb } from '../../../testing/handlers';
import { deferred, recordRequests, server, type RecordedRequest } from '../../../testing/server';
import { selectCheckout } from './checkoutSlice';
import { startPayment } from './checkoutThunks';
import { PENDING_PAYMENT_KEY, readPendingPayment } from './pendingPayment';
import { FIXTURE_TOTAL, findMakePayment, renderCartPage } from '../testing';

type User = ReturnType<typeof renderCartPage>['user'];

const calls = (requests: RecordedRequest[]) =>
  requests
    .map((r) => `${r.method} ${r.url.pathname}`)
    .filter(
      (call) =>
        !/all-carts|get-delivery|GET \/api\/(shop|orders|user\/me|pickup-contact)$/.test(call),
    );

const testDialog = () => screen.findByRole('dialog', { name: 'Test payment' });

/** Make Payment, then Continue with the given method in the Select mode of delivery modal. */
async function continueWith(user: User, method: 'Pickup' | 'Delivery' = 'Delivery') {
  await screen.findByText('12 Awolowo Avenue, Old Bodija, Bodija, Oyo State');
  await user.click(await findMakePayment());
  const modal = await screen.findByRole('dialog', { name: 'Select mode of delivery' });
  if (method === 'Pickup') {
    await user.click(within(modal).getByRole('radio', { name: /^Pickup Station/ }));
  }
  await user.click(within(modal).getByRole('button', { name: `Continue with ${method}` }));
}

async function pay(user: User) {
  const dialog = await testDialog();
  await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
}

const confirmationPage = () =>
  screen.findByRole('heading', { level: 1, name: /^Order confirmation \d+$/ });

describe('paying through the Test payment dialog', () => {
  test('initialize, pay, verify, checkout, then the confirmation page, without a reload', async () => {
    const requests = recordRequests();
    const ordersBefore = mockDb.orders.length;
    const { user, store } = renderCartPage();
    await continueWith(user, 'Pickup');

    const dialog = await testDialog();
    // Pickup: the station's fee (free), not delivery and packaging.
    expect(within(dialog).getByText('₦ 16,125')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    // Behind the modal dialog (hidden from the accessibility tree while it is open): the
    // panel's and the phone bar's.
    for (const button of screen.getAllByRole('button', { name: 'Make Payment', hidden: true })) {
      expect(button).toBeDisabled();
    }
    await pay(user);

    expect(await confirmationPage()).toBeInTheDocument();
    expect(await screen.findByText('Congratulations!')).toBeInTheDocument();
    expect(calls(requests)).toEqual([
      'PUT /api/pickup-contact',
      'POST /api/initialize-transaction',
      'POST /api/sandbox/pay/ibm-test-1001',
      'GET /api/verify-transaction',
      'POST /api/checkout',
    ]);
    const [initialize, , verify, checkout] = requests.filter(
      (r) =>
        !/all-carts|get-delivery|^\/api\/(shop|orders|user\/me|pickup-contact)$/.test(
          r.url.pathname,
        ),
    );
    expect(JSON.parse((await initialize?.body) ?? '')).toEqual({
      userid: 7,
      delivery_method: 'pickup',
    });
    expect(verify?.url.searchParams.get('reference')).toBe('ibm-test-1001');
    expect(JSON.parse((await checkout?.body) ?? '')).toEqual({
      reference_id: 'ibm-test-1001',
      delivery_model: 'pickup',
    });
    expect(mockDb.orders).toHaveLength(ordersBefore + 1);
    expect(mockDb.orders[0]).toMatchObject({
      total_amount: FIXTURE_TOTAL - 1150,
      delivery_model: 'pickup',
    });
    expect(localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
    expect(selectCheckout(store.getState())).toMatchObject({ phase: 'idle', error: null });
  });

  test('tells the shopper to wait while it runs, and the notice goes when it ends', async () => {
    const answer = deferred();
    server.use(
      http.post(apiUrl('/checkout', 'cart'), async () => {
        await answer.gate;
        return undefined;
      }),
    );
    const { user } = renderCartPage();
    await continueWith(user);
    await pay(user);
    expect(await screen.findByText('Please wait... Do NOT refresh page')).toBeInTheDocument();
    expect(await screen.findByText('Placing your order...', { selector: 'p' })).toBeInTheDocument();
    answer.release();
    await confirmationPage();
    await waitFor(() =>
      expect(screen.queryByText('Please wait... Do NOT refresh page')).not.toBeInTheDocument(),
    );
  });

  test('Cancel closes the dialog, pays nothing, and the shopper can try again', async () => {
    const requests = recordRequests();
    const { user, store } = renderCartPage();
    await continueWith(user);
    await user.click(within(await testDialog()).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(selectCheckout(store.getState()).phase).toBe('idle');
    expect(await findMakePayment()).toBeEnabled();

    await continueWith(user);
    await pay(user);
    expect(await confirmationPage()).toBeInTheDocument();
    expect(calls(requests).filter((c) => c.includes('initialize'))).toHaveLength(2);
    expect(calls(requests).filter((c) => c.includes('checkout'))).toHaveLength(1);
  });

  test('leaving the cart with the dialog open ends the flow: nothing was paid', async () => {
    const { user, store, unmount } = renderCartPage();
    await continueWith(user);
    await testDialog();
    expect(selectCheckout(store.getState()).phase).toBe('awaitingPayment');
    unmount();
    expect(selectCheckout(store.getState()).phase).toBe('idle');
  });

  test('a refused test payment keeps the dialog open with the reason', async () => {
    server.use(
      http.post(apiUrl('/sandbox/pay/:reference', 'payment'), () =>
        HttpResponse.json({ detail: 'This payment is already finished' }, { status: 409 }),
      ),
    );
    const { user } = renderCartPage();
    await continueWith(user);
    await pay(user);
    const dialog = await testDialog();
    expect(await within(dialog).findByText(/This payment is already finished/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay' })).toBeEnabled();
    expect(readPendingPayment()).toBeNull();
  });
});

describe('when something goes wrong', () => {
  test('a failed initialization is logged and told in plain words; Make Payment works again', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post(apiUrl('/initialize-transaction', 'payment'), () =>
        HttpResponse.json(
          { detail: 'Only 3 left in stock for Ijebu Garri (5 kg)' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderCartPage();
    await continueWith(user);

    expect(await screen.findByText('Unable to start payment')).toBeInTheDocument();
    expect(await screen.findByRole('alert', { name: '' })).toHaveTextContent(
      'Unable to start payment: Only 3 left in stock for Ijebu Garri (5 kg)',
    );
    expect(log).toHaveBeenCalledWith('Payment initialization failed', expect.anything());
    expect(await findMakePayment()).toBeEnabled();
    expect(screen.queryByRole('dialog', { name: 'Test payment' })).not.toBeInTheDocument();
    log.mockRestore();
  });

  test('a charge that differs from the total shown stops, says the cart changed and refetches it', async () => {
    server.use(
      http.post(apiUrl('/initialize-transaction', 'payment'), () => {
        const answer: InitializeTransactionResponse = {
          provider: 'sandbox',
          transaction_data: {
            status: true,
            message: 'Authorization URL created',
            data: { authorization_url: 'x', access_code: 'sandbox-9', reference: 'ibm-test-9' },
          },
          user_data: { email: 'adebayo@example.ng', amount: 2_000_000 },
        };
        return HttpResponse.json(answer);
      }),
    );
    const { user } = renderCartPage();
    await screen.findByRole('list', { name: 'Cart items' });
    const requests = recordRequests();
    await continueWith(user);

    expect(await screen.findByText('Your cart changed')).toBeInTheDocument();
    expect(
      screen.getAllByText(/The payment would be ₦ 20,000, not the ₦ 17,275 shown/).length,
    ).toBeGreaterThan(0);
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname === '/api/all-carts')).toBe(true),
    );
    expect(screen.queryByRole('dialog', { name: 'Test payment' })).not.toBeInTheDocument();
    expect(await findMakePayment()).toBeEnabled();
  });

  test('a payment the provider reports as failed places no order and drops the reference', async () => {
    server.use(
      http.get(apiUrl('/verify-transaction', 'payment'), ({ request }) => {
        const reference = new URL(request.url).searchParams.get('reference') ?? '';
        const failed: Verification = {
          reference,
          status: 'failed',
          amount: 1727500,
          currency: 'NGN',
          paid_at: null,
        };
        return HttpResponse.json(failed);
      }),
    );
    const requests = recordRequests();
    const { user } = renderCartPage();
    await continueWith(user);
    await pay(user);

    expect(await screen.findByText('Your payment was not completed')).toBeInTheDocument();
    expect(calls(requests)).not.toContain('POST /api/checkout');
    expect(readPendingPayment()).toBeNull();
    expect(await findMakePayment()).toBeEnabled();
  });

  test('a verification that gets no answer keeps the reference; Try again finishes the order', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(apiUrl('/verify-transaction', 'payment'), () => HttpResponse.error()));
    const { user } = renderCartPage();
    await continueWith(user);
    await pay(user);

    expect(await screen.findByText('We could not confirm your payment')).toBeInTheDocument();
    expect(readPendingPayment()).toMatchObject({
      reference: 'ibm-test-1001',
      deliveryModel: 'delivery',
      userId: '7',
    });
    // Paid: a second payment must not start; finishing this one is the way on.
    expect(await findMakePayment()).toBeDisabled();
    expect(
      screen.getByText('Your payment is in, your order is not placed yet'),
    ).toBeInTheDocument();

    server.resetHandlers();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await confirmationPage()).toBeInTheDocument();
    expect(readPendingPayment()).toBeNull();
    log.mockRestore();
  });

  test('a failed checkout keeps the reference for a retry, which places exactly one order', async () => {
    server.use(
      http.post(apiUrl('/checkout', 'cart'), () =>
        HttpResponse.json({ detail: 'Service unavailable' }, { status: 503 }),
      ),
    );
    const ordersBefore = mockDb.orders.length;
    const { user } = renderCartPage();
    await continueWith(user);
    await pay(user);

    expect(await screen.findByText('Unable to place order')).toBeInTheDocument();
    expect(readPendingPayment()?.reference).toBe('ibm-test-1001');
    expect(
      await screen.findByText(/Your payment is safe: try again to place your order/),
    ).toBeInTheDocument();
    expect(mockDb.orders).toHaveLength(ordersBefore);

    server.resetHandlers();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await confirmationPage()).toBeInTheDocument();
    expect(mockDb.orders).toHaveLength(ordersBefore + 1);
    expect(readPendingPayment()).toBeNull();
  });

  test('a checkout the server refuses for good drops the reference and shows why', async () => {
    server.use(
      http.post(apiUrl('/checkout', 'cart'), () =>
        HttpResponse.json(
          { detail: 'Your cart changed after you started paying. Please contact us.' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderCartPage();
    await continueWith(user);
    await pay(user);

    expect(await screen.findByText('Unable to place order')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Your cart changed after you started paying. Please contact us. Payment reference: ibm-test-1001.',
      ),
    ).toBeInTheDocument();
    expect(readPendingPayment()).toBeNull();
  });

  test('offline, the shopper is told before any request and no dialog opens', async () => {
    const { user } = renderCartPage();
    await screen.findByText('12 Awolowo Avenue, Old Bodija, Bodija, Oyo State');
    const requests = recordRequests();
    const online = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    await continueWith(user);

    expect(
      await screen.findByText('You are offline. Check your connection and try again.'),
    ).toBeInTheDocument();
    // Only what the mode dialog reads (the shop's pay-later caps, the orders); no payment call.
    expect(calls(requests)).toEqual([]);
    expect(screen.queryByRole('dialog', { name: 'Test payment' })).not.toBeInTheDocument();
    expect(await findMakePayment()).toBeEnabled();
    online.mockRestore();
  });
});

describe('one payment at a time', () => {
  test('two starts in a row (a double click) initialize once', async () => {
    const store = makeStore({ session: signedInSession });
    const requests = recordRequests();
    const first = store.dispatch(
      startPayment({ deliveryModel: 'delivery', expectedTotal: FIXTURE_TOTAL }),
    );
    const second = store.dispatch(
      startPayment({ deliveryModel: 'delivery', expectedTotal: FIXTURE_TOTAL }),
    );
    await Promise.all([first, second]);

    expect(requests.filter((r) => r.url.pathname === '/api/initialize-transaction')).toHaveLength(
      1,
    );
    expect(selectCheckout(store.getState())).toMatchObject({
      phase: 'awaitingPayment',
      provider: 'sandbox',
      transaction: { reference: 'ibm-test-1001', amountKobo: 1727500 },
    });
  });

  test('Make Payment is disabled, and the cart locked, while a payment runs', async () => {
    const { user } = renderCartPage();
    await continueWith(user);
    await testDialog();
    // Behind the modal dialog (hidden from the accessibility tree while it is open).
    const button = (name: string) => screen.getByRole('button', { name, hidden: true });
    for (const makePayment of screen.getAllByRole('button', {
      name: 'Make Payment',
      hidden: true,
    })) {
      expect(makePayment).toBeDisabled();
    }
    expect(button('Increase quantity of Ijebu Garri (5 kg)')).toBeDisabled();
    expect(button('Delete Ijebu Garri (5 kg) from cart')).toBeDisabled();
    expect(button('Change')).toBeDisabled();
  });
});
