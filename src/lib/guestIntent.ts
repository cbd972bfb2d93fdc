/**
 * What a signed-out shopper tapped (add to cart, save, buy) when told 'Please, log in', kept
 * until their next log in in this tab so it can be carried out then.
 *
 * sessionStorage, not the persisted session: it survives the login page, sign-up and a
 * reload, but belongs to this tab only, so a tap in one tab is never carried out for whoever
 * logs in in another. It is taken (read and removed at once) on the next log in, so it is
 * carried out at most once, and it expires: a tap from long ago is no longer what the shopper
 * wants.
 *
 * Saving and checking load with the first screen (a guest's tap, every log in); reading a
 * kept tap back (lib/keptGuestIntent.ts) loads with the login page and the replay.
 */

/** How long a tap waits for its log in: long enough to sign up and activate an account. */
export const GUEST_INTENT_TTL_MS = 30 * 60 * 1000;

/** The sessionStorage key the intent is kept under. */
export const GUEST_INTENT_KEY = 'guestIntent';

export type GuestAction =
  /** 'Add to cart': quantity of one product. */
  | { kind: 'cartAdd'; productId: number; quantity: number; pricePerItem: number }
  /** 'Buy' on a product page: into the cart, then on to the cart to pay. */
  | { kind: 'buy'; productId: number; quantity: number; pricePerItem: number }
  /** The heart: save one product to the wishlist. */
  | { kind: 'wishlistAdd'; productId: number };

export type GuestIntent = GuestAction & {
  /** The page to come back to after log in (a path on this site). */
  returnTo: string;
  /** When it was saved (ms since the epoch). */
  savedAt: number;
};

/** This tab's sessionStorage, or null where storage is refused. */
export function guestIntentStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage refused (privacy settings): the tap is simply not kept.
    return null;
  }
}

/** Keeps what the shopper tapped (replacing an earlier tap) until the next log in. */
export function saveGuestIntent(action: GuestAction, returnTo: string, now = Date.now()): void {
  const intent: GuestIntent = { ...action, returnTo, savedAt: now };
  try {
    guestIntentStorage()?.setItem(GUEST_INTENT_KEY, JSON.stringify(intent));
  } catch {
    // A full or refused storage loses the tap, as if it had not been kept.
  }
}

/**
 * Whether anything is kept at all (fresh or not), without parsing it: cheap enough for every
 * log in, so the code that carries a tap out loads only when there is one.
 */
export function hasGuestIntent(): boolean {
  return (guestIntentStorage()?.getItem(GUEST_INTENT_KEY) ?? null) !== null;
}

/** Forgets the intent (another shopper signed in without logging in here). */
export function dropGuestIntent(): void {
  guestIntentStorage()?.removeItem(GUEST_INTENT_KEY);
}
