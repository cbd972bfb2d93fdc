/**
 * Keeping taps and reading them back (lib/guestIntent.ts): a guest's, and a signed-in
 * shopper's Add to cart made offline. Only well-formed lines of a fresh basket count, so an
 * old or tampered value is never merged; and the words that tell the shopper what a log in
 * will do and what the merge did.
 */
import { MAX_CART_QUANTITY } from 'contract/rules';
import type { GuestCartMergeResult } from 'contract';
import { toast } from './toast';
import {
  GUEST_BASKET_KEY,
  type GuestAction,
  type GuestProduct,
  guestBasketStorage,
  type GuestBasket,
  type GuestCartLine,
  type GuestSavedItem,
} from './guestIntent';

/** How long a guest's basket waits for its log in after the last tap. */
export const GUEST_BASKET_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * How long the page to come back to after log in is remembered: long enough to sign up and
 * activate an account, short enough that a later log in starts on the shop as usual.
 */
export const GUEST_RETURN_TTL_MS = 30 * 60 * 1000;

/** Fired in this tab when the basket changes (the `storage` event tells the other tabs). */
export const GUEST_BASKET_EVENT = 'ibm:guestBasket';

/** Writes the basket (an empty one is removed) and tells this tab it changed. */
export function writeGuestBasket(basket: GuestBasket | null): void {
  const store = guestBasketStorage();
  try {
    if (basket === null || (basket.cart.length === 0 && basket.saved.length === 0)) {
      store?.removeItem(GUEST_BASKET_KEY);
    } else {
      store?.setItem(GUEST_BASKET_KEY, JSON.stringify(basket));
    }
  } catch {
    // A full or refused storage loses the tap, as if it had not been kept.
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(GUEST_BASKET_EVENT));
}

/** A fresh merge id: the server adds a merge id's lines once, so each new batch needs its own. */
export function newMergeId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function emptyGuestBasket(now: number): GuestBasket {
  return {
    mergeId: newMergeId(),
    cart: [],
    saved: [],
    returnTo: null,
    returnSetAt: null,
    updatedAt: now,
  };
}

function snapshot(product: GuestProduct): GuestSavedItem {
  return {
    productId: product.id,
    name: product.name ?? `Product ${product.id}`,
    slug: product.slug ?? '',
    images: product.images ?? '',
    amount: product.amount ?? 0,
    discAmount: product.disc_amount ?? null,
    stock: product.inventory_stock ?? -1,
  };
}

/**
 * The basket with one more tap: a product added again adds up (to the cart's limit per
 * product), a product saved again stays once. Pure, so the rules are tested on their own.
 */
export function withTap(basket: GuestBasket, action: GuestAction, now: number): GuestBasket {
  const item = snapshot(action.product);
  const next = { ...basket, updatedAt: now };
  if (action.kind === 'wishlistAdd') {
    const others = basket.saved.filter((s) => s.productId !== item.productId);
    return { ...next, saved: [...others, item] };
  }
  const existing = basket.cart.find((l) => l.productId === item.productId);
  if (!existing) {
    const quantity = Math.min(action.quantity, MAX_CART_QUANTITY);
    return { ...next, cart: [...basket.cart, { ...item, quantity }] };
  }
  const quantity = Math.min(existing.quantity + action.quantity, MAX_CART_QUANTITY);
  return {
    ...next,
    cart: basket.cart.map((l) => (l === existing ? { ...item, quantity } : l)),
  };
}

/**
 * The basket as stored, when its outline is right and it has not expired; each line is
 * checked where it is read back (lib/keptGuestIntent.ts).
 */
function rawBasket(now: number): GuestBasket | null {
  try {
    const value = JSON.parse(guestBasketStorage()?.getItem(GUEST_BASKET_KEY) ?? 'null') as unknown;
    const b = value as GuestBasket | null;
    const fresh =
      b !== null &&
      typeof b.updatedAt === 'number' &&
      now - b.updatedAt >= 0 &&
      now - b.updatedAt <= GUEST_BASKET_TTL_MS;
    return fresh && Array.isArray(b.cart) && Array.isArray(b.saved) && typeof b.mergeId === 'string'
      ? b
      : null;
  } catch {
    return null;
  }
}

/** Keeps one more guest tap. */
export function keepGuestTap(action: GuestAction, now = Date.now()): void {
  const basket = rawBasket(now) ?? emptyGuestBasket(now);
  writeGuestBasket(withTap(basket, action, now));
}

/** The id of the toast an Add to cart made offline shows: it replaces the tap's other toasts. */
export const KEPT_OFFLINE_TOAST_ID = 'cartAdd';

/** Long enough to read on a phone: the shopper needs to know the tap was not lost. */
const KEPT_OFFLINE_TOAST_DURATION_MS = 6000;

/** What a signed-in shopper's Add to cart made offline says. */
export function keptOfflineText(name: string | undefined): string {
  return `You are offline: ${name ?? 'this product'} will be added to your cart when you are back online.`;
}

/**
 * A signed-in shopper's Add to cart made without a connection: kept in this browser with the
 * guest's taps, and sent with them when the connection returns (app/ReconnectSender.tsx), by
 * the same merge call a log in makes, which adds a merge id's lines once however often it is
 * sent. The shopper is told so at once, instead of a failure.
 */
export function keepCartAddOffline(action: GuestAction, now = Date.now()): void {
  keepGuestTap(action, now);
  toast.info(keptOfflineText(action.product.name), {
    id: KEPT_OFFLINE_TOAST_ID,
    duration: KEPT_OFFLINE_TOAST_DURATION_MS,
  });
}

/** Remembers the page to come back to after the log in the shopper just asked for. */
export function setGuestReturn(returnTo: string, now = Date.now()): void {
  const basket = rawBasket(now);
  if (basket) writeGuestBasket({ ...basket, returnTo, returnSetAt: now });
}

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;
const isMoney = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

function savedItem(value: unknown): GuestSavedItem | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isId(v.productId) || !isMoney(v.amount)) return null;
  if (typeof v.name !== 'string' || typeof v.slug !== 'string' || typeof v.images !== 'string')
    return null;
  const discAmount = isMoney(v.discAmount) ? v.discAmount : null;
  const stock = typeof v.stock === 'number' && Number.isInteger(v.stock) ? v.stock : -1;
  return {
    productId: v.productId,
    name: v.name,
    slug: v.slug,
    images: v.images,
    amount: v.amount,
    discAmount,
    stock,
  };
}

function cartLine(value: unknown): GuestCartLine | null {
  const item = savedItem(value);
  const quantity = (value as { quantity?: unknown } | null)?.quantity;
  if (!item || !isId(quantity) || quantity > MAX_CART_QUANTITY) return null;
  return { ...item, quantity };
}

function defined<T>(value: T | null): value is T {
  return value !== null;
}

/** The stored value when it is a fresh, well-formed basket (bad lines dropped), else null. */
export function parseGuestBasket(raw: string | null, now: number): GuestBasket | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.mergeId !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(v.mergeId)) return null;
  if (typeof v.updatedAt !== 'number') return null;
  const age = now - v.updatedAt;
  if (age < 0 || age > GUEST_BASKET_TTL_MS) return null;
  const cart = (Array.isArray(v.cart) ? v.cart : []).map(cartLine).filter(defined);
  const saved = (Array.isArray(v.saved) ? v.saved : []).map(savedItem).filter(defined);
  if (cart.length === 0 && saved.length === 0) return null;
  const returnSetAt = typeof v.returnSetAt === 'number' ? v.returnSetAt : null;
  const returnFresh =
    typeof v.returnTo === 'string' &&
    returnSetAt !== null &&
    now - returnSetAt >= 0 &&
    now - returnSetAt <= GUEST_RETURN_TTL_MS;
  return {
    mergeId: v.mergeId,
    cart,
    saved,
    returnTo: returnFresh ? (v.returnTo as string) : null,
    returnSetAt: returnFresh ? returnSetAt : null,
    updatedAt: v.updatedAt,
  };
}

/** The guest's basket still waiting (null when none, expired or unreadable). */
export function readGuestBasket(now = Date.now()): GuestBasket | null {
  return parseGuestBasket(guestBasketStorage()?.getItem(GUEST_BASKET_KEY) ?? null, now);
}

/** Where a kept tap asked to come back to after log in, if still fresh. */
export function peekGuestReturn(now = Date.now()): string | null {
  return readGuestBasket(now)?.returnTo ?? null;
}

/** "Palm Oil", "Palm Oil and Rice", "Palm Oil and 2 more". */
export function namesInWords(names: string[]): string {
  const [first, second] = names;
  if (first === undefined) return '';
  if (names.length === 1) return first;
  if (names.length === 2) return `${first} and ${second ?? ''}`;
  return `${first} and ${names.length - 1} more`;
}

/**
 * What logging in will do with the guest's basket, for the login and sign-up pages, e.g.
 * "Log in to add Palm Oil and 2 more to your cart and save Rice". Null when nothing is kept.
 */
export function loginPromise(basket: GuestBasket | null, verb = 'Log in'): string | null {
  if (!basket) return null;
  // The last tap first: it is the one the shopper has in mind.
  const cart = namesInWords(basket.cart.map((l) => l.name).reverse());
  const saved = namesInWords(basket.saved.map((s) => s.name).reverse());
  if (cart && saved) return `${verb} to add ${cart} to your cart and save ${saved}.`;
  if (cart) return `${verb} to add ${cart} to your cart.`;
  if (saved) return `${verb} to save ${saved} to your wishlist.`;
  return null;
}

/**
 * What the merge did, one sentence per line that did not go in whole (e.g. "Palm Oil: only 3
 * left, 3 added"), after a first sentence for what went in as it was.
 */
export function mergeReport(result: GuestCartMergeResult): { title: string; details: string[] } {
  const whole = result.lines.filter((l) => l.capped === null);
  const details = result.lines
    .filter((l) => l.capped !== null)
    .map((l) => {
      const name = l.name ?? 'A product you chose';
      if (l.capped === 'unavailable') return `${name}: no longer sold, not added`;
      if (l.capped === 'cart_limit')
        return `${name}: at most ${MAX_CART_QUANTITY} in a cart, ${l.added} added`;
      if (l.added === 0) return `${name}: out of stock, not added`;
      return `${name}: only ${l.stock} left, ${l.added} added`;
    });
  const names = namesInWords(whole.map((l) => l.name ?? ''));
  const title =
    whole.length > 0
      ? `Added to your cart: ${names}`
      : details.length > 0
        ? 'Your cart could not take everything'
        : 'Your cart is up to date';
  return { title, details };
}

/** The stored basket as text: a stable snapshot for useSyncExternalStore. */
export function guestBasketSnapshot(): string | null {
  return guestBasketStorage()?.getItem(GUEST_BASKET_KEY) ?? null;
}

/** Calls `onChange` when the basket changes, in this tab or another. */
export function subscribeGuestBasket(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === GUEST_BASKET_KEY) onChange();
  };
  window.addEventListener(GUEST_BASKET_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(GUEST_BASKET_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** Takes a product out of the guest's cart (`cart`) or saved list (`saved`). */
export function removeGuestItem(list: 'cart' | 'saved', productId: number, now = Date.now()): void {
  const basket = readGuestBasket(now);
  if (!basket) return;
  const cart = list === 'cart' ? basket.cart.filter((l) => l.productId !== productId) : basket.cart;
  const saved =
    list === 'saved' ? basket.saved.filter((s) => s.productId !== productId) : basket.saved;
  writeGuestBasket({ ...basket, cart, saved });
}
