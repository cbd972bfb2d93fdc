/**
 * What a signed-out shopper tapped (add to cart, save, buy) when told 'Please, log in', kept
 * until their next log in in this tab so it can be carried out then.
 *
 * sessionStorage, not the persisted session: it survives the login page, sign-up and a
 * reload, but belongs to this tab only, so a tap in one tab is never carried out for whoever
 * logs in in another. It is taken (read and removed at once) on the next log in, so it is
 * carried out at most once, and it expires: a tap from long ago is no longer what the shopper
 * wants.
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

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage refused (privacy settings): the tap is simply not kept.
    return null;
  }
}

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

/** The stored value when it is a well-formed intent, else null (old or tampered values). */
function parse(raw: string | null): GuestIntent | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.returnTo !== 'string' || typeof v.savedAt !== 'number') return null;
  if (!isId(v.productId)) return null;
  const base = { returnTo: v.returnTo, savedAt: v.savedAt, productId: v.productId };
  switch (v.kind) {
    case 'wishlistAdd':
      return { kind: 'wishlistAdd', ...base };
    case 'cartAdd':
    case 'buy':
      if (!isId(v.quantity) || typeof v.pricePerItem !== 'number') return null;
      return { kind: v.kind, ...base, quantity: v.quantity, pricePerItem: v.pricePerItem };
    default:
      return null;
  }
}

function fresh(intent: GuestIntent | null, now: number): GuestIntent | null {
  if (!intent) return null;
  const age = now - intent.savedAt;
  return age >= 0 && age <= GUEST_INTENT_TTL_MS ? intent : null;
}

/** Keeps what the shopper tapped (replacing an earlier tap) until the next log in. */
export function saveGuestIntent(action: GuestAction, returnTo: string, now = Date.now()): void {
  const intent: GuestIntent = { ...action, returnTo, savedAt: now };
  try {
    storage()?.setItem(GUEST_INTENT_KEY, JSON.stringify(intent));
  } catch {
    // A full or refused storage loses the tap, as if it had not been kept.
  }
}

/**
 * Whether anything is kept at all (fresh or not), without parsing it: cheap enough for every
 * log in, so the code that carries a tap out loads only when there is one.
 */
export function hasGuestIntent(): boolean {
  return (storage()?.getItem(GUEST_INTENT_KEY) ?? null) !== null;
}

/** The intent still waiting, without using it up (null when none or expired). */
export function peekGuestIntent(now = Date.now()): GuestIntent | null {
  return fresh(parse(storage()?.getItem(GUEST_INTENT_KEY) ?? null), now);
}

/** Removes the intent and returns it if it is still fresh: whoever takes it carries it out. */
export function takeGuestIntent(now = Date.now()): GuestIntent | null {
  const store = storage();
  const raw = store?.getItem(GUEST_INTENT_KEY) ?? null;
  store?.removeItem(GUEST_INTENT_KEY);
  return fresh(parse(raw), now);
}

/** Forgets the intent (another shopper signed in without logging in here). */
export function dropGuestIntent(): void {
  storage()?.removeItem(GUEST_INTENT_KEY);
}
