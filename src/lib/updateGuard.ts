/**
 * Whether reloading into a new version of the app right now would lose the shopper's work.
 * The service worker's update flow (src/app/pwa) asks `updatesHeld()` when a new version is
 * waiting: when it is held, the shopper is asked instead of the page reloading by itself.
 *
 * Three things hold updates:
 * - a hold taken with `holdUpdates(reason)`, e.g. by the payment flow while a payment runs;
 * - the localStorage key 'pendingPayment', which the payment flow keeps while a payment is
 *   in progress (it outlives a reload, a hold does not);
 * - a form field holding typed text (see `formHoldsTypedText`).
 */
import { wasTypedInto } from './typingWatch';

/** The localStorage key whose presence means a payment is in progress. */
export const PENDING_PAYMENT_KEY = 'pendingPayment';

const holds = new Map<symbol, string>();

/**
 * Holds updates until the returned function is called. Calling that function more than
 * once is harmless. The reason names the hold when debugging (`updateHoldReasons()`).
 */
export function holdUpdates(reason: string): () => void {
  const token = Symbol(reason);
  holds.set(token, reason);
  return () => {
    holds.delete(token);
  };
}

function paymentPending(): boolean {
  try {
    return window.localStorage.getItem(PENDING_PAYMENT_KEY) !== null;
  } catch {
    // Storage can be switched off; then only the in-memory hold tells of a payment.
    return false;
  }
}

/**
 * Input types whose value is not text the shopper typed (a range or colour input also has a
 * value that differs from its empty default before anyone touches it).
 */
const NOT_TYPED = new Set([
  'search',
  'hidden',
  'button',
  'submit',
  'reset',
  'image',
  'checkbox',
  'radio',
  'range',
  'color',
]);

function selectDiffersFromDefault(select: HTMLSelectElement): boolean {
  const options = [...select.options];
  // With no option marked `selected` in the markup, the default is the browser's own pick,
  // which a controlled React select never records: only a user's change tells then.
  if (!options.some((option) => option.defaultSelected)) return false;
  return options.some((option) => option.selected !== option.defaultSelected);
}

function holdsTypedText(field: Element): boolean {
  if (field instanceof HTMLInputElement) {
    if (NOT_TYPED.has(field.type) || field.readOnly) return false;
    return field.value !== field.defaultValue || (wasTypedInto(field) && field.value !== '');
  }
  if (field instanceof HTMLTextAreaElement) {
    if (field.readOnly) return false;
    return field.value !== field.defaultValue || (wasTypedInto(field) && field.value !== '');
  }
  if (field instanceof HTMLSelectElement) {
    return selectDiffersFromDefault(field) || (wasTypedInto(field) && field.value !== '');
  }
  return false;
}

/**
 * Whether any input, textarea or select under `root` holds what the shopper entered: its
 * value differs from its default value, or the shopper typed into it and it is not empty.
 * Search boxes, hidden and read-only fields, buttons, checkboxes and radios do not count.
 */
export function formHoldsTypedText(root: ParentNode = document): boolean {
  return [...root.querySelectorAll('input, textarea, select')].some(holdsTypedText);
}

/** Why updates are held right now; empty when a reload would lose nothing. */
export function updateHoldReasons(): string[] {
  const reasons = [...holds.values()];
  if (paymentPending()) reasons.push(PENDING_PAYMENT_KEY);
  if (typeof document !== 'undefined' && formHoldsTypedText(document)) reasons.push('typed text');
  return reasons;
}

/** True while a reload would interrupt a payment or lose typed text. */
export function updatesHeld(): boolean {
  return updateHoldReasons().length > 0;
}
