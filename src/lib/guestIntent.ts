/**
 * What a signed-out shopper tapped (Add to cart, Buy, the heart), every tap of it: a guest
 * cart and saved list kept in this browser until the next log in or sign-up, which merges
 * them into the account (app/guestReplay.ts). A signed-in shopper's Add to cart made offline
 * is kept here too, and merged the same way when the connection returns.
 *
 * localStorage, beside the six session keys, under a key of our own whose name carries its
 * version: a guest who closes the tab and comes back tomorrow still finds their cart, and a
 * later shape can live beside this one without misreading it. It expires a while after the
 * last tap, so a cart left on a shared phone long ago is not merged into a stranger's account;
 * the login page says what will be added before anyone logs in.
 *
 * Only checking for a basket loads with the first screen; keeping a tap, writing and reading
 * the basket back and validating it (lib/keptGuestIntent.ts) load on a guest's first tap (or
 * an Add to cart made offline), with the pages that show it, and with the merge.
 */

/** The localStorage key, versioned: a new shape gets a new key. */
export const GUEST_BASKET_KEY = 'ibmGuestBasket.v1';

/** What the shelf showed of a product when it was tapped: enough to list it without a call. */
export interface GuestProduct {
  id: number;
  name?: string;
  slug?: string;
  images?: string;
  amount?: number;
  disc_amount?: number | null;
  inventory_stock?: number;
}

export type GuestAction =
  /** 'Add to cart': quantity of one product. */
  | { kind: 'cartAdd'; product: GuestProduct; quantity: number }
  /** 'Buy' on a product page: into the cart, then on to the cart to pay. */
  | { kind: 'buy'; product: GuestProduct; quantity: number }
  /** The heart: save one product. */
  | { kind: 'wishlistAdd'; product: GuestProduct };

export interface GuestCartLine {
  productId: number;
  quantity: number;
  name: string;
  slug: string;
  images: string;
  /** The shelf price and saving per item, in naira, when tapped. */
  amount: number;
  discAmount: number | null;
  /** Stock when tapped (-1: not known). */
  stock: number;
}

export type GuestSavedItem = Omit<GuestCartLine, 'quantity'>;

export interface GuestBasket {
  /** Made once per basket: the server adds a merge id's lines once, however often sent. */
  mergeId: string;
  cart: GuestCartLine[];
  saved: GuestSavedItem[];
  /** The page to come back to after log in, and when it was set (ms since the epoch). */
  returnTo: string | null;
  returnSetAt: number | null;
  /** The last tap (ms since the epoch). */
  updatedAt: number;
}

/** This browser's localStorage, or null where storage is refused. */
export function guestBasketStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage refused (privacy settings): taps are simply not kept.
    return null;
  }
}

/**
 * Whether anything is kept at all, without parsing it: cheap enough for every log in, so the
 * code that merges loads only when there is something to merge.
 */
export function hasGuestBasket(): boolean {
  return (guestBasketStorage()?.getItem(GUEST_BASKET_KEY) ?? null) !== null;
}
