/**
 * The Paystack path: the server initializes a Paystack transaction, the browser resumes it by
 * access code in Paystack's inline popup (mocked here: the real library needs Paystack's
 * servers), then verification and checkout as usual.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import PaystackPop, { type PaystackCallbacks } from '@paystack/inline-js';
import type { InitializeTransactionResponse } from 'contract';
import { apiUrl } from '../../../testing/fixtures';
import { mockDb } from '../../../testing/handlers';
import { recordRequests, server } from '../../../testing/server';
import { checkoutTiming } from './checkoutThunks';
import { readPendingPayment } from './pendingPayment';
import {
  FIXTURE_TOTAL,
  addPaystackIframes,
  findMakePayment,
  getMakePayment,
  paystackIframeCount,
  removeAllIframes,
  renderCartPage,
} from '../testing';

jest.mock('@paystack/inline-js', () => ({ __esModule: true, default: jest.fn() }));

const REFERENCE = 'IBM-PAYSTACK-1';
const ACCESS_CODE = 'acc_test_123';

interface OpenedPopup {
  accessCode: string;
  callbacks: PaystackCallbacks;
}

/** Each popup the page opens, as the real library would: two iframes added to <body>. */
let opened: OpenedPopup[] = [];
/** The popup reports it loaded as soon as it opens (as Paystack's does when online). */
let loadsAtOnce = false;

beforeEach(() => {
  // This build has no PAYSTACK_PUBLIC_KEY while the server pays through Paystack: it warns.
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  opened = [];
  loadsAtOnce = false;
  removeAllIframes();
  jest.mocked(PaystackPop).mockImplementation(function FakePaystackPop(this: { id: string }) {
    const id = `pop${opened.length + 1}`;
    this.id = id;
    addPaystackIframes(id);
    return Object.assign(this, {
      resumeTransaction(accessCode: string, callbacks: PaystackCallbacks = {}) {
        opened.push({ accessCode, callbacks });
        if (loadsAtOnce) callbacks.onLoad?.({ id: 1, accessCode, customer: {} });
      },
    });
  } as unknown as () => PaystackPop);

  // The server holds a Paystack key: its transactions are Paystack's.
  server.use(
    http.post(apiUrl('/initialize-transaction', 'payment'), () => {
      const amount = FIXTURE_TOTAL * 100;
      mockDb.transactions.set(REFERENCE, {
        reference: REFERENCE,
        status: 'pending',
        amount,
        currency: 'NGN',
        paid_at: null,
      });
      const answer: InitializeTransactionResponse = {
        provider: 'paystack',
        transaction_data: {
          status: true,
          message: 'Authorization URL created',
          data: {
            authorization_url: `https://checkout.paystack.com/${ACCESS_CODE}`,
            access_code: ACCESS_CODE,
            reference: REFERENCE,
          },
        },
        user_data: { email: 'adebayo@example.ng', amount },
      };
      return HttpResponse.json(answer);
    }),
  );
});

afterEach(() => {
  jest.mocked(console.warn).mockRestore();
  checkoutTiming.popupLoadTimeoutMs = 20_000;
  jest.useRealTimers();
});

async function openPopup(user: ReturnType<typeof renderCartPage>['user']) {
  await screen.findByText('12 Awolowo Avenue, Old Bodija, Bodija, Oyo State');
  await user.click(await findMakePayment());
  const modal = await screen.findByRole('dialog', { name: 'Select mode of delivery' });
  await user.click(within(modal).getByRole('button', { name: 'Continue with Delivery' }));
  await waitFor(() => expect(opened).toHaveLength(1));
  const [popup] = opened;
  if (!popup) throw new Error('no popup');
  return popup;
}

/** What Paystack's servers do when the shopper pays in the popup. */
function paystackMarksPaid() {
  const transaction = mockDb.transactions.get(REFERENCE);
  if (!transaction) throw new Error('not initialized');
  transaction.status = 'success';
  transaction.paid_at = new Date().toISOString();
}

test('resumes the server transaction by access code; onSuccess verifies, checks out and shows the orders', async () => {
  const requests = recordRequests();
  const { user } = renderCartPage();
  const popup = await openPopup(user);

  expect(popup.accessCode).toBe(ACCESS_CODE);
  expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('no PAYSTACK_PUBLIC_KEY'));
  expect(screen.queryByRole('dialog', { name: 'Test payment' })).not.toBeInTheDocument();
  expect(await screen.findByText('Please wait... Do NOT refresh page')).toBeInTheDocument();
  expect(screen.getByText('Complete your payment in the Paystack window.')).toBeInTheDocument();
  expect(await findMakePayment()).toBeDisabled();

  paystackMarksPaid();
  act(() => {
    popup.callbacks.onLoad?.({ id: 1, accessCode: ACCESS_CODE, customer: {} });
    popup.callbacks.onSuccess?.({ reference: REFERENCE, status: 'success' });
  });

  expect(
    await screen.findByRole('heading', { level: 1, name: /^Order confirmation \d+$/ }),
  ).toBeInTheDocument();
  expect(await screen.findByText('Congratulations!')).toBeInTheDocument();
  const checkout = requests.find((r) => r.url.pathname === '/api/checkout');
  expect(JSON.parse((await checkout?.body) ?? '')).toEqual({
    reference_id: REFERENCE,
    delivery_model: 'delivery',
  });
  expect(requests.some((r) => r.url.pathname.startsWith('/api/sandbox/'))).toBe(false);
  expect(readPendingPayment()).toBeNull();
  expect(mockDb.orders[0]).toMatchObject({ reference: REFERENCE, total_amount: FIXTURE_TOTAL });
});

test('onCancel closes it: nothing verified, Make Payment works again, and a retry opens a new popup', async () => {
  const requests = recordRequests();
  const { user } = renderCartPage();
  const popup = await openPopup(user);
  act(() => popup.callbacks.onCancel?.());

  expect(await findMakePayment()).toBeEnabled();
  await waitFor(() =>
    expect(screen.queryByText('Please wait... Do NOT refresh page')).not.toBeInTheDocument(),
  );
  expect(requests.some((r) => r.url.pathname === '/api/verify-transaction')).toBe(false);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  await user.click(getMakePayment());
  await user.click(screen.getByRole('button', { name: 'Continue with Delivery' }));
  await waitFor(() => expect(opened).toHaveLength(2));
});

test('a popup that never loads is removed after the time-out and the shopper is told', async () => {
  checkoutTiming.popupLoadTimeoutMs = 200;
  const { user } = renderCartPage();
  // The popup opened (its two iframes were added) and never reports that it loaded.
  await openPopup(user);

  expect(await screen.findByText('Unable to open the payment window')).toBeInTheDocument();
  expect(paystackIframeCount()).toBe(0);
  expect(await findMakePayment()).toBeEnabled();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    /did not load\. Check your connection/,
  );
});

test('a popup that loaded is not timed out', async () => {
  // A clock the test moves past the time-out (and that also runs on its own, for the rest).
  jest.useFakeTimers({ advanceTimers: true });
  checkoutTiming.popupLoadTimeoutMs = 200;
  loadsAtOnce = true;
  const { user } = renderCartPage();
  const popup = await openPopup(user);
  act(() => jest.advanceTimersByTime(checkoutTiming.popupLoadTimeoutMs));

  expect(paystackIframeCount()).toBe(2);
  expect(await findMakePayment()).toBeDisabled();
  act(() => popup.callbacks.onCancel?.());
  expect(await findMakePayment({ timeout: 3000 })).toBeEnabled();
});

test('a popup that throws on opening (bad parameters) leaves nothing behind', async () => {
  const log = jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.mocked(PaystackPop).mockImplementation(function Throwing() {
    throw new Error('Invalid transaction parameters');
  } as unknown as () => PaystackPop);
  const { user } = renderCartPage();
  await screen.findByText('12 Awolowo Avenue, Old Bodija, Bodija, Oyo State');
  await user.click(await findMakePayment());
  await user.click(screen.getByRole('button', { name: 'Continue with Delivery' }));

  expect(await screen.findByText('Unable to open the payment window')).toBeInTheDocument();
  expect(await findMakePayment()).toBeEnabled();
  expect(paystackIframeCount()).toBe(0);
  log.mockRestore();
});
