import { toast } from '../../../lib/toast';
import { cartLoadError, isCredentialError } from '../../../lib/getErrorMessage';
import { TOAST_DURATION_MS } from '../../../lib/messages';

const PLEASE_LOG_IN_TOAST_ID = 'cart-please-log-in';

/**
 * docs/product.md#who-may-do-what: a cart or delivery call refused for credentials tells the
 * shopper 'Please, log in'. One toast, however many of the cart page's calls were refused.
 */
export function pleaseLogInIfRefused(error: unknown): void {
  if (!isCredentialError(error)) return;
  toast.error(cartLoadError(error), { id: PLEASE_LOG_IN_TOAST_ID, duration: TOAST_DURATION_MS });
}
