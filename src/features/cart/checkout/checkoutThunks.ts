/**
 * The payment flow's effects (see checkoutSlice.ts for the states and events): initialize,
 * the provider's window (Paystack's popup, or the Test payment dialog for the server's
 * sandbox), verify, the spec's pause, checkout; and finishing a paid order after a reload.
 * Each thunk checks the state first, so a second click or a second screen does nothing.
 */
import { toast } from '../../../lib/toast';
import type {
  DeliveryModel,
  InitializeTransactionResponse,
  PaystackChannel,
  Verification,
} from 'contract';
import { startAppListening } from '../../../state/listenerMiddleware';
import { selectSignedInUserId } from '../../../state/sessionSlice';
import type { RootState } from '../../../state/types';
import { env } from '../../../config/env';
import { formatNaira } from '../../../lib/format';
import {
  getErrorMessage,
  httpStatus,
  isCredentialError,
  isRetryable,
} from '../../../lib/getErrorMessage';
import { TOAST_DURATION_MS, plainMessages } from '../../../lib/messages';
import { toastError, toastMutation } from '../../../lib/toasts';
import { cartApi } from '../../../services/cartApi';
import { paymentApi } from '../../../services/paymentApi';
import { toKobo } from '../cart/cartFigures';
import { checkoutMessages } from './checkoutMessages';
import {
  isWaitingPhase,
  orderNotPlaced,
  orderPlaced,
  orderRequested,
  paymentCancelled,
  paymentFailed,
  paymentReceived,
  paymentStarted,
  paymentVerified,
  selectCanStartPayment,
  selectCheckout,
  testPaymentRefused,
  testPaymentSubmitted,
  transactionInitialized,
  type CheckoutThunk,
} from './checkoutSlice';
import {
  clearPendingPayment,
  readPendingPayment,
  savePendingPayment,
  type PendingPayment,
} from './pendingPayment';
import { openPaystackPopup } from './paystackPopup';
import { loadApi } from '../../../state/lazyApis';

loadApi(paymentApi);

/** Mutable for tests (as retryPolicy is): the spec's pause and the popup's load time-out. */
export const checkoutTiming = {
  /** docs/product.md#numbers-and-limits: about 5 seconds between verification and checkout. */
  delayMs: env.checkoutDelayMs,
  /** How long the Paystack popup may take to load before it is removed. */
  popupLoadTimeoutMs: 20_000,
};

/**
 * The non-blocking notice: a toast shown and removed as the phase changes. Each showing gets
 * its own id: sonner merges a toast into one of the same id that is still leaving the screen,
 * and it would leave with it.
 */
const progressNotice: { shown: number; id: string | null } = { shown: 0, id: null };

startAppListening({
  predicate: (_action, current, previous) =>
    isWaitingPhase(selectCheckout(current)) !== isWaitingPhase(selectCheckout(previous)),
  effect: (_action, { getState }) => {
    if (isWaitingPhase(selectCheckout(getState()))) {
      if (progressNotice.id !== null) toast.dismiss(progressNotice.id);
      progressNotice.shown += 1;
      progressNotice.id = `checkout-progress-${progressNotice.shown}`;
      toast.loading(plainMessages.pleaseWaitPayment, {
        id: progressNotice.id,
        duration: Number.POSITIVE_INFINITY,
      });
    } else if (progressNotice.id !== null) {
      toast.dismiss(progressNotice.id);
      progressNotice.id = null;
    }
  },
});

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function wait(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/**
 * Whether a paid reference is kept to place its order later: the call may work again, the
 * login ran out, or the failure cannot be read (losing a paid reference costs more than
 * keeping one the server will refuse).
 */
export function keepsPaymentForLater(error: unknown): boolean {
  return isRetryable(error) || isCredentialError(error) || httpStatus(error) === undefined;
}

function tellShopper(title: string, description: string) {
  toast.error(title, { description, duration: TOAST_DURATION_MS * 2 });
}

/** The words for a failed payment call: 'Please, log in' for a refused token. */
function problemWords(error: unknown): string {
  return isCredentialError(error) ? plainMessages.pleaseLogIn : getErrorMessage(error);
}

/** The signed-in shopper's id as a pending payment records it (a string), or null. */
function signedInUser(state: RootState): string | null {
  const id = selectSignedInUserId(state);
  return id === null ? null : String(id);
}

export interface StartPaymentRequest {
  deliveryModel: DeliveryModel;
  /** The total the cart page shows (naira): the charge must equal it. */
  expectedTotal: number;
}

/**
 * Make Payment → Continue: initialize the transaction, check the amount, then open the
 * provider's window. A second call while one runs does nothing.
 */
export function startPayment({ deliveryModel, expectedTotal }: StartPaymentRequest): CheckoutThunk {
  return async (dispatch, getState) => {
    if (!selectCanStartPayment(getState())) return;
    if (!isOnline()) {
      toastError(checkoutMessages.offline);
      return;
    }
    const userid = selectSignedInUserId(getState());
    if (userid === null) {
      toastError(plainMessages.pleaseLogIn);
      return;
    }
    const userId = String(userid);

    dispatch(paymentStarted({ deliveryModel }));
    let answer: InitializeTransactionResponse;
    try {
      answer = await dispatch(
        paymentApi.endpoints.initializeTransaction.initiate({
          userid,
          delivery_method: deliveryModel,
        }),
      ).unwrap();
    } catch (error) {
      console.error('Payment initialization failed', error);
      const words = problemWords(error);
      tellShopper(checkoutMessages.startFailed, words);
      dispatch(paymentFailed({ error: `${checkoutMessages.startFailed}: ${words}` }));
      return;
    }

    if (answer.user_data.amount !== toKobo(expectedTotal)) {
      const detail = checkoutMessages.cartChangedDetail(
        formatNaira(answer.user_data.amount / 100),
        formatNaira(expectedTotal),
      );
      tellShopper(checkoutMessages.cartChanged, detail);
      dispatch(paymentFailed({ error: `${checkoutMessages.cartChanged}. ${detail}` }));
      dispatch(cartApi.util.invalidateTags([{ type: 'Cart', id: 'LIST' }]));
      return;
    }

    const { reference, access_code: accessCode } = answer.transaction_data.data;
    dispatch(
      transactionInitialized({
        provider: answer.provider,
        transaction: {
          reference,
          accessCode,
          amountKobo: answer.user_data.amount,
          email: answer.user_data.email,
        },
      }),
    );
    // The server knows which provider holds the transaction: a sandbox one can only be paid
    // in the Test payment dialog, a Paystack one only in Paystack's popup (resuming by access
    // code needs no public key). The build's key should agree; say so when it does not.
    if ((answer.provider === 'paystack') !== (env.paystackPublicKey !== '')) {
      console.warn(
        `Payments go through ${answer.provider} (the server's choice), but this build has ${
          env.paystackPublicKey ? 'a' : 'no'
        } PAYSTACK_PUBLIC_KEY.`,
      );
    }
    // The sandbox has no popup: the Test payment dialog (payTestPayment) takes it from here.
    if (answer.provider === 'sandbox') return;

    const outcome = await openPaystackPopup(accessCode, {
      loadTimeoutMs: checkoutTiming.popupLoadTimeoutMs,
    });
    if (outcome.kind === 'cancelled') {
      dispatch(paymentCancelled());
      return;
    }
    if (outcome.kind === 'failed') {
      tellShopper(checkoutMessages.popupFailed, outcome.message);
      dispatch(paymentFailed({ error: outcome.message }));
      return;
    }
    if (outcome.reference !== reference) {
      console.warn(`Paystack reported reference ${outcome.reference} for ${reference}`);
    }
    await dispatch(finishPaidOrder({ reference, deliveryModel, userId }, { resumed: false }));
  };
}

/**
 * The Test payment dialog's Pay: the server's sandbox takes the payment by the channel the
 * tester picked, then we finish.
 */
export function payTestPayment(channel?: PaystackChannel): CheckoutThunk {
  return async (dispatch, getState) => {
    const checkout = selectCheckout(getState());
    const { transaction, deliveryModel } = checkout;
    if (checkout.phase !== 'awaitingPayment' || checkout.provider !== 'sandbox') return;
    if (!transaction || !deliveryModel) return;
    const userId = signedInUser(getState());
    if (userId === null) {
      toastError(plainMessages.pleaseLogIn);
      return;
    }
    if (!isOnline()) {
      toastError(checkoutMessages.offline);
      return;
    }

    dispatch(testPaymentSubmitted());
    try {
      await dispatch(
        paymentApi.endpoints.payTestTransaction.initiate({
          reference: transaction.reference,
          channel,
        }),
      ).unwrap();
    } catch (error) {
      const words = problemWords(error);
      tellShopper(checkoutMessages.testPaymentFailed, words);
      dispatch(testPaymentRefused({ error: `${checkoutMessages.testPaymentFailed}: ${words}` }));
      return;
    }
    await dispatch(
      finishPaidOrder(
        { reference: transaction.reference, deliveryModel, userId },
        { resumed: false },
      ),
    );
  };
}

/** The Test payment dialog's Cancel: nothing was paid; Make Payment works again. */
export function cancelTestPayment(): CheckoutThunk<void> {
  return (dispatch, getState) => {
    const checkout = selectCheckout(getState());
    if (checkout.phase === 'awaitingPayment' && checkout.provider === 'sandbox') {
      dispatch(paymentCancelled());
    }
  };
}

/**
 * Paid: keep the reference, verify it, pause (spec: about 5 s; not when resuming, the time
 * has passed), then place the order. The order toasts are the spec's.
 */
export function finishPaidOrder(
  payment: Omit<PendingPayment, 'paidAt'> & { paidAt?: string },
  { resumed }: { resumed: boolean },
): CheckoutThunk {
  return async (dispatch) => {
    const { reference, deliveryModel } = payment;
    savePendingPayment({ ...payment, paidAt: payment.paidAt ?? new Date().toISOString() });
    dispatch(paymentReceived({ reference, deliveryModel, resumed }));

    let verification: Verification;
    try {
      verification = await dispatch(
        paymentApi.endpoints.verifyTransaction.initiate(reference, {
          subscribe: false,
          forceRefetch: true,
        }),
      ).unwrap();
    } catch (error) {
      console.error('Payment verification failed', error);
      const retry = keepsPaymentForLater(error);
      if (!retry) clearPendingPayment();
      const detail = checkoutMessages.verifyFailedDetail(problemWords(error), reference);
      tellShopper(checkoutMessages.verifyFailed, detail);
      dispatch(
        orderNotPlaced({
          error: `${checkoutMessages.verifyFailed}. ${detail}`,
          unfinished: retry ? { reference, deliveryModel } : null,
        }),
      );
      return;
    }

    if (verification.status !== 'success') {
      clearPendingPayment();
      const detail = checkoutMessages.notPaidDetail(verification.status);
      tellShopper(checkoutMessages.notPaid, detail);
      dispatch(
        orderNotPlaced({ error: `${checkoutMessages.notPaid}. ${detail}`, unfinished: null }),
      );
      return;
    }

    dispatch(paymentVerified());
    if (!resumed) await wait(checkoutTiming.delayMs);
    dispatch(orderRequested());
    const outcome = await toastMutation(
      dispatch(
        cartApi.endpoints.checkout.initiate({
          reference_id: reference,
          delivery_model: deliveryModel,
        }),
      ).unwrap(),
      'order',
      { failureDetail: 'description' },
    );
    if (outcome.ok) {
      clearPendingPayment();
      dispatch(orderPlaced({ orderId: outcome.data.id, placedAt: Date.now() }));
      return;
    }
    // No answer or a server fault: the same reference places the order later (the server
    // gives one order per reference). A refusal (cart changed, not paid) will not improve.
    const retry = keepsPaymentForLater(outcome.error);
    if (!retry) clearPendingPayment();
    dispatch(
      orderNotPlaced({
        error: checkoutMessages.orderFailedDetail(problemWords(outcome.error), reference, retry),
        unfinished: retry ? { reference, deliveryModel } : null,
      }),
    );
  };
}

/**
 * A payment left unfinished (reload, closed tab, failed checkout): verify and place the
 * order. Does nothing without a signed-in shopper or a pending payment; a pending payment of
 * another shopper is dropped.
 */
export function resumePendingPayment(): CheckoutThunk {
  return async (dispatch, getState) => {
    const state = getState();
    const checkout = selectCheckout(state);
    if (checkout.phase !== 'idle') return;
    const userId = signedInUser(state);
    if (userId === null) return;
    const stored = readPendingPayment();
    if (stored && stored.userId !== userId) {
      clearPendingPayment();
      return;
    }
    const pending: PendingPayment | null =
      stored ??
      (checkout.unfinished
        ? { ...checkout.unfinished, userId, paidAt: new Date().toISOString() }
        : null);
    if (!pending) return;
    if (!isOnline()) {
      toastError(checkoutMessages.offline);
      dispatch(
        orderNotPlaced({
          error: checkoutMessages.offline,
          unfinished: { reference: pending.reference, deliveryModel: pending.deliveryModel },
        }),
      );
      return;
    }
    toast.info(checkoutMessages.finishing, { duration: TOAST_DURATION_MS });
    await dispatch(finishPaidOrder(pending, { resumed: true }));
  };
}
