/**
 * Toasts for mutations, with the rules of docs/product.md#messages built in, so a screen
 * makes one call:
 *
 *   const result = await toastMutation(updateCartItem({ id, quantity }).unwrap(), 'cartUpdate');
 *   if (result.ok) ...
 *
 * Pass the mutation's `.unwrap()` promise: the bare mutation promise never rejects, so a
 * failure would show the success toast. The returned promise never rejects either: it
 * settles to { ok: true, data } or { ok: false, error }.
 */
import { preloadToaster, toast } from './toast';
import { afterPageLoad } from './afterPageLoad';
import { TOAST_DURATION_MS, plainMessages, type PromiseMessages } from './messages';
import type * as MutationToasts from './mutationToasts';
import type { MessageKey, MutationOutcome, ToastMutationOptions } from './mutationToasts';

export type { MessageKey, MutationOutcome, ToastMutationOptions } from './mutationToasts';

let mutationToasts: Promise<typeof MutationToasts> | null = null;

/** The mutation toasts' rules and work (once; a failed load is tried again on the next call). */
function loadMutationToasts(): Promise<typeof MutationToasts> {
  mutationToasts ??= import(/* webpackChunkName: "toasts" */ './mutationToasts').catch(
    (error: unknown) => {
      mutationToasts = null;
      throw error;
    },
  );
  return mutationToasts;
}

/** Asks for sonner and the mutation toasts once the page has loaded (AppProviders). */
export function preloadToasts(): void {
  preloadToaster();
  afterPageLoad(() => void loadMutationToasts().catch(() => undefined));
}

/**
 * Shows loading, then success or failure, for one mutation. `row` is a catalogue key (its
 * spec rules apply, and `options` may override them) or any { loading, success, error }.
 * The rules and their work load on first use (lib/mutationToasts.ts); the mutation is
 * already on its way meanwhile, and a failure before they arrive is theirs to show.
 */
export async function toastMutation<T>(
  promise: Promise<T>,
  row: MessageKey | PromiseMessages,
  options: ToastMutationOptions = {},
): Promise<MutationOutcome<T>> {
  // Handled below once the toasts have loaded: not an unhandled rejection meanwhile.
  promise.catch(() => undefined);
  try {
    const { showMutationToasts } = await loadMutationToasts();
    return await showMutationToasts(promise, row, options);
  } catch {
    // Their code could not arrive (offline): the outcome without the toasts.
    return promise.then(
      (data): MutationOutcome<T> => ({ ok: true, data }),
      (error: unknown): MutationOutcome<T> => ({ ok: false, error }),
    );
  }
}

/** The id of the 'Please, log in' toast a signed-out tap shows: more taps replace it. */
export const PLEASE_LOG_IN_TOAST_ID = 'pleaseLogIn';

/**
 * How long 'Please, log in' with its 'Log in' button stays: the spec's 3 s is too short to
 * read a toast and reach for its button on a phone.
 */
export const LOG_IN_ACTION_TOAST_DURATION_MS = 8000;

/** The label of the toast's button that takes a signed-out shopper to the login page. */
export const LOG_IN_ACTION_LABEL = 'Log in';

/**
 * 'Please, log in' for a signed-out shopper's tap, with a 'Log in' button that runs
 * `onLogIn` (which remembers the tap and goes to the login page). One such toast at a time.
 */
export function toastPleaseLogIn(onLogIn: () => void, description?: string): void {
  toast.error(plainMessages.pleaseLogIn, {
    id: PLEASE_LOG_IN_TOAST_ID,
    description,
    duration: LOG_IN_ACTION_TOAST_DURATION_MS,
    action: { label: LOG_IN_ACTION_LABEL, onClick: onLogIn },
  });
}

/** A plain error toast with the spec's duration, e.g. toastError(cartLoadError(error)). */
export function toastError(text: string, duration: number = TOAST_DURATION_MS): void {
  toast.error(text, { duration });
}
