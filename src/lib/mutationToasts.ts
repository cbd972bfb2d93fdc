/**
 * The mutation toasts' rules and their work: what toastMutation (lib/toasts.ts) shows for a
 * mutation. A chunk of its own, loaded after the page (lib/toast.ts, preloadToaster) or by
 * the first mutation, whichever comes first: nothing on the first screen needs it.
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

export type MutationOutcome<T> = { ok: true; data: T } | { ok: false; error: unknown };

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

/** toastMutation's work (lib/toasts.ts): loading, then success or failure, for one mutation. */
export async function showMutationToasts<T>(
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
