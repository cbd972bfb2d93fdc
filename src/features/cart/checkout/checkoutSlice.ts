/**
 * The payment flow as a small state machine (docs/product.md#payment-flow):
 *
 *   idle ──paymentStarted──▶ initializing ──transactionInitialized──▶ awaitingPayment
 *     ▲                          │ paymentFailed                      │  (Paystack popup, or the
 *     │◀─────────────────────────┘                                    │   Test payment dialog:
 *     │◀──────────────── paymentCancelled / paymentFailed ────────────┤   testPaymentSubmitted
 *     │                                                               │   ▶ payingTest)
 *     │                                                paymentReceived▼
 *     │◀── orderNotPlaced ── verifying ──paymentVerified──▶ waiting ──orderRequested──▶ placingOrder
 *     │◀──────────────────────────── orderPlaced / orderNotPlaced ─────────────────────────┘
 *
 *   A paid order left unfinished (reload, closed tab, failed checkout) resumes from idle:
 *   idle ──paymentReceived──▶ verifying ... (no pause: the time has passed already).
 *
 * Every step is an event, named for what happened; the thunks in checkoutThunks.ts
 * run the side effects (RTK Query calls, the popup, toasts) and dispatch the events. The slice
 * joins the store when this module loads (state/lazyApis.ts), with the cart page or when the
 * app shell looks for a payment to finish, so a first visit to the shop does not load it;
 * until then the selectors read the idle state. The state lives in
 * Redux, not in a component, so the flow carries on if the shopper leaves the cart page, the
 * app shell's PendingPaymentResumer and the cart page see the same flow, and a second click
 * finds the flow already running. A paid reference is also kept in localStorage
 * (pendingPayment.ts) from the moment the provider reports success until the order exists.
 */
import {
  createSlice,
  type PayloadAction,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { DeliveryModel, InitializeTransactionResponse } from 'contract';
import { loadApi } from '../../../state/lazyApis';
import { loggedOut } from '../../../state/sessionSlice';
import type { RootState } from '../../../state/types';

export type PaymentProvider = InitializeTransactionResponse['provider'];

export type CheckoutPhase =
  | 'idle'
  | 'initializing'
  | 'awaitingPayment'
  | 'payingTest'
  | 'verifying'
  | 'waiting'
  | 'placingOrder';

export interface CheckoutTransaction {
  reference: string;
  accessCode: string;
  /** What the provider will charge, in kobo (the server's user_data.amount). */
  amountKobo: number;
  email: string;
}

/** A payment taken whose order is not placed yet; trying again finishes it. */
export interface UnfinishedPayment {
  reference: string;
  deliveryModel: DeliveryModel;
}

export interface CheckoutState {
  phase: CheckoutPhase;
  provider: PaymentProvider | null;
  deliveryModel: DeliveryModel | null;
  transaction: CheckoutTransaction | null;
  /** This run finishes a payment made on an earlier visit. */
  resumed: boolean;
  /** Why the last attempt stopped, in words for the shopper; null when nothing to say. */
  error: string | null;
  unfinished: UnfinishedPayment | null;
  /** The order just placed, until a screen shows it (the orders page). */
  placedOrderId: number | null;
  /** When it was placed (ms since 1970), so a screen opened much later does not jump away. */
  placedAt: number | null;
}

export const initialCheckoutState: CheckoutState = {
  phase: 'idle',
  provider: null,
  deliveryModel: null,
  transaction: null,
  resumed: false,
  error: null,
  unfinished: null,
  placedOrderId: null,
  placedAt: null,
};

/** Back to idle: nothing in flight, ready for another try. */
function settle(state: CheckoutState) {
  state.phase = 'idle';
  state.provider = null;
  state.transaction = null;
  state.resumed = false;
}

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {
    paymentStarted(state, action: PayloadAction<{ deliveryModel: DeliveryModel }>) {
      if (state.phase !== 'idle') return;
      state.phase = 'initializing';
      state.deliveryModel = action.payload.deliveryModel;
      state.error = null;
      state.placedOrderId = null;
      state.placedAt = null;
    },
    transactionInitialized(
      state,
      action: PayloadAction<{ provider: PaymentProvider; transaction: CheckoutTransaction }>,
    ) {
      if (state.phase !== 'initializing') return;
      state.phase = 'awaitingPayment';
      state.provider = action.payload.provider;
      state.transaction = action.payload.transaction;
    },
    /** The shopper closed the popup or the Test payment dialog: nothing was paid. */
    paymentCancelled(state) {
      if (state.phase !== 'awaitingPayment') return;
      settle(state);
    },
    /** The payment could not start or its window failed: nothing was paid. */
    paymentFailed(state, action: PayloadAction<{ error: string }>) {
      if (state.phase !== 'initializing' && state.phase !== 'awaitingPayment') return;
      settle(state);
      state.error = action.payload.error;
    },
    testPaymentSubmitted(state) {
      if (state.phase !== 'awaitingPayment' || state.provider !== 'sandbox') return;
      state.phase = 'payingTest';
      state.error = null;
    },
    /** The sandbox refused the test payment: the dialog stays open to try again or cancel. */
    testPaymentRefused(state, action: PayloadAction<{ error: string }>) {
      if (state.phase !== 'payingTest') return;
      state.phase = 'awaitingPayment';
      state.error = action.payload.error;
    },
    paymentReceived(
      state,
      action: PayloadAction<{ reference: string; deliveryModel: DeliveryModel; resumed: boolean }>,
    ) {
      state.phase = 'verifying';
      state.deliveryModel = action.payload.deliveryModel;
      state.resumed = action.payload.resumed;
      state.error = null;
      state.unfinished = null;
      state.placedOrderId = null;
      state.placedAt = null;
      if (state.transaction?.reference !== action.payload.reference) state.transaction = null;
    },
    paymentVerified(state) {
      if (state.phase === 'verifying') state.phase = 'waiting';
    },
    orderRequested(state) {
      if (state.phase === 'waiting') state.phase = 'placingOrder';
    },
    orderPlaced(state, action: PayloadAction<{ orderId: number; placedAt: number }>) {
      settle(state);
      state.deliveryModel = null;
      state.error = null;
      state.unfinished = null;
      state.placedOrderId = action.payload.orderId;
      state.placedAt = action.payload.placedAt;
    },
    orderNotPlaced(
      state,
      action: PayloadAction<{ error: string; unfinished: UnfinishedPayment | null }>,
    ) {
      settle(state);
      state.error = action.payload.error;
      state.unfinished = action.payload.unfinished;
    },
    placedOrderShown(state) {
      state.placedOrderId = null;
      state.placedAt = null;
    },
    errorDismissed(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    // Another shopper may sign in next: nothing of this one's payment stays on screen.
    builder.addCase(loggedOut, () => initialCheckoutState);
  },
});

loadApi(checkoutSlice);

export const {
  paymentStarted,
  transactionInitialized,
  paymentCancelled,
  paymentFailed,
  testPaymentSubmitted,
  testPaymentRefused,
  paymentReceived,
  paymentVerified,
  orderRequested,
  orderPlaced,
  orderNotPlaced,
  placedOrderShown,
  errorDismissed,
} = checkoutSlice.actions;

// ------------------------------------------------------------------ selectors

export const selectCheckout = (state: RootState): CheckoutState =>
  state.checkout ?? initialCheckoutState;

/** Make Payment may start a new payment: nothing running, no paid order left to finish. */
export const selectCanStartPayment = (state: RootState): boolean => {
  const checkout = selectCheckout(state);
  return checkout.phase === 'idle' && checkout.unfinished === null;
};

/** 'Please wait... Do NOT refresh page' shows while the shopper has to wait, not act. */
export function isWaitingPhase(checkout: CheckoutState): boolean {
  if (checkout.phase === 'idle') return false;
  if (checkout.phase === 'awaitingPayment') return checkout.provider === 'paystack';
  return true;
}

export type CheckoutThunk<R = Promise<void>> = ThunkAction<R, RootState, unknown, UnknownAction>;

/** An order placed longer ago than this is not news: no screen jumps to it any more. */
export const PLACED_ORDER_NEWS_MS = 60_000;

/**
 * Takes the order just placed, once: the screen that gets it shows the orders page. Two
 * screens asking at once (the cart page and the app shell's resumer) navigate only once.
 */
export function claimPlacedOrder(): CheckoutThunk<number | null> {
  return (dispatch, getState) => {
    const { placedOrderId, placedAt } = selectCheckout(getState());
    if (placedOrderId === null) return null;
    dispatch(placedOrderShown());
    const recent = placedAt !== null && Date.now() - placedAt <= PLACED_ORDER_NEWS_MS;
    return recent ? placedOrderId : null;
  };
}
