import type { GuestCartMergeResult } from 'contract';
import type { GuestBasket } from '../lib/guestIntent';
import { errorDetail, httpStatus } from '../lib/getErrorMessage';
import {
  mergeReport,
  namesInWords,
  newMergeId,
  readGuestBasket,
  writeGuestBasket,
} from '../lib/keptGuestIntent';
import { toast } from '../lib/toast';
import { toastError } from '../lib/toasts';
import { cartApi } from '../services/cartApi';
import { wishlistApi } from '../services/wishlistApi';
import type { AppDispatch } from '../state/types';

/** How long the merge's words stay: the shopper may need to read what changed. */
const MERGE_TOAST_DURATION_MS = 8000;

/**
 * Merges what a guest kept (lib/guestIntent.ts) into the account that just logged in: the
 * cart lines in one call, which the server adds once per merge id (capped by stock), and the
 * saved items one by one; then tells the shopper in words what went in and what did not. What
 * could not be sent (no connection) stays kept, with the same merge id, for the next try.
 * Loaded only when something is kept: by app/listeners.ts at a log in, and by
 * app/ReconnectSender.tsx when the connection returns to a signed-in shopper.
 */
export async function mergeGuestBasket(
  dispatch: AppDispatch,
  when: MergeMoment = 'logIn',
): Promise<void> {
  const basket = readGuestBasket();
  if (!basket) {
    writeGuestBasket(null);
    return;
  }
  const cartLeft = await mergeCart(basket, dispatch, when);
  const savedLeft = await mergeSaved(basket, dispatch);
  // Lines merged under this id are done with: a later tap kept beside a saved item still
  // waiting needs an id of its own, or the server would take it for this batch again.
  const mergeId = basket.cart.length > 0 && cartLeft.length === 0 ? newMergeId() : basket.mergeId;
  writeGuestBasket({ ...basket, mergeId, cart: cartLeft, saved: savedLeft, returnTo: null });
}

/**
 * When the kept taps are sent: at a log in, or when the connection returns for the
 * signed-in shopper's Add to cart made offline (app/ReconnectSender.tsx).
 */
export type MergeMoment = 'logIn' | 'reconnect';

/** What the shopper is told when the kept cart could not be sent. */
function notSentText(error: unknown, when: MergeMoment): string {
  const why = errorDetail(error) ?? 'no connection';
  return when === 'logIn'
    ? `Your cart from before you logged in could not be added: ${why}. It is still kept and will be added when you are next online.`
    : `What you added to your cart while offline could not be sent: ${why}. It is still kept and will be sent when you are next online.`;
}

/** A refusal that will not change by trying again: the kept line is done with. */
function isFinal(error: unknown): boolean {
  const status = httpStatus(error);
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 401;
}

async function mergeCart(
  basket: GuestBasket,
  dispatch: AppDispatch,
  when: MergeMoment,
): Promise<GuestBasket['cart']> {
  if (basket.cart.length === 0) return [];
  let result: GuestCartMergeResult;
  try {
    result = await dispatch(
      cartApi.endpoints.mergeGuestCart.initiate({
        merge_id: basket.mergeId,
        lines: basket.cart.map((l) => ({ product_id: l.productId, quantity: l.quantity })),
      }),
    ).unwrap();
  } catch (error) {
    toastError(notSentText(error, when), MERGE_TOAST_DURATION_MS);
    return isFinal(error) ? [] : basket.cart;
  }
  const { title, details } = mergeReport(result);
  if (details.length === 0) {
    toast.success(title, { duration: MERGE_TOAST_DURATION_MS });
  } else {
    toast.info(title, { description: details.join('. '), duration: MERGE_TOAST_DURATION_MS });
  }
  return [];
}

async function mergeSaved(
  basket: GuestBasket,
  dispatch: AppDispatch,
): Promise<GuestBasket['saved']> {
  const left: GuestBasket['saved'] = [];
  const saved: string[] = [];
  for (const item of basket.saved) {
    try {
      await dispatch(
        wishlistApi.endpoints.addWishlistItem.initiate({ product_id: item.productId }),
      ).unwrap();
      saved.push(item.name);
    } catch (error) {
      // Already saved counts as saved; a product gone is dropped; no connection keeps it.
      if (!isFinal(error)) left.push(item);
      else if (httpStatus(error) !== 404) saved.push(item.name);
    }
  }
  if (saved.length > 0) {
    toast.success(`Saved to your wishlist: ${namesInWords(saved)}`, {
      duration: MERGE_TOAST_DURATION_MS,
    });
  }
  return left;
}
