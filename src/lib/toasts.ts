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
import { toast } from './toast';
import { errorDetail, isCredentialError } from './getErrorMessage';
import {
  DETAIL_TOAST_DURATION_MS,
  TOAST_DURATION_MS,
  WISHLIST_ADD_TOAST_DURATION_MS,
  fill,
  messages,
  plainMessages,
  type PromiseMessages,
} from './messages';

export type MessageKey = keyof typeof messages;

export interface ToastMutationOptions {
  /** How long the success or failure toast stays, in ms (docs/product.md#numbers-and-limits: 3000). */
  duration?: number;
  /** 'Please, log in' instead of the failure text when the token was refused (cart and delivery calls). */
  credentialAware?: boolean;
  /**
   * What the failure toast says besides the catalogue's text:
   * 'none': the catalogue's text only;
   * 'description': the catalogue's text, and under it the server's detail or 'An error occured';
   * 'replace': the server's detail instead of the catalogue's text (which stays as a fallback).
   */
  failureDetail?: 'none' | 'description' | 'replace';
  /** After a failure, a second error toast (3 s) with the detail or 'An error occured' (sign-up, OTP, activation). */
  detailToast?: boolean;
  /** Values for the success text's placeholders, e.g. { email } for 'OTP sent to {email}!'. */
  values?: Record<string, string>;
  /**
   * The toast's id: a toast with the same id replaces the one on screen instead of stacking
   * under it. A catalogue row uses its own key, so a run of the same event (five taps on +)
   * shows one toast whose words follow the latest call.
   */
  id?: string;
}

/** The spec's rules for each row of the catalogue (sections 6, 8 and 9). */
export const toastRules: Record<MessageKey, ToastMutationOptions> = {
  cartAdd: { credentialAware: true },
  wishlistAdd: { failureDetail: 'replace', duration: WISHLIST_ADD_TOAST_DURATION_MS },
  wishlistRemove: {},
  accountUpdate: { failureDetail: 'description' },
  login: { failureDetail: 'description' },
  resetOtp: {},
  resetPassword: {},
  affiliateRegistration: {},
  paymentRequest: {},
  signUp: { detailToast: true },
  signUpOtp: { detailToast: true },
  activation: { detailToast: true },
  deliveryCreate: { credentialAware: true, failureDetail: 'description' },
  deliveryUpdate: { credentialAware: true, failureDetail: 'description' },
  cartUpdate: { credentialAware: true },
  cartDelete: { credentialAware: true },
  order: { credentialAware: true },
};

export type MutationOutcome<T> = { ok: true; data: T } | { ok: false; error: unknown };

/** The server's detail, or the spec's 'An error occured'. */
export function detailOrDefault(error: unknown): string {
  return errorDetail(error) ?? plainMessages.anErrorOccured;
}

/** The failure toast's title and description under the given rules. */
export function failureToast(
  error: unknown,
  text: PromiseMessages,
  options: ToastMutationOptions,
): { message: string; description?: string } {
  if (options.credentialAware && isCredentialError(error)) {
    return { message: plainMessages.pleaseLogIn };
  }
  switch (options.failureDetail ?? 'none') {
    case 'replace':
      return { message: errorDetail(error) ?? text.error };
    case 'description':
      return { message: text.error, description: detailOrDefault(error) };
    default:
      return { message: text.error };
  }
}

/**
 * Shows loading, then success or failure, for one mutation. `row` is a catalogue key (its
 * spec rules apply, and `options` may override them) or any { loading, success, error }.
 */
export async function toastMutation<T>(
  promise: Promise<T>,
  row: MessageKey | PromiseMessages,
  options: ToastMutationOptions = {},
): Promise<MutationOutcome<T>> {
  const text = typeof row === 'string' ? messages[row] : row;
  const rules = { ...(typeof row === 'string' ? toastRules[row] : {}), ...options };
  const duration = rules.duration ?? TOAST_DURATION_MS;
  const success = rules.values ? fill(text.success, rules.values) : text.success;

  const id = rules.id ?? (typeof row === 'string' ? row : undefined);
  toast.promise(promise, {
    id,
    loading: text.loading,
    success: { message: success, duration },
    error: (error: unknown) => ({ ...failureToast(error, text, rules), duration }),
  });

  try {
    return { ok: true, data: await promise };
  } catch (error) {
    if (rules.detailToast) {
      toast.error(detailOrDefault(error), {
        id: id === undefined ? undefined : `${id}-detail`,
        duration: DETAIL_TOAST_DURATION_MS,
      });
    }
    return { ok: false, error };
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
export function toastPleaseLogIn(onLogIn: () => void): void {
  toast.error(plainMessages.pleaseLogIn, {
    id: PLEASE_LOG_IN_TOAST_ID,
    duration: LOG_IN_ACTION_TOAST_DURATION_MS,
    action: { label: LOG_IN_ACTION_LABEL, onClick: onLogIn },
  });
}

/** A plain error toast with the spec's duration, e.g. toastError(cartLoadError(error)). */
export function toastError(text: string, duration: number = TOAST_DURATION_MS): void {
  toast.error(text, { duration });
}
