/**
 * Paystack's inline checkout, resuming the transaction the server initialized (by its access
 * code), as Paystack recommends: the server initializes with the amount, currency NGN and
 * the channels card, bank_transfer and bank; the browser only opens the popup; the server
 * verifies. react-paystack cannot do this (it always starts a new transaction), so the
 * official @paystack/inline-js is used directly, loaded on demand in the browser only (it
 * touches `document` when imported).
 *
 * The library has no time-out of its own: offline, its popup never loads, no callback ever
 * fires, and a full-screen overlay stays. So: the popup must report that it loaded within
 * `loadTimeoutMs`, or its iframes are removed and the shopper is told.
 */
import type PaystackPopType from '@paystack/inline-js';
import type { PaystackCallbacks } from '@paystack/inline-js';

export type PopupOutcome =
  { kind: 'paid'; reference: string } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

export const popupMessages = {
  notLoaded:
    'The payment window did not load. Check your connection and try again. You have not been charged.',
  libraryMissing:
    'The payment window could not be opened. Check your connection and try again. You have not been charged.',
  refused: 'The payment window could not be opened. Please try again. You have not been charged.',
} as const;

/** The library's iframes (`inline-background-<id>`, `inline-checkout-<id>`). */
export const PAYSTACK_IFRAMES = 'iframe[id^="inline-"]';

/** Time for the library to finish closing (it posts to its iframe 300 ms after closing). */
const REMOVE_AFTER_CLOSE_MS = 1000;

function removeIframes(id?: string): void {
  const selector = id ? `iframe[id^="inline-"][id$="-${id}"]` : PAYSTACK_IFRAMES;
  document.querySelectorAll(selector).forEach((frame) => frame.remove());
}

export interface OpenPopupOptions {
  /** How long the popup may take to load before we give up (e.g. 20 s). */
  loadTimeoutMs: number;
}

/** Opens the popup for one transaction; resolves once, when it is paid, closed or failed. */
export async function openPaystackPopup(
  accessCode: string,
  { loadTimeoutMs }: OpenPopupOptions,
): Promise<PopupOutcome> {
  let PaystackPop: typeof PaystackPopType;
  try {
    PaystackPop = (await import(/* webpackChunkName: "paystack-inline" */ '@paystack/inline-js'))
      .default;
  } catch (error) {
    console.error('Paystack inline library failed to load', error);
    return { kind: 'failed', message: popupMessages.libraryMissing };
  }

  return new Promise<PopupOutcome>((resolve) => {
    let settled = false;
    let popupId: string | undefined;

    const finish = (outcome: PopupOutcome, removeNow: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(loadTimer);
      if (removeNow) {
        removeIframes(popupId);
      } else {
        // Each popup adds two iframes; drop them once the library has closed its own.
        setTimeout(() => removeIframes(popupId), REMOVE_AFTER_CLOSE_MS);
      }
      resolve(outcome);
    };

    const loadTimer = setTimeout(() => {
      // Never loaded (offline, blocked): remove the dead overlay, whatever its id.
      popupId = undefined;
      finish({ kind: 'failed', message: popupMessages.notLoaded }, true);
    }, loadTimeoutMs);

    const callbacks: PaystackCallbacks = {
      onLoad: () => clearTimeout(loadTimer),
      onSuccess: (transaction) => finish({ kind: 'paid', reference: transaction.reference }, false),
      onCancel: () => finish({ kind: 'cancelled' }, false),
      onError: (error) => {
        console.error('Paystack popup error', error);
        finish({ kind: 'failed', message: error.message || popupMessages.refused }, true);
      },
    };

    try {
      const popup = new PaystackPop();
      popupId = popup.id;
      popup.resumeTransaction(accessCode, callbacks);
    } catch (error) {
      // Bad parameters throw synchronously ('Invalid transaction parameters').
      console.error('Paystack popup refused to open', error);
      finish({ kind: 'failed', message: popupMessages.refused }, true);
    }
  });
}
