import type { UnknownAction } from '@reduxjs/toolkit';
import { loggedOut } from '../../../state/sessionSlice';
import {
  checkoutSlice,
  errorDismissed,
  initialCheckoutState,
  isWaitingPhase,
  orderNotPlaced,
  orderPlaced,
  orderRequested,
  paymentCancelled,
  paymentFailed,
  paymentReceived,
  paymentStarted,
  paymentVerified,
  placedOrderShown,
  testPaymentRefused,
  testPaymentSubmitted,
  transactionInitialized,
  type CheckoutState,
} from './checkoutSlice';
import { keepsPaymentForLater } from './checkoutThunks';

const reduce = (actions: UnknownAction[], from: CheckoutState = initialCheckoutState) =>
  actions.reduce(checkoutSlice.reducer, from);

const transaction = {
  reference: 'IBM-1',
  accessCode: 'acc_1',
  amountKobo: 1727500,
  email: 'adebayo@example.ng',
};

describe('the checkout state machine', () => {
  test('the happy path: idle → initializing → awaitingPayment → verifying → waiting → placingOrder → idle', () => {
    const phases: string[] = [];
    let state = initialCheckoutState;
    for (const action of [
      paymentStarted({ deliveryModel: 'pickup' }),
      transactionInitialized({ provider: 'paystack', transaction }),
      paymentReceived({ reference: 'IBM-1', deliveryModel: 'pickup', resumed: false }),
      paymentVerified(),
      orderRequested(),
      orderPlaced({ orderId: 9, placedAt: 1 }),
    ]) {
      state = checkoutSlice.reducer(state, action);
      phases.push(state.phase);
    }
    expect(phases).toEqual([
      'initializing',
      'awaitingPayment',
      'verifying',
      'waiting',
      'placingOrder',
      'idle',
    ]);
    expect(state).toMatchObject({ placedOrderId: 9, transaction: null, error: null });
    expect(reduce([placedOrderShown()], state).placedOrderId).toBeNull();
  });

  test('a second start while one runs changes nothing', () => {
    const running = reduce([paymentStarted({ deliveryModel: 'pickup' })]);
    expect(reduce([paymentStarted({ deliveryModel: 'delivery' })], running)).toBe(running);
  });

  test('cancel returns to idle with nothing to say; a failure returns to idle with its words', () => {
    const awaiting = reduce([
      paymentStarted({ deliveryModel: 'delivery' }),
      transactionInitialized({ provider: 'paystack', transaction }),
    ]);
    expect(reduce([paymentCancelled()], awaiting)).toMatchObject({
      phase: 'idle',
      error: null,
      transaction: null,
    });
    expect(reduce([paymentFailed({ error: 'Popup blocked' })], awaiting)).toMatchObject({
      phase: 'idle',
      error: 'Popup blocked',
    });
    expect(
      reduce([errorDismissed()], reduce([paymentFailed({ error: 'x' })], awaiting)).error,
    ).toBeNull();
  });

  test('the Test payment dialog: a refused payment goes back to the dialog, not to idle', () => {
    const paying = reduce([
      paymentStarted({ deliveryModel: 'delivery' }),
      transactionInitialized({ provider: 'sandbox', transaction }),
      testPaymentSubmitted(),
    ]);
    expect(paying.phase).toBe('payingTest');
    expect(reduce([testPaymentRefused({ error: 'No' })], paying)).toMatchObject({
      phase: 'awaitingPayment',
      error: 'No',
      transaction,
    });
    // Paystack transactions have no Test payment dialog.
    const paystack = reduce([
      paymentStarted({ deliveryModel: 'delivery' }),
      transactionInitialized({ provider: 'paystack', transaction }),
    ]);
    expect(reduce([testPaymentSubmitted()], paystack).phase).toBe('awaitingPayment');
  });

  test('an order not placed keeps what is needed to try again', () => {
    const state = reduce([
      paymentReceived({ reference: 'IBM-1', deliveryModel: 'delivery', resumed: true }),
      orderNotPlaced({
        error: 'No answer',
        unfinished: { reference: 'IBM-1', deliveryModel: 'delivery' },
      }),
    ]);
    expect(state).toMatchObject({
      phase: 'idle',
      error: 'No answer',
      unfinished: { reference: 'IBM-1', deliveryModel: 'delivery' },
    });
    // Trying again clears it.
    expect(
      reduce(
        [paymentReceived({ reference: 'IBM-1', deliveryModel: 'delivery', resumed: true })],
        state,
      ).unfinished,
    ).toBeNull();
  });

  test('logging out forgets the flow', () => {
    const state = reduce([
      orderNotPlaced({ error: 'x', unfinished: { reference: 'IBM-1', deliveryModel: 'pickup' } }),
    ]);
    expect(reduce([loggedOut()], state)).toEqual(initialCheckoutState);
  });

  test('"Please wait" is for waiting, not while the shopper must act in the Test payment dialog', () => {
    expect(isWaitingPhase(initialCheckoutState)).toBe(false);
    const initializing = reduce([paymentStarted({ deliveryModel: 'pickup' })]);
    expect(isWaitingPhase(initializing)).toBe(true);
    expect(
      isWaitingPhase(
        reduce([transactionInitialized({ provider: 'sandbox', transaction })], initializing),
      ),
    ).toBe(false);
    expect(
      isWaitingPhase(
        reduce([transactionInitialized({ provider: 'paystack', transaction })], initializing),
      ),
    ).toBe(true);
  });
});

describe('keepsPaymentForLater', () => {
  test.each([
    [{ status: 'FETCH_ERROR', error: 'down' }, true],
    [{ status: 'TIMEOUT_ERROR', error: 'slow' }, true],
    [{ status: 503, data: { detail: 'busy' } }, true],
    [{ status: 401, data: { detail: 'Could not validate credentials' } }, true],
    [{ status: 429, data: null }, true],
    [{ status: 400, data: { detail: 'This payment failed, so no order was placed' } }, false],
    [{ status: 404, data: { detail: 'Transaction not found' } }, false],
    [{ status: 409, data: { detail: 'Your cart changed' } }, false],
    [{ status: 'CUSTOM_ERROR', error: 'unreadable' }, true],
  ])('%j: %s', (error, expected) => {
    expect(keepsPaymentForLater(error)).toBe(expected);
  });
});
